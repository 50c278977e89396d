# The seventeenth session's fifth GPU script (carry .whl): notebook 73's GPU cells again, its profiles now captured
# with PDL off (each kernel's own time) and the decode bench run with PDL on and off in one process.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call5.sh
scripts/gpu-check env > "$OUT/env5.log" 2>&1 || { tail -20 "$OUT/env5.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 330 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"; tail -3 "$OUT/nb-73.txt"
cp nbs/73_runner_bench.ipynb "$OUT/"
