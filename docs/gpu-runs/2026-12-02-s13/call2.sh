#!/usr/bin/env bash
# Thirteenth session, device call 2: the down GEMV with every slot in one load (down3d.py) against 14's kernel;
# then the gpu cells of the notebooks changed since their last device run (10's NaN router, 23, 31, 33),
# and the bench command lines on the GPU (router after the NaN change; moe at M = 1 and 4).
set -uo pipefail
R=$OUT/r; mkdir -p $R/nbs
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
S=docs/gpu-runs/2026-12-02-s13
timeout 200 python3 $S/down3d.py > $R/down3d.txt 2>&1; echo "down3d rc=$?"; head -12 $R/down3d.txt
refmoe bench router --m 1 4 64 256 > $R/bench-router.jsonl 2>&1; echo "router rc=$?"
refmoe bench moe --m 1 4 --no-torch-ref --no-padded > $R/bench-moe.jsonl 2>&1; echo "moe rc=$?"
run() { local nb=$1; if timeout 300 python3 scripts/nbtools.py run --flags gpu nbs/$nb.ipynb > $R/nbs/$nb.log 2>&1; then cp nbs/$nb.ipynb $R/nbs/; echo "ok $nb"; else echo "FAILED $nb"; tail -30 $R/nbs/$nb.log; fi; }
for nb in 10_routing 23_finalize 31_graphs 33_prefill_runner; do run $nb & done; wait
tar czf $OUT/r.tgz -C $OUT r
tail -3 $R/bench-router.jsonl; tail -2 $R/bench-moe.jsonl
