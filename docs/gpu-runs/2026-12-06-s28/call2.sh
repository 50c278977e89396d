# Twenty-eighth session, call 2: `persist_ab.py` second version (the arms alternate over 7 rounds, medians), the tuner
# at M = 2048 and 4096 again without --merge (does call 1's choice of the persistent config at 4096 repeat?), and
# `bench moe` at M = 1024-4096 with call 1's table.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s28/call2.sh ; results in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 docs/gpu-runs/2026-12-06-s28/persist_ab.py --rounds 7 > $R/persist_ab.jsonl 2> $R/persist_ab.err
echo "ab rc=$? $(el)"; cut -c1-330 $R/persist_ab.jsonl; tail -3 $R/persist_ab.err; pack
timeout 150 python3 scripts/tune_fused_moe.py --m 2048 4096 --budget-s 120 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "M=.*slot|^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; pack
timeout 150 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? $(el)"; cut -c1-400 $R/bench_moe.jsonl; pack
