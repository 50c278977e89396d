# Thirty-first session, call 4 (calls 1-3 were the thirtieth session's call 3, run again at cf90b13: results in
# results/call3/). On an H200: the twenty-seventh session's call 4 (the H200 refresh). On any other GPU:
# `align_sizes.py` (12's align with the committed layout sizes against the old and neighbours; the one-program range
# against the many-program path; the routed layer, committed against old), then the GPU tests of 12, 14d, 15 and 20.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s31/call4.sh ; results in $OUT/call4.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 240 python3 docs/gpu-runs/2026-12-06-s31/align_sizes.py --rounds 3 --single-m 16 64 128 256 341 --layer-m 2048 4096 > $R/align_sizes.jsonl 2> $R/align_sizes.err
echo "sizes rc=$? $(el)"; tail -3 $R/align_sizes.err; pack
python3 -c "
import json
for l in open('$R/align_sizes.jsonl'):
    d = json.loads(l)
    if 'm' in d: print(d['m'], d['block'], 'all valid' if all(d['valid'].values()) else d['valid'], json.dumps(d['median_us']))
    else: print(l.strip()[:300])
"
timeout 200 python3 -m pytest -q -m gpu tests/test_12_moe_align.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
