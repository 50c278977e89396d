# Twenty-ninth session, call 5. On an H200: the twenty-seventh session's call 4 (the tuner at M = 1024-4096 over both
# kinds, now with the persistent GEMM1 launched without PDL, --merge into the H200 table; `bench router|moe`;
# notebook 71 run in place). On any other GPU: `refmoe bench moe` at every M with the committed table (the goals'
# verdicts on this GPU, for the record; no torch reference).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call5.sh ; results in $OUT/call5.tgz (or call4.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 300 python3 -m refmoe bench moe --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench moe rc=$? $(el)"; tail -2 $R/bench_moe.err; python3 -c "
import json
for l in open('$R/bench_moe.jsonl'):
    r = json.loads(l)
    print(r.get('m', r.get('bucket')), r.get('config', ''), r.get('us_layer', r.get('ratio')), [(g['goal'][:28], g['value'], g['met']) for g in r.get('goals', [])])
"; pack
