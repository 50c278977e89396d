# The fifteenth session's third call (carry .whl): the GPU tests of every kernel changed this session, the dense and
# shared MLPs on the GEMV kernels against cuBLAS (A/B), notebook 73's GPU cells again.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s15/call3.sh
scripts/gpu-check env > "$OUT/env3.log" 2>&1 || { tail -20 "$OUT/env3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 150 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_15_fused_moe.py tests/test_19_norm_rope.py tests/test_20_moe_layer.py tests/test_25_model.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py 2>&1 | tail -4
timeout 150 python3 docs/gpu-runs/2026-12-03-s15/ab_gemv_mlp.py 2>&1 | grep -v Warn | tee "$OUT/ab.txt"
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb73.log" 2>&1; echo "nb73 rc=$?"; tail -3 "$OUT/nb73.log"
cp nbs/73_runner_bench.ipynb "$OUT/"
python3 - <<'PY'
import json
for c in json.load(open("nbs/73_runner_bench.ipynb"))["cells"]:
    if "#| gpu" in "".join(c["source"]):
        for o in c.get("outputs", []): print("".join(o.get("text") or o.get("data", {}).get("text/plain", ""))[:1800])
PY
