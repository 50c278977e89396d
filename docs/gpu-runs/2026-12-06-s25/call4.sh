# Twenty-fifth session, call 4: slot_major.py's per-GEMM A/B at M = 2048 and 4096 (--quick), where the H100 table
# now picks the slot path; the baseline is 15's sorted kernel with the same tiles.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s25/call4.sh ; results in $OUT/call4.tgz
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
timeout 300 python3 docs/gpu-runs/2026-12-06-s25/slot_major.py --m 2048 4096 --quick --budget-s 270 > $R/slot_major.jsonl 2> $R/slot_major.err
echo "slot_major rc=$?"; tail -2 $R/slot_major.err; pack
python3 - $R/slot_major.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "error" in r: print("ERR", r["what"], r.get("variant"), r["m"], r.get("bm"), r.get("bn"), r["error"][:160]); continue
    print(" ".join(f"{k}={v}" for k, v in r.items() if k not in ("cfg", "group", "tflops_")))
PY
