"""Twenty-ninth session: the multi-program align's three kernels (count, layout, place) at M = 1024, 2048 and 4096
(V2-Lite's routing: 64 experts, top-6, 128-row blocks), three calls each, for Nsight Compute (call 12).
ncu --set full -k regex:moe_align python3 docs/gpu-runs/2026-12-06-s29/align_ncu.py"""
import torch
import refmoe.core.env  # noqa: F401
from refmoe.bench.moe import SHAPES, make_layer, make_inputs
from refmoe.kernels.moe_align import moe_align_block_size

dev = torch.device("cuda")
layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
for M in (1024, 2048, 4096):
    _, _, ids = make_inputs(layer, M, 1, seed=M)[0]
    for _ in range(3): moe_align_block_size(ids, 128, 64)
torch.cuda.synchronize()
