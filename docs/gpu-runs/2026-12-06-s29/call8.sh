# Twenty-ninth session, call 8. On an H200: the twenty-seventh session's call 4 (the H200 refresh). On any other GPU:
# the GPU tests of everything the router's preload and the persistent GEMM1's launch reach (10, 10a, 14d, 15, 20, 25,
# 32, 33, 34: the layer, the model, and the decode and prefill runners' captured graphs), then `refmoe bench router`.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call8.sh ; results in $OUT/call8.tgz (or call4.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call8; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 400 python3 -m pytest -q -m gpu tests/test_10_routing.py tests/test_10a_gate_route.py tests/test_14d_grouped_gemm.py \
  tests/test_15_fused_moe.py tests/test_20_moe_layer.py tests/test_25_model.py tests/test_32_decode_runner.py \
  tests/test_33_prefill_runner.py tests/test_34_check.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 90 python3 -m refmoe bench router > $R/bench_router.jsonl 2> $R/bench_router.err
echo "router rc=$? $(el)"; python3 -c "
import json
for l in open('$R/bench_router.jsonl'):
    r = json.loads(l); print(r['m'], r['us_triton'], r['us_gate_route'], r['us_gate_then_route'])
"; pack
