# The nineteenth session's fourth GPU script (carry .whl): wip/ab_moe_norm_profile.py, where the MoE norm fold's 24 us went.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s19/call4.sh
scripts/gpu-check env > "$OUT/env4.log" 2>&1 || { tail -20 "$OUT/env4.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 200 python3 docs/gpu-runs/2026-12-04-s19/wip/ab_moe_norm_profile.py > "$OUT/ab_profile.jsonl" 2>&1; echo "rc=$?"
cut -c1-900 "$OUT/ab_profile.jsonl"
