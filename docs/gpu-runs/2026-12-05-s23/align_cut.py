"""Twenty-third session: where the single-program align stops paying against the three-launch path (12).

Call 1 (H100) had the three-launch path at 14.3 us against the single program's 15.4 at 1,536 pairs (M = 256, top-6),
under ALIGN_SINGLE_MAX = 2048. Both paths, at 96-2,046 pairs (M = 16-341, or the M given as arguments), V2-Lite's 64 experts, the block the tiles pick, four
distinct routings a case. One JSON line per case. python3 docs/gpu-runs/2026-12-05-s23/align_cut.py"""
import json, sys, torch
from refmoe.core.timing import time_us
from refmoe.kernels.moe_align import moe_align_block_size, moe_align_block_size_torch
from refmoe.kernels.tile_configs import get_config

dev, E, H, I, k = torch.device("cuda" if torch.cuda.is_available() else "cpu"), 64, 2048, 1408, 6
for M in [int(a) for a in sys.argv[1:]] or (16, 32, 64, 128, 192, 256, 341):
    block = get_config(M, E, I, H, k, dev, dtype=torch.bfloat16).get("BLOCK_SIZE_M", 16)
    g = torch.Generator(device=dev).manual_seed(M)
    ids = [torch.rand(M, E, generator=g, device=dev).topk(k, dim=1).indices.int() for _ in range(4)]
    row = {"M": M, "pairs": M * k, "block": block}
    for name, smax in (("single", 1 << 40), ("multi", 0)):
        ok = all(all(torch.equal(a.cpu(), b.cpu()) for a, b in zip(moe_align_block_size(i, block, E, single_max=smax)[1:3],
                                                                    moe_align_block_size_torch(i, block, E)[1:3])) for i in ids)
        row[f"us_{name}"] = round(time_us([lambda i=i: moe_align_block_size(i, block, E, single_max=smax) for i in ids], dev, reps=50), 2)
        row[f"ok_{name}"] = ok
    print(json.dumps(row), flush=True)
