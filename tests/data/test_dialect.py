"""The one SQL dialect the code writes, as PostgreSQL is told it (``data.dialect``)."""

from __future__ import annotations

import pytest

from data.dialect import returns_rows, to_postgres


@pytest.mark.parametrize(
    ("sqlite", "postgres"),
    [
        ("SELECT a FROM t WHERE x=? AND y=?", "SELECT a FROM t WHERE x=$1 AND y=$2"),
        # SQLite's numbered form keeps its numbers (a value bound once, used many times)
        ("VALUES (?1, ?2, ?5||':'||?10)", "VALUES ($1, $2, $5||':'||$10)"),
        # a '?' inside a quoted literal or identifier is text, not a parameter
        ("SELECT '?', \"a?b\", ? FROM t WHERE s = 'it''s ?'", "SELECT '?', \"a?b\", $1 FROM t WHERE s = 'it''s ?'"),
        ("INSERT OR IGNORE INTO t (a) VALUES (?)", "INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING"),
        ("insert or ignore into t (a) values (?) RETURNING id",
         "INSERT INTO t (a) values ($1) ON CONFLICT DO NOTHING RETURNING id"),
        ("BEGIN IMMEDIATE", "BEGIN"),
        ("SAVEPOINT job", "SAVEPOINT job"),
    ],
)
def test_statements_are_rewritten_for_postgresql(sqlite: str, postgres: str) -> None:
    assert to_postgres(sqlite) == postgres


@pytest.mark.parametrize(
    ("sql", "rows"),
    [
        ("SELECT 1", True),
        ("  with x as (select 1) select * from x", True),
        ("INSERT INTO t VALUES ($1) RETURNING id", True),
        ("UPDATE t SET a=$1", False),
        ("DELETE FROM t", False),
        ("BEGIN", False),
    ],
)
def test_what_answers_with_rows(sql: str, rows: bool) -> None:
    assert returns_rows(sql) is rows
