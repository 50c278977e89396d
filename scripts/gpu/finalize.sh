#!/usr/bin/env bash
# Defect 5 on the GPU machine (issue 6): the Triton finalize kernel against the torch reference
# at DeepSeek-V2-Lite shapes, and the defect-5 demo with compiled Triton. Run from the repo root
# by scripts/gpu-check with refmoe importable and OUT_DIR set; everything it measures lands there:
#   finalize_env.json          torch / triton / GPU / FlashInfer status of the run
#   finalize_bench.jsonl       `refmoe bench finalize`: T = 1..4096, bf16 and fp32 weights, shared on
#   finalize_bench_ep2.jsonl   the same with half the experts on another rank (-1 entries)
#   finalize_demo.txt          `refmoe demo --defect 5 --device cuda`
#   finalize_matrix.md         the finalize-dtype matrix (notebook 24) on CUDA: legacy, SGLang's fix, refmoe guarded
# Exits non-zero when a kernel result differs from the reference by more than one bf16 step, or
# the demo's lesson does not hold. Takes well under a minute on an H200.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${OUT_DIR:?set OUT_DIR to the folder the results go to}"
mkdir -p "$OUT_DIR"
PY=${PYTHON:-python}

$PY - > "$OUT_DIR/finalize_env.json" <<'EOF'
import json, torch, triton, refmoe
from refmoe.layers.finalize import flashinfer_version, trtllm_moe_unavailable
assert torch.cuda.is_available(), "finalize.sh needs a CUDA device"
print(json.dumps({"refmoe": refmoe.__version__, "torch": torch.__version__, "triton": triton.__version__,
                  "gpu": torch.cuda.get_device_name(), "capability": list(torch.cuda.get_device_capability()),
                  "flashinfer": flashinfer_version() or "not installed",
                  "trtllm_moe": trtllm_moe_unavailable() or "runnable"}))
EOF
cat "$OUT_DIR/finalize_env.json"

echo "== refmoe bench finalize"
$PY -m refmoe bench finalize --device cuda | tee "$OUT_DIR/finalize_bench.jsonl"
echo "== refmoe bench finalize --ep-size 2"
$PY -m refmoe bench finalize --device cuda --ep-size 2 --tokens 1,64,1024,4096 | tee "$OUT_DIR/finalize_bench_ep2.jsonl"
echo "== refmoe demo --defect 5 --device cuda"
$PY -m refmoe demo --defect 5 --device cuda --no-progress | tee "$OUT_DIR/finalize_demo.txt"
echo "== finalize-dtype matrix on cuda"
$PY - > "$OUT_DIR/finalize_matrix.md" <<'EOF'
from refmoe.kernels.deferred_finalize import moe_problem
from refmoe.layers.finalize_matrix import finalize_matrix, matrix_markdown
cells = finalize_matrix(moe_problem(tokens=64, hidden=2048, experts=64, top_k=6, inter=64, tile=128, device="cuda"))
print(matrix_markdown(cells))
m = {(c.producer, c.routing, c.adapter): c.verdict for c in cells}
assert m["legacy", "logits_fp32", "sglang"] == "corrupted" and m["legacy", "logits_fp32", "guarded"] == "flagged", m
assert all(m["content_typed", r, a] == "exact" for (pr, r, a) in m if pr == "content_typed" and a != "legacy"), m
EOF
cat "$OUT_DIR/finalize_matrix.md"
echo "finalize.sh: ok"
