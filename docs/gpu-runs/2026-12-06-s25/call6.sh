# Twenty-fifth session, call 6: on an H200 only, the tuner at M = 1024, 2048, 4096 over sorted and slot candidates
# (--merge into the H200 table, every candidate logged) and `refmoe bench moe` at those Ms; elsewhere it stops.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s25/call6.sh ; results in $OUT/call6.tgz
CALL=call6; . docs/gpu-runs/2026-12-06-s25/prelude.sh
[ "$NAME" = NVIDIA_H200 ] || { echo "not an H200: nothing to do"; exit 0; }
timeout 200 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 150 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$?"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; pack
timeout 100 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$?"; cut -c1-330 $R/bench_moe.jsonl; pack
