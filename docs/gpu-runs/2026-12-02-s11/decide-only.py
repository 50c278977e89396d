# CPU experiment (eleventh session): can tiny-tools learn the call-or-refuse choice alone? one/missing prompts and their missing twins, the loss on the first assistant token only.
# Run: python docs/gpu-runs/2026-12-02-s11/decide-only.py STEPS BATCH LR. The eleventh session ran `600 8 3e-3` on the CPU (2 threads) and stopped it after step 150: 62% at steps 50, 100 and 150, the prior. On a GPU, change device="cpu".
import random, sys, time, torch, torch.nn.functional as F
import refmoe.train.tool_data as td
from refmoe.models.deepseek_v2 import get_config, build_model
from refmoe.engine.tokenizer import ByteTokenizer
from refmoe.train.trainer import causal_forward, first_targets
torch.set_num_threads(2)
td.KINDS = {"one": 0.5, "missing": 0.5}
cfg = get_config("tiny-tools"); tok = ByteTokenizer.for_config(cfg)
steps, bs, lr = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
model = build_model(cfg, impl="torch", device="cpu", seed=0).requires_grad_(True).train()
opt = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.95), weight_decay=0.1)
def batch(rng, n):
    rows = []
    while len(rows) < n:
        c = td.make_conversation(rng, "train")
        # keep only the prompt and the first token of the answer
        ids, mask = td.encode_conversation(c, tok)
        t = mask.index(1)
        rows.append((ids[:t + 1], [0] * t + [1]))
        if c.kind == "one" and len(rows) < n:
            tw = td.missing_twin(c, rng); ids, mask = td.encode_conversation(tw, tok); t = mask.index(1)
            rows.append((ids[:t + 1], [0] * t + [1]))
    L = max(len(r[0]) for r in rows)
    return (torch.tensor([r[0] + [0] * (L - len(r[0])) for r in rows]), torch.tensor([r[1] + [0] * (L - len(r[1])) for r in rows]))
rng, erng = random.Random(0), random.Random(99)
ev = [batch(erng, 16) for _ in range(4)]
t0 = time.time()
for step in range(steps + 1):
    if step % 50 == 0:
        model.eval(); ok = n = 0
        with torch.no_grad():
            for ids, mask in ev:
                logits, _ = causal_forward(model, ids)
                sel = first_targets(mask)
                pred = logits[:, :-1].argmax(-1)[sel]; tgt = ids[:, 1:][sel]
                ok += int((pred == tgt).sum()); n += int(sel.sum())
        model.train(); print(f"step {step} acc {ok/n:.2f} ({time.time()-t0:.0f}s)", flush=True)
    if step == steps: break
    ids, mask = batch(rng, bs)
    logits, aux = causal_forward(model, ids)
    sel = first_targets(mask)
    loss = F.cross_entropy(logits[:, :-1][sel], ids[:, 1:][sel]) + 0.01 * aux
    for g in opt.param_groups: g["lr"] = lr * min(1, (step + 1) / 50)
    opt.zero_grad(); loss.backward(); torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0); opt.step()
