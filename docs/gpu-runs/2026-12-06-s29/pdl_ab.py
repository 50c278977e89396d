"""Twenty-ninth session: does programmatic dependent launch (PDL) cost 14d's persistent slot GEMMs the whole layer?

Call 1 ran the tuner at M = 2048 with PDL on and off: the per-tile slot config took 620.6/622.0 us with PDL and
614.3/616.9 without, the persistent one 649.8/677.6 with and 588.0/626.0 without. Here, in one process, the whole
routed-expert call (align, gather, GEMM1, GEMM2, top-k sum: 14d's `grouped_experts`, as `fused_experts` runs it) with
the persistent config in six arms that differ only in which launches carry PDL, plus the per-tile config with and
without it. An arm's launches without PDL wait for the kernel before in full (`pdl_options` patched to give nothing
for that launch); every other launch keeps PDL. Arms alternate in rounds (the median reported), each timing a CUDA
graph of `--inputs` distinct inputs, L2 flushed (`refmoe.core.timing.time_us`); outputs compared with the first arm's.

Call 2 found the cost in GEMM1's launch. Call 3 (`--split`) adds two arms that tell code from scheduling: GEMM1 built
with its PDL code (`griddepcontrol.wait` and `.launch_dependents` at the top) but launched without the attribute, so
the instructions are no-ops and the launch waits in full; and GEMM1 launched with PDL from a copy of the kernel that
triggers its dependents after its tile loop instead of at the top (written to a temporary module at run time).

Call 3 found it is the launch, not the code, and that triggering GEMM1's dependents late does not help. Call 4
(`--profile`) runs both arms eagerly under the torch profiler (the GPU still ahead of the host: each call is 0.6-1 ms)
and prints each kernel's median duration and start after the align's, per call, so one sees which kernel the early
launch slows.

From call 4 the package launches the persistent GEMM1 without PDL; this script sets GEMM1's launch options itself
(`WithOptions`), so each arm means what it meant in calls 2 and 3.

python3 docs/gpu-runs/2026-12-06-s29/pdl_ab.py [--m 2048 4096] [--reps 20] [--rounds 7] [--inputs 8]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401
import triton

ARMS = {   # name: (persistent, launches without PDL)
    "tile": (False, ()), "tile, no PDL": (False, ("gather", "gemm1", "gemm2", "sum")),
    "persistent": (True, ()), "persistent, GEMM1 no PDL": (True, ("gemm1",)), "persistent, GEMM2 no PDL": (True, ("gemm2",)),
    "persistent, GEMMs no PDL": (True, ("gemm1", "gemm2")), "persistent, sum no PDL": (True, ("sum",)),
    "persistent, no PDL": (True, ("gather", "gemm1", "gemm2", "sum")),
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[2048, 4096])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--inputs", type=int, default=8)
    p.add_argument("--profile", action="store_true", help="kernel durations of the persistent arms under the torch profiler")
    p.add_argument("--split", action="store_true", help="only the arms that tell GEMM1's PDL code from its early launch")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import grouped_moe as g, moe_sum as ms
    from refmoe.kernels.moe_align import moe_align_block_size
    real_pdl = g.pdl_options
    off = lambda t: {}
    dev = torch.device("cuda")
    shape = SHAPES["v2-lite"]
    E, k = shape["E"], shape["k"]
    layer = make_layer(shape, dev, torch.bfloat16)
    w13, w2 = layer.w13, layer.w2
    emit = lambda **r: print(json.dumps(r), flush=True)
    tiles = {"w13": {"BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 4},
             "w2": {"BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 4}}
    bm = 128
    emit(device=torch.cuda.get_device_name(), tiles=tiles, triton=triton.__version__)

    def run(x, w, ids, persistent, no_pdl):
        pick = lambda name: off if name in no_pdl else real_pdl
        real_kernel, real_kernel_for = g.grouped_gemm1_kernel, g.kernel_for
        sorted_ids, expert_ids, post = moe_align_block_size(ids, bm, E)
        xs, act, pp = g.slot_buffers(x, w13, k, sorted_ids.numel())
        c1, c2 = ({**tiles[n], "persistent": persistent} for n in ("w13", "w2"))
        g.pdl_options = pick("gather"); g.gather_slots(x, xs, sorted_ids, post, k, pp.shape[0])
        opts = {} if "gemm1" in no_pdl else {"PDL": True} if "gemm1-code-only" in no_pdl else real_pdl(xs)
        if "gemm1-late" in no_pdl: g.grouped_gemm1_kernel = late
        g.kernel_for = lambda kern, t: WithOptions(real_kernel_for(kern, t), opts)   # the arm's options, whatever the package picks
        g.invoke_grouped_gemm1(xs, w13, act, expert_ids, post, bm, *g._launch(c1))
        g.grouped_gemm1_kernel, g.kernel_for = real_kernel, real_kernel_for
        g.pdl_options = pick("gemm2"); g.invoke_grouped_gemm2(act, w2, pp, w, sorted_ids, expert_ids, post, bm, *g._launch(c2))
        g.pdl_options = real_pdl
        ms.pdl_options = pick("sum"); out = ms.moe_sum(pp, k)
        ms.pdl_options = real_pdl
        return out

    arms = dict(ARMS)
    if a.split:
        late = late_trigger_kernel(g)
        arms = {n: ARMS[n] for n in ("tile", "persistent", "persistent, GEMM1 no PDL")}
        arms["persistent, GEMM1 PDL code, no attribute"] = (True, ("gemm1-code-only",))
        arms["persistent, GEMM1 late trigger"] = (True, ("gemm1-late",))
    if a.profile:
        return profile(a, run, layer, make_inputs, emit)
    for M in a.m:
        inputs = make_inputs(layer, M, a.inputs, seed=M)
        ref = run(*inputs[0], *ARMS["tile"]).float()
        t = {name: [] for name in arms}
        same = {}
        for name, arm in arms.items():
            out = run(*inputs[0], *arm).float()
            same[name] = round(((out - ref).norm() / ref.norm()).item(), 6)
        fns = {name: [lambda i=i, arm=arm: run(*i, *arm) for i in inputs] for name, arm in arms.items()}
        for _ in range(a.rounds):
            for name in arms: t[name].append(round(time_us(fns[name], dev, reps=a.reps), 1))
        med = {name: sorted(v)[len(v) // 2] for name, v in t.items()}
        emit(m=M, median_us=med, over_tile={n: round(v / med["tile"], 3) for n, v in med.items()}, rel_err_vs_tile=same, us=t)

class WithOptions:
    "A kernel whose launches take `opts` in place of the PDL options its wrapper passed."
    def __init__(self, kernel, opts): self.kernel, self.opts = kernel, opts
    def __getitem__(self, grid):
        def launch(*args, **kw):
            kw.pop("PDL", None); kw.pop("launch_pdl", None)
            return self.kernel[grid](*args, **kw, **self.opts)
        return launch

def profile(a, run, layer, make_inputs, emit):
    "Per kernel: median duration (us) and median start after the call's first kernel, for two persistent arms."
    import statistics
    from torch.profiler import ProfilerActivity, profile as prof
    for M in a.m:
        inputs = make_inputs(layer, M, a.inputs, seed=M)
        for name in ("persistent", "persistent, GEMM1 no PDL"):
            for i in inputs: run(*i, *ARMS[name])
            torch.cuda.synchronize()
            with prof(activities=[ProfilerActivity.CUDA]) as pr:
                for _ in range(3):
                    for i in inputs: run(*i, *ARMS[name])
                torch.cuda.synchronize()
            ev = sorted((e for e in pr.events() if e.device_type == torch.autograd.DeviceType.CUDA and "kernel" in e.name),
                        key=lambda e: e.time_range.start)
            calls, cur = [], []
            for e in ev:   # a call starts at the align's first kernel
                if "align" in e.name and cur and "align" not in cur[-1][0]: calls.append(cur); cur = []
                cur.append((e.name, e.time_range.start, e.time_range.end))
            calls.append(cur)
            rows = {}
            for c in calls:
                t0 = c[0][1]
                for n, s, e in c: rows.setdefault(n, []).append((e - s, s - t0, e - t0))
            emit(m=M, arm=name, calls=len(calls), kernels={n: dict(dur=round(statistics.median(d for d, _, _ in v), 1),
                 start=round(statistics.median(s for _, s, _ in v), 1), end=round(statistics.median(e for _, _, e in v), 1))
                 for n, v in rows.items()})

def late_trigger_kernel(g):
    "A copy of 14d's GEMM1 that lets its dependents launch after its tile loop, not at its top."
    import importlib.util, inspect, tempfile, textwrap
    src = inspect.getsource(g.grouped_gemm1_kernel.fn)
    top = "        gdc_wait()\n        gdc_launch_dependents()\n"
    assert top in src, "GEMM1's PDL prologue moved: update late_trigger_kernel"
    src = src.replace(top, "        gdc_wait()\n").replace("def grouped_gemm1_kernel(", "def grouped_gemm1_late(")
    src += "    if PDL:\n        gdc_launch_dependents()\n"
    head = textwrap.dedent("""
        import triton, triton.language as tl
        from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait
        from refmoe.kernels.grouped_moe import _tile_of, _real_blocks, _gemm1_tile
        """)
    f = tempfile.NamedTemporaryFile("w", suffix="_late_gemm1.py", delete=False)
    f.write(head + "\n@triton.jit\n" + src.split("\n", 1)[1] if src.startswith("@") else head + src); f.close()
    spec = importlib.util.spec_from_file_location("late_gemm1", f.name)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod.grouped_gemm1_late

if __name__ == "__main__":
    main()
