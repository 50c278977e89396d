#!/usr/bin/env python3
"""Where a graph decode step's wall time goes beyond its kernels: the same step timed three ways.

    python3 scripts/decode-overhead.py [--batch 1 64] [--context 32] [--iters 50]

`replay(check=True)` on the batch unsealed is a batch checked on the device (one host sync; `refmoe bench decode`'s
`device_checked_us`); `replay(check=False)` is what the engine's overlapped decode launches; `graph.replay()` alone
is the captured step with its buffers already filled. One JSON line per batch size (us, wall clock)."""
from __future__ import annotations

import argparse, json
from dataclasses import replace

import torch

from refmoe.core.timing import wall_us
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner

p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("--batch", type=int, nargs="+", default=[1, 64])
p.add_argument("--context", type=int, default=32)
p.add_argument("--iters", type=int, default=50)
p.add_argument("--config", default="v2-lite-moe")
a = p.parse_args()
dev = torch.device("cuda")
model = build_model(a.config, impl="triton", dtype=torch.bfloat16, device=dev)
kv = model.make_kv_cache(max(a.batch) * (a.context + 1) + 1, max_context=a.context + 1)
runner = DecodeCudaGraphRunner(model, kv, buckets=a.batch)
g = torch.Generator().manual_seed(0)
for bs in a.batch:
    prompts = [torch.randint(1, model.config.vocab_size - 1, (a.context,), generator=g).tolist() for _ in range(bs)]
    slots = [kv.alloc(a.context + 1) for _ in range(bs)]
    with torch.no_grad():
        pre = ForwardBatch.init_new("extend", prompts, [s[:-1] for s in slots], kv)
        model(pre.input_ids, pre.positions, pre)
        batch = ForwardBatch.init_new("decode", [[q[-1]] for q in prompts], slots, kv)
        unsealed = replace(batch, host_seal=None)   # init_new's batches are sealed (22): unsealed, the device check runs
        checked = wall_us(lambda: runner.replay(unsealed), a.iters, 5, dev)
        trusted = wall_us(lambda: runner.replay(batch, check=False), a.iters, 5, dev)
        graph_only = wall_us(runner.graphs[bs].replay, a.iters, 5, dev)
    print(json.dumps({"batch": bs, "context": a.context, "replay_checked_us": round(checked, 1),
                      "replay_unchecked_us": round(trusted, 1), "graph_replay_us": round(graph_only, 1)}))
    kv.free([s for seq in slots for s in seq])
