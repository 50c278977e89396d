# The nineteenth session's fifth GPU script (carry .whl): the decode refill in one launch (19c's copy_slots, 30's
# DecodeInputBuffers.copy_from, 32's replay): GPU tests of 19c, 30, 32, 34; wip/ab_slot_copy.py; notebooks 19c and 73.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-04-s19/call5.sh
scripts/gpu-check env > "$OUT/env5.log" 2>&1 || { tail -20 "$OUT/env5.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 110 python3 -m pytest -q -m gpu tests/test_19c_slot_copy.py tests/test_30_input_buffers.py tests/test_32_decode_runner.py \
  tests/test_34_check.py > "$OUT/tests.txt" 2>&1; tail -4 "$OUT/tests.txt"
timeout 60 python3 docs/gpu-runs/2026-12-04-s19/wip/ab_slot_copy.py > "$OUT/ab_slot_copy.jsonl" 2>&1; echo "ab rc=$?"
python3 -c "
import json
for l in open('$OUT/ab_slot_copy.jsonl'):
    try: d=json.loads(l)
    except Exception: print(l[:300]); continue
    print({k: d[k] for k in ('batch','floor_us','best_us','logits_identical')})"
timeout 30 python3 scripts/nbtools.py run --flags "gpu bench" nbs/19c_slot_copy.ipynb 2>&1 | tail -2
tar czf "$OUT/nbs.tgz" nbs/19c_slot_copy.ipynb   # first, in case the device time runs out in 73
timeout 90 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > nb-73.txt 2>&1; echo "nb73 rc=$?"; tail -2 nb-73.txt
tar czf "$OUT/nbs.tgz" nb-73.txt nbs/19c_slot_copy.ipynb nbs/73_runner_bench.ipynb
