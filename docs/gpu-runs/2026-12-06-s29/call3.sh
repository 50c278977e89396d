# Twenty-ninth session, call 3: GEMM1's PDL code against its early launch (pdl_ab.py --split),
# at M = 2048 and 4096.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call3.sh ; results in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 400 python3 docs/gpu-runs/2026-12-06-s29/pdl_ab.py --split --rounds 7 > $R/pdl_ab.jsonl 2> $R/pdl_ab.err
echo "pdl_ab rc=$? $(el)"; tail -3 $R/pdl_ab.err; python3 -c "
import json,sys
for l in open('$R/pdl_ab.jsonl'):
    r=json.loads(l)
    if 'm' in r: print(r['m'], json.dumps(r['median_us']), json.dumps(r['over_tile']), json.dumps(r['rel_err_vs_tile']))
"; pack
