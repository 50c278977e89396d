"""Triton kernels and their torch references: routing, align, fused experts, decode GEMV, tile configs, the deferred finalize."""
