"""Twenty-fourth session: the routed layer on this GPU under three tile tables, in one process.

Arms: `tuned` (a JSON tuned on this GPU, --tuned), `h200` (the committed H200 file), `default` (no file: 13's
`default_config`). Each arm points 13's CONFIG_DIR at a folder holding only its table under this GPU's name, so
every `fused_experts` call inside the layer picks that arm's tiles. The layer is timed from the hidden states (gate
GEMM to output), CUDA-graph replays of distinct inputs with L2 flushed; `tuned` is timed again last to show the
run's drift. Outputs are compared with the `tuned` arm's. One JSON line per M.
python3 docs/gpu-runs/2026-12-05-s24/tiles_ab.py --tuned PATH [--m 1 4 ...]"""
import argparse, json, shutil, tempfile
from pathlib import Path
import torch
import refmoe.kernels.tile_configs as tc
from refmoe.bench.moe import MOE_M_VALUES, SHAPES, make_layer, make_inputs, routed_layer
from refmoe.core.env import device_label
from refmoe.core.timing import time_us

p = argparse.ArgumentParser()
p.add_argument("--tuned", required=True)
p.add_argument("--m", type=int, nargs="+", default=list(MOE_M_VALUES))
p.add_argument("--inputs", type=int, default=10)
a = p.parse_args()
dev, shape = torch.device("cuda"), SHAPES["v2-lite"]
name = tc.config_file_name(shape["E"], shape["I"], device_label(dev))
tmp = Path(tempfile.mkdtemp())
folders = {arm: tmp / arm for arm in ("tuned", "h200", "default")}
for f in folders.values(): f.mkdir()
shutil.copy(a.tuned, folders["tuned"] / name)
shutil.copy(tc.CONFIG_DIR / tc.config_file_name(shape["E"], shape["I"], "NVIDIA_H200"), folders["h200"] / name)
layer = make_layer(shape, dev, torch.bfloat16)
for M in a.m:
    inputs = make_inputs(layer, M, a.inputs, seed=M)
    row, outs = {"m": M, "device": device_label(dev)}, {}
    for arm in ("tuned", "h200", "default", "tuned2"):
        tc.CONFIG_DIR = folders[arm.rstrip("2")]; tc.load_configs.cache_clear()
        row[f"config_{arm}"] = tc.get_config(M, shape["E"], shape["I"], shape["H"], shape["k"], dev)
        outs[arm] = [routed_layer(layer, x).float() for x, _, _ in inputs]
        row[f"us_{arm}"] = round(time_us([lambda x=x: routed_layer(layer, x) for x, _, _ in inputs], dev, reps=30), 2)
    row.pop("config_tuned2")
    row["max_rel_diff"] = max(((o - t).norm() / t.norm()).item() for arm in ("h200", "default")
                              for o, t in zip(outs[arm], outs["tuned"]))
    print(json.dumps(row), flush=True)
