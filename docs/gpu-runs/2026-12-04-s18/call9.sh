# The eighteenth session's last GPU script (carry .whl): 14a's norm_gate_up_silu_gemv in 25's dense layer: the GPU tests
# of 14a and 25, then the decode bench at batch 1. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call9.sh
scripts/gpu-check env > "$OUT/env9.log" 2>&1 || { tail -20 "$OUT/env9.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 60 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_25_model.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 40 python3 -m refmoe bench decode --device cuda --batch 1 2>&1 | tail -1 | cut -c1-400
