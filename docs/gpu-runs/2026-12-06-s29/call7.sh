# Twenty-ninth session, call 7: 10a's router loading its gate slice before the PDL wait. The GPU tests of 10a and 20;
# preload_ab.py (the router alone at M = 1-512, the routed layer at M = 1, 4, 64; preload against the loop).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call7.sh ; results in $OUT/call7.tgz
CALL=call7; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 300 python3 docs/gpu-runs/2026-12-06-s29/preload_ab.py > $R/preload_ab.jsonl 2> $R/preload_ab.err
echo "preload_ab rc=$? $(el)"; tail -3 $R/preload_ab.err; python3 -c "
import json
for l in open('$R/preload_ab.jsonl'):
    r = json.loads(l); r.pop('us', None); print(json.dumps(r))
"; pack
