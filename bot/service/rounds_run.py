"""Running a rounds tournament: each round's tables, the standings they carry, the payouts.

The score games (Reversis, Rage, Samba, Fairmarket…) play an event in rounds: every round seats
the entrants at ordinary tables of the game's size, each table plays the event's
``deals_per_round`` deals and ends by itself (``round_tables``, in the transaction that scores the
last deal), and each player's placing at their table carries to the standings
(``events.standings``: k−1 points for the best of k down to 0, ties sharing; the game's points
over the table's average break ties). Round one is the event's seeded draw; each later round is
paired from the standings (``events.pairing.next_round``: leaders meet leaders, repeat meetings
avoided where the field allows) once every table of the round before is done. After the last
round the standings are the final places and ``pay_out`` pays the pool by the payout table.

A field that doesn't split into whole tables (10 people at Reversis's four seats) gets computer
players in the gap when the event allows them (``computers_fill``), one a table from the last
table up; otherwise the event can't start (called off at its start time, every buy-in back).
Computers play for placings at their table but are not entrants: no standing, no prize.

Every step reads what exists from the rows and does what is missing, each change one
transaction, so a restart anywhere finishes it and nothing happens twice:

- a round's draw is a pure function of the seed and the results of the rounds before it;
- a table of the draw is found again by its ``tournament_tables`` row (written right after it
  opens, before it starts) or, after a kill between the two, as the open table its host sits at;
- the next round is seated only when every table of this one has closed; ``pay_out`` is keyed
  per place and a finished event pays nothing again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from data import ledger
from data.store import Conn
from games.core.i18n import N_
from games.core.rng import RNG_ALGO, Rng

from .errors import NotAllowed
from .events import pairing
from .events.standings import Line, TableResult, standings
from .tournament_rows import Tournament
from .tournament_run import KnockoutRunner

#: Why a rounds event whose field doesn't make whole tables can't start.
NO_SPLIT = N_(
    "{count} players don't make whole tables of {game} and this tournament doesn't let computers fill seats."
)
#: Table statuses that mean the table still plays its round.
_OPEN = ("lobby", "playing")


@dataclass(frozen=True, slots=True)
class Played:
    """A rounds event as its rows say: per round, table number → (table id, status), and each
    finished table's scores (user → the game's score or net chips, higher is better)."""

    tables: Mapping[int, Mapping[int, tuple[int, str]]]
    scores: Mapping[int, Mapping[int, float]]

    @property
    def round(self) -> int:
        """The latest round with a table (0: none seated yet)."""
        return max(self.tables, default=0)

    def done(self, number: int) -> bool:
        return all(status not in _OPEN for _table, status in self.tables.get(number, {}).values())

    def results(self, before: int | None = None) -> list[TableResult]:
        """Each closed table's result (of the rounds before ``before``, or all)."""
        out = []
        for number, tables in sorted(self.tables.items()):
            if before is not None and number >= before:
                continue
            for k, (table_id, status) in sorted(tables.items()):
                got = self.scores.get(table_id)
                if status not in _OPEN and got:
                    out.append(TableResult(number, k, got))
        return out


@dataclass(frozen=True, slots=True)
class Board:
    """What the standings message shows: the round (0 before the first), the tables of that round
    done so far, and the entrants' lines best first."""

    round: int
    rounds: int
    tables_done: int
    tables: int
    lines: tuple[Line, ...]


def read_played(conn: Conn, tournament_id: int, chips: bool) -> Played:
    """The event's tables by round and their scores: net chips at a chip game's table, else the
    game's score (a sheet's total), else the placings (fewer is better, so negated)."""
    rows = conn.execute(
        "SELECT tt.round, tt.table_no, tt.table_id, x.status FROM tournament_tables tt JOIN tables x ON x.id = tt.table_id"
        " WHERE tt.tournament_id=? ORDER BY tt.round, tt.table_no",
        (tournament_id,),
    ).fetchall()
    tables: dict[int, dict[int, tuple[int, str]]] = {}
    for r in rows:
        tables.setdefault(int(r[0]), {})[int(r[1])] = (int(r[2]), str(r[3]))
    scores: dict[int, dict[int, float]] = {}
    for r in conn.execute(
        'SELECT tt.table_id, s.user_id, SUM(s.payoff), SUM(s.score), SUM(s."placing") FROM tournament_tables tt'
        " JOIN results s ON s.table_id = tt.table_id WHERE tt.tournament_id=? GROUP BY tt.table_id, s.user_id",
        (tournament_id,),
    ):
        value = r[2] if chips else r[3] if r[3] is not None else -r[4]
        scores.setdefault(int(r[0]), {})[int(r[1])] = float(value or 0)
    return Played(tables, scores)


