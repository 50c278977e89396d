# The twenty-second session's last-chance GPU script (carry .whl): notebook 12b run in place with its gpu cells (its GPU
# tests and the one launch against two), the layer's GPU tests (20), then notebook 12 in place (the single program's
# GPU tests and timing). REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s22/call1c.sh ; results in $OUT/call1.tgz
# The package as landed does not hold this session's change: it travels as wip/route_align.patch, applied here first.
git apply docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || patch -p1 < docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || exit 1
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call1; mkdir -p $R
DEV=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_').replace('/', '_'))"); echo "device $DEV"
[ -f "refmoe/configs/E=64,N=1408,device_name=$DEV.json" ] || cp "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json" "refmoe/configs/E=64,N=1408,device_name=$DEV.json"
pack() { cp -f nbs/12_moe_align.ipynb nbs/12b_route_align.ipynb $R/ 2>/dev/null; tar czf "$OUT/call1.tgz" -C /tmp call1; }
timeout 90 python3 scripts/nbtools.py run nbs/12b_route_align.ipynb --flags gpu > $R/nbrun12b.log 2>&1; echo "nb12b rc=$?"; tail -3 $R/nbrun12b.log; pack
timeout 50 python3 -m pytest -q -m gpu tests/test_20_moe_layer.py -k "route_aligned or cuda_graph or shared_slots" > $R/tests.txt 2>&1; tail -3 $R/tests.txt; pack
timeout 70 python3 scripts/nbtools.py run nbs/12_moe_align.ipynb --flags gpu > $R/nbrun12.log 2>&1; echo "nb12 rc=$?"; tail -3 $R/nbrun12.log; pack
