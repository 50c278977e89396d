#!/usr/bin/env bash
# Issue 5 on the GPU: decode and prefill graph runners (defects 2 and 4). Run by scripts/gpu-check from
# the repository root with refmoe importable and OUT_DIR set. Every command prints JSON lines, saved in
# $OUT_DIR/<name>.jsonl; a summary of the targets is printed at the end. Any failure stops the script
# with a non-zero status. About 2-4 minutes on an H200 (Triton kernels compile on first use).
set -euo pipefail
: "${OUT_DIR:?OUT_DIR must be set}"
mkdir -p "$OUT_DIR"
unset TRITON_INTERPRET
PY=${PYTHON:-python3}
# A dry run on a CPU machine: DEVICE=cpu BIG=tiny STEPS=50 TOKENS="16 64" OUT_DIR=/tmp/runners scripts/gpu/runners.sh
DEVICE=${DEVICE:-cuda} BIG=${BIG:-v2-lite-moe} STEPS=${STEPS:-500} TOKENS=${TOKENS:-16 64 128 256 512}

run() {
  local name=$1; shift
  echo "=== $name: $*"
  local t0; t0=$(date +%s)
  "$@" > "$OUT_DIR/$name.jsonl" || { echo "FAILED: $name (exit $?)"; cat "$OUT_DIR/$name.jsonl"; exit 1; }
  cat "$OUT_DIR/$name.jsonl"
  echo "--- $name: $(( $(date +%s) - t0 ))s"
}

# Decode step, graph vs eager (target: >= 3x at batch 1); prefill graph vs eager and the cost of the
# embedding lookup defect 4's fix adds to a replay (target: < 3% of the replay).
run bench-decode $PY -m refmoe bench decode --device $DEVICE --batch 1 8 64
run bench-prefill $PY -m refmoe bench prefill --device $DEVICE --tokens $TOKENS
# Differential checks with real CUDA graphs: the fixed code passes, each legacy switch is caught.
run check-tiny $PY -m refmoe check --device $DEVICE --steps $STEPS
run check-v2-lite $PY -m refmoe check --device $DEVICE --config $BIG --steps 60
run check-legacy-2 $PY -m refmoe check --device $DEVICE --steps 100 --legacy 2 --expect-divergence
run check-legacy-4 $PY -m refmoe check --device $DEVICE --steps 100 --legacy 4 --expect-divergence
run check-legacy-3 $PY -m refmoe check --device $DEVICE --steps 100 --legacy 3 --expect-divergence

$PY - "$OUT_DIR" <<'PYEOF'
import json, sys, pathlib
out = pathlib.Path(sys.argv[1])
rows = lambda name: [json.loads(l) for l in (out / f"{name}.jsonl").read_text().splitlines() if l.strip()]
print("=== summary")
for r in rows("bench-decode"):
    goal = " (target >= 3x)" if r["batch"] == 1 else ""
    print(f"decode  batch {r['batch']:>3}: graph {r['graph_us']:>8.1f} us, eager {r['eager_us']:>8.1f} us, {r['speedup']:.2f}x{goal}")
for r in rows("bench-prefill"):
    print(f"prefill {r['tokens']:>4} tokens: graph {r['graph_us']:>8.1f} us, eager {r['eager_us']:>8.1f} us, "
          f"{r['speedup']:.2f}x; embeddings in the closure {r['embed_pct_of_replay']:.2f}% of the replay (target < 3%)")
for name in ("check-tiny", "check-v2-lite", "check-legacy-2", "check-legacy-4", "check-legacy-3"):
    r = rows(name)[0]; d = r["divergence"]
    print(f"{name}: ok={r['ok']} steps_run={r['steps_run']}" + (f", caught at step {d['step']} ({d['output']}, stale {d['stale_slots']})" if d else ""))
PYEOF
