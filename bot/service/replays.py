"""Finished hands again: hand histories (JSON Lines for every game, PHH for poker) and replays.

Nothing new is stored for them: a hand is its ``hands`` row (seed, dealer,
options, carry, stacks, users), its actions in ``table_log`` and its results,
and the engine deals and plays it again (``handlog``). Only the players of a
hand and those who were watching the table from that hand on
(``table_watchers.first_hand <= hand_no``) may have it: anyone else is refused,
so a replay can never show a stranger the cards. Even they get each seat's cards
only as far as the table showed them, their own in full, and no seed
(``handsight``), unless they are a server admin or the table has ended: then
the hand comes whole, seed included (the seed deals every card again anyway).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import games
from data.store import Conn, Row
from games.core.i18n import N_
from games.core.replay import HandRecord

from .callers import INTERNAL, Caller, checks, in_range, same_guild
from .computers import is_computer, mention
from .errors import NoTable, NotAllowed, NotSeated
from .handlog import FinishedHand, Frame, Step, frame, history_text, plain_name, to_jsonl
from .table_base import TableBase

#: A player's display name where the caller knows it (the server's member list), else None.
NameOf = Callable[[int], str | None]

#: How many hands ``/history`` gives by default (a message carries at most 10 files).
RECENT = 5


class ReplayOps(TableBase):
    """``history`` (files) and ``replay`` (frames) of the finished hands a user may see."""

    async def history(
        self, table_id: int, user_id: int, hand_no: int | None = None, *, limit: int = RECENT,
        names: NameOf | None = None, admin: bool = False, guild_id: Caller = INTERNAL,
    ) -> list[tuple[str, str]]:
        """(filename, text): each chosen hand as ``.jsonl``, and as the game's own history (PHH) if it has one.

        ``hand_no`` None: the last ``limit`` finished hands this user played or watched. ``admin``:
        the user manages the server, so gets the hands in full. Another server's table is refused
        exactly as a table that doesn't exist ("There's no table #…").
        """
        chosen = await self.db.read_sync(_chosen, table_id, user_id, hand_no, limit, admin, guild_id)
        hands = [(_renamed(h, names), t) for h, t in chosen]
        # Playing hands again (a whole Samba game, each move's cards checked) takes a moment: not on
        # the event loop. ``to_thread`` carries the language spoken now along.
        return await asyncio.to_thread(_files, hands)

    async def finished_hand(
        self, table_id: int, user_id: int, hand_no: int | None = None, *, names: NameOf | None = None,
        admin: bool = False, guild_id: Caller = INTERNAL,
    ) -> FinishedHand:
        """One finished hand this user may see (None: the last of them). Refuses strangers."""
        hands = await self.db.read_sync(_chosen, table_id, user_id, hand_no, 1, admin, guild_id)
        if not hands:
            raise NotAllowed(N_("No finished hands yet."))
        return _renamed(hands[-1][0], names)

    async def replay(
        self, table_id: int, hand_no: int, user_id: int, step: int, *, names: NameOf | None = None,
        admin: bool = False, guild_id: Caller = INTERNAL,
    ) -> tuple[FinishedHand, Frame]:
        """The hand and its frame at ``step`` (clamped), for someone who played or watched it."""
        hand = await self.finished_hand(table_id, user_id, hand_no, names=names, admin=admin, guild_id=guild_id)
        if not hand.same_rules:
            raise NotAllowed(N_("This hand was played under older rules, so it can't be replayed. Its file still can be downloaded."))
        return hand, frame(hand, step)

    async def table_is_open(self, table_id: int, *, guild_id: Caller = INTERNAL) -> bool:
        """Whether the table still plays (its hands are then given out only as the table showed them);
        another server's table reads as a missing one (not open)."""
        if not in_range(table_id):
            return False
        row = await self.db.fetchone("SELECT status, guild_id FROM tables WHERE id=?", (table_id,))
        return row is not None and same_guild(row["guild_id"], guild_id) and row["status"] in ("lobby", "playing")

    async def latest_table(self, channel_id: int, *, guild_id: Caller = INTERNAL) -> int | None:
        """The channel's most recent table of the caller's server, open or not (where ``/history`` looks by default)."""
        if not checks(guild_id):
            value = await self.db.scalar("SELECT MAX(id) FROM tables WHERE channel_id=?", (channel_id,))
        elif guild_id is None:
            return None
        else:
            value = await self.db.scalar(
                "SELECT MAX(id) FROM tables WHERE channel_id=? AND guild_id=?", (channel_id, guild_id)
            )
        return None if value is None else int(value)


def _files(hands: list[tuple[FinishedHand, dict[str, Any]]]) -> list[tuple[str, str]]:
    """Each hand's ``.jsonl`` file, and its PHH file if the game writes one, as the reader may have them."""
    out = []
    for hand, table in hands:
        base = f"{hand.record.game}-table{hand.table_id}-hand{hand.hand_no}"
        out.append((f"{base}.jsonl", to_jsonl(hand, table=table)))
        text = history_text(hand)
        if text:
            out.append((f"{base}{hand.game.history_suffix}", text))
    return out


