"""Time moe_align_block_size's single-program kernel against its multi-program path (count, layout, place) on a GPU.

One JSON line per (pairs, block size, path): the time of one align call replayed from a CUDA graph
(triton.testing.do_bench_cudagraph), and whether the result matched the torch reference (the multi path
slot for slot; the single one per bucket, since its atomics order a bucket's pairs arbitrarily).
Then one summary line per (pairs, block size) with the faster path and the speed-up. Example:
  python3 scripts/align-bench.py                       # numel = 6 * [16, 64, 256, 1024, 2048, 4096], E = 64
  python3 scripts/align-bench.py --chunks 64 128 256   # also sweep the multi path's chunk size
Exit status 1 if any result disagrees with the reference."""
import argparse, json, sys

import torch

from refmoe.kernels.moe_align import ALIGN_CHUNK, ALIGN_SINGLE_MAX, align_chunk, moe_align_block_size, moe_align_block_size_torch
import triton.testing

p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("--m", type=int, nargs="+", default=[16, 64, 256, 1024, 2048, 4096], help="tokens (numel = M * topk)")
p.add_argument("--topk", type=int, default=6)
p.add_argument("--experts", type=int, default=64)
p.add_argument("--blocks", type=int, nargs="+", default=[16, 64, 128])
p.add_argument("--chunks", type=int, nargs="+", default=[ALIGN_CHUNK], help="chunk sizes of the multi path to time")
p.add_argument("--pad", type=float, default=0.0, help="fraction of tokens routed to -1 (padded rows)")
p.add_argument("--rep", type=int, default=50, help="ms of replays per measurement")
a = p.parse_args()
assert torch.cuda.is_available(), "align-bench needs a CUDA GPU"
dev, g, E = torch.device("cuda"), torch.Generator().manual_seed(0), a.experts
print(json.dumps({"device": torch.cuda.get_device_name(), "single_max": ALIGN_SINGLE_MAX, "chunk": align_chunk(1 << 30, E)}))

def agrees(ids, block, kw, exact):
    "Does one call match the reference: slot for slot if `exact`, else the same pairs in each bucket's blocks?"
    s, e, n = (t.cpu() for t in moe_align_block_size(ids, block, E, **kw))
    s_ref, e_ref, n_ref = moe_align_block_size_torch(ids.cpu(), block, E)
    used = int(n_ref)
    if not (torch.equal(n, n_ref) and torch.equal(e, e_ref)): return False
    if exact: return torch.equal(s[:used], s_ref[:used])
    blk = e_ref[: used // block]
    run = torch.cat([torch.zeros(1, dtype=torch.long), (blk[1:] != blk[:-1]).long().cumsum(0)]).repeat_interleave(block)
    key = lambda x: (run * (ids.numel() + 1) + x[:used].long()).sort().values
    return torch.equal(key(s), key(s_ref))

bad = 0
for M in a.m:
    ids = torch.rand(M, E, generator=g).topk(a.topk, dim=1).indices.int()
    ids[M - int(M * a.pad):] = -1
    ids = ids.to(dev)
    for block in a.blocks:
        paths = [("single", dict(single_max=1 << 40), False)] + [("multi", dict(single_max=0, chunk=c), True) for c in a.chunks]
        times = {}
        for name, kw, exact in paths:
            ok = agrees(ids, block, kw, exact)
            runs = [moe_align_block_size(ids, block, E, **kw) for _ in range(3)]
            det = all(torch.equal(s[:n.item()], runs[0][0][:n.item()]) for s, _, n in runs)
            us = 1e3 * triton.testing.do_bench_cudagraph(lambda: moe_align_block_size(ids, block, E, **kw), rep=a.rep)
            chunk = align_chunk(M * a.topk, E, **kw) or None
            key = name if name == "single" else f"multi/{chunk}"
            times[key] = us
            bad += not ok
            print(json.dumps({"M": M, "numel": M * a.topk, "E": E, "block": block, "path": name, "chunk": chunk,
                              "us": round(us, 2), "matches_reference": ok, "exact": exact, "repeatable": det}), flush=True)
        best = min(times, key=times.get)
        auto = f"multi/{align_chunk(M * a.topk, E)}" if align_chunk(M * a.topk, E) else "single"
        print(json.dumps({"M": M, "numel": M * a.topk, "block": block, "best": best, "auto": auto,
                          "single_over_best_multi": round(times["single"] / min(v for k, v in times.items() if k != "single"), 2)}), flush=True)
sys.exit(1 if bad else 0)
