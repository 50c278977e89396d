#!/usr/bin/env python3
"""Time the 20 sampled two-city requests of notebook 83 against `refmoe serve --model tiny-tools` on the CPU.

    .venv/bin/python scripts/served-two-city-timing.py   (run from the repository root)

Starts the server as 83 does (max 10 running requests, context 1024), sends one greedy request, then 20
at temperature 0.7 at once, and prints the wall time and each latency (the client of 83 waits up to 300 s)."""
import contextlib, os, signal, socket, subprocess, sys, time, json
from concurrent.futures import ThreadPoolExecutor
import httpx
from openai import OpenAI
sys.path.insert(0, os.getcwd())
from refmoe.train.served_calls import TWO_CITIES
with socket.socket() as s:
    s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
proc = subprocess.Popen([sys.executable, "-m", "refmoe", "serve", "--model", "tiny-tools", "--max-running-requests", "10", "--max-context", "1024",
                         "--device", "cpu", "--port", str(port), "--log-level", "warning"], start_new_session=True)
try:
    while True:
        try: httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).raise_for_status(); break
        except httpx.HTTPError: time.sleep(0.5)
    client = OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="none", max_retries=0, timeout=600)
    t0 = time.time()
    a = client.chat.completions.create(model="tiny-tools", **TWO_CITIES, temperature=0)
    print("one greedy answer", round(time.time() - t0, 1), "s", a.usage)
    def ask(seed):
        t = time.time(); r = client.chat.completions.create(model="tiny-tools", **TWO_CITIES, temperature=0.7, seed=seed); return time.time() - t, r.usage.completion_tokens
    t0 = time.time()
    with ThreadPoolExecutor(20) as pool: res = list(pool.map(ask, range(20)))
    print("20 sampled:", round(time.time() - t0, 1), "s; latencies", sorted(round(x, 1) for x, _ in res), "tokens", [n for _, n in res])
    print(httpx.get(f"http://127.0.0.1:{port}/health").json())
finally:
    os.killpg(proc.pid, signal.SIGTERM); proc.wait(30)
