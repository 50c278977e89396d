# Thirtieth session, call 5 (call 4 made leaner for the device time left: four M, one layer M, three test files). On an H200: the twenty-ninth session's call 10 (the shorter H200 refresh: the tuner at M = 2048 and 4096, bench moe and router). On any other GPU:
# `align_ab.py` (12's align with this session's layout sizes, and the candidates, against the sizes before, through the
# package; then the routed layer, new against old), then the GPU tests of 10a, 12 and 20.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s30/call5.sh ; results in $OUT/call5.tgz (call10.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s29/call10.sh; fi
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 150 python3 docs/gpu-runs/2026-12-06-s30/align_ab.py --rounds 3 --lean --m 256 1024 2048 4096 --layer-m 2048 > $R/align_ab.jsonl 2> $R/align_ab.err
echo "ab rc=$? $(el)"; tail -3 $R/align_ab.err; pack
python3 -c "
import json
for l in open('$R/align_ab.jsonl'):
    d = json.loads(l)
    if 'm' in d: print(d['m'], d['block'], d['path'], 'all valid' if all(d['valid'].values()) else d['valid'], json.dumps(d['median_us']))
    else: print(l.strip()[:300])
"
timeout 120 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_12_moe_align.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
