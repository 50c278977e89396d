# Twenty-fourth session, call 6: GPU tests of 10a, 13, 15 and 20 with both tile tables committed; on an H200 also
# `refmoe bench router`, `bench moe` into artifacts/gpu/moe/ and notebook 71 run in place (its H200 table).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s24/call6.sh ; everything lands in $OUT/call6.tgz
CALL=call6; . docs/gpu-runs/2026-12-05-s24/prelude.sh
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_13_tile_configs.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$?"; tail -3 $R/tests.txt; pack
[ "$NAME" = NVIDIA_H200 ] || { echo "not an H200: no benches, no notebook 71"; exit 0; }
mkdir -p artifacts/gpu/moe
timeout 100 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$?"
timeout 200 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$?"; cp artifacts/gpu/moe/*.jsonl $R/; pack
timeout 120 python3 scripts/nbtools.py run nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -2 $R/nbrun.log
cp nbs/71_moe_bench.ipynb $R/; pack
