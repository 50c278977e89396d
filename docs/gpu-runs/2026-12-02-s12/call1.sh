#!/usr/bin/env bash
# Twelfth session, device call 1: the choice alone (decide.py, three variants side by side for 180 s),
# then Nsight Compute on the routed layer at M = 1 and 4 (the re-tuned GEMV tiles, never profiled).
set -uo pipefail
R=$OUT/r; mkdir -p $R
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
pack() { tar czf $OUT/r.tgz -C $OUT r; }
D=docs/gpu-runs/2026-12-02-s12/decide.py
python3 $D plain 180 32 3e-3 > $R/decide-plain.log 2>&1 &
python3 $D preamble 180 32 3e-3 > $R/decide-preamble.log 2>&1 &
python3 $D preamble 180 32 1e-3 > $R/decide-preamble-lr1e-3.log 2>&1 &
wait; pack
timeout 120 ncu --profile-from-start off --set full -f -o $R/moe python3 scripts/ncu-moe.py --m 1 4 > $R/ncu-run.log 2>&1
timeout 60 ncu --import $R/moe.ncu-rep --page details > $R/ncu-details.txt 2>&1
rm -f $R/moe.ncu-rep; pack
tail -2 $R/decide-*.log
