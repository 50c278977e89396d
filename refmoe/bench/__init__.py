"""Benchmarks: every `refmoe bench NAME`, one JSON line per case."""
