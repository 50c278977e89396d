# Written in the twenty-first session (no machine lent), for the next one (carry .whl): 10a's 16-row router plan on
# the GPU, its time in the routed layer, and notebook 71's H200 table from the same run.
# 1. the GPU tests that launch gate_route (10a itself, the layer, the decode runner's graphs);
# 2. `refmoe bench router` and `refmoe bench moe` into artifacts/gpu/moe/, which 71's bench cell reads;
# 3. notebook 71 run in place (and 10a, whose GPU cells are tests); 4. the per-phase profile again.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s20/next.sh ; everything lands in $OUT/next.tgz
scripts/gpu-check env > "$OUT/env-next.log" 2>&1 || { tail -20 "$OUT/env-next.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/next; mkdir -p $R artifacts/gpu/moe
pack() { cp -f nbs/10a_gate_route.ipynb nbs/71_moe_bench.ipynb artifacts/gpu/moe/bench_*.jsonl $R/ 2>/dev/null; tar czf "$OUT/next.tgz" -C /tmp next; }
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py > $R/tests.txt 2>&1; tail -2 $R/tests.txt; pack
timeout 60 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$?"; pack
timeout 150 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$?"; pack
timeout 60 python3 scripts/nbtools.py run nbs/10a_gate_route.ipynb nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -2 $R/nbrun.log; pack
timeout 150 python3 docs/gpu-runs/2026-12-04-s20/wip/layer_profile.py > $R/layer_profile.jsonl 2> $R/layer_profile.err; echo "profile rc=$?"; pack
