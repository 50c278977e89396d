"""refmoe: a literate reference MoE serving runtime built around five real SGLang defects."""
__version__ = "0.1.0"

# Choose Triton's mode before any kernel module runs `@triton.jit` (interpreter when no CUDA).
from . import env as _env  # noqa: E402,F401
