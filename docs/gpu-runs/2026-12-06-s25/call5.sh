# Twenty-fifth session, call 5: `refmoe bench moe` at M = 1024-4096 with the bench timing the slot path's own GEMMs
# (gather included) where the table picks it; GPU tests of 14d and 15.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s25/call5.sh ; results in $OUT/call5.tgz
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
timeout 100 python3 -m pytest -q -m gpu tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py > $R/tests.txt 2>&1; echo "tests rc=$?"; tail -1 $R/tests.txt
for i in 1 2; do
  timeout 100 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe_$i.jsonl 2> $R/bench_moe_$i.err
  echo "bench $i rc=$?"; python3 -c "
import json, sys
for l in open('$R/bench_moe_$i.jsonl'):
    r = json.loads(l); print(r['m'], r['config'], 'layer', r['us_layer'], 'gemms', r['us_gemms'], 'roofline %', r['gemm_pct_roofline'])"
done; pack
