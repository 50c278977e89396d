"""refmoe: a literate reference MoE serving runtime built around five real SGLang defects."""
__version__ = "0.1.0"

# Nothing is imported here, so `refmoe --help` starts without torch. Kernel modules import
# `refmoe.core.env` first, which picks Triton's interpreter when there is no CUDA device.
