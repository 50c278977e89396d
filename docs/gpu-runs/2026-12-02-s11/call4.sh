#!/usr/bin/env bash
# Eleventh session, device call 4: the original gemv kernels with the re-tuned M=1/4 tiles, and the
# multi-program align, checked and measured: nb 15's gpu cells, the gpu tests of 12 and 15, nb 71 (the MoE and router benches), and the decode bench.
set -uo pipefail
R=$OUT/r; mkdir -p $R
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
pack() { tar czf $OUT/r.tgz -C $OUT r; }
step() { local n=$1 t=$2; shift 2; echo "=== $n $(date +%T)"; local t0=$(date +%s); timeout $t "$@" > $R/$n.log 2>&1; echo "--- $n rc=$? $(( $(date +%s) - t0 ))s"; pack; }
step nb15 90 python3 scripts/nbtools.py run --flags gpu nbs/15_fused_moe.ipynb
cp nbs/15_fused_moe.ipynb $R/
step pytest 60 python3 -m pytest -m gpu -q -p no:cacheprovider tests/test_12_moe_align.py tests/test_15_fused_moe.py
step nb71 150 python3 scripts/nbtools.py run --flags "gpu bench" nbs/71_moe_bench.ipynb
cp nbs/71_moe_bench.ipynb $R/; cp artifacts/gpu/moe/bench_moe.jsonl $R/bench-moe.jsonl; cp artifacts/gpu/moe/bench_router.jsonl $R/bench-router.jsonl
step bench-decode 50 python3 -m refmoe bench decode --device cuda --batch 1 8 64
pack; tail -3 $R/pytest.log
