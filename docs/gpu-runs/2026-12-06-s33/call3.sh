# Thirty-third session, call 3: after the moves of 06 (forward context), 04 (host_syncs), 55 (request checks): the GPU
# tests of 04, 06, 20, 32, 33, 40, 41, 42, 54 and 58, then `refmoe demo --device cuda`.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s33/call3.sh ; results in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 300 python3 -m pytest -q -m gpu tests/test_04_testing.py tests/test_06_forward_context.py tests/test_20_moe_layer.py \
  tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_40_ep.py tests/test_41_ep_dispatch.py \
  tests/test_42_ep_runner.py tests/test_54_sampler.py tests/test_55_request.py tests/test_58_engine.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 200 python3 -m refmoe demo --device cuda --no-progress > $R/demo.txt 2>&1; echo "demo rc=$? $(el)"; tail -12 $R/demo.txt; pack
