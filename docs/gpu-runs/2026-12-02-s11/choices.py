"""The call-or-refuse choice of two weights files on the CPU, on training single-call requests and their missing twins (82's first_token_choices).
Run: .venv/bin/python docs/gpu-runs/2026-12-02-s11/choices.py [WEIGHTS ...]  (default: the shipped weights)"""
import sys
from refmoe.models.deepseek_v2 import build_model
from refmoe.models.pretrained import load_pretrained
from refmoe.train.tool_data import conversations
from refmoe.train.tool_eval import first_token_choices, with_missing_twins
pairs = with_missing_twins([c for c in conversations(80, seed=5) if c.kind == "one"][:20])
for path in sys.argv[1:] or [None]:
    model = load_pretrained(build_model("tiny-tools", impl="torch", device="cpu"), path).eval()
    print(path or "shipped", {k: f"{v['n']} right {100 * v['right']:.0f}% nll {v['nll']:.3f}" for k, v in first_token_choices(model, pairs).items()})
