# Twenty-seventh session, call 2: flatten_ab.py's second version (stage variants of the per-tile GEMM2, the flattened
# kernels with -1 tiles skipping their K loop, a padded M = 2048).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s27/call2.sh ; results in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 400 python3 docs/gpu-runs/2026-12-06-s27/flatten_ab.py > $R/flatten_ab.jsonl 2> $R/flatten_ab.err
echo "flatten_ab rc=$? $(el)"; tail -5 $R/flatten_ab.err; pack
python3 - $R/flatten_ab.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "arms" not in r: print(l.strip()[:300]); continue
    print(r["m"], r["padded_rows"], r["gemm"], " ".join(f"{k}={v.get('over_tile', v.get('error', '')[:60])}{'' if v.get('equal', True) else '(DIFF)'}" for k, v in r["arms"].items()),
          "tile_us=", r["arms"]["tile"].get("us"))
PY
