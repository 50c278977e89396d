"""76's engine-against-runner check in a loop, on the CPU: the engine history of 76 (offline, online), then
`engine_decode_rate` with and without the overlapped decode; prints the replay's agreement per run.
Run: .venv/bin/python docs/gpu-runs/2026-12-02-s11/rep76.py N  (eleventh session: 12 runs beside a 2-thread
matmul loop, every one 1.0 in both modes)"""
import sys
from refmoe.engine.engine import Engine
from refmoe.bench.serve import engine_decode_rate, make_prompts, offline, online

for it in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
    with Engine("tiny", max_running_requests=8, max_prefill_tokens=128, max_context=128) as eng:
        prompts = make_prompts(8, 8, 32, eng.model_config.vocab_size)
        offline(eng, prompts, 8); online(eng, prompts, 8, rate=50.0)
        rates = [engine_decode_rate(eng, 4, 16, 24, overlap=o) for o in (False, True)]
        print(it, [x["replay_tokens_equal"] for x in rates], [x["lagged"] for x in rates], flush=True)
