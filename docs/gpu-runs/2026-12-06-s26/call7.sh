# Twenty-sixth session, call 7: the tuner at M = 2048 and 4096 with 13's two new 64-row, one-warpgroup slot candidates
# (--merge into the table of whichever GPU comes: the H200's has no slot entries yet).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s26/call7.sh ; results in $OUT/call7.tgz
CALL=call7; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 120 python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s 90 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED|BLOCK_SIZE_M\": 64" $R/tune.log | cut -c1-260; cp refmoe/configs/*.json $R/; pack
