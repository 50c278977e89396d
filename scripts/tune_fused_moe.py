#!/usr/bin/env python3
"""Tune refmoe's fused MoE tile configs on this GPU at DeepSeek-V2-Lite shapes (E=64, N=1408, hidden 2048, top-6).

Writes refmoe/configs/E=64,N=1408,device_name=<device>.json (and a copy to --out). The search
space and the timing method are described in nbs/13_tile_configs.ipynb and nbs/71_moe_bench.ipynb.
Example: python scripts/tune_fused_moe.py --budget-s 150 --out artifacts/gpu/moe
"""
import sys

from refmoe.bench.moe import tune_main

if __name__ == "__main__":
    sys.exit(tune_main(sys.argv[1:]))
