# The sixteenth session's last GPU script (carry .whl): 18's stage 1 on 2 warps with a constexpr trip count per split
# (from sweep_latency.py), checked on the GPU, then notebooks 73 and 18 run again for their saved outputs.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s16/call3.sh
scripts/gpu-check env > "$OUT/env3.log" 2>&1 || { tail -20 "$OUT/env3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 120 python3 -m pytest -q -m gpu tests/test_18_paged_attention.py tests/test_21_attention.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_20_moe_layer.py 2>&1 | tail -3
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb73.txt" 2>&1; echo "nb73 rc=$?"; grep -E '"bench": "(decode|prefill)"' "$OUT/nb73.txt" | cut -c150-420
timeout 60 python3 scripts/nbtools.py run --flags gpu nbs/18_paged_attention.ipynb > "$OUT/nb18.txt" 2>&1; echo "nb18 rc=$?"
cp nbs/73_runner_bench.ipynb nbs/18_paged_attention.ipynb "$OUT/"
python3 - <<'PY'
import json
for p in ("nbs/73_runner_bench.ipynb", "nbs/18_paged_attention.ipynb"):
    for c in json.load(open(p))["cells"]:
        if "#| gpu" in "".join(c["source"]):
            for o in c.get("outputs", []):
                t = o.get("text") or o.get("data", {}).get("text/plain", "")
                print("".join(t)[:1800])
PY
