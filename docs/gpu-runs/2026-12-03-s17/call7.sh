# The seventeenth session's last GPU script (carry .whl): notebook 73's GPU cells with qkv_proj on 14a's GEMV at <= 2 rows
# (21's GEMV_PROJECTIONS, from call 6's A/B). REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call7.sh
scripts/gpu-check env > "$OUT/env7.log" 2>&1 || { tail -20 "$OUT/env7.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 40 python3 -m pytest -q -m gpu tests/test_21_attention.py tests/test_25_model.py 2>&1 | tail -1
timeout 100 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
grep -h '"batch": 1,' "$OUT/nb-73.txt" | cut -c1-330
