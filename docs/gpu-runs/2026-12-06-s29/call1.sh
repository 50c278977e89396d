# Twenty-ninth session, call 1. On an H200: the twenty-seventh session's call 4 (the tuner at M = 1024-4096 over both
# kinds, --merge into the H200 table; `bench router|moe`; notebook 71 run in place). On any other GPU: why the tuner
# (the whole `fused_experts`) rejects the persistent slot config at M = 2048 when its GEMM1 alone is 0.95-0.97x the
# per-tile one: the tuner at M = 2048 twice with PDL (the default) and twice with REFMOE_PDL=0, alternating.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call1.sh ; results in $OUT/call1.tgz (or call4.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
for i in 1 2; do
  for pdl in 1 0; do
    REFMOE_PDL=$pdl timeout 70 python3 scripts/tune_fused_moe.py --m 2048 --budget-s 45 --out $R/tuned_pdl${pdl}_$i > $R/tune_pdl${pdl}_$i.log 2>&1
    echo "pdl=$pdl run $i rc=$? $(el)"; grep -E "^M=" $R/tune_pdl${pdl}_$i.log | cut -c1-250; pack
  done
done
