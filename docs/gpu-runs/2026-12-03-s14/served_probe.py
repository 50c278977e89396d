"""The served tool grammar on the GPU: `refmoe serve --model tiny-tools` (CUDA graphs, overlap auto) answers the two-city
request with the trained tool (auto and required) and with OpenAI's get_current_weather, through the official client."""
import json, os, signal, socket, subprocess, sys, time
import httpx
from openai import OpenAI
from refmoe.train.tool_vocab import TOOL_POOL
W = {"type": "function", "function": {"name": "get_current_weather", "description": "Get the current weather in a given location",
     "parameters": {"type": "object", "properties": {"location": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
                    "required": ["location"]}}}
with socket.socket() as s: s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
proc = subprocess.Popen([sys.executable, "-m", "refmoe", "serve", "--model", "tiny-tools", "--port", str(port), "--log-level", "warning"],
                        start_new_session=True)
try:
    for _ in range(240):
        try: httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).raise_for_status(); break
        except httpx.HTTPError: time.sleep(0.5)
    c = OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="none")
    ask = lambda q, tools, **kw: c.chat.completions.create(model="tiny-tools", messages=[{"role": "user", "content": q}], tools=tools, **kw)
    calls = lambda a: [(t.index, t.function.name, t.function.arguments) for t in a.choices[0].message.tool_calls or []]
    trained = [TOOL_POOL["get_weather"], TOOL_POOL["get_time"]]
    t = time.time()
    for label, a in [("auto, trained tool", ask("What is the weather in Paris and in Berlin?", trained, temperature=0)),
                     ("required, trained tool", ask("What is the weather in Paris and in Berlin?", trained, temperature=0, tool_choice="required")),
                     ("auto, OpenAI's tool", ask("What's the weather like in Boston and in Tokyo?", [W], temperature=0))]:
        print(label, a.choices[0].finish_reason, calls(a))
    print(f"{time.time() - t:.1f} s for the three")
finally: os.killpg(proc.pid, signal.SIGTERM)
