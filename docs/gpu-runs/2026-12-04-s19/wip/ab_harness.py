"""The decode-step A/B harness the eighteenth session's scripts repeated, once: build `v2-lite-moe` (bf16, Triton), prefill
each batch's prompts, capture one DecodeCudaGraphRunner per arm under that arm's patches, then time the arms in
alternating rounds in the same process. An arm supplies only its patches (unittest.mock patchers, started around its
capture). `ab_decode` prints one JSON line per batch size: each arm's best round, its ratio to the bytes floor, and its
logits against the first arm's."""
from __future__ import annotations

import json
import torch
from refmoe.bench.runners import HBM_BYTES_PER_US, decode_floor_bytes
from refmoe.core.timing import wall_us
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner


def capture_arms(model, kv, fb, arms: dict, batch: int) -> tuple[dict, dict]:
    "One graph runner per arm, captured with the arm's patches started; and each arm's logits for `fb`."
    runners, logits = {}, {}
    for name, patches in arms.items():
        for p in patches: p.start()
        try:
            runners[name] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[name] = runners[name].replay(fb).float().clone()
        finally:
            for p in patches: p.stop()
    return runners, logits


class _Started:
    "The arm's patches started for the block (when `on`)."
    def __init__(self, patches, on): self.patches, self.on = patches, on
    def __enter__(self):
        if self.on:
            for p in self.patches: p.start()
    def __exit__(self, *exc):
        if self.on:
            for p in self.patches: p.stop()


def ab_decode(arms: dict, batches=(1,), context: int = 32, rounds: int = 6, iters: int = 50, config: str = "v2-lite-moe",
              during_replay: bool = False) -> list[dict]:
    "The decode step of every arm at every batch size, in CUDA graphs, timed in `rounds` alternating rounds of `iters` replays; `during_replay`: the arm's patches also hold while it replays (for host-side changes)."
    dev = torch.device("cuda")
    model = build_model(config, impl="triton", dtype=torch.bfloat16, device=dev)
    kv = model.make_kv_cache(max(batches) * (context + 1) + 1, max_context=context + 1)
    g, records = torch.Generator().manual_seed(0), []
    for batch in batches:
        prompts = [torch.randint(1, model.config.vocab_size - 1, (context,), generator=g).tolist() for _ in range(batch)]
        slots = [kv.alloc(context + 1) for _ in range(batch)]
        floor = sum(decode_floor_bytes(model, batch, context).values()) / HBM_BYTES_PER_US
        with torch.no_grad():
            pre = ForwardBatch.init_new("extend", prompts, [s[:-1] for s in slots], kv)
            model(pre.input_ids, pre.positions, pre)
            fb = ForwardBatch.init_new("decode", [[p[-1]] for p in prompts], slots, kv)
            runners, logits = capture_arms(model, kv, fb, arms, batch)
            for a in runners:
                with _Started(arms[a], during_replay): logits[a] = runners[a].replay(fb).float().clone()
            times = {a: [] for a in runners}
            for _ in range(rounds):
                for a in runners:
                    with _Started(arms[a], during_replay): times[a].append(wall_us(lambda: runners[a].replay(fb), iters, 5, dev))
        best = {a: round(min(t), 1) for a, t in times.items()}
        ref = logits[next(iter(logits))]
        rec = dict(batch=batch, context=context, floor_us=round(floor, 1), best_us=best,
                   vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                   logits_identical={a: bool(torch.equal(l, ref)) for a, l in logits.items()},
                   logits_rel_diff={a: round(((l - ref).norm() / ref.norm()).item(), 6) for a, l in logits.items()},
                   argmax_same={a: bool(torch.equal(l.argmax(-1), ref.argmax(-1))) for a, l in logits.items()}, all_us=times)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        kv.free([s for seq in slots for s in seq])
        del runners
    return records