def split(t: Tournament, people: int) -> tuple[list[int], list[int]] | None:
    """Per table of a round: its seats and its computers (one a table from the last table up), or
    None when the field doesn't make whole tables and computers may not fill."""
    low, high = t.game.seat_limits(t.options)
    high = max(low, min(high, t.table_size))
    fill = pairing.seats_to_fill(people, low, high)
    if fill and not t.computers_fill:
        return None
    sizes = pairing.table_sizes(people + fill, low, high)
    if sizes is None:
        return None
    count = len(sizes)
    computers = [fill // count + (1 if count - 1 - k < fill % count else 0) for k in range(count)]
    return list(sizes), computers


def draw(t: Tournament, played: Played, number: int) -> list[tuple[tuple[int, ...], int]]:
    """Round ``number``'s tables: per table its people (the first hosts) and how many computers
    fill it. Round one: the seeded draw; later rounds: paired from the standings before it."""
    people = [e.user_id for e in sorted(t.entries, key=lambda e: (e.seat_order is None, e.seat_order or 0, e.joined_at))]
    plan = split(t, len(people))
    if plan is None:
        raise NotAllowed(NO_SPLIT, count=len(people), game=t.game.shown_title)
    sizes, computers = plan
    seats = [s - c for s, c in zip(sizes, computers, strict=True)]
    if number == 1:
        tables = pairing.first_round(people, seats, Rng(t.seed, algo=RNG_ALGO).derive("rounds"))
    else:
        results = played.results(before=number)
        ranked = [ln.player for ln in standings(people, results) if ln.player in set(people)]
        tables = pairing.next_round(ranked, seats, pairing.meetings([_entrants(r.scores) for r in results]))
    return [(table, c) for table, c in zip(tables, computers, strict=True)]


def _entrants(scores: Mapping[int, float]) -> list[list[int]]:
    return [[u for u in scores if u > 0]]


def board_of(t: Tournament, played: Played) -> Board:
    """The standings message's content, from the rows."""
    people = set(t.entrants)
    lines = tuple(ln for ln in standings(t.entrants, played.results()) if ln.player in people)
    now = played.round
    tables = played.tables.get(now, {})
    done = sum(1 for _id, status in tables.values() if status not in _OPEN)
    return Board(now, t.rounds or 1, done, len(tables), lines)


def restack(conn: Conn, t: Tournament, people: list[int], number: int, at: str) -> None:
    """A chip game played in rounds: an entrant who lost every tournament chip in the rounds before
    gets the starting stack again for this one (keyed per round, so a restart grants it once), so
    the placings go on counting and no table of the draw is left a player short."""
    for user in people:
        if ledger.balance_of(conn, ledger.USER, t.scope, user_id=user) <= 0:
            ledger.grant(conn, t.scope, user, t.starting_stack, f"tournament:{t.id}:stack:{user}:round:{number}", at=at)


class RoundsRunner(KnockoutRunner):
    """Steps running events of both formats: rounds here, knockouts by ``KnockoutRunner``."""

    async def played(self, t: Tournament) -> Played:
        return await self.db.read_sync(read_played, t.id, t.starting_stack > 0)

    async def board(self, t: Tournament) -> Board:
        return board_of(t, await self.played(t))

    async def start_now(self, tournament_id: int, user_id: int, *, is_admin: bool, guild_id: int | None = None) -> Tournament:
        t = await self.tournaments.get(tournament_id, guild_id=guild_id)
        if t.format == "rounds" and t.status == "signup" and split(t, len(t.entries)) is None and len(t.entries) >= 2:
            raise NotAllowed(NO_SPLIT, count=len(t.entries), game=t.game.shown_title)
        return await super().start_now(tournament_id, user_id, is_admin=is_admin, guild_id=guild_id)

    async def step(self, tournament_id: int) -> Tournament:
        t = await self.tournaments.get(tournament_id)
        if t.format != "rounds":
            return await super().step(tournament_id)
        if t.status == "signup":
            if not await self._start_due(t):
                return await self.tournaments.get(t.id)
            if split(t, len(t.entries)) is None:  # no whole tables and no computers: called off, refunded
                return await self.tournaments.cancel(t.id, t.host_id, is_admin=True)
            t = await self.tournaments.begin(t.id)
        if t.status != "running":
            return t
        played = await self.played(t)
        now = played.round
        if now == 0 or not self._seated(t, played, now):
            await self._seat(t, played, max(1, now))
        elif played.done(now):
            if now < (t.rounds or 1):
                await self._seat(t, played, now + 1)
            else:
                return await self._finish_rounds(t, played)
        return await self.tournaments.get(t.id)

    def _seated(self, t: Tournament, played: Played, number: int) -> bool:
        tables = played.tables.get(number, {})
        return len(tables) >= len(draw(t, played, number)) and all(s != "lobby" for _i, s in tables.values())

    async def _seat(self, t: Tournament, played: Played, number: int) -> None:
        """Opens (or, after a restart, completes) each table of round ``number`` and starts it."""
        floor = await self.floor(t)
        known = played.tables.get(number, {})
        tables = draw(t, played, number)
        if t.starting_stack:
            await self.db.run(restack, t, [u for people, _c in tables for u in people], number, self.now().isoformat())
        for k, (people, computers) in enumerate(tables):
            table_id = known[k][0] if k in known else floor.table_of(people[0])
            if table_id is None:
                table_id = await self.open_one(t, k, people[0])
            if k not in known:
                await self._record(t, number, k, table_id)
            await self.fill_and_start(table_id, people, computers)

    async def _record(self, t: Tournament, number: int, k: int, table_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO tournament_tables (tournament_id, round, table_no, table_id) VALUES (?,?,?,?)"
                " ON CONFLICT DO NOTHING",
                (t.id, number, k, table_id),
            )

    async def _finish_rounds(self, t: Tournament, played: Played) -> Tournament:
        """The last round is done: the standings are the final places; the pool is paid out."""
        places = [ln.player for ln in board_of(t, played).lines]
        return await self.tournaments.pay_out(t.id, places)


__all__ = ["NO_SPLIT", "Board", "Played", "RoundsRunner", "board_of", "draw", "read_played", "split"]
