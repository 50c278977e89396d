# The nineteenth session's first GPU script (carry .whl): the dense layer's post-attention norm folded into 14a's
# gate_up_silu_gemv (the eighteenth session's wip/norm_dense_mlp.patch, applied): the GPU tests of 14a, 19b, 25, 32,
# 33 and 34; notebooks 14a, 25 and 73 with their GPU cells. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s19/call1.sh
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 240 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_19b_qkv_rope_gemv.py tests/test_25_model.py \
  tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_34_check.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
for nb in 14a_dense_gemv 25_model; do
  timeout 90 python3 scripts/nbtools.py run --flags "gpu bench" nbs/$nb.ipynb 2>&1 | tail -3; cp nbs/$nb.ipynb "$OUT/"
done
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
grep -h '"graph_us"' "$OUT/nb-73.txt" | cut -c1-260
