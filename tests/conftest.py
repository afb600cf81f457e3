"""Fixtures every test folder may use: PostgreSQL (``tests/support/pg.py``) and the two engines
(``tests/support/stores.py``); nothing starts unless asked."""

from tests.support.pg import pg_empty_url, pg_server, pg_url
from tests.support.stores import engine, store_target, sync_conn

__all__ = ["engine", "pg_empty_url", "pg_server", "pg_url", "store_target", "sync_conn"]
