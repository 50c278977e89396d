"""Twenty-eighth session: 14d's persistent slot GEMMs, rewritten so that their flattened tile loop covers only the
blocks with an expert (the align puts the -1 bucket last) and GEMM2 stores the -1 blocks' zeros after it, against the
package's program-per-tile kernels.

The twenty-seventh session (`../2026-12-06-s27/flatten_ab.py`) measured a flattened persistent loop 2-4% faster than a
program per tile at M = 2048 and 4096, but 1.12x slower with a quarter of the rows padding (its -1 tiles ran their
MMAs). Here both arms are the package's own launchers (`invoke_grouped_gemm1/2`), with the tiles of this GPU's table
at M = 4096 (slot kind; the H100's committed ones when the table has none), `persistent` off and on; each GEMM alone
on the same aligned inputs (four distinct inputs, L2 flushed, CUDA graphs: `refmoe.core.timing.time_us`), each timed
in alternating rounds (the median reported; call 1 ran the first version, two timings of one arm then the
other), outputs compared bit for bit on the rows both arms must write.

python3 docs/gpu-runs/2026-12-06-s28/persist_ab.py [--m 1024 2048 4096] [--padded 2048 4096] [--reps 20] [--rounds 7]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401
import triton


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1024, 2048, 4096])
    p.add_argument("--padded", type=int, nargs="*", default=[2048, 4096], help="also these M with their last quarter of rows padding (ids -1)")
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--rounds", type=int, default=7, help="alternating timings of each arm; the median is reported")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import grouped_moe as g
    from refmoe.kernels.moe_align import moe_align_block_size
    from refmoe.kernels.tile_configs import get_config
    dev = torch.device("cuda")
    shape = SHAPES["v2-lite"]
    E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
    layer = make_layer(shape, dev, torch.bfloat16)
    w13, w2 = layer.w13, layer.w2
    emit = lambda **r: print(json.dumps(r), flush=True)
    sc = next((c for c in (get_config(m, E, I, H, k, dev, dtype=torch.bfloat16) for m in (4096, 2048)) if c.get("kind") == "slot"), None)
    if sc is None:
        sc = {"kind": "slot", "BLOCK_SIZE_M": 128,
              "w13": {"BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 4},
              "w2": {"BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 4}}
    bm = sc["BLOCK_SIZE_M"]
    c1, c2 = ({**sc[p], "persistent": False} for p in ("w13", "w2"))
    p1, p2 = ({**c, "persistent": True} for c in (c1, c2))
    emit(device=torch.cuda.get_device_name(), tiles=sc, triton=triton.__version__)
    for M, padded in [(m, False) for m in a.m] + [(m, True) for m in a.padded]:
        inputs = make_inputs(layer, M, 4, seed=M)
        if padded:
            for _, _, ids in inputs: ids[M - M // 4:] = -1
        al = [moe_align_block_size(ids, bm, E) for _, _, ids in inputs]
        bufs = []
        for (x, w, ids), (s, e, n) in zip(inputs, al):
            xs, act, pp = g.slot_buffers(x, w13, k, s.numel())
            g.gather_slots(x, xs, s, n, k, M * k)
            bufs.append((xs, act, pp, torch.empty_like(act), torch.empty_like(pp)))
        arms = {
            ("GEMM1", "tile"): lambda b, w, s, e, n: g.invoke_grouped_gemm1(b[0], w13, b[1], e, n, bm, *g._launch(c1)),
            ("GEMM1", "persistent"): lambda b, w, s, e, n: g.invoke_grouped_gemm1(b[0], w13, b[3], e, n, bm, *g._launch(p1)),
            ("GEMM2", "tile"): lambda b, w, s, e, n: g.invoke_grouped_gemm2(b[1], w2, b[2], w, s, e, n, bm, *g._launch(c2)),
            ("GEMM2", "persistent"): lambda b, w, s, e, n: g.invoke_grouped_gemm2(b[1], w2, b[4], w, s, e, n, bm, *g._launch(p2)),
        }
        res = {}
        for gemm in ("GEMM1", "GEMM2"):
            fns = {name: [lambda arm=arms[(gemm, name)], b=b, w=w, s=s, e=e, n=n: arm(b, w, s, e, n)
                          for b, (_, w, _), (s, e, n) in zip(bufs, inputs, al)] for name in ("tile", "persistent")}
            try:
                for f in (fns["tile"][0], fns["persistent"][0]): f()
                torch.cuda.synchronize()
                b0, (s0, e0, n0) = bufs[0], al[0]
                used = int(n0.item())
                if gemm == "GEMM1":   # the rows GEMM2 reads: real pairs' slots in blocks with an expert
                    real = (s0[:used] < M * k) & (e0.repeat_interleave(bm)[:used] != -1)
                    ref, got = b0[1][:used][real], b0[3][:used][real]
                else:
                    ref, got = b0[2], b0[4]
                t = {"tile": [], "persistent": []}
                for _ in range(a.rounds):   # the arms alternate, so that a drift of the machine falls on both
                    for name in t: t[name].append(round(time_us(fns[name], dev, reps=a.reps), 1))
                med = {name: sorted(v)[len(v) // 2] for name, v in t.items()}
                res[gemm] = dict(us=t, median=med, persistent_over_tile=round(med["persistent"] / med["tile"], 3),
                                 persistent_equals_tile=bool(torch.equal(ref, got)))
            except Exception as ex:
                res[gemm] = dict(error=f"{type(ex).__name__}: {str(ex)[:300]}")
            emit(m=M, padded_rows=M // 4 if padded else 0, gemm=gemm, **res[gemm])

if __name__ == "__main__":
    main()
