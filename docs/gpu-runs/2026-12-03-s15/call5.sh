# The fifteenth session's fifth call (carry .whl): the dense GEMV (14a) against cuBLAS per shape and in the decode step,
# its GPU test, then notebook 73's GPU cells. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s15/call5.sh
scripts/gpu-check env > "$OUT/env5.log" 2>&1 || { tail -20 "$OUT/env5.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 100 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_25_model.py tests/test_32_decode_runner.py 2>&1 | tail -3
timeout 200 python3 docs/gpu-runs/2026-12-03-s15/dense_gemv_ab.py 2>&1 | grep -v -i warn | tee "$OUT/dense-ab.txt"
timeout 100 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb73.log" 2>&1; echo "nb73 rc=$?"; tail -2 "$OUT/nb73.log"
cp nbs/73_runner_bench.ipynb "$OUT/"
