"""Run 11's checks: the 200 held-out conversations as run 10 was scored, the same 200 with every tool and
parameter renamed (80a's vary_schema, p=1), and OpenAI's own weather tool asked for two cities, 20 seeds at 0.7."""
import json, os, random, sys, time
import torch
from refmoe.engine.chat_template import render_chat
from refmoe.engine.sampler import SamplingParams
from refmoe.serving.chat import ChatCompletionRequest, chat_completion
from refmoe.train.tool_data import conversations, vary_schema
from refmoe.train.tool_eval import evaluate, serving_engine
n, device = int(os.environ.get("EVAL_N", "200")), "cuda" if torch.cuda.is_available() else "cpu"
W = {"type": "function", "function": {"name": "get_current_weather", "description": "Get the current weather in a given location",
     "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
                                                    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["location"]}}}
ASK = [{"role": "user", "content": "What's the weather like in Boston and in Tokyo?"}]
with serving_engine("tiny-tools", device=device, max_running_requests=8, max_context=3072) as engine:
    held = conversations(n, seed=0, split="heldout")
    for name, convs in [("held-out", held), ("held-out, every name changed", [vary_schema(c, random.Random(i), p=1.0) for i, c in enumerate(held)])]:
        t = time.time(); r = evaluate(engine, convs)
        print(f"## {name}\n"); print(r.table()); print(f"\n{n} conversations (seed 0), greedy, {device}, {time.time() - t:.0f} s\n")
    req = ChatCompletionRequest(model="tiny-tools", messages=ASK, tools=[W])
    prompt = engine.encode(render_chat(ASK, [W]))
    rows = []
    for seed in range(20):
        text = engine.generate(prompt, SamplingParams(temperature=0.7, seed=seed, max_tokens=200)).text
        calls = chat_completion(req, text).choices[0].message.tool_calls or []
        rows.append([(c.index, c.function.name, c.function.arguments) for c in calls])
    right = sum(1 for r in rows if [(c[1], json.loads(c[2]).get("location")) for c in r] == [("get_current_weather", "Boston"), ("get_current_weather", "Tokyo")])
    print(f"## OpenAI's get_current_weather(location, unit), Boston and Tokyo, 20 seeds at 0.7, no grammar\n")
    print(f"both calls right (names, locations Boston then Tokyo): {right} of 20")
    for r in rows[:5]: print(r)
