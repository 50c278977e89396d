# The sixteenth session's second GPU script (carry .whl): the shared experts as gemv slots at 1-4 tokens, the decode attention's run-time chunk and the tuned M = 8, 32, 128, 512 tiles measured
# through notebook 73's GPU cells (bench decode and prefill, the per-kernel profiles), and the changed kernels
# checked against torch on the GPU. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s16/call2.sh
scripts/gpu-check env > "$OUT/env2.log" 2>&1 || { tail -20 "$OUT/env2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 120 python3 -m pytest -q -m gpu tests/test_18_paged_attention.py tests/test_20_moe_layer.py tests/test_21_attention.py tests/test_25_model.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py 2>&1 | tail -4
timeout 330 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb73.log" 2>&1; echo "nb73 rc=$?"; tail -5 "$OUT/nb73.log"
cp nbs/73_runner_bench.ipynb "$OUT/"
python3 - <<'PY'
import json
nb = json.load(open("nbs/73_runner_bench.ipynb"))
for c in nb["cells"]:
    s = "".join(c["source"])
    if "#| gpu" in s:
        for o in c.get("outputs", []):
            t = o.get("text") or o.get("data", {}).get("text/plain", "")
            print("".join(t)[:2500])
PY
timeout 90 python3 - <<'PY' > "$OUT/kernels-b1.txt" 2>&1   # every kernel of the batch-1 step, not only the top 12
import refmoe.bench.runners as R
R.kernel_summary.__defaults__ = (80,)
p = R.decode_profile(batch=1)
print(p["step_us"], p["groups_us"]); [print(f"{us:>7.1f}  {name}") for us, name in p["top_kernels"]]
PY
cat "$OUT/kernels-b1.txt" | head -70
timeout 60 python3 - <<'PY' > "$OUT/kernels-b1-ctx32.txt" 2>&1   # the bench's own step: context 32
import refmoe.bench.runners as R
R.kernel_summary.__defaults__ = (80,)
p = R.decode_profile(batch=1, context=32)
print(p["step_us"], p["groups_us"]); [print(f"{us:>7.1f}  {name}") for us, name in p["top_kernels"]]
PY
head -40 "$OUT/kernels-b1-ctx32.txt"
timeout 120 python3 scripts/nbtools.py run --flags gpu nbs/18_paged_attention.ipynb > "$OUT/nb18.log" 2>&1; echo "nb18 rc=$?"; tail -3 "$OUT/nb18.log"
cp nbs/18_paged_attention.ipynb "$OUT/"
