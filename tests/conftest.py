"""Fixtures every test folder may use: PostgreSQL (``tests/support/pg.py``); nothing starts unless asked."""

from tests.support.pg import pg_empty_url, pg_server, pg_url

__all__ = ["pg_empty_url", "pg_server", "pg_url"]
