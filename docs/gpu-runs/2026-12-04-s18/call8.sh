# The eighteenth session's eighth GPU script (carry .whl): ab_norms.py (the dense layer's post-attention norm and the
# final norm folded into the GEMVs after them). REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s18/call8.sh
scripts/gpu-check env > "$OUT/env8.log" 2>&1 || { tail -20 "$OUT/env8.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 100 python3 docs/gpu-runs/2026-12-04-s18/wip/ab_norms.py > "$OUT/ab_norms.jsonl" 2>&1; echo "ab rc=$?"
cut -c1-700 "$OUT/ab_norms.jsonl"
