# The seventeenth session's second GPU script (carry .whl): 14's up GEMV with its shared slots ahead of the router's
# wait, checked against torch on the GPU, and the decode step A/B (PDL off, on, on with one input copy).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call2.sh
scripts/gpu-check env > "$OUT/env2.log" 2>&1 || { tail -20 "$OUT/env2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 150 python3 -m pytest -q -m gpu tests/test_14_moe_gemv.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py 2>&1 | tail -3
timeout 300 python3 docs/gpu-runs/2026-12-03-s17/ab_pdl2.py 1 8 64 > "$OUT/ab_pdl2.jsonl" 2>&1; echo "ab rc=$?"; cut -c1-900 "$OUT/ab_pdl2.jsonl"
