# For the next session (carry .whl), when a machine comes: this session's change applied from wip/route_align.patch,
# then everything it needs on the GPU, in order of what decides whether it lands:
# 1. notebooks 12 and 12b run in place with their gpu cells (the sort-based single-program align and the one launch:
#    GPU tests and their timing cells, the baselines in the same run);
# 2. the GPU tests of 10a, 15, 20, 32 and 33 (the layer and the runners through the one launch);
# 3. wip/align_variants.py: the routed layer in three arms in one process, the router-and-align arms, the align variants;
# 4. `refmoe bench router` and `refmoe bench moe` into artifacts/gpu/moe/, then notebook 71 in place.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s22/next.sh ; everything lands in $OUT/next.tgz
git apply docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || patch -p1 < docs/gpu-runs/2026-12-05-s22/wip/route_align.patch || exit 1
scripts/gpu-check env > "$OUT/env-next.log" 2>&1 || { tail -20 "$OUT/env-next.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/next; mkdir -p $R artifacts/gpu/moe
pack() { cp -f nbs/12_moe_align.ipynb nbs/12b_route_align.ipynb nbs/71_moe_bench.ipynb artifacts/gpu/moe/bench_*.jsonl $R/ 2>/dev/null; tar czf "$OUT/next.tgz" -C /tmp next; }
timeout 150 python3 scripts/nbtools.py run nbs/12b_route_align.ipynb nbs/12_moe_align.ipynb --flags gpu > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -3 $R/nbrun.log; pack
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py > $R/tests.txt 2>&1; tail -3 $R/tests.txt; pack
timeout 200 python3 docs/gpu-runs/2026-12-05-s22/wip/align_variants.py --layer-m 16 64 256 1024 --fused-m 16 64 256 --m 256 1024 2048 > $R/align_variants.jsonl 2> $R/align_variants.err; echo "variants rc=$?"; tail -3 $R/align_variants.err; pack
echo "(a second call: bench router, bench moe, then scripts/nbtools.py run nbs/71_moe_bench.ipynb --flags 'gpu bench')"
