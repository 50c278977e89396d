#!/usr/bin/env bash
# Twelfth session, device call 3: the choice alone with the preamble on full tools lists (2-6), at 1e-3 and 5e-4, for 250 s each, side by side.
set -uo pipefail
R=$OUT/r; mkdir -p $R
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
D=docs/gpu-runs/2026-12-02-s12/decide.py
run() { python3 $D "$@" 2>&1 | grep -v -i warn > $R/decide-$(echo "$@" | tr ' ' '_').log & }
run preamble 250 32 1e-3 6
run preamble 250 32 5e-4 6
wait; tar czf $OUT/r.tgz -C $OUT r
for f in $R/decide-*.log; do cat $f; done
