# Thirty-fourth session, call 2: the GPU tests of the notebooks this session's audit fixes changed (10 and 10a: the
# router's load counts masked to the buffer; 14: the GEMV path adds the shared MLP to rows routed nowhere; 11, 13,
# 14c, 18, 18a, 23: input checks), those of the moves of the thirty-third session (04, 06, 55) and the engine and
# server (53, 57, 58, 66), then `refmoe demo --device cuda`. On an H200, with the time left: `bench router`,
# `bench moe` into artifacts/gpu/moe/ and notebook 71 run in place (the refresh without the tuner).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s34/call2.sh ; results in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 260 python3 -m pytest -q -m gpu tests/test_04_testing.py tests/test_06_forward_context.py tests/test_10_routing.py \
  tests/test_10a_gate_route.py tests/test_11_moe_reference.py tests/test_13_tile_configs.py tests/test_14_moe_gemv.py \
  tests/test_14c_moe_sum.py tests/test_15_fused_moe.py tests/test_18_paged_attention.py tests/test_18a_extend_attention.py \
  tests/test_20_moe_layer.py tests/test_23_finalize.py tests/test_32_decode_runner.py tests/test_55_request.py \
  tests/test_57_model_runner.py tests/test_58_engine.py tests/test_66_engine_backend.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 120 python3 -m refmoe demo --device cuda --no-progress > $R/demo.txt 2>&1; echo "demo rc=$? $(el)"; tail -12 $R/demo.txt; pack
[ "$NAME" = NVIDIA_H200 ] || exit 0
mkdir -p artifacts/gpu/moe
timeout 60 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$? $(el)"
timeout 160 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$? $(el)"
cp artifacts/gpu/moe/*.jsonl $R/; cut -c1-300 $R/bench_moe.jsonl; pack
LEFT=$(( 585 - ($(date +%s) - T0) )); [ $LEFT -gt 60 ] || exit 0
timeout $LEFT python3 scripts/nbtools.py run nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun71.log 2>&1; echo "nbrun 71 rc=$? $(el)"
cp nbs/71_moe_bench.ipynb $R/; pack
