# The eighteenth session's third GPU script (carry .whl): 19b's fold in the package (the decoder layer takes it at one row):
# the GPU tests of 14a, 19, 19b, 21, 25 and 32, then notebooks 19b and 73 with their GPU cells.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call3.sh
scripts/gpu-check env > "$OUT/env3.log" 2>&1 || { tail -20 "$OUT/env3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 150 python3 -m pytest -q -m gpu tests/test_14a_dense_gemv.py tests/test_19_norm_rope.py tests/test_19b_qkv_rope_gemv.py \
  tests/test_21_attention.py tests/test_25_model.py tests/test_32_decode_runner.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 60 python3 scripts/nbtools.py run --flags "gpu bench" nbs/19b_qkv_rope_gemv.ipynb 2>&1 | tail -3
cp nbs/19b_qkv_rope_gemv.ipynb "$OUT/"
python3 /dev/stdin <<'PY'
import json; d = json.load(open("nbs/19b_qkv_rope_gemv.ipynb"))
for c in d["cells"]:
    for o in c.get("outputs", []):
        if "three launches" in "".join(o.get("text", "")): print("".join(o["text"]))
PY
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
cp nbs/73_runner_bench.ipynb "$OUT/"
grep -h '"batch": 1,' "$OUT/nb-73.txt" | cut -c1-330
