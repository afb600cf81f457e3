"""Knock-outs at a tournament's tables: who busted, their finishing place, the stakes of the level.

Runs inside the table's transaction (``handflow``), like the settlement it follows, so the hand
that empties a player's stack and the place it gives them commit together: a kill between the two
can't lose a knock-out or record one for a hand that never happened.

A tournament table is one whose ledger scope is a tournament's (``TableCore.scoped``; the
tournament's id is ``-ledger_scope``). Only entrants (people) take places: computers that fill
seats play for the table's chips but are never entrants, so they leave the event when they bust.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta

from pydantic import BaseModel

from data.store import Conn
from games.core.i18n import _

from . import round_tables
from .events import formats, levels
from .models import TableCore


def tournament_of(core: TableCore) -> int | None:
    """The tournament a table belongs to (None: an ordinary table)."""
    return None if core.ledger_scope is None else -core.ledger_scope


def record(conn: Conn, core: TableCore, users: Sequence[int], before: Sequence[int], after: Sequence[int], now: str) -> list[int]:
    """Gives each entrant left with no chips after this hand their place: entrants still in + 1.

    Several out in one hand: the one who started it with more chips finishes better. Returns those
    knocked out (best place first). An entrant already out is left alone (a retry changes nothing).
    """
    tid = tournament_of(core)
    if tid is None or round_tables.is_rounds_table(conn, core):  # rounds: placings, not knock-outs
        return []
    out_now = {u: before[i] if i < len(before) else 0 for i, u in enumerate(users) if after[i] == 0}
    if not out_now:
        return []
    rows = conn.execute(
        "SELECT user_id FROM tournament_entries WHERE tournament_id=? AND knocked_out_at IS NULL", (tid,)
    ).fetchall()
    still_in = {int(r[0]) for r in rows}
    busted = sorted((u for u in out_now if u in still_in), key=lambda u: (-out_now[u], u))
    first = len(still_in) - len(busted) + 1
    for place, user in enumerate(busted, start=first):
        conn.execute(
            "UPDATE tournament_entries SET finished_place=?, knocked_out_at=? WHERE tournament_id=? AND user_id=?"
            " AND knocked_out_at IS NULL",
            (place, now, tid, user),
        )
    return busted


def stakes_text(options: BaseModel) -> str:
    """"ante 3, bring-in 6, bets 12/24": the stakes a level plays for (the fields the game has)."""
    got = options.model_dump()
    parts = []
    if "ante" in got:
        parts.append(_("ante {n}").format(n=got["ante"]))
    if "bring_in" in got:
        parts.append(_("bring-in {n}").format(n=got["bring_in"]))
    if "small_bet" in got and "big_bet" in got:
        parts.append(_("bets {small}/{big}").format(small=got["small_bet"], big=got["big_bet"]))
    return _(", ").join(parts)


def level_options(conn: Conn, core: TableCore, now: str) -> tuple[BaseModel, str] | None:
    """The stakes a tournament table deals its next hand at (its options raised to the level the
    event's clock shows now) and the line that tells the table; None at an ordinary table."""
    tid = tournament_of(core)
    if tid is None:
        return None
    row = conn.execute(
        "SELECT game_id, options_json, level_minutes, started_at FROM tournaments WHERE id=?", (tid,)
    ).fetchone()
    if row is None or row["started_at"] is None or row["game_id"] not in formats.STAKES:
        return None
    started = datetime.fromisoformat(row["started_at"])
    level = levels.level_at((datetime.fromisoformat(now) - started).total_seconds(), row["level_minutes"] * 60)
    options = levels.raised(core.game.options_from(json.loads(row["options_json"])), formats.STAKES[row["game_id"]], level.multiplier)
    stakes = stakes_text(options)
    if level.ends is None:
        line = _("Level {n} · {stakes} · the last level.").format(n=level.number, stakes=stakes)
    else:
        at = int((started + timedelta(seconds=level.ends)).timestamp())
        line = _("Level {n} · {stakes} · next level <t:{at}:R>.").format(n=level.number, stakes=stakes, at=at)
    return options, line


__all__ = ["level_options", "record", "stakes_text", "tournament_of"]
