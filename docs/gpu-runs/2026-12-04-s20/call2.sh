# The twentieth session's second GPU script (carry .whl): the GPU tests of 13-20 (14c's moe_sum new), the tuner at
# M = 1024-4096 over 13's new candidates (--merge: the other Ms keep their tiles), then both benches with the tuned file
# and notebooks 14c and 71 run in place with their gpu and bench cells (71 reads the benches' JSON lines).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s20/call2.sh ; everything lands in $OUT/call2.tgz
scripts/gpu-check env > "$OUT/env2.log" 2>&1 || { tail -20 "$OUT/env2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call2; mkdir -p $R artifacts/gpu/moe
pack() { cp -f refmoe/configs/*.json nbs/14c_moe_sum.ipynb nbs/71_moe_bench.ipynb artifacts/gpu/moe/bench_*.jsonl $R/ 2>/dev/null; tar czf "$OUT/call2.tgz" -C /tmp call2; }
timeout 150 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14c_moe_sum.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1; tail -2 $R/tests.txt; pack
timeout 180 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 140 > $R/tune.log 2>&1; echo "tune rc=$?"; tail -4 $R/tune.log; pack
timeout 60 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$?"; pack
timeout 150 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$?"; pack
timeout 100 python3 scripts/nbtools.py run nbs/14c_moe_sum.ipynb nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -3 $R/nbrun.log; pack
