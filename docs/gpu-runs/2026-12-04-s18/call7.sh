# The eighteenth session's last GPU script (carry .whl): the LM head writing fp32 itself (25): the GPU tests of 14a, 19b,
# 25, 32, 33 and 34; notebooks 25 and 73 with their GPU cells. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call7.sh
scripts/gpu-check env > "$OUT/env7.log" 2>&1 || { tail -20 "$OUT/env7.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 240 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_19b_qkv_rope_gemv.py tests/test_25_model.py \
  tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_34_check.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 60 python3 scripts/nbtools.py run --flags "gpu bench" nbs/25_model.ipynb 2>&1 | tail -3
cp nbs/25_model.ipynb "$OUT/"
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
grep -h '"graph_us"' "$OUT/nb-73.txt" | cut -c1-260
