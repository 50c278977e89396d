# Twenty-fourth session, call 2: tune M = 2048 and 4096 on top of call 1's table, then the three-table layer A/B
# (tiles_ab.py) and the router's small-M plan sweep (router_small_m.py). Everything lands in $OUT/call2.tgz.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s24/call2.sh   (call 1's table must be at results/call1/tuned/)
CALL=call2; . docs/gpu-runs/2026-12-05-s24/prelude.sh
D=docs/gpu-runs/2026-12-05-s24
mkdir -p $R/tuned; cp $D/results/call1/tuned/*.json $R/tuned/
timeout 200 python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s 150 --folder $R/tuned > $R/tune.log 2>&1
echo "tune rc=$?"; tail -4 $R/tune.log; pack
timeout 200 python3 $D/tiles_ab.py --tuned $R/tuned/*.json > $R/tiles_ab.jsonl 2> $R/tiles_ab.err; echo "ab rc=$?"; tail -2 $R/tiles_ab.err; pack
timeout 170 python3 $D/router_small_m.py > $R/router_small_m.jsonl 2> $R/router_small_m.err; echo "router rc=$?"; tail -2 $R/router_small_m.err; pack
