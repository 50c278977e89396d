# The twenty-second session's first GPU script (carry .whl): the twentieth session's router plan and this session's
# kernels on the GPU (the GPU tests of 10a, 12, 12b, 15, 20 and 32), then wip/align_variants.py: the align in one
# program without atomics (sort or one-hot ranks) against the old atomic kernel and the three-launch path; the router
# and the align in one launch against two; the routed layer in three arms (above 2,048 pairs, also the one launch allowed).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s22/call1.sh ; everything lands in $OUT/call1.tgz
# The package as landed does not hold this session's change: it travels as wip/route_align.patch, applied here first.
git apply docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || patch -p1 < docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || exit 1
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call1; mkdir -p $R
# On an H100 the H200's tuned tiles (not committed under the H100's name): the same kernels as on the H200.
DEV=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_').replace('/', '_'))"); echo "device $DEV"
[ -f "refmoe/configs/E=64,N=1408,device_name=$DEV.json" ] || cp "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json" "refmoe/configs/E=64,N=1408,device_name=$DEV.json"
pack() { cp -f nbs/12_moe_align.ipynb nbs/12b_route_align.ipynb $R/ 2>/dev/null; tar czf "$OUT/call1.tgz" -C /tmp call1; }
timeout 150 python3 scripts/nbtools.py run nbs/12_moe_align.ipynb nbs/12b_route_align.ipynb --flags gpu > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -3 $R/nbrun.log; pack
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py > $R/tests.txt 2>&1; tail -3 $R/tests.txt; pack
timeout 200 python3 docs/gpu-runs/2026-12-05-s22/wip/align_variants.py --layer-m 16 64 256 1024 --fused-m 16 64 256 --m 256 1024 2048 > $R/align_variants.jsonl 2> $R/align_variants.err; echo "variants rc=$?"; tail -3 $R/align_variants.err; pack
cat $R/align_variants.jsonl
