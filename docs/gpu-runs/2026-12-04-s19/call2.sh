# The nineteenth session's second GPU script (carry .whl): the MoE layers' post-attention norm inside the router (10a's
# norm_gate_route) and the shared slots (14's NORM_SHARED), taken by 25's decoder at one row (20's forward_from_residual):
# GPU tests of 10a, 14a, 15, 19b, 20, 25, 32, 33, 34; the A/B wip/ab_moe_norm.py; notebooks 10a, 20, 25 and 73.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s19/call2.sh
scripts/gpu-check env > "$OUT/env2.log" 2>&1 || { tail -20 "$OUT/env2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 280 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_14a_dense_gemv.py tests/test_15_fused_moe.py \
  tests/test_19b_qkv_rope_gemv.py tests/test_20_moe_layer.py tests/test_25_model.py tests/test_32_decode_runner.py \
  tests/test_33_prefill_runner.py tests/test_34_check.py > "$OUT/tests.txt" 2>&1; tail -4 "$OUT/tests.txt"
timeout 100 python3 docs/gpu-runs/2026-12-04-s19/wip/ab_moe_norm.py > "$OUT/ab_moe_norm.jsonl" 2>&1; echo "ab rc=$?"
python3 -c "
import json,sys
for l in open('$OUT/ab_moe_norm.jsonl'):
    try: d=json.loads(l)
    except Exception: print(l[:300]); continue
    print({k: d[k] for k in ('batch','floor_us','best_us','logits_identical','logits_rel_diff','argmax_same')})"
for nb in 10a_gate_route 20_moe_layer 25_model; do
  timeout 60 python3 scripts/nbtools.py run --flags "gpu bench" nbs/$nb.ipynb 2>&1 | tail -2
done
timeout 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > nb-73.txt 2>&1; echo "nb73 rc=$?"; tail -2 nb-73.txt
tar czf "$OUT/nbs.tgz" nb-73.txt nbs/10a_gate_route.ipynb nbs/20_moe_layer.ipynb nbs/25_model.ipynb nbs/73_runner_bench.ipynb   # at most 8 files come back
