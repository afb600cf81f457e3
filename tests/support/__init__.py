"""Helpers for tests and benchmarks only (never imported by the bot): random playouts and the pokerkit oracle.

They live under ``tests/`` so the runtime packages hold runtime code only, and
pokerkit stays a test dependency. Benchmarks are dev tools run from the
repository root (``python -m benchmarks``), so they import these as
``tests.support.…``, the way the e2e tests import ``tests.e2e.driver``.
"""
