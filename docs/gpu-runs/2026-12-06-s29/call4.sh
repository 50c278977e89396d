# Twenty-ninth session, call 4, with the persistent GEMM1 launched without PDL: the GPU tests of 13, 14d, 15 and 20;
# the two persistent arms under the torch profiler at M = 2048 (pdl_ab.py --profile); the tuner at M = 1024, 2048
# and 4096 (--merge into this GPU's table).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call4.sh ; results in $OUT/call4.tgz
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 90 python3 docs/gpu-runs/2026-12-06-s29/pdl_ab.py --profile --m 2048 > $R/profile.jsonl 2> $R/profile.err
echo "profile rc=$? $(el)"; tail -2 $R/profile.err; cut -c1-1500 $R/profile.jsonl; pack
timeout 220 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 170 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-250; cp refmoe/configs/*.json $R/; pack
