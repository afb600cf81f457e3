"""The in-memory copy of an open table, and its encoding to and from SQLite rows.

A ``Live`` object is only ever changed on a private copy inside a committed transaction function;
the service swaps the copy in after COMMIT, so the cache never shows a change the database doesn't have.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import games
from data.store import Conn, Row
from games import Event, Game, Outcome

from .errors import StalePrompt
from .models import SeatInfo, TableCore, TableSnapshot
from .results import HandResult

RECENT = 8


def iso(dt: datetime | None) -> str | None:
    """UTC ISO-8601 with a fixed width, so text comparison in SQL orders deadlines correctly."""
    if dt is None:
        return None
    return dt.astimezone(UTC).isoformat(timespec="microseconds")


def parse_iso(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def hand_seed(table_seed: int, hand_no: int) -> int:
    """Each hand's seed, derived from the table's (stored in ``hands`` too, for replay)."""
    digest = hashlib.blake2b(f"{table_seed}:{hand_no}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


@dataclass
class Player:
    user_id: int
    pos: int
    seat: int | None = None
    timeouts: int = 0
    leaving: bool = False
    name: str | None = None
    #: A computer player's strength (None: a person).
    computer: str | None = None
    #: A person whose turns the computer plays (after repeated timeouts) until they're back.
    away: bool = False

    @property
    def by_computer(self) -> bool:
        """Whether the computer makes this seat's moves (a computer player, or a person away)."""
        return self.computer is not None or self.away


@dataclass(frozen=True, slots=True)
class Pause:
    """The beat after a hand (``kind`` "hand") or a deal ("deal"): the deadline is its end."""

    kind: str
    ready: tuple[int, ...] = ()

    def to_json(self) -> str:
        return dumps({"kind": self.kind, "ready": list(self.ready)})

    @staticmethod
    def from_json(text: str | None) -> Pause | None:
        if not text:
            return None
        doc = json.loads(text)
        return Pause(doc["kind"], tuple(doc.get("ready", ())))


