# Twenty-fifth session, call 1: the slot-major grouped GEMM (TMA) and the one-dot gate-up GEMM1 against 15's kernel,
# same process, M = 1024, 4096, 2048, 256. bash docs/gpu-runs/2026-12-06-s25/call1.sh ; results in $OUT/call1.tgz
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
timeout 480 python3 docs/gpu-runs/2026-12-06-s25/slot_major.py --m 1024 4096 2048 256 --budget-s 430 > $R/slot_major.jsonl 2> $R/slot_major.err
echo "slot_major rc=$?"; tail -3 $R/slot_major.err; pack
python3 - $R/slot_major.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "error" in r: print("ERR", r["what"], r.get("variant"), r["m"], r.get("bm"), r.get("bn"), r["error"][:160]); continue
    print({k: v for k, v in r.items() if k not in ("cfg",)})
PY
