# Twenty-eighth session, call 5: why does the tuner (the whole `fused_experts`) reject the persistent slot config at
# M = 2048 when its GEMM1 alone is 0.95-0.97x the per-tile one? The tuner at M = 2048 twice with PDL (the default)
# and twice with REFMOE_PDL=0, alternating, no --merge.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s28/call5.sh ; results in $OUT/call5.tgz
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
for i in 1 2; do
  for pdl in 1 0; do
    REFMOE_PDL=$pdl timeout 60 python3 scripts/tune_fused_moe.py --m 2048 --budget-s 40 --out $R/tuned_pdl${pdl}_$i > $R/tune_pdl${pdl}_$i.log 2>&1
    echo "pdl=$pdl run $i rc=$? $(el)"; grep -E "M=.*slot.*BLOCK_SIZE_M\": 128" $R/tune_pdl${pdl}_$i.log | sed -E 's/"BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, //g' | cut -c1-230; pack
  done
done
