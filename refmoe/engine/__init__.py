"""The engine: tokenizer and chat template, KV pool, scheduler, sampler, model runner, `Engine.generate`."""
