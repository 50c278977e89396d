# Twenty-eighth session, call 1: 14d's persistent slot GEMMs with the flattened loop over the blocks with an expert
# only. GPU tests of 14d, 15 and 20; `persist_ab.py` (persistent against a program per tile, padded and not); the tuner
# at M = 2048 and 4096 with 13's persistent slot candidate now four stages deep (--merge into this GPU's table).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s28/call1.sh ; results in $OUT/call1.tgz
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 -m pytest -q -m gpu tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 150 python3 docs/gpu-runs/2026-12-06-s28/persist_ab.py > $R/persist_ab.jsonl 2> $R/persist_ab.err
echo "ab rc=$? $(el)"; cat $R/persist_ab.jsonl | cut -c1-400; tail -3 $R/persist_ab.err; pack
LEFT=$(( 580 - ($(date +%s) - T0) )); [ $LEFT -gt 90 ] || exit 0
timeout $LEFT python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s $(( LEFT - 40 )) --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-250; cp refmoe/configs/*.json $R/; pack
