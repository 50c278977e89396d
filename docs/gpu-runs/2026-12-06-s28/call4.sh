# Twenty-eighth session, call 4: 13's candidates with a persistent GEMM1 and a per-tile GEMM2 (calls 2-3: the persistent
# GEMM1 0.92-0.97x the per-tile one at M = 2048 and 4096, the persistent GEMM2 1.04-1.06x with a quarter of the rows
# padding) in place of the 5-stage 32-deep slot config that lost in every run. The tuner at M = 2048 and 4096
# (--merge), the GPU tests of 13 and 15 with the table, `bench moe` at M = 1024-4096.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s28/call4.sh ; results in $OUT/call4.tgz
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 150 python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s 120 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "M=.*slot|^M=|WRONG|FAILED" $R/tune.log | cut -c1-260; cp refmoe/configs/*H100*.json $R/; pack
timeout 120 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_15_fused_moe.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -2 $R/tests.txt; pack
timeout 120 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? $(el)"; cut -c1-330 $R/bench_moe.jsonl; pack
