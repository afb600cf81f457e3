"""Bringing a table back after a restart: its snapshot, else its hand replayed, else a refund.

All functions run on the database thread (``Database.read_sync`` / ``run``).
The replay path is the deal's own: the hand's stored inputs become a
``HandRecord`` (stacks included) and ``replay`` starts it with ``Game.start``,
so every game, with or without stacks, is rebuilt the same way.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any

from data import ledger
from data.store import Conn, Row
from games.core.replay import HandRecord, replay

from . import handflow as flow
from .live import Live, hand_actions, log, save

log_ = logging.getLogger("bot.service.tables")


def hand_record(conn: Conn, live: Live) -> HandRecord:
    """The current hand's inputs as stored at its deal, and its action log."""
    core = live.core
    hand = conn.execute("SELECT * FROM hands WHERE table_id=? AND hand_no=?", (core.id, core.hand_no)).fetchone()
    if hand is None:
        raise LookupError(f"table {core.id} has no hand {core.hand_no}")
    stacks = tuple(json.loads(hand["stacks_json"] or "[]"))
    return HandRecord(
        game=live.game.id,
        options=json.loads(hand["options_json"]),
        seats=len(json.loads(hand["users_json"])),
        seed=hand["seed"],
        dealer=hand["dealer"],
        carry=None if hand["carry_json"] is None else json.loads(hand["carry_json"]),
        stacks=stacks or None,
        rng_algo=live.rng_algo,
        actions=tuple(hand_actions(conn, core.id, hand["start_seq"])),
    )


def decoded(live: Live, state_json: str) -> Any:
    """The snapshot, if it decodes (no database needed: the usual case at a restart)."""
    try:
        return live.game.load(state_json)
    except Exception:
        return None


def restore_state(conn: Conn, live: Live, state_json: str) -> Any:
    """The snapshot, or the hand replayed from its record and log, or None."""
    game = live.game
    try:
        return game.load(state_json)
    except Exception:
        log_.warning("table %s: snapshot doesn't decode; replaying the log", live.core.id)
    try:
        return replay(game, hand_record(conn, live))
    except Exception:
        log_.exception("table %s: replay failed", live.core.id)
        return None


def void(conn: Conn, live: Live, now: str) -> None:
    """A table that can't be restored: refund everything and close it as void."""
    expected = live.core.seq
    # Append after whatever the log holds, even if the table row lags behind it.
    logged = conn.execute("SELECT MAX(seq) FROM table_log WHERE table_id=?", (live.core.id,)).fetchone()[0]
    live.core = replace(live.core, seq=max(live.core.seq, logged or 0))
    conn.execute(
        "UPDATE hands SET status='void', ended_at=? WHERE table_id=? AND status='playing'", (now, live.core.id)
    )
    log(conn, live, "system", "void", now)
    flow.close(conn, live, now, code="refund", status="void")
    live.set_state(None)
    save(conn, live, expected, now, ended=True)


def void_raw(conn: Conn, row: Row, now: str) -> None:
    """Last resort when even the table row can't be read into a table: refund every escrow."""
    table_id, scope = row["id"], row["ledger_guild"]  # the ledger scope of its chips (NULL: its server's)
    guild_id = row["guild_id"] if scope is None else scope
    for (user_id,) in conn.execute(
        "SELECT user_id FROM accounts WHERE kind='escrow' AND table_id=?", (table_id,)
    ).fetchall():
        ledger.cash_out(conn, guild_id, table_id, user_id, f"void:{table_id}:{user_id}", at=now, code="refund")
    conn.execute("UPDATE tables SET status='void', deadline=NULL, ended_at=?, updated_at=? WHERE id=?",
                 (now, now, table_id))


__all__ = ["hand_record", "restore_state", "void", "void_raw"]
