"""Throughput benchmarks: run all with ``python -m benchmarks`` (``--quick`` for a short run)."""
