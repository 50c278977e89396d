# Twelfth session: can tiny-tools learn the call-or-refuse choice alone, and does naming the tool first help?
# one/missing requests and the missing twins of the one requests; the loss on the choice token only.
#   plain:    the choice is the answer's first token (decide-only.py of the eleventh session, on the GPU)
#   preamble: the answer's preamble ("Looking up <tool>.") is given as context; the choice is the token after it
# Run: python3 decide.py VARIANT SECONDS [BATCH] [LR] [MAX_TOOLS]; prints the held-out accuracy on present and missing tools
# and the mean training loss. MAX_TOOLS (default 6) caps the tools list at 2..MAX_TOOLS tools (the generator draws 2-6).
import random, sys, time, torch, torch.nn.functional as F
import refmoe.train.tool_data as td
from refmoe.models.deepseek_v2 import get_config, build_model
from refmoe.engine.tokenizer import ByteTokenizer
from refmoe.train.trainer import causal_forward
variant, seconds = sys.argv[1], float(sys.argv[2])
bs = int(sys.argv[3]) if len(sys.argv) > 3 else 32
lr = float(sys.argv[4]) if len(sys.argv) > 4 else 3e-3
max_tools = int(sys.argv[5]) if len(sys.argv) > 5 else 6
class Rng(random.Random):
    def randint(self, a, b): return super().randint(a, min(b, max_tools) if (a, b) == (2, 6) else b)
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
td.KINDS = {"one": 0.5, "missing": 0.5}
cfg = get_config("tiny-tools"); tok = ByteTokenizer.for_config(cfg)
model = build_model(cfg, impl="torch", device=dev, seed=0).requires_grad_(True).train()
opt = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.95), weight_decay=0.1)

def row(c):
    if variant == "preamble": c = td.with_preamble(c)
    ids, mask = td.encode_conversation(c, tok)
    t = mask.index(1) + len(tok.encode(c.preamble))
    return ids[:t + 1], c.kind != "missing" and not c.kind.startswith("missing")

def batch(rng, n, split="train"):
    rows = []
    while len(rows) < n:
        c = td.make_conversation(rng, split)
        rows.append(row(c))
        if c.kind == "one" and len(rows) < n: rows.append(row(td.missing_twin(c, rng)))
    L = max(len(r[0]) for r in rows)
    ids = torch.tensor([r[0] + [0] * (L - len(r[0])) for r in rows], device=dev)
    last = torch.tensor([len(r[0]) - 2 for r in rows], device=dev)     # the position whose logits predict the choice
    present = torch.tensor([r[1] for r in rows], device=dev)
    return ids, last, present

def forward(ids, last):
    with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
        logits, aux = causal_forward(model, ids)
    rows = torch.arange(ids.shape[0], device=dev)
    return logits[rows, last].float(), ids[rows, last + 1], aux

erng = Rng(99)
ev = [batch(erng, 64, "heldout") for _ in range(4)]
rng, t0, step, losses = Rng(0), time.time(), 0, []
def report():
    model.eval(); hit = {True: [0, 0], False: [0, 0]}
    with torch.no_grad():
        for ids, last, present in ev:
            lg, tgt, _ = forward(ids, last)
            ok = lg.argmax(-1) == tgt
            for p in (True, False):
                hit[p][0] += int(ok[present == p].sum()); hit[p][1] += int((present == p).sum())
    model.train()
    loss = sum(losses[-250:]) / max(1, len(losses[-250:]))
    print(f"{variant} tools<={max_tools} lr {lr} step {step} ({time.time() - t0:.0f}s) loss {loss:.3f}: present {hit[True][0] / hit[True][1]:.2f}, missing {hit[False][0] / hit[False][1]:.2f}", flush=True)
while time.time() - t0 < seconds:
    if step % 250 == 0: report()
    ids, last, _ = batch(rng, bs)
    lg, tgt, aux = forward(ids, last)
    loss = F.cross_entropy(lg, tgt) + 0.01 * aux
    for g in opt.param_groups: g["lr"] = lr * min(1, (step + 1) / 50)
    losses.append(float(loss.detach()))
    opt.zero_grad(); loss.backward(); torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0); opt.step()
    step += 1
report()
