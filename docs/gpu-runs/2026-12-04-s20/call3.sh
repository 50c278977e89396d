# The twentieth session's third GPU script (carry .whl): 14c's GPU test (fixed: cuda tensors compared on the host), the GPU
# tests of the model and the graph runners (moe_sum inside captured graphs), notebook 14c run in place, then the routed
# layer's per-phase profile at M = 256-4096 with the tiles call 2 tuned (wip/layer_profile.py).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s20/call3.sh ; everything lands in $OUT/call3.tgz
scripts/gpu-check env > "$OUT/env3.log" 2>&1 || { tail -20 "$OUT/env3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call3; mkdir -p $R
pack() { cp -f nbs/14c_moe_sum.ipynb $R/ 2>/dev/null; tar czf "$OUT/call3.tgz" -C /tmp call3; }
timeout 240 python3 -m pytest -q -m gpu tests/test_14c_moe_sum.py tests/test_25_model.py tests/test_31_graphs.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_34_check.py > $R/tests.txt 2>&1; tail -2 $R/tests.txt; pack
timeout 60 python3 scripts/nbtools.py run nbs/14c_moe_sum.ipynb --flags gpu > $R/nbrun.log 2>&1; echo "nbrun rc=$?"; tail -2 $R/nbrun.log; pack
timeout 200 python3 docs/gpu-runs/2026-12-04-s20/wip/layer_profile.py > $R/layer_profile.jsonl 2> $R/layer_profile.err; echo "profile rc=$?"; tail -3 $R/layer_profile.err; pack
