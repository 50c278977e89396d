"""Twenty-ninth session: 12's align with the layout that lets each bucket store its own blocks' expert, against the one
before (`--old FILE`: a copy of the module before, which found every block's bucket by comparing it with all NB bucket ends: a
[BLOCK_B, NB] tile, 227-255 registers a thread and spills in the one-program layout kernel under Nsight Compute,
call 12). V2-Lite's routing (64 experts, top-6), each M with its table's block size and 128; one align call
in CUDA graphs of ten distinct routings, L2 flushed (`refmoe.core.timing.time_us`), the two alternating in rounds
(medians); outputs compared slot for slot over the slots in use.

Call 13 ran it: 1.000x at every M (16.13 against 16.12 us at M = 1024, 24.05 against 24.05 at 2048, 33.60 against
33.63 at 4096), so the change was reverted. To run it again, check out the change and write the module before it:
  git checkout b85a1e0 -- refmoe/kernels/moe_align.py
  git show bde47a8:refmoe/kernels/moe_align.py | sed 's/^from \.\.core\.env/from refmoe.core.env/' > /tmp/old_moe_align.py
That run printed
`equal: false` at M = 1024 and 2048 because it compared whole buffers, slots past the used ones included, which
neither version writes; the comparison now stops at the used slots, and 12's GPU tests (slot for slot against the
torch reference) passed in the same call.

python3 docs/gpu-runs/2026-12-06-s29/align_ab.py [--old /tmp/old_moe_align.py] [--m 64 256 1024 2048 4096] [--rounds 7]   (on the GPU)
"""
import argparse, importlib.util, json, pathlib

import torch
import refmoe.core.env  # noqa: F401


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[64, 256, 1024, 2048, 4096])
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--old", default="/tmp/old_moe_align.py", help="the module to compare with (call 13: a copy of bde47a8's)")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import moe_align as new
    spec = importlib.util.spec_from_file_location("old_moe_align", pathlib.Path(a.old))
    old = importlib.util.module_from_spec(spec); spec.loader.exec_module(old)
    dev = torch.device("cuda")
    layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
    print(json.dumps({"device": torch.cuda.get_device_name()}), flush=True)
    for M in a.m:
        ids_list = [ids for _, _, ids in make_inputs(layer, M, 10, seed=M)]
        ids_list[1] = ids_list[1].clone(); ids_list[1][M - M // 4:] = -1          # one routing with padded rows
        for block in sorted({16 if M <= 256 else 128, 128}):
            def agree(i):
                (s1, e1, n1), (s2, e2, n2) = new.moe_align_block_size(i, block, 64), old.moe_align_block_size(i, block, 64)
                used = int(n1)
                return bool(torch.equal(n1, n2) and torch.equal(e1, e2)) and (new.align_chunk(i.numel(), 64) == 0   # the one-program path orders a bucket by its atomics
                                                                              or torch.equal(s1[:used], s2[:used]))
            same = all(agree(i) for i in ids_list)
            t = {"new": [], "old": []}
            for _ in range(a.rounds):
                for name, mod in (("new", new), ("old", old)):
                    t[name].append(round(time_us([lambda i=i, mod=mod: mod.moe_align_block_size(i, block, 64) for i in ids_list], dev, reps=30), 2))
            med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
            print(json.dumps(dict(m=M, block=block, path="multi" if new.align_chunk(M * 6, 64) else "single", median_us=med,
                                  new_over_old=round(med["new"] / med["old"], 3), equal=same, us=t)), flush=True)

if __name__ == "__main__":
    main()
