#!/usr/bin/env python3
"""Score `tiny-tools` on the CPU: `evaluate` (82) over `conversations(n, seed, split)` (80), and optionally the
share of the model's training loss that sits on each answer's first token. The figures of the fifth session's notes
(docs/gpu-runs/2026-11-30-s5/README.md, DEVELOPING.md, notebook 82) come from this script.

  python scripts/tool-eval-cpu.py --split train --seed 7 --n 48 --max-tokens 400
  python scripts/tool-eval-cpu.py --weights-dir DIR ...   # other weights: DIR holds tiny-tools.safetensors and .json
  python scripts/tool-eval-cpu.py --loss 60 --seed 3      # first-token share of the loss over 60 train conversations
"""
import argparse, os, sys, time


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--split", default="heldout", choices=("train", "heldout"))
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--n", type=int, default=48)
    p.add_argument("--max-tokens", type=int, default=512)
    p.add_argument("--graphs", action="store_true", help="serve through the CPU graph backend (default: eager, faster here)")
    p.add_argument("--weights-dir", default=None, help="a folder holding other tiny-tools weights ($REFMOE_WEIGHTS_DIR)")
    p.add_argument("--loss", type=int, default=0, help="instead: the first-token share of the loss over this many train conversations")
    p.add_argument("--misses", action="store_true", help="also print every answer that is not exactly right")
    a = p.parse_args()
    if a.weights_dir: os.environ["REFMOE_WEIGHTS_DIR"] = a.weights_dir
    from refmoe.train.tool_data import conversations
    if a.loss: return first_token_loss(conversations(a.loss, seed=a.seed, split="train"))
    from refmoe.train.tool_eval import evaluate, serving_engine
    convs = conversations(a.n, seed=a.seed, split=a.split)
    t0 = time.perf_counter()
    with serving_engine("tiny-tools", device="cpu", use_graphs=a.graphs, max_running_requests=16) as engine:
        report = evaluate(engine, convs, max_tokens=a.max_tokens)
    print(report.table())
    print(f"\n{a.n} {a.split} conversations (seed {a.seed}), greedy, max_tokens {a.max_tokens}, {time.perf_counter() - t0:.0f} s")
    if a.misses:
        for c, s in zip(convs, report.scored):
            if not s.all_right: print(f"{s.kind} | {c.prompt_messages()[-1]['content']}\n  expected {s.expected}\n  got {s.text!r}")
    return 0


def first_token_loss(convs) -> int:
    "Per kind: the mean cross-entropy of the answer's first token, and the share of all the loss that first tokens carry."
    from collections import defaultdict
    import torch, torch.nn.functional as F
    from refmoe.engine.tokenizer import ByteTokenizer
    from refmoe.models.deepseek_v2 import build_model, get_config
    from refmoe.models.pretrained import load_pretrained
    from refmoe.train.tool_data import encode_conversation
    from refmoe.train.trainer import causal_forward
    cfg = get_config("tiny-tools")
    tok, model = ByteTokenizer.for_config(cfg), load_pretrained(build_model(cfg, impl="torch", device="cpu")).eval()
    by_kind = defaultdict(list)
    with torch.no_grad():
        for c in convs:
            ids, mask = encode_conversation(c, tok)
            x = torch.tensor([ids])
            ce = F.cross_entropy(causal_forward(model, x)[0][0, :-1].float(), x[0, 1:], reduction="none")
            learned = torch.tensor(mask[1:]).bool()
            first = int(learned.nonzero()[0])
            by_kind[c.kind].append((ce[first].item(), ce[learned].sum().item(), int(learned.sum())))
    for kind, v in sorted(by_kind.items()):
        print(f"{kind:8s} n={len(v):3d}  first-token ce {sum(a for a, _, _ in v) / len(v):.3f}  "
              f"ce/token {sum(b for _, b, _ in v) / sum(n for *_, n in v):.4f}")
    rows = [r for v in by_kind.values() for r in v]
    print(f"all: ce/token {sum(b for _, b, _ in rows) / sum(n for *_, n in rows):.4f}, "
          f"share of the loss on first tokens {sum(a for a, _, _ in rows) / sum(b for _, b, _ in rows):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
