"""Twenty-ninth session: 10a's router with its gate slice loaded before the PDL wait (`gate_preload`) against the loop
after the wait, in one process.

Arms alternate in rounds (medians reported). The router alone is timed as `refmoe bench router` times `gate_route`
(a CUDA graph of ten distinct inputs, L2 flushed); the routed layer from the hidden states as `refmoe bench moe`
times it (`routed_layer`: gate GEMM, routing, align, GEMMs, sum). Ids must agree and weights within 1e-5 between arms.

python3 docs/gpu-runs/2026-12-06-s29/preload_ab.py [--m 1 4 16 64 256 512] [--layer-m 1 4 64] [--rounds 7]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1, 4, 16, 64, 256, 512])
    p.add_argument("--layer-m", type=int, nargs="*", default=[1, 4, 64])
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--reps", type=int, default=30)
    a = p.parse_args()
    import refmoe.kernels.gate_route as gr
    from refmoe.bench.moe import SHAPES, make_layer, routed_layer
    from refmoe.core.timing import time_us
    from refmoe.kernels.topk import TopKConfig
    dev, shape = torch.device("cuda"), SHAPES["v2-lite"]
    E, H, k = shape["E"], shape["H"], shape["k"]
    cfg = TopKConfig(top_k=k)
    real = gr.gate_preload
    arms = {"preload": real, "loop": lambda *args: False}
    emit = lambda **r: print(json.dumps(r), flush=True)
    emit(device=torch.cuda.get_device_name())

    def timed(make_fns, label, M):
        t = {n: [] for n in arms}
        for _ in range(a.rounds):
            for n, f in arms.items():
                gr.gate_preload = f
                t[n].append(round(time_us(make_fns(), dev, reps=a.reps), 2))
        gr.gate_preload = real
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        return dict(what=label, m=M, median_us=med, preload_over_loop=round(med["preload"] / med["loop"], 3), us=t)

    for M in a.m:
        g = torch.Generator(device=dev).manual_seed(M)
        xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
        gate = (torch.randn(E, H, generator=g, device=dev) / H ** 0.5).bfloat16()
        counters = gr.route_counters(M, dev)
        outs = {}
        for n, f in arms.items():
            gr.gate_preload = f
            outs[n] = gr.gate_route(xs[0], gate, cfg, counters=counters)
        gr.gate_preload = real
        agree = bool(torch.equal(outs["preload"][1], outs["loop"][1])) and bool(torch.allclose(outs["preload"][0], outs["loop"][0], atol=1e-5))
        bm, bh, split, warps = gr.gate_route_plan(M, H)
        hps = triton_cdiv(triton_cdiv(H, split), bh) * bh
        emit(**timed(lambda: [lambda x=x: gr.gate_route(x, gate, cfg, counters=counters) for x in xs], "gate_route", M),
             plan=[bm, bh, split, warps], preloads=real(hps, 64, triton_cdiv(M, bm) * split), ids_equal_weights_close=agree)
    layer = make_layer(shape, dev, torch.bfloat16)
    for M in a.layer_m:
        g = torch.Generator(device=dev).manual_seed(M)
        xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
        emit(**timed(lambda: [lambda x=x: routed_layer(layer, x) for x in xs], "routed layer", M))


def triton_cdiv(a, b): return -(-a // b)

if __name__ == "__main__":
    main()
