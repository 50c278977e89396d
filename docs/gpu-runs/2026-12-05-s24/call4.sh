# Twenty-fourth session, call 4 (H200): the router's warp count (router_warps.py), wider GEMV tiles at M = 1-8 and
# sorted tiles at M = 1024 (tile_sweep.py). Everything lands in $OUT/call4.tgz.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s24/call4.sh
CALL=call4; . docs/gpu-runs/2026-12-05-s24/prelude.sh
D=docs/gpu-runs/2026-12-05-s24
timeout 100 python3 $D/router_warps.py > $R/router_warps.jsonl 2> $R/router_warps.err; echo "warps rc=$?"; tail -2 $R/router_warps.err; pack
timeout 200 python3 $D/tile_sweep.py --gemv --budget-s 170 > $R/gemv_sweep.jsonl 2> $R/gemv_sweep.err; echo "gemv rc=$?"; tail -2 $R/gemv_sweep.err; pack
timeout 200 python3 $D/tile_sweep.py --sorted --budget-s 170 > $R/sorted_sweep.jsonl 2> $R/sorted_sweep.err; echo "sorted rc=$?"; tail -2 $R/sorted_sweep.err; pack
