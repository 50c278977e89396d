# Twenty-fifth session, call 2 (the first that got a machine runs this; call 1's script is its A/B alone):
# GPU tests of 13, 14d, 15 (the slot path in the package), then the tuner at M = 1024, 2048, 4096 over the sorted
# AND slot candidates (--merge, every candidate's time logged), `refmoe bench moe` at those Ms with the table it
# wrote, then slot_major.py's per-GEMM A/B (--quick) with the time left.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s25/call2.sh ; results in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s)
timeout 120 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py > $R/tests.txt 2>&1
echo "tests rc=$? ($(( $(date +%s) - T0 ))s)"; tail -3 $R/tests.txt; pack
timeout 220 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 170 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? ($(( $(date +%s) - T0 ))s)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-220; pack
timeout 90 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? ($(( $(date +%s) - T0 ))s)"; cut -c1-400 $R/bench_moe.jsonl; pack
LEFT=$(( 520 - ($(date +%s) - T0) )); [ $LEFT -gt 40 ] || exit 0
timeout $LEFT python3 docs/gpu-runs/2026-12-06-s25/slot_major.py --m 1024 4096 --quick --budget-s $(( LEFT - 20 )) > $R/slot_major.jsonl 2> $R/slot_major.err
echo "slot_major rc=$? ($(( $(date +%s) - T0 ))s)"; pack
python3 - $R/slot_major.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "error" in r: print("ERR", r["what"], r.get("variant"), r["m"], r.get("bm"), r.get("bn"), r["error"][:160]); continue
    print({k: v for k, v in r.items() if k not in ("cfg",)})
PY
