#!/usr/bin/env bash
# Eleventh session, device call 2 (call 3 with --skip-done: the split GEMV again after its op fix).
# Run from the repo root on the GPU machine: bash docs/gpu-runs/2026-12-02-s11/call2.sh  (results in $OUT/r.tgz)
set -uo pipefail
R=$OUT/r; mkdir -p $R
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
pack() { tar czf $OUT/r.tgz -C $OUT r; }
step() { local n=$1 t=$2; shift 2; echo "=== $n $(date +%T)"; local t0=$(date +%s); timeout $t "$@" > $R/$n.log 2>&1; echo "--- $n rc=$? $(( $(date +%s) - t0 ))s"; pack; }
[ "${1:-}" = --skip-done ] || step align-bench 60 python3 scripts/align-bench.py
step gemv-sweep 150 python3 scripts/gemv-split-sweep.py --quick --m 1 4 8 --out $R/gemv-best.json
python3 - <<'PY' > $R/merge.log 2>&1
import json, os
R = os.environ["OUT"] + "/r"
path = "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json"
cfgs = json.load(open(path))
for line in open(R + "/gemv-sweep.log"):
    if not line.startswith("{"): continue
    rec = json.loads(line)
    if rec.get("bench") != "gemv_split_best" or str(rec["m"]) not in cfgs or "config" not in rec: continue
    print(rec["m"], rec.get("us"), rec.get("shipped_us"), rec.get("speedup_vs_shipped"), rec["config"])
    if (rec.get("speedup_vs_shipped") or 0) >= 1.03 and cfgs[str(rec["m"])]["kind"] == "gemv":
        cfgs[str(rec["m"])] = rec["config"]; print("  merged")
json.dump(cfgs, open(path, "w"), indent=1); open(path, "a").write("\n")
PY
cp refmoe/configs/*.json $R/h200-configs.json; cat $R/merge.log
[ "${1:-}" = --skip-done ] || step nb12 90 python3 scripts/nbtools.py run --flags gpu nbs/12_moe_align.ipynb
step nb15 90 python3 scripts/nbtools.py run --flags gpu nbs/15_fused_moe.ipynb
cp nbs/12_moe_align.ipynb nbs/15_fused_moe.ipynb $R/ 2>/dev/null
[ "${1:-}" = --skip-done ] || step bench-prefill 60 python3 -m refmoe bench prefill --device cuda
step bench-moe 120 python3 -m refmoe bench moe --device cuda
step bench-decode 50 python3 -m refmoe bench decode --device cuda --batch 1 8 64
pack
grep -h '"gemv_split_best"\|speedup\|faster' $R/gemv-sweep.log $R/align-bench.log | cut -c1-400 | tail -30
