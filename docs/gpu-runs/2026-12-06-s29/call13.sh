# Twenty-ninth session, call 13: 12's align with the per-bucket layout against the one before (align_ab.py), and the
# GPU tests of 12, 14d, 15 and 20.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call13.sh ; results in $OUT/call13.tgz
CALL=call13; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 100 python3 docs/gpu-runs/2026-12-06-s29/align_ab.py --rounds 7 > $R/align_ab.jsonl 2> $R/align_ab.err
echo "align_ab rc=$? $(el)"; tail -3 $R/align_ab.err; python3 -c "
import json
for l in open('$R/align_ab.jsonl'):
    r = json.loads(l); r.pop('us', None); print(json.dumps(r))
"; pack
timeout 120 python3 -m pytest -q -m gpu tests/test_12_moe_align.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