@dataclass
class Live:
    """One open table as the service works with it: the committed facts (``core``,
    immutable) and the working fields that never leave the service.

    ``outcome`` is ``game.outcome(core.state)``, computed once when the state is
    set (``set_state``) and read by everyone after: the action's own checks, the
    turn deadline and the snapshot.
    """

    core: TableCore
    seed: int
    #: The generator version this table deals with (``tables.rng_algo``), fixed for its life.
    rng_algo: int = 1
    players: list[Player] = field(default_factory=list)
    #: Current hand: dealer seat, carry handed in, escrow per seat at the deal, seq of its 'deal' row.
    dealer: int = 0
    carry: dict[str, Any] | None = None
    stacks: tuple[int, ...] = ()
    hand_start_seq: int = 0
    #: The hand's global row id: grows with time, so it prefixes the settlement's ledger keys.
    hand_rowid: int = 0
    #: seat -> seq of that seat's last action in this hand (stale-prompt detection).
    acted: dict[int, int] = field(default_factory=dict)
    pause: Pause | None = None
    outcome: Outcome | None = None
    roster_dirty: bool = False
    #: People who left because they ran out of chips: their clicks get the way back, not "You're not
    #: seated" (read back from the table's log after a restart: ``busted.remember_busted``).
    busted: frozenset[int] = frozenset()
    #: Options, preset, buy-in or message id changed: rewrite those columns too.
    settings_dirty: bool = False
    _snap: TableSnapshot | None = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> Game:
        return games.get_game(self.core.game_id)

    def set_state(self, state: Any, *, now: str | None = None, recent: Sequence[str] = ()) -> None:
        """The hand's new state and its outcome: the one ``game.outcome`` call for this state.

        With ``now`` the turn deadline is set from it (``turn_deadline``) and ``recent``
        lines are added, all in one copy of the core: this runs on every action.
        """
        self.outcome = None if state is None else self.game.outcome(state)
        core = self.core
        self.core = replace(
            core,
            state=state,
            recent=(*core.recent, *recent)[-RECENT:] if recent else core.recent,
            deadline=core.deadline if now is None else self._deadline(state, now),
        )

    def turn_deadline(self, now: str) -> datetime | None:
        """When the players to act time out: none once the hand is over (``outcome``, already known)."""
        return self._deadline(self.core.state, now)

    def _deadline(self, state: Any, now: str) -> datetime | None:
        if state is None or self.outcome is not None:
            return None
        return datetime.fromisoformat(now) + timedelta(seconds=self.core.turn_seconds)

    def clone(self) -> Live:
        """A private copy for one transaction (hand-written: ``copy.copy`` was a hot spot); the core is
        immutable, so it is shared until the copy replaces it."""
        other = object.__new__(Live)
        other.__dict__.update(self.__dict__)
        other.players = [
            Player(p.user_id, p.pos, p.seat, p.timeouts, p.leaving, p.name, p.computer, p.away) for p in self.players
        ]
        other.acted = dict(self.acted)
        other._snap = None
        return other

    def player(self, user_id: int) -> Player | None:
        for p in self.players:
            if p.user_id == user_id:
                return p
        return None

    def seated(self) -> list[Player]:
        return sorted((p for p in self.players if p.seat is not None), key=lambda p: p.seat or 0)

    def user_at(self, seat: int) -> int:
        for p in self.players:
            if p.seat == seat:
                return p.user_id
        raise KeyError(seat)

    def add_recent(self, *texts: str) -> None:
        if texts:
            self.core = replace(self.core, recent=(*self.core.recent, *texts)[-RECENT:])

    def snapshot(self) -> TableSnapshot:
        """Built once per committed version (a Live is never changed after it is cached,
        except ``message_id``, which clears this)."""
        if self._snap is None:
            self._snap = self._build_snapshot()
        return self._snap

    def _build_snapshot(self) -> TableSnapshot:
        core = self.core
        to_act: tuple[int, ...] = ()
        if core.status == "playing" and self.pause is None and core.state is not None and self.outcome is None:
            to_act = tuple(self.user_at(s) for s in sorted(self.game.to_act(core.state)))
        stacks = self.stacks
        result = core.result
        if self.pause is not None and result is not None and result.kind == "hand":
            # Settled already: the seats hold what the ledger now says, not what they were dealt with.
            stacks = tuple(line.chips for line in result.lines if line.chips is not None) or stacks
        return TableSnapshot.of(
            core,
            lobby=tuple(p.user_id for p in sorted(self.players, key=lambda p: p.pos)),
            seats=tuple(
                SeatInfo(p.seat or 0, p.user_id, p.timeouts, p.leaving, p.name, p.computer, p.away) for p in self.seated()
            ),
            computers=tuple((p.user_id, p.computer) for p in self.players if p.computer is not None),
            to_act_users=to_act,
            stacks=stacks,
            paused=self.pause is not None,
            ready=() if self.pause is None else self.pause.ready,
            busted=tuple(sorted(self.busted)),
        )


class Change:
    """What a transaction function hands back besides the new table."""

    def __init__(self) -> None:
        self.events: tuple[Event, ...] = ()
        self.hand_finished = False
        self.refused: list[tuple[int, str]] = []
        self.reason = "action"
        #: The seat of a player's own action (None for timeouts, where several seats may run out).
        self.seat: int | None = None


# ------------------------------------------------------------------ writing
def log(conn: Conn, live: Live, kind: str, payload: str, at: str, *,
        seat: int | None = None, user_id: int | None = None) -> int:
    """Appends one row to the table's log; the row's number is the new ``seq``."""
    core = live.core = replace(live.core, seq=live.core.seq + 1)
    conn.execute(
        "INSERT INTO table_log (table_id, seq, hand_no, seat, user_id, kind, payload, at) VALUES (?,?,?,?,?,?,?,?)",
        (core.id, core.seq, core.hand_no, seat, user_id, kind, payload, at),
    )
    return core.seq


