"""Thirty-first session: the routed layer from the hidden states with 12's align as committed at `df65fd7` (one program
up to 768 pairs, then chunks of 64/128/256 pairs by the batch's pairs; 32 blocks a step) against the align before it
(one program up to 2,048 pairs, chunks of 256 above; 256 blocks a step in the one-program kernel), in one process.
The old choice is restored by swapping the module's `align_chunk` and `ALIGN_BLOCKS_STEP`. The align alone is timed
too, each arm's output checked as in `../2026-12-06-s30/align_ab.py`. V2-Lite shapes, ten distinct inputs per CUDA
graph, L2 flushed, arms alternating in rounds (medians).

python3 docs/gpu-runs/2026-12-06-s31/layer_ab.py [--m 128 256 341 512 1024] [--rounds 5]   (on the GPU)
(a check on a CPU: --device cpu --shape tiny --m 16 512 --rounds 1)
"""
import argparse, json, pathlib, sys

import torch
import refmoe.core.env  # noqa: F401  (first: Triton's interpreter on a CPU-only machine)
import triton

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "2026-12-06-s30"))
from align_ab import valid  # noqa: E402


def old_chunk(numel, num_experts, single_max=2048, chunk=None):
    "The align's path choice before `df65fd7`: one program up to 2,048 pairs, chunks of 256 above."
    return 0 if numel <= single_max else max(16, min(chunk or 256, 32768 // triton.next_power_of_2(num_experts + 1)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[128, 256, 341, 512, 1024])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--device", default="cuda", help="cpu: a check in the interpreter, no timings worth reading")
    p.add_argument("--shape", default="v2-lite", help="tiny: for the check on a CPU")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
    from refmoe.core.timing import time_us
    from refmoe.kernels import moe_align as ma
    from refmoe.kernels.fused_moe import get_config
    new = (ma.align_chunk, ma.ALIGN_BLOCKS_STEP)
    arms = {"old": (old_chunk, 256), "new": new}
    def use(name): ma.align_chunk, ma.ALIGN_BLOCKS_STEP = arms[name]
    dev, shape = torch.device(a.device), SHAPES[a.shape]
    layer = make_layer(shape, dev, torch.bfloat16)
    E, H, k = shape["E"], shape["H"], shape["k"]
    print(json.dumps({"device": torch.cuda.get_device_name() if dev.type == "cuda" else "cpu"}), flush=True)
    for M in a.m:
        cfg = get_config(M, E, shape["I"], H, k, dev, dtype=torch.bfloat16)
        BS = cfg.get("BLOCK_SIZE_M", 16)
        ids_list = [ids for _, _, ids in make_inputs(layer, M, 10, seed=M)]
        ids_list[1] = ids_list[1].clone(); ids_list[1][M - M // 4:] = -1
        use("old"); ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
        use("new"); ok = all(valid(i, ma.moe_align_block_size(i, BS, E), r, BS, E, False) for i, r in zip(ids_list, ref))
        g = torch.Generator(device=dev).manual_seed(M)
        xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
        t = {f"{w} {n}": [] for w in ("align", "layer") for n in arms}
        for _ in range(a.rounds):
            for n in arms:
                use(n)
                t[f"align {n}"].append(round(time_us([lambda i=i: ma.moe_align_block_size(i, BS, E) for i in ids_list], dev, reps=30), 2))
                t[f"layer {n}"].append(round(time_us([lambda x=x: routed_layer(layer, x) for x in xs], dev, reps=20), 2))
        med = {k: sorted(v)[len(v) // 2] for k, v in t.items()}
        print(json.dumps(dict(m=M, block=BS, kind=cfg.get("kind", "sorted"), chunk={n: arms[n][0](M * k, E) for n in arms}, valid=ok,
                              median_us=med, new_over_old={w: round(med[f"{w} new"] / med[f"{w} old"], 4) for w in ("align", "layer")},
                              us=t)), flush=True)
    use("new")


if __name__ == "__main__":
    main()
