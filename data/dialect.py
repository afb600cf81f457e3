"""The one SQL dialect the code writes, and how PostgreSQL is told the same thing.

The statements are written for both engines: ``?`` (or ``?NNN``) placeholders, ``INSERT … RETURNING``,
``ON CONFLICT … DO …``, ``CASE`` instead of summing booleans, ``COALESCE``. What differs
mechanically is rewritten here once per distinct statement (cached): placeholders become
``$1, $2…``, ``INSERT OR IGNORE`` becomes ``ON CONFLICT DO NOTHING`` and SQLite's
``BEGIN IMMEDIATE`` (take the write lock now) is PostgreSQL's plain ``BEGIN``.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A quoted literal is copied as it is (a '?' inside it is text), else each '?' is numbered.
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?\d*")
_OR_IGNORE = re.compile(r"\bINSERT\s+OR\s+IGNORE\s+INTO\b", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
_READS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def to_postgres(sql: str) -> str:
    if sql.strip().upper() == "BEGIN IMMEDIATE":
        return "BEGIN"
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if not token.startswith("?"):
            return token
        if token != "?":  # SQLite's numbered form, ?NNN
            return f"${token[1:]}"
        count += 1
        return f"${count}"

    out = _TOKEN.sub(number, sql)
    if _OR_IGNORE.search(out):
        out = _OR_IGNORE.sub("INSERT INTO", out)
        returning = _RETURNING.search(out)
        if returning:
            out = f"{out[: returning.start()]}ON CONFLICT DO NOTHING {out[returning.start():]}"
        else:
            out = f"{out.rstrip().rstrip(';')} ON CONFLICT DO NOTHING"
    return out


@lru_cache(maxsize=4096)
def returns_rows(sql: str) -> bool:
    """Whether the statement answers with rows (else only with how many rows it changed)."""
    return bool(_READS.match(sql) or _RETURNING.search(sql))
