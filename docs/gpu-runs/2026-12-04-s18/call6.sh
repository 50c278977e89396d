# The eighteenth session's sixth GPU script (carry .whl): the dense MLP's down_proj on 14a's dense_gemv (one row a program): the GPU tests
# of 14a, 19b, 25 and 32; notebooks 14a and 73 with their GPU cells; ab_lm.py (the LM head writing fp32 itself).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call6.sh
scripts/gpu-check env > "$OUT/env6.log" 2>&1 || { tail -20 "$OUT/env6.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 150 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_19b_qkv_rope_gemv.py tests/test_25_model.py \
  tests/test_32_decode_runner.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 80 python3 scripts/nbtools.py run --flags "gpu bench" nbs/14a_dense_gemv.ipynb 2>&1 | tail -3
cp nbs/14a_dense_gemv.ipynb "$OUT/"
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
timeout 150 python3 docs/gpu-runs/2026-12-04-s18/wip/ab_lm.py > "$OUT/ab_lm.jsonl" 2>&1; echo "ab rc=$?"
cut -c1-600 "$OUT/ab_lm.jsonl"
