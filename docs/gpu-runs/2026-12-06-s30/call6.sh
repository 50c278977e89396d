# Thirtieth session, call 6 (call 5 made leaner still: three M, no layer, 12's GPU tests). On an H200: the twenty-ninth session's call 10 (the shorter H200 refresh: the tuner at M = 2048 and 4096, bench moe and router). On any other GPU:
# `align_ab.py` (12's align with this session's layout sizes, and the candidates, against the sizes before, through the
# package; then the routed layer, new against old), then the GPU tests of 12.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s30/call6.sh ; results in $OUT/call6.tgz (call10.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s29/call10.sh; fi
CALL=call6; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 100 python3 docs/gpu-runs/2026-12-06-s30/align_ab.py --rounds 3 --lean --m 1024 2048 4096 --layer-m > $R/align_ab.jsonl 2> $R/align_ab.err
echo "ab rc=$? $(el)"; tail -3 $R/align_ab.err; pack
python3 -c "
import json
for l in open('$R/align_ab.jsonl'):
    d = json.loads(l)
    if 'm' in d: print(d['m'], d['block'], d['path'], 'all valid' if all(d['valid'].values()) else d['valid'], json.dumps(d['median_us']))
    else: print(l.strip()[:300])
"
timeout 60 python3 -m pytest -q -m gpu tests/test_12_moe_align.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
