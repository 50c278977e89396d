#!/usr/bin/env python3
"""Check on a GPU that the engine's overlapped decode launches a step without a host sync.

    .venv/bin/python scripts/overlap-sync-check.py [--model tiny] [--batch 8] [--steps 24]

Two checks, each under `torch.cuda.set_sync_debug_mode("error")`, which turns every host sync
(a blocking copy, `.item()`, `.tolist()`, a pageable host-to-device copy, a stream synchronize)
into a RuntimeError:

1. The lagged launch path driven by hand, exactly as `Engine.step` takes it (notebook 57b):
   `can_lag`, `Scheduler.schedule` (KV slots and `write_tokens`), `launch_decode` (the pinned
   batch, the graph replay with `check=False`, `Sampler.draw`, the tokens' non-blocking copy home)
   for `--steps` chained decode steps of `--batch` requests, greedy and seeded sampling mixed.
   Only the reads of the step before (`InFlight.token_ids`) run outside the guard.
2. The engine itself: `Engine(overlap=True)` with every `_launch` guarded; a sync there fails
   the step's requests and counts an error. Its tokens must equal those of `overlap=False`.

Prints one JSON line and exits 0 when both hold, 1 otherwise. `--device cpu` runs the same steps
without the guard (a CPU has no stream to wait for): a check of the script's logic only.
"""
from __future__ import annotations

import argparse, json, sys, time
from contextlib import contextmanager

import torch

from refmoe.engine.engine import Engine
from refmoe.engine.overlap import can_lag, launch_decode
from refmoe.engine.request import Req
from refmoe.engine.sampler import SamplingParams


GUARD = {"on": True}

@contextmanager
def no_host_sync():
    "Every host sync inside raises (torch's sync debug mode 'error'); a no-op off CUDA."
    if not GUARD["on"]: yield; return
    torch.cuda.set_sync_debug_mode("error")
    try: yield
    finally: torch.cuda.set_sync_debug_mode("default")


def params(i: int, max_tokens: int) -> SamplingParams:
    "Greedy for even i, seeded top-p/top-k sampling for odd i; end-of-turn ignored so every request runs its course."
    if i % 2 == 0: return SamplingParams(temperature=0, max_tokens=max_tokens, ignore_eos=True)
    return SamplingParams(temperature=0.8, top_p=0.9, top_k=50, seed=i, max_tokens=max_tokens, ignore_eos=True)


def by_hand(eng: Engine, batch: int, steps: int) -> dict:
    "Chain `steps` lagged decode steps through the engine's pieces, each launch guarded."
    r, s, sampler, ctx = eng.runner, eng.scheduler, eng.sampler, eng.max_context
    reqs = [Req(eng.encode(f"request {i}: " + "abc" * (i % 4)), params(i, steps + 2), eng.tokenizer, seed=i) for i in range(batch)]
    for q in reqs: s.add(q)
    while s.waiting or s.chunked is not None:         # the prefills, the ordinary way (as many as the prefill budget needs)
        b = s.schedule()
        done = [q for q, sampled in zip(b.reqs, b.samples) if sampled]
        out = sampler(r.forward(b), [q.params for q in done], [q.seed for q in done], [len(q.all_ids) for q in done])
        for q, t in zip(done, out.token_ids): q.add_token(t, ctx)
        s.step_done(b)
    checked, prev = 0, None
    for _ in range(steps):
        with no_host_sync():
            if prev is not None and not can_lag(s, prev, ctx): raise AssertionError("the chain should lag at every step")
            nxt = launch_decode(r, sampler, s.schedule(), prev)
        checked += 1
        if prev is not None:
            for q, t in zip(prev.batch.reqs, prev.token_ids()): q.add_token(t, ctx)
            s.step_done(prev.batch)
        prev = nxt
    for q, t in zip(prev.batch.reqs, prev.token_ids()): q.add_token(t, ctx)
    s.step_done(prev.batch)
    for q in reqs: s.release(q)
    s.running.clear()
    return {"launches_checked": checked, "tokens": [q.output_ids for q in reqs]}


class GuardedEngine(Engine):
    "An engine whose every overlapped launch runs with host syncs turned into errors."
    def _launch(self, batch, prev):
        with no_host_sync(): return super()._launch(batch, prev)


def through_engine(model: str, device: str, batch: int, max_tokens: int, overlap: bool) -> tuple[list[list[int]], dict]:
    "Every request's tokens and the engine's counters, with the overlapped decode on (guarded) or off."
    cls = GuardedEngine if overlap else Engine
    with cls(model, device=device, max_running_requests=max(8, batch), max_prefill_tokens=256, max_context=256, overlap=overlap) as eng:
        eng.generate("warm up", params(0, 4))      # first launches compile kernels and allocate pinned blocks
        reqs = [eng.submit(eng.encode(f"request {i}: " + "abc" * (i % 4)), params(i, max_tokens)) for i in range(batch)]
        deadline = time.time() + 300
        while not all(q.finished for q in reqs) and time.time() < deadline: time.sleep(0.001)
        return [q.output_ids for q in reqs], eng.stats()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="tiny", help="model config (tiny, v2-lite-moe, ...)")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--steps", type=int, default=24)
    p.add_argument("--device", default="cuda", choices=["cuda", "cpu"], help="cpu: the same steps unguarded (logic only)")
    a = p.parse_args(argv)
    if a.device == "cuda" and not torch.cuda.is_available(): print(json.dumps({"error": "needs CUDA (or --device cpu)"})); return 1
    GUARD["on"] = a.device == "cuda"
    report: dict = {"check": "overlap-sync", "model": a.model, "device": a.device, "guarded": GUARD["on"], "batch": a.batch, "steps": a.steps}
    ok = True
    with Engine(a.model, device=a.device, max_running_requests=max(8, a.batch), max_prefill_tokens=256, max_context=256, overlap=True) as eng:
        eng.generate("warm up", params(1, 4))
        eng.close()                                   # the loop thread stops; its pieces stay usable by hand
        try:
            hand = by_hand(eng, a.batch, a.steps)
            report["by_hand"] = {"launches_checked": hand["launches_checked"], "sync_free": True}
        except Exception as e:
            ok = False
            report["by_hand"] = {"sync_free": False, "error": f"{type(e).__name__}: {str(e).splitlines()[0]}"}
    sync_ids, sync_stats = through_engine(a.model, a.device, a.batch, a.steps, overlap=False)
    lag_ids, lag_stats = through_engine(a.model, a.device, a.batch, a.steps, overlap=True)
    same = sync_ids == lag_ids   # every request runs to max_tokens together: the same batches both ways, so the same bits
    report["engine"] = {"errors": lag_stats["errors"] + sync_stats["errors"], "lagged_steps": lag_stats["lagged_steps"],
                        "decode_steps": lag_stats["decode_steps"], "tokens_equal_overlap_off": same,
                        "rows_equal": sum(x == y for x, y in zip(sync_ids, lag_ids))}
    ok &= same and lag_stats["errors"] == 0 and sync_stats["errors"] == 0 and lag_stats["lagged_steps"] > 0
    report["ok"] = bool(ok)
    print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
