# The seventeenth session's sixth GPU script (carry .whl): 14a's dense_gemv (weights before the PDL wait) checked on the
# GPU and A/B'd in the decode step, then the GPU cells of 14a and 73 for their saved outputs.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call6.sh
scripts/gpu-check env > "$OUT/env6.log" 2>&1 || { tail -20 "$OUT/env6.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 100 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_21_attention.py tests/test_25_model.py tests/test_32_decode_runner.py 2>&1 | tail -3
timeout 120 python3 docs/gpu-runs/2026-12-03-s17/ab_gemv.py 1 2 4 8 > "$OUT/ab_gemv.jsonl" 2>&1; echo "ab rc=$?"; cut -c1-1200 "$OUT/ab_gemv.jsonl"
timeout 60 python3 scripts/nbtools.py run --flags gpu nbs/14a_dense_gemv.ipynb > "$OUT/nb-14a.txt" 2>&1; echo "14a rc=$?"
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
tar czf "$OUT/logs.tgz" -C "$OUT" nb-14a.txt nb-73.txt env6.log && rm -f "$OUT"/nb-*.txt "$OUT/env6.log"
cp nbs/14a_dense_gemv.ipynb nbs/73_runner_bench.ipynb "$OUT/"
python3 - <<'PY'
import json
for p in ("nbs/14a_dense_gemv.ipynb", "nbs/73_runner_bench.ipynb"):
    for c in json.load(open(p))["cells"]:
        if "#| gpu" in "".join(c["source"]):
            for o in c.get("outputs", []): print("".join(o.get("text") or o.get("data", {}).get("text/plain", ""))[:700])
PY
