# The eighteenth session's second GPU script (carry .whl): the wip kernels on the GPU, then six arms of the step (qkv fold with indices early, gate tile early, final norm + LM head).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call2.sh
scripts/gpu-check env > "$OUT/env2.log" 2>&1 || { tail -20 "$OUT/env2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
W=docs/gpu-runs/2026-12-04-s18/wip
timeout 60 python3 $W/fused_decode.py 2>&1 | tail -8
timeout 200 python3 $W/ab_fused_decode.py 1 2 > "$OUT/ab_fused_decode.jsonl" 2> "$OUT/ab.err"; echo "ab rc=$?"; tail -5 "$OUT/ab.err"
cut -c1-420 "$OUT/ab_fused_decode.jsonl"
