"""Fixtures every test folder may use: PostgreSQL (``tests/support/pg.py``) and the two engines
(``tests/support/stores.py``); nothing starts unless asked. And how many workers ``-n auto`` starts."""

from __future__ import annotations

import os

import pytest

from tests.support.pg import pg_empty_url, pg_server, pg_url
from tests.support.stores import engine, store_target, sync_conn


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the cores. An end-to-end test's own process mostly waits for its computer
    players, who think in a process of their own: with a worker a core, two cores stood about a third
    idle through the suite; with three workers they were busy, and the suite took 10 min 32 s
    (2 Dec 2026, read from /proc/stat)."""
    return (os.cpu_count() or 1) + 1


__all__ = ["engine", "pg_empty_url", "pg_server", "pg_url", "pytest_xdist_auto_num_workers", "store_target", "sync_conn"]
