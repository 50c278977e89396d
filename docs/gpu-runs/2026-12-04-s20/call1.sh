# The twentieth session's first GPU script (carry .whl): 19c's GPU test (fixed after s19's call 5), then the
# routed layer at M >= 1024 piece by piece (wip/large_m.py: tile sweeps of both GEMMs, pointer and TMA loads; the top-k sum).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s20/call1.sh
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 60 python3 -m pytest -q -m gpu tests/test_19c_slot_copy.py > "$OUT/tests.txt" 2>&1; tail -3 "$OUT/tests.txt"
timeout 420 python3 docs/gpu-runs/2026-12-04-s20/wip/large_m.py --budget-s 380 > "$OUT/large_m.jsonl" 2> "$OUT/large_m.err"; echo "large_m rc=$?"
tail -3 "$OUT/large_m.err"; grep -c . "$OUT/large_m.jsonl"
