"""Call 5's A/B (H200, carry .whl): the decode refill as one launch (19c's copy_slots, the package) against torch's copy and
fill per slot (30's `_fits` patched to refuse), the patch held while each arm replays; batch 1, 8 and 64, context 32.
Run: python3 docs/gpu-runs/2026-12-04-s19/wip/ab_slot_copy.py"""
import sys
from pathlib import Path
from unittest.mock import patch
sys.path.insert(0, str(Path(__file__).parent))
from ab_harness import ab_decode

ARMS = {"torch copies": [patch("refmoe.runners.input_buffers._fits", lambda dst, src: False)], "one launch": []}
ab_decode(ARMS, batches=(1, 8, 64), during_replay=True)
