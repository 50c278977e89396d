# Twenty-seventh session, call 3: the tuner at M = 1024, 2048, 4096 with 13's new 4-stage 256-wide down tiles
# (sorted and slot; call 2 had the slot GEMM2 at 0.90-0.91x with 4 stages), merged into this GPU's table, then
# `bench moe` at those M and 13's GPU tests with the new table.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s27/call3.sh ; results in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 260 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 200 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-250; cp refmoe/configs/*.json $R/; pack
timeout 120 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? $(el)"; cut -c1-400 $R/bench_moe.jsonl; pack
timeout 120 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_15_fused_moe.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
