# Twenty-eighth session, call 3: the persistent GEMM2 stores the -1 blocks' zeros before its flattened loop instead of
# after it (call 2: 1.04-1.06x the per-tile kernel with a quarter of the rows padding, 0.99-1.01x without). GPU tests
# of 14d; `persist_ab.py` at M = 2048 and 4096, padded and not; the tuner at M = 2048 and 4096 (--merge).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s28/call3.sh ; results in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 120 python3 -m pytest -q -m gpu tests/test_14d_grouped_gemm.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -2 $R/tests.txt; pack
timeout 150 python3 docs/gpu-runs/2026-12-06-s28/persist_ab.py --m 2048 4096 --rounds 7 > $R/persist_ab.jsonl 2> $R/persist_ab.err
echo "ab rc=$? $(el)"; python3 -c "
import json
for l in open('$R/persist_ab.jsonl'):
    r = json.loads(l)
    if 'm' in r: print(r['m'], r['padded_rows'], r['gemm'], r.get('median'), r.get('persistent_over_tile'), r.get('persistent_equals_tile'), r.get('error', ''))
"; tail -3 $R/persist_ab.err; pack
timeout 150 python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s 120 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "M=.*slot|^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; cp refmoe/configs/*H100*.json $R/; pack
