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
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pydantic import BaseModel

from data.store import Conn, Row
from games.core.i18n import N_, _

from . import round_tables
from .events import formats, levels
from .models import TableCore

if TYPE_CHECKING:
    from .live import Live


#: What a knockout's table says as it closes once the event is decided (one entrant left).
OVER = N_("The tournament is over: this table closes.")


def tournament_of(core: TableCore) -> int | None:
    """The tournament a table belongs to (None: an ordinary table)."""
    return None if core.ledger_scope is None else -core.ledger_scope


@dataclass(frozen=True)
class KnockOuts:
    """What a hand did to a knockout: who it knocked out (best place first) and how many entrants
    are still in after it (None: not a knockout's table)."""

    busted: tuple[int, ...] = ()
    still_in: int | None = None


def record(conn: Conn, core: TableCore, users: Sequence[int], before: Sequence[int], after: Sequence[int], now: str) -> KnockOuts:
    """Gives each entrant left with no chips after this hand their place: entrants still in + 1.

    Several out in one hand: the one who started it with more chips finishes better. An entrant
    already out is left alone (a retry changes nothing). The count of those still in is read every
    hand, busts or not: the winner's table learns the event is decided at its own next hand.
    """
    tid = tournament_of(core)
    if tid is None or round_tables.is_rounds_table(conn, core):  # rounds: placings, not knock-outs
        return KnockOuts()
    rows = conn.execute(
        "SELECT user_id FROM tournament_entries WHERE tournament_id=? AND knocked_out_at IS NULL", (tid,)
    ).fetchall()
    still_in = {int(r[0]) for r in rows}
    out_now = {u: before[i] if i < len(before) else 0 for i, u in enumerate(users) if after[i] == 0}
    busted = sorted((u for u in out_now if u in still_in), key=lambda u: (-out_now[u], u))
    first = len(still_in) - len(busted) + 1
    for place, user in enumerate(busted, start=first):
        conn.execute(
            "UPDATE tournament_entries SET finished_place=?, knocked_out_at=? WHERE tournament_id=? AND user_id=?"
            " AND knocked_out_at IS NULL",
            (place, now, tid, user),
        )
    return KnockOuts(tuple(busted), len(still_in) - len(busted))


def over_line(knocked: KnockOuts) -> str | None:
    """The closing line of a knockout's table once one entrant (or none) is still in; None while
    the event goes on. The table stops there, in the transaction of the hand that decided it: the
    winner can't play on (and lose their chips to the computers) until the keeper's next step."""
    return None if knocked.still_in is None or knocked.still_in > 1 else _(OVER)


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


#: A level as a table shows it: (number, when the next one starts as a Unix time, None at the last).
Level = tuple[int, int | None]


def _level_at(row: Row, core: TableCore, at: str) -> tuple[BaseModel, Level] | None:
    """The stakes and level of tournament ``row``'s clock at ``at`` (None: no level clock)."""
    if row["started_at"] is None or row["game_id"] not in formats.STAKES:
        return None
    started = datetime.fromisoformat(row["started_at"])
    level = levels.level_at((datetime.fromisoformat(at) - started).total_seconds(), row["level_minutes"] * 60)
    options = levels.raised(core.game.options_from(json.loads(row["options_json"])), formats.STAKES[row["game_id"]], level.multiplier)
    ends = None if level.ends is None else int((started + timedelta(seconds=level.ends)).timestamp())
    return options, (level.number, ends)


_EVENT = "SELECT id, game_id, options_json, level_minutes, started_at FROM tournaments"


def level_options(conn: Conn, core: TableCore, now: str) -> tuple[BaseModel, Level] | None:
    """The stakes a tournament table deals its next hand at (its options raised to the level the
    event's clock shows now) and that level; None at an ordinary table."""
    tid = tournament_of(core)
    if tid is None:
        return None
    row = conn.execute(f"{_EVENT} WHERE id=?", (tid,)).fetchone()
    return None if row is None else _level_at(row, core, now)


def level_text(level: Level, options: BaseModel) -> str:
    """"Level 3 · ante 3, bring-in 6 · next level <t:…:R>.": the table's recent line at a new level,
    and the head of its message while the hand plays (in the reader's language)."""
    number, ends = level
    stakes = stakes_text(options)
    if ends is None:
        return _("Level {n} · {stakes} · the last level.").format(n=number, stakes=stakes)
    return _("Level {n} · {stakes} · next level <t:{at}:R>.").format(n=number, stakes=stakes, at=ends)


def remember_levels(conn: Conn, lives: Sequence[Live]) -> None:
    """After a restart: each tournament table's level as of its current hand's deal (few tables
    are a tournament's; one query for their events and one for their hands)."""
    scoped = [live for live in lives if live.core.ledger_scope is not None and live.core.hand_no > 0]
    if not scoped:
        return
    events = {-live.core.ledger_scope for live in scoped if live.core.ledger_scope is not None}
    rows = {int(r["id"]): r for r in conn.execute(f"{_EVENT} WHERE id IN ({','.join('?' * len(events))})", list(events))}
    marks = ",".join("?" * len(scoped))
    dealt = dict(conn.execute(
        f"SELECT h.table_id, h.started_at FROM hands h JOIN tables t ON t.id = h.table_id AND h.hand_no = t.hand_no"
        f" WHERE h.table_id IN ({marks})",
        [live.core.id for live in scoped],
    ).fetchall())
    for live in scoped:
        row = rows.get(-(live.core.ledger_scope or 0))
        at = dealt.get(live.core.id)
        found = None if row is None or at is None else _level_at(row, live.core, str(at))
        if found is not None:
            live.core = replace(live.core, level=found[1])


__all__ = ["OVER", "KnockOuts", "Level", "level_options", "level_text", "over_line", "record", "remember_levels", "stakes_text", "tournament_of"]
