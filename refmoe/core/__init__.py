"""The bottom floor: legacy switches, device and Triton mode, the scenario contract, timing."""
