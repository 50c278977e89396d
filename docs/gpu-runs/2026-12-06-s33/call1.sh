# Thirty-third session, call 1. On an H200: the H200 refresh (s27's call4.sh). On any other GPU: the GPU tests of
# 02, 31, 32, 34 and 57 (the CUDA graph backend's own device check of 2f686c7), of 18, 18a, 21 and 33 (the attention
# split of f660443) of 10, 10a, 15 and 20 (the routing wrappers' contiguous bias and map) and of 14a, 19, 20, 25, 58 (this
# session's input checks; 20's count check and fallback past 256 experts), then `refmoe check` and
# `refmoe bench decode` on the CUDA graph backend.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s33/call1.sh ; results in $OUT/call1.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 400 python3 -m pytest -q -m gpu tests/test_02_env.py tests/test_10_routing.py tests/test_10a_gate_route.py tests/test_15_fused_moe.py \
  tests/test_20_moe_layer.py tests/test_18_paged_attention.py tests/test_18a_extend_attention.py \
  tests/test_21_attention.py tests/test_33_prefill_runner.py tests/test_31_graphs.py tests/test_32_decode_runner.py \
  tests/test_34_check.py tests/test_57_model_runner.py tests/test_14a_dense_gemv.py tests/test_19_norm_rope.py \
  tests/test_25_model.py tests/test_58_engine.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 120 python3 -m pytest -q tests/test_57_model_runner.py -k eager_under_ep > $R/tests57.txt 2>&1; echo "57 rc=$? $(el)"; tail -1 $R/tests57.txt
timeout 120 python3 -m refmoe check --steps 4 --backend cuda --device cuda > $R/check.txt 2>&1; echo "check rc=$? $(el)"; tail -3 $R/check.txt
timeout 60 python3 -m refmoe bench decode --backend cuda --device cpu --batch 1 --iters 1 --warmup 0 > $R/refuse.txt 2>&1; echo "refuse rc=$? $(el)"; tail -2 $R/refuse.txt
pack
