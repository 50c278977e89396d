"""Drive the routed MoE layer for Nsight Compute: a few warm calls at each M, then one profiled call per M
between cudaProfilerStart/Stop. Run under ncu --profile-from-start off, e.g.
  ncu --profile-from-start off --set full -o moe python3 scripts/ncu-moe.py --m 1 4 1024
Each M's kernels (gate_route, align, the expert GEMMs, the sum) land in the report in that order."""
import argparse

import torch

from refmoe.bench.moe import SHAPES, make_layer, routed_layer

p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("--m", type=int, nargs="+", default=[1, 4, 1024])
p.add_argument("--warm", type=int, default=5)
a = p.parse_args()
dev = torch.device("cuda")
layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
g = torch.Generator(device=dev).manual_seed(0)
with torch.no_grad():
    for M in a.m:
        xs = [torch.randn(M, layer.config.hidden_size, generator=g, device=dev).to(torch.bfloat16) for _ in range(a.warm + 1)]
        for x in xs[:-1]: routed_layer(layer, x)
        torch.cuda.synchronize()
        torch.cuda.profiler.start()
        routed_layer(layer, xs[-1])
        torch.cuda.synchronize()
        torch.cuda.profiler.stop()
        print(f"M = {M}: profiled one routed layer call")
