# Twenty-fourth session, call 5 (nvidia-h100-x1): tile configs of the H100's own, the three-table layer A/B there,
# and the GPU tests of 10a (the plan now picks the warps), 13, 15 and 20. Everything lands in $OUT/call5.tgz.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s24/call5.sh
CALL=call5; . docs/gpu-runs/2026-12-05-s24/prelude.sh
D=docs/gpu-runs/2026-12-05-s24
timeout 240 python3 scripts/tune_fused_moe.py --m 1 4 8 16 32 64 128 256 512 1024 2048 4096 --budget-s 170 --folder $R/tuned > $R/tune.log 2>&1
echo "tune rc=$?"; tail -3 $R/tune.log; pack
timeout 150 python3 $D/tiles_ab.py --tuned $R/tuned/*.json > $R/tiles_ab.jsonl 2> $R/tiles_ab.err; echo "ab rc=$?"; tail -2 $R/tiles_ab.err; pack
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_13_tile_configs.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$?"; tail -3 $R/tests.txt; pack