# ------------------------------------------------------------------ reading (database thread)
def _renamed(hand: FinishedHand, names: NameOf | None) -> FinishedHand:
    """The players' names as the caller knows them now (on the event loop, not the database thread)."""
    if names is None:
        return hand
    known = tuple(None if is_computer(u) else names(u) for u in hand.users)
    return replace(hand, names=tuple(k or old for k, old in zip(known, hand.names, strict=True)))


def _chosen(
    conn: Conn, table_id: int, user_id: int, hand_no: int | None, limit: int, admin: bool, guild_id: Caller
) -> list[tuple[FinishedHand, dict[str, Any]]]:
    """The hands asked for, of a table of the caller's server, that the user played or watched.

    Ids beyond 64 bits are refused before any query (no driver overflow); another
    server's table reads exactly as a missing one."""
    table = conn.execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone() if in_range(table_id) else None
    if table is None or not same_guild(table["guild_id"], guild_id):
        raise NoTable(N_("There's no table #{id}."), id=table_id)
    if hand_no is not None and not in_range(hand_no):
        raise NotAllowed(N_("Hand {n} of table #{id} isn't a finished hand."), n=hand_no, id=table_id)
    if hand_no is not None:
        row = conn.execute("SELECT * FROM hands WHERE table_id=? AND hand_no=?", (table_id, hand_no)).fetchone()
        if row is None or row["status"] != "done":
            raise NotAllowed(N_("Hand {n} of table #{id} isn't a finished hand."), n=hand_no, id=table_id)
        if not _may_see(conn, table_id, row, user_id):
            raise NotSeated(N_("You didn't play or watch hand {n} of table #{id}, so you can't see it."), n=hand_no, id=table_id)
        rows = [row]
    else:
        done = conn.execute(
            "SELECT * FROM hands WHERE table_id=? AND status='done' ORDER BY hand_no DESC", (table_id,)
        ).fetchall()
        rows = [r for r in done if _may_see(conn, table_id, r, user_id)][: max(0, limit)]
        if done and not rows:
            raise NotSeated(N_("You didn't play or watch those hands, so you can't see them."))
        rows.reverse()
    facts = {"game_title": games.get_game(table["game_id"]).title, "guild_id": table["guild_id"]}
    full = admin or table["status"] not in ("lobby", "playing")  # an ended table's hands are whole
    return [(_hand(conn, table, r, user_id, full), facts) for r in rows]


def _may_see(conn: Conn, table_id: int, hand: Row, user_id: int) -> bool:
    if user_id in json.loads(hand["users_json"]):
        return True
    watched = conn.execute(
        "SELECT 1 FROM table_watchers WHERE table_id=? AND user_id=? AND first_hand<=?",
        (table_id, user_id, hand["hand_no"]),
    ).fetchone()
    return watched is not None


def _hand(conn: Conn, table: Row, row: Row, reader: int, full: bool) -> FinishedHand:
    table_id, hand_no = table["id"], row["hand_no"]
    users = tuple(int(u) for u in json.loads(row["users_json"]))
    stored = dict(conn.execute("SELECT user_id, name FROM table_players WHERE table_id=?", (table_id,)).fetchall())
    steps = tuple(
        Step(int(r["seat"]), r["user_id"], str(r["payload"]), str(r["kind"]), str(r["at"]))
        for r in conn.execute(
            "SELECT seat, user_id, payload, kind, at FROM table_log WHERE table_id=? AND hand_no=? AND seq>?"
            " AND kind IN ('action','timeout') ORDER BY seq",
            (table_id, hand_no, row["start_seq"]),
        )
    )
    stacks = tuple(json.loads(row["stacks_json"] or "[]"))
    record = HandRecord(
        game=table["game_id"], options=json.loads(row["options_json"]), seats=len(users), seed=row["seed"],
        dealer=row["dealer"], carry=None if row["carry_json"] is None else json.loads(row["carry_json"]),
        stacks=stacks or None, rng_algo=table["rng_algo"], actions=tuple((s.seat, s.action) for s in steps),
    )
    outcome = json.loads(row["outcome_json"] or "{}")
    scores = dict(conn.execute(
        "SELECT user_id, score FROM results WHERE table_id=? AND hand_no=?", (table_id, hand_no)
    ).fetchall())
    outcome["scores"] = [scores.get(u) for u in users]
    return FinishedHand(
        table_id=table_id, hand_no=hand_no, rules_version=table["rules_version"], users=users,
        names=tuple(plain_name(u, stored.get(u), mention) for u in users),
        record=record, steps=steps, outcome=outcome, started_at=row["started_at"], ended_at=row["ended_at"],
        history_text=row["history_text"], viewer=users.index(reader) if reader in users else None, full=full,
    )


__all__ = ["RECENT", "NameOf", "ReplayOps"]
