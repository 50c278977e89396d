"""Layers built on the kernels: the MoE layer, attention and its KV cache, the ForwardBatch contract, the finalize adapter."""
