#!/usr/bin/env python3
"""The engine's host work per decode step, by part: timers around each piece of `Engine.step`.

    .venv/bin/python scripts/engine-host-time.py [--batch 64] [--steps 40] [--device cpu] [--model tiny] [--prompt-len 16] [--profile]

Drives an `Engine("tiny", overlap=True)` step by step (its loop thread stopped) with `--batch`
greedy requests in the running batch, and prints the mean time per decode step of each part:
`run` is the model runner (the forward), the rest is the engine's own Python and launches
(`_finish`: reading a step's tokens into the requests; `pinned_decode_batch`: the next batch;
`schedule`: KV slots and the request table; `draw`: the sampler). Wall-clock, so compare parts
within one run; on a CPU `run` is the model itself, on CUDA only its launch (`token_ids` is then the wait for the GPU).
"""
from __future__ import annotations

import argparse, collections, time

from refmoe.engine import engine as engine_mod, overlap
from refmoe.engine.engine import Engine
from refmoe.engine.request import Req
from refmoe.engine.sampler import SamplingParams


def timed(acc: collections.Counter, owner, name: str) -> None:
    "Wrap `owner.name` so each call adds its wall time to `acc[name]`."
    f = getattr(owner, name)
    def wrapper(*a, **k):
        t = time.perf_counter()
        try: return f(*a, **k)
        finally: acc[name] += time.perf_counter() - t
    setattr(owner, name, wrapper)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--device", default="cpu")
    p.add_argument("--model", default="tiny")
    p.add_argument("--prompt-len", type=int, default=16)
    p.add_argument("--profile", action="store_true", help="also print cProfile's top functions (by own time) over the same steps, run again")
    a = p.parse_args(argv)
    ctx = a.prompt_len + a.steps + 40
    eng = Engine(a.model, device=a.device, overlap=True, max_running_requests=a.batch, max_prefill_tokens=2048, max_context=ctx,
                 num_kv_slots=a.batch * ctx + 64)
    eng.generate("warm up", SamplingParams(temperature=0, max_tokens=4))
    eng.close()                                        # the loop thread stops; the step is driven from here
    acc, s = collections.Counter(), eng.scheduler
    timed(acc, overlap, "pinned_decode_batch"); timed(acc, engine_mod, "can_lag"); timed(acc, overlap.InFlight, "token_ids")
    for owner, names in ((eng.runner, ["run"]), (eng.sampler, ["draw"]), (s, ["schedule", "step_done"]), (eng, ["_finish", "_read", "_launch"])):
        for name in names: timed(acc, owner, name)
    reqs = [Req([65 + i % 26] * a.prompt_len, SamplingParams(temperature=0, max_tokens=a.steps + 40, ignore_eos=True), eng.tokenizer, seed=i)
            for i in range(a.batch)]
    for r in reqs: s.add(r)
    while s.waiting or s.chunked: eng.step()
    eng.step(); eng.step()
    acc.clear()
    t0, n0 = time.perf_counter(), eng.counters["decode_steps"]
    for _ in range(a.steps): eng.step()
    n = eng.counters["decode_steps"] - n0
    total = (time.perf_counter() - t0) / n * 1e6
    print(f"{n} decode steps of {a.batch} requests on {a.device}: {total:.0f} us a step, of which (us a step):")
    for name, t in acc.most_common(): print(f"  {name:22s} {t / n * 1e6:8.0f}")
    print(f"  outside the runner:    {total - acc['run'] / n * 1e6:8.0f}")
    print(f"  host work (all but the wait for a step's tokens): {total - acc['token_ids'] / n * 1e6:8.0f}")
    if a.profile:
        import cProfile, pstats
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(min(a.steps, 20)): eng.step()
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
