"""Expert parallelism: process groups and faults, collectives a graph can replay, dispatchers built on the MoE layer and their checks on several ranks, the decode runner under EP."""
