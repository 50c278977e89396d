# The eighteenth session's fifth GPU script (carry .whl): 14a's gate_up_silu_gemv in the dense MLP (one row): the GPU tests
# of 14a, 19b, 25 and 32; notebooks 14a and 73 with their GPU cells; ab_down.py (down_proj on the GEMV; the full profile).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call5.sh
scripts/gpu-check env > "$OUT/env5.log" 2>&1 || { tail -20 "$OUT/env5.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 150 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_19b_qkv_rope_gemv.py tests/test_25_model.py \
  tests/test_32_decode_runner.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 80 python3 scripts/nbtools.py run --flags "gpu bench" nbs/14a_dense_gemv.ipynb 2>&1 | tail -3
cp nbs/14a_dense_gemv.ipynb "$OUT/"
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
timeout 150 python3 docs/gpu-runs/2026-12-04-s18/wip/ab_down.py > "$OUT/ab_down.jsonl" 2>&1; echo "ab rc=$?"
cut -c1-600 "$OUT/ab_down.jsonl"
