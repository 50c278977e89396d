# The eighteenth session's fourth GPU script (carry .whl): ab_sweep.py (19b's tile, the router's gate tile early, the
# dense layer's gate_up + SiLU in one GEMV). REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call4.sh
scripts/gpu-check env > "$OUT/env4.log" 2>&1 || { tail -20 "$OUT/env4.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
W=docs/gpu-runs/2026-12-04-s18/wip
timeout 60 python3 $W/fused_decode.py 2>&1 | grep -v qkv_rope | tail -8
timeout 300 python3 $W/ab_sweep.py > "$OUT/ab_sweep.jsonl" 2> "$OUT/ab_sweep.err"; echo "ab rc=$?"; tail -5 "$OUT/ab_sweep.err"
cut -c1-700 "$OUT/ab_sweep.jsonl"
