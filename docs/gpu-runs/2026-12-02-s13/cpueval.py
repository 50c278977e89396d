import time, sys
from refmoe.train.tool_eval import serving_engine, evaluate
from refmoe.train.tool_data import conversations
n = int(sys.argv[1])
t = time.time()
with serving_engine("tiny-tools", device="cpu", max_running_requests=8, max_context=3072) as engine:
    r = evaluate(engine, conversations(n, seed=0, split="heldout"))
print(r.table()); print(f"{n} held-out (seed 0), greedy, CPU, {time.time()-t:.0f} s")
