# Thirtieth session, call 2. On an H200: the twenty-seventh session's call 4 (the H200 refresh). On any other GPU:
# `align_sweep.py` (the layout kernel's sizes, whole aligns with a layout variant, the split align), then the GPU tests
# of 10a (its preload now one step of the loop) and 12.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s30/call2.sh ; results in $OUT/call2.tgz (call4.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 300 python3 docs/gpu-runs/2026-12-06-s30/align_sweep.py > $R/align_sweep.jsonl 2> $R/align_sweep.err
echo "sweep rc=$? $(el)"; tail -3 $R/align_sweep.err; pack
python3 -c "
import json
for l in open('$R/align_sweep.jsonl'):
    d = json.loads(l)
    if 'm' in d: print(d['m'], d.get('block'), d['equal'], json.dumps(d['median_us']), json.dumps(d.get('layout_us')))
"
timeout 200 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_12_moe_align.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
