# The eighteenth session's first GPU script (carry .whl): the wip folds' correctness on the GPU, then their A/B in the step.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call1.sh
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
W=docs/gpu-runs/2026-12-04-s18/wip
timeout 60 python3 $W/fused_decode.py 2>&1 | tail -8
timeout 60 python3 docs/gpu-runs/2026-12-03-s17/wip/norm_gemv.py 2>&1 | tail -3
timeout 200 python3 $W/ab_fused_decode.py 1 2 8 > "$OUT/ab_fused_decode.jsonl" 2> "$OUT/ab.err"; echo "ab rc=$?"; tail -5 "$OUT/ab.err"
cut -c1-420 "$OUT/ab_fused_decode.jsonl"