def save(conn: Conn, live: Live, expected_seq: int, at: str, *, ended: bool = False) -> None:
    """Writes the table row with a compare-and-swap on ``seq`` (and the roster if it changed)."""
    core = live.core
    cur = conn.execute(
        """UPDATE tables SET host_id=?, status=?, hand_no=?, seq=?, state_json=?, deadline=?, recent_json=?,
           outcome_summary=?, result_json=?, pause_json=?, closing_by=?, hints=?, updated_at=?,
           ended_at=COALESCE(ended_at, ?) WHERE id=? AND seq=?""",
        (
            core.host_id, core.status, core.hand_no, core.seq,
            None if core.state is None else live.game.dump(core.state), iso(core.deadline),
            dumps(list(core.recent)), core.outcome_summary,
            None if core.result is None else core.result.to_json(),
            None if live.pause is None else live.pause.to_json(), core.closing_by, core.hints,
            at, at if ended else None, core.id, expected_seq,
        ),
    )
    if cur.rowcount != 1:
        raise StalePrompt()
    if live.settings_dirty:
        conn.execute(
            "UPDATE tables SET options_json=?, preset=?, buy_in=?, buy_in_auto=? WHERE id=?",
            (dumps(core.options.model_dump(mode="json")), core.preset, core.buy_in, int(core.buy_in_auto), core.id),
        )
        live.settings_dirty = False
    if live.roster_dirty:
        conn.execute("DELETE FROM table_players WHERE table_id=?", (core.id,))
        conn.executemany(
            "INSERT INTO table_players (table_id, user_id, pos, seat, timeouts, leaving, name, computer, away)"
            " VALUES (?,?,?,?,?,?,?,?,?)",
            [
                (core.id, p.user_id, p.pos, p.seat, p.timeouts, int(p.leaving), p.name, p.computer, int(p.away))
                for p in live.players
            ],
        )
        live.roster_dirty = False


def save_player(conn: Conn, live: Live, player: Player) -> None:
    conn.execute(
        "UPDATE table_players SET seat=?, timeouts=?, leaving=?, away=? WHERE table_id=? AND user_id=?",
        (player.seat, player.timeouts, int(player.leaving), int(player.away), live.core.id, player.user_id),
    )


# ------------------------------------------------------------------ reading
_PLAYERS = "SELECT table_id, user_id, pos, seat, timeouts, leaving, name, computer, away FROM table_players"
_HAND = "SELECT table_id, rowid, dealer, carry_json, stacks_json, start_seq FROM hands"


def core_from_row(row: Row, pot: int) -> TableCore:
    """The table row's facts, without the engine state (``restore_state`` does that, with its fallbacks)."""
    game = games.get_game(row["game_id"])
    return TableCore(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        game_id=row["game_id"],
        options=game.options_from(json.loads(row["options_json"])),
        preset=row["preset"],
        status=row["status"],
        buy_in=row["buy_in"],
        buy_in_auto=bool(row["buy_in_auto"]),
        turn_seconds=row["turn_seconds"],
        hand_no=row["hand_no"],
        seq=row["seq"],
        deadline=parse_iso(row["deadline"]),
        recent=tuple(json.loads(row["recent_json"])),
        outcome_summary=row["outcome_summary"],
        pot=pot,
        result=HandResult.from_json(row["result_json"]),
        locale=row["locale"],
        closing_by=row["closing_by"],
        hints=row["hints"],
        # NULL (a row from before migration 14) and the server's own id both mean the server's chips.
        ledger_scope=None if row["ledger_guild"] in (None, row["guild_id"]) else row["ledger_guild"],
    )


def live_from_parts(row: Row, pot: int, players: list[Row], hand: Row | None, acted: list[Row]) -> Live:
    """Everything but the engine state, from the table's row and its rows elsewhere (read one table at
    a time by ``live_from_row``, or a thousand at once by ``lives_from_rows`` after a restart)."""
    live = Live(core_from_row(row, pot), seed=row["seed"], rng_algo=row["rng_algo"], pause=Pause.from_json(row["pause_json"]))
    live.players = [
        Player(r["user_id"], r["pos"], r["seat"], r["timeouts"], bool(r["leaving"]), r["name"], r["computer"], bool(r["away"]))
        for r in players
    ]
    if hand is not None:
        live.hand_rowid = hand["rowid"]
        live.dealer = hand["dealer"]
        live.carry = None if hand["carry_json"] is None else json.loads(hand["carry_json"])
        live.stacks = tuple(json.loads(hand["stacks_json"] or "[]"))
        live.hand_start_seq = hand["start_seq"]
        live.acted = {int(r[1]): int(r[2]) for r in acted}
    return live


def hand_actions(conn: Conn, table_id: int, start_seq: int) -> list[tuple[int, str]]:
    return [
        (int(r[0]), str(r[1]))
        for r in conn.execute(
            "SELECT seat, payload FROM table_log WHERE table_id=? AND seq>? AND kind IN ('action','timeout')"
            " ORDER BY seq",
            (table_id, start_seq),
        )
    ]
