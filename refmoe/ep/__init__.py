"""Expert parallelism: process groups and faults, dispatchers built on the MoE layer, the decode runner under EP."""
