"""Call 2's A/B (H200, carry .whl): the MoE layers' post-attention norm inside the router and the shared slots (20's
`forward_from_residual`) against the norm apart, at batch 1, 2 and 4 (the fold raised to that many rows for its arm).
Run: python3 docs/gpu-runs/2026-12-04-s19/wip/ab_moe_norm.py"""
import sys
from pathlib import Path
from unittest.mock import patch
sys.path.insert(0, str(Path(__file__).parent))
from ab_harness import ab_decode

ARMS = {"norm apart": [patch("refmoe.layers.moe.MOE_NORM_FOLD_MAX_M", 0)],
        "norm folded": [patch("refmoe.layers.moe.MOE_NORM_FOLD_MAX_M", 4)]}
ab_decode(ARMS, batches=(1, 2, 4))
