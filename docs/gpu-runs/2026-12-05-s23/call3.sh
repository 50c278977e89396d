# Twenty-third session, call 3 (H100): the router plan A/B in the layer, then `refmoe bench router`. HEAD, no patch.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s23/call3.sh ; everything lands in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-05-s23/prelude.sh
timeout 150 python3 docs/gpu-runs/2026-12-05-s23/router_layer_ab.py > $R/router_layer_ab.jsonl 2> $R/router_layer_ab.err; echo "ab rc=$?"; tail -2 $R/router_layer_ab.err; pack
timeout 90 python3 -m refmoe bench router > $R/bench_router.jsonl 2> $R/bench_router.err; echo "router rc=$?"; tail -2 $R/bench_router.err; pack
