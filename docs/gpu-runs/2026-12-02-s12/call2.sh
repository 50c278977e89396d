#!/usr/bin/env bash
# Twelfth session, device call 2: is the call-or-refuse choice learnable alone on shorter tools lists, or with other rates?
# Six decide.py runs side by side for 330 s (VARIANT SECONDS BATCH LR MAX_TOOLS).
set -uo pipefail
R=$OUT/r; mkdir -p $R
scripts/gpu-check env > $R/env.log 2>&1
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
D=docs/gpu-runs/2026-12-02-s12/decide.py
run() { python3 $D "$@" 2>&1 | grep -v -i warn > $R/decide-$(echo "$@" | tr ' ' '_').log & }
run preamble 330 32 3e-3 2
run plain 330 32 3e-3 2
run preamble 330 32 1e-3 2
run preamble 330 32 1e-3 3
run preamble 330 64 3e-3 6
run plain 330 32 1e-2 6
wait; tar czf $OUT/r.tgz -C $OUT r
for f in $R/decide-*.log; do tail -1 $f; done
