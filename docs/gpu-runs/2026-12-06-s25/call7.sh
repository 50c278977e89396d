# Twenty-fifth session, call 7: GPU tests of 13, 14d, 15 (15's new slot-against-sorted test), 20 at the final commit.
CALL=call7; . docs/gpu-runs/2026-12-06-s25/prelude.sh
timeout 150 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$?"; tail -3 $R/tests.txt; pack
