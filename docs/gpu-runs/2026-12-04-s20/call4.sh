# The twentieth session's fourth GPU script (carry .whl): gate_route's launch plan swept at M = 256-4096
# (wip/route_plan_sweep.py), after call 3's profile found the router at 17.9 us of the M = 1024 layer.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s20/call4.sh
scripts/gpu-check env > "$OUT/env4.log" 2>&1 || { tail -20 "$OUT/env4.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 280 python3 docs/gpu-runs/2026-12-04-s20/wip/route_plan_sweep.py --budget-s 240 > "$OUT/route_plan.jsonl" 2> "$OUT/route_plan.err"; echo "sweep rc=$?"
tail -3 "$OUT/route_plan.err"; grep -c . "$OUT/route_plan.jsonl"
