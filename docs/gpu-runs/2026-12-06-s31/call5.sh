# Thirty-first session, call 5 (not run yet). On an H200: the twenty-seventh session's call 4 (the H200 refresh).
# On any other GPU: the GPU tests of 12, 14d, 15 and 20 with the align's new crossover and chunks (`df65fd7`), then
# `layer_ab.py` (the routed layer and the align alone, the align's choice at `df65fd7` against the one before, at
# M = 128-1024).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s31/call5.sh ; results in $OUT/call5.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 -m pytest -q -m gpu tests/test_12_moe_align.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 240 python3 docs/gpu-runs/2026-12-06-s31/layer_ab.py > $R/layer_ab.jsonl 2> $R/layer_ab.err
echo "ab rc=$? $(el)"; tail -3 $R/layer_ab.err; pack
python3 -c "
import json
for l in open('$R/layer_ab.jsonl'):
    d = json.loads(l)
    print(d.get('m'), d.get('block'), d.get('chunk'), d.get('valid'), json.dumps(d.get('median_us', d)), d.get('new_over_old'))
"
