# The seventeenth session's first GPU script (carry .whl): programmatic dependent launch on every refmoe kernel
# (02's pdl_options), checked against torch on the GPU and measured A/B in one process.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call1.sh
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
python3 -c "import triton; print('triton', triton.__version__)"
timeout 60 python3 scripts/nbtools.py run --flags gpu nbs/02_env.ipynb > "$OUT/nb02.txt" 2>&1; echo "nb02 rc=$?"; tail -3 "$OUT/nb02.txt"
cp nbs/02_env.ipynb "$OUT/"
python3 - <<'PY'
import json
for c in json.load(open("nbs/02_env.ipynb"))["cells"]:
    if "pdl_chain_on_gpu" in "".join(c["source"]):
        for o in c.get("outputs", []): print("nb02:", "".join(o.get("text") or o.get("data", {}).get("text/plain", ""))[:800])
PY
timeout 200 python3 docs/gpu-runs/2026-12-03-s17/ab_pdl.py 1 8 64 > "$OUT/ab_pdl.jsonl" 2>&1; echo "ab rc=$?"; cut -c1-700 "$OUT/ab_pdl.jsonl"
timeout 200 python3 -m pytest -q -m gpu tests/test_02_env.py tests/test_10_routing.py tests/test_10a_gate_route.py tests/test_12_moe_align.py tests/test_14_moe_gemv.py tests/test_15_fused_moe.py tests/test_18_paged_attention.py tests/test_19_norm_rope.py tests/test_19a_index_bounds.py tests/test_20_moe_layer.py tests/test_25_model.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py 2>&1 | tail -5
