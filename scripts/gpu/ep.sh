#!/usr/bin/env bash
# Expert parallelism on the GPU machine (issues 7 and 16), run by scripts/gpu-check from the repo root
# (OUT_DIR = a folder whose files come back):
#   1. refmoe check ep, NCCL, one rank per GPU: dispatchers vs the single-process layer, decode
#      runner in real CUDA graphs vs eager (standard, standard scattered, a2a_ll scattered), defect 3's
#      padded bucket (with 2+ ranks), the differential checker, compiled Triton -> OUT_DIR/check_nccl.jsonl
#   2. the same layer check launched by torchrun (one process per GPU)     -> OUT_DIR/check_torchrun.jsonl
#   3. gloo with 2 and 4 ranks on the CPU (layer + decode graphs)          -> OUT_DIR/check_gloo{2,4}.jsonl
#   4. refmoe bench ep: the EP layer per dispatcher in CUDA graphs (a2a eagerly: not capturable) at
#      M = 1 4 16 64 256 tokens per rank, V2-Lite MoE shapes, bf16, vs one GPU at M and at world*M
#      tokens, each collective's bytes and time, and the two goals. On 2+ GPUs: --world 2 (the
#      issue's setting); on one GPU: --world 1 (no communication; the goals say so) -> OUT_DIR/bench_ep.jsonl
# Budget: about 5 minutes on two H200s. Exit 1 when a step fails, a rank does not report "ok": true,
# or the bench prints too few records or a wrong output. Goals not met are reported, not failures.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT_DIR=${OUT_DIR:-artifacts/gpu/ep}
mkdir -p "$OUT_DIR"
unset TRITON_INTERPRET
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
T0=$(date +%s)
say() { echo "[ep.sh +$(( $(date +%s) - T0 ))s] $*"; }
die() { say "FAILED: $*"; exit 1; }

NGPU=$(python3 -c "import torch, refmoe.ep.runner; assert torch.cuda.is_available(), 'needs CUDA'; print(torch.cuda.device_count())") \
  || die "no CUDA / refmoe.ep.runner"
say "$NGPU GPU(s): NCCL runs $NGPU rank(s), one per GPU"

# run NAME EXPECTED CMD...: tee to OUT_DIR/NAME.jsonl, require rc 0 and EXPECTED rank reports with "ok": true
run() {
  local name=$1 want=$2; shift 2
  say "$name: $*"
  timeout 300 "$@" 2>&1 | tee "$OUT_DIR/$name.jsonl"
  local rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || die "$name exited with $rc"
  local got; got=$(python3 -c 'import json, sys; print(sum(json.loads(l).get("ok") is True for l in open(sys.argv[1]) if l.startswith("{")))' "$OUT_DIR/$name.jsonl")
  [ "$got" = "$want" ] || die "$name: $got ranks ok, want $want"
}

run check_nccl "$NGPU" python3 -m refmoe check ep --backend nccl --world "$NGPU"
run check_torchrun "$NGPU" python3 -m torch.distributed.run --standalone --nproc-per-node "$NGPU" \
  -m refmoe check ep --backend nccl --quick
run check_gloo2 2 python3 -m refmoe check ep --backend gloo --world 2 --impl torch
run check_gloo4 4 python3 -m refmoe check ep --backend gloo --world 4 --impl torch --quick

BENCH_WORLD=$(( NGPU >= 2 ? 2 : 1 ))
say "bench: EP MoE layer per dispatcher in CUDA graphs, $BENCH_WORLD rank(s), M = 1 4 16 64 256 tokens per rank (V2-Lite, bf16)"
timeout 600 python3 -m refmoe bench ep --device cuda --backend nccl --world "$BENCH_WORLD" --tokens 1 4 16 64 256 2>&1 \
  | tee "$OUT_DIR/bench_ep.jsonl"
[ "${PIPESTATUS[0]}" = 0 ] || die "bench exited with an error (or a dispatcher's output was wrong)"
[ "$(grep -c '"bench": "ep_dispatch"' "$OUT_DIR/bench_ep.jsonl")" = 15 ] || die "bench printed too few cases (want 5 M x 3 dispatchers)"
[ "$(grep -c '"bench": "ep_goal"' "$OUT_DIR/bench_ep.jsonl")" = 2 ] || die "bench printed no goal verdicts"
grep -q '"correct": false' "$OUT_DIR/bench_ep.jsonl" && die "a dispatcher's output differs from the single-GPU layer"
python3 - "$OUT_DIR/bench_ep.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
for r in recs:
    if r.get("bench") == "ep_dispatch":
        print(f"  M={r['tokens_per_rank']:>3} {r['dispatcher']:8} {r['mode']:5} {r['us']:>8} us | 1 GPU {r['single_us']:>7} us, "
              f"{r['tokens_total']} tokens {r['single_total_us']:>7} us | latency x{r['vs_single']} tokens/s x{r['throughput_vs_single']} "
              f"| collectives {r['collective_us']} us")
for r in recs:
    if r.get("bench") == "ep_goal":
        print(f"  goal: {r['goal']} {r['target']}: {r['dispatcher']} {r['value']} -> met={r['met']} {r.get('why', '')}")
PY
say "done"
