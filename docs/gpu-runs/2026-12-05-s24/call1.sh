# Twenty-fourth session, call 1: tune the fused MoE tiles on this GPU (an H100 unless an H200 came) at M = 1-1024,
# into $R/tuned (the repository's configs folder is not touched). Everything lands in $OUT/call1.tgz.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s24/call1.sh
CALL=call1; . docs/gpu-runs/2026-12-05-s24/prelude.sh
timeout 470 python3 scripts/tune_fused_moe.py --m 1 4 16 64 256 1024 --budget-s 400 --folder $R/tuned > $R/tune.log 2>&1
echo "tune rc=$?"; tail -8 $R/tune.log; pack
