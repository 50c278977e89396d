# Twenty-ninth session, call 6: does PDL cost the whole layer at large M, as it cost the persistent GEMM1?
# `refmoe bench moe` at M = 256-4096, twice with PDL (the default) and twice with REFMOE_PDL=0, alternating.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call6.sh ; results in $OUT/call6.tgz
CALL=call6; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
for i in 1 2; do
  for pdl in 1 0; do
    REFMOE_PDL=$pdl timeout 120 python3 -m refmoe bench moe --m 64 256 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_pdl${pdl}_$i.jsonl 2> $R/bench_pdl${pdl}_$i.err
    echo "pdl=$pdl run $i rc=$? $(el) $(python3 -c "
import json
print(' '.join(f\"{r['m']}:{r['us_layer']}\" for r in map(json.loads, open('$R/bench_pdl${pdl}_$i.jsonl'))))")"; pack
  done
done
