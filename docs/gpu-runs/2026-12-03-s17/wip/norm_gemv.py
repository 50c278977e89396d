"""Work in progress for the next session (not in the package, not measured): the residual add and RMSNorm before
`qkv_proj` folded into 14a's dense_gemv, so the norm's launch goes and the projection's weights still load before the
PDL wait. Each program recomputes the row's norm itself (two 4 KB row loads), bit for bit as 19's rms_norm_kernel
does; program 0 stores the residual sum h. Checked against rms_norm + F.linear in the interpreter:
    TRITON_INTERPRET=1 python3 docs/gpu-runs/2026-12-03-s17/wip/norm_gemv.py
"""
from __future__ import annotations

import torch
from refmoe.core.env import interpreted_on, kernel_for, pdl_options  # first: picks Triton's interpreter on a CPU-only machine
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait

from refmoe.kernels.dense_gemv import dense_gemv_plan


@triton.jit
def norm_dense_gemv_kernel(
    x_ptr, res_ptr, g_ptr, w_ptr, out_ptr, h_ptr, M, N, K, stride_xm, stride_rm, stride_wn, stride_om, stride_hm, eps,
    BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PDL: tl.constexpr = False,
):
    """out[m] = norm(x[m] + res[m]) W^T, h[m] = x[m] + res[m] (stored by program 0); the norm as 19's rms_norm_kernel."""
    pid = tl.program_id(0)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    nmask, kmask = offs_n < N, offs_k < K
    w = tl.load(w_ptr + offs_n[:, None] * stride_wn + offs_k[None, :], mask=nmask[:, None] & kmask[None, :], other=0.0)
    g = tl.load(g_ptr + offs_k, mask=kmask, other=0.0).to(tl.float32)
    if PDL:   # weights and the norm's weight loaded: x (the kernel before wrote it) waits
        gdc_wait()
        gdc_launch_dependents()
    wf = w.to(tl.float32)
    for m in range(0, M):
        x = tl.load(x_ptr + m * stride_xm + offs_k, mask=kmask, other=0.0)
        r = tl.load(res_ptr + m * stride_rm + offs_k, mask=kmask, other=0.0)
        h = (x.to(tl.float32) + r.to(tl.float32)).to(x.dtype)
        if pid == 0:
            tl.store(h_ptr + m * stride_hm + offs_k, h, mask=kmask)
        hf = h.to(tl.float32)
        inv = 1.0 / tl.sqrt(tl.sum(hf * hf, axis=0) / K + eps)
        normed = (hf * inv).to(x.dtype)
        y_in = (normed.to(tl.float32) * g).to(x.dtype).to(tl.float32)   # what rms_norm stores, read back by the GEMV
        y = tl.sum(wf * y_in[None, :], axis=1)
        tl.store(out_ptr + m * stride_om + offs_n, y.to(out_ptr.dtype.element_ty), mask=nmask)


def norm_dense_gemv(x: torch.Tensor, residual: torch.Tensor, norm_weight: torch.Tensor, eps: float, weight: torch.Tensor
                    ) -> tuple[torch.Tensor, torch.Tensor]:
    "`(norm(x + residual) @ weight.T, x + residual)` in one launch, for a few rows."
    (M, K), N = x.shape, weight.shape[0]
    assert residual.shape == x.shape and norm_weight.shape == (K,) and weight.shape[1] == K and x.dtype == weight.dtype
    out = torch.empty(M, N, dtype=x.dtype, device=x.device)
    h = torch.empty_like(x)
    block_n, block_k, warps = dense_gemv_plan(N, K, interpreted_on(x))
    kernel_for(norm_dense_gemv_kernel, x)[(triton.cdiv(N, block_n),)](
        x, residual, norm_weight, weight, out, h, M, N, K, x.stride(0), residual.stride(0), weight.stride(0), out.stride(0),
        h.stride(0), float(eps), BLOCK_N=block_n, BLOCK_K=block_k, num_warps=warps, **pdl_options(x))
    return out, h


if __name__ == "__main__":
    import torch.nn.functional as F
    from refmoe.kernels.norm_rope import rms_norm
    from refmoe.kernels.dense_gemv import dense_gemv
    g = torch.Generator().manual_seed(0)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    for M, N, K, dtype in ((1, 96, 64, torch.float32), (2, 130, 256, torch.bfloat16), (2, 6144, 2048, torch.bfloat16)):
        if dev == "cpu" and N > 1000: continue
        x, r = (torch.randn(M, K, generator=g).to(dtype).to(dev) for _ in range(2))
        nw, w = (torch.rand(K, generator=g) + 0.5).to(dtype).to(dev), (torch.randn(N, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        out, h = norm_dense_gemv(x, r, nw, 1e-6, w)
        ref_x, ref_h = rms_norm(x, nw, 1e-6, residual=r)
        ref = dense_gemv(ref_x, w)
        assert torch.equal(h, ref_h), "h differs"
        err = ((out.float() - ref.float()).norm() / ref.float().norm()).item()
        print(f"M={M} N={N} K={K} {dtype}: h identical, out vs rms_norm + dense_gemv rel {err:.2e}, vs F.linear rel "
              f"{((out.float() - F.linear(ref_x, w).float()).norm() / ref.float().norm()).item():.2e}")
        assert err < 1e-6 if dtype == torch.float32 else err < 1e-2
