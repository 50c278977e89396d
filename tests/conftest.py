"""pytest set-up for refmoe: markers, GPU skipping, Triton's interpreter on CPU-only machines."""
import inspect, os

import pytest
import torch

# Triton reads TRITON_INTERPRET when a kernel is decorated: set it before any refmoe import.
if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs a CUDA GPU (skipped without one)")
    config.addinivalue_line("markers", "slow: takes more than a few seconds on CPU")


def pytest_collection_modifyitems(config, items):
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def pytest_pycollect_makeitem(collector, name, obj):
    # Exported tests import helpers such as fastcore's `test_eq`; only functions defined in the
    # test module itself are tests.
    if name.startswith("test_") and inspect.isfunction(obj) and getattr(collector, "obj", None) is not None:
        if inspect.ismodule(collector.obj) and obj.__module__ != collector.obj.__name__:
            return []
    return None
