"""Values the service hands to the Discord layer (frozen: a snapshot never changes under you)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

import games
from data.ledger import AuditReport
from games import Event, Game
from games.core.i18n import N_
from games.core.views import SeatView

from .errors import BadPhase, NotSeated
from .results import HandResult

Status = Literal["lobby", "playing", "finished", "void"]
ChangeReason = Literal["lobby", "action", "timeout", "hand", "end"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seated player of the running hand; ``leaving`` = cashed out when the hand ends."""

    seat: int
    user_id: int
    timeouts: int = 0
    leaving: bool = False
    name: str | None = None  # display name when they sat down (None: unknown)
    #: A computer player's strength (None: a person).
    computer: str | None = None
    #: A person whose turns the computer plays until they press "I'm back".
    away: bool = False

    @property
    def by_computer(self) -> bool:
        return self.computer is not None or self.away


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCore:
    """A table's own facts at one committed version, declared once.

    The service's working copy holds one of these (``Live.core``, replaced with
    ``dataclasses.replace``, never changed in place) and every ``TableSnapshot``
    is one plus the fields derived from the seating and the hand, so a fact
    added here reaches the Discord layer without being written out twice.
    """

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game_id: str
    options: BaseModel
    preset: str | None
    status: Status
    buy_in: int
    turn_seconds: int
    #: The buy-in follows the game's suggestion for the number of players until the table starts.
    buy_in_auto: bool = False
    hand_no: int = 0
    #: Number of rows in the table's action log: the prompt sequence number.
    seq: int = 0
    deadline: datetime | None = None
    state: Any | None = None
    recent: tuple[str, ...] = ()
    outcome_summary: str | None = None
    #: The carried pot held for the next hand (chip games).
    pot: int = 0
    #: The latest hand's (or deal's) result, or the standings once the table has ended.
    result: HandResult | None = None
    #: The language of the table's public messages and stored events ("en", "ja"), fixed at opening.
    locale: str = "en"
    #: Who ended the table in the middle of a hand (host or admin): the hand plays to its end and
    #: is settled, then the table closes. None: no close pending.
    closing_by: int | None = None
    #: The 💡 Hint option: "auto" (in the lobby: on while a computer player is seated), "on" or "off";
    #: the start fixes it to "on" or "off" (``hints_from``), so a running table never flips it.
    hints: str = "auto"
    #: The ledger scope the table's chips move in, when it is not the table's server: a tournament's
    #: tables play for tournament chips in the tournament's scope (a negative id, ``tournaments.scope_of``).
    #: None: an ordinary table, whose chips are the server's.
    ledger_scope: int | None = None
    #: A tournament table's level as of its hand's deal: (level number, when the next level starts as
    #: a Unix time, None at the last level). Shown on the table's message (``knockouts.level_text``);
    #: not a column: the deal sets it and a restart works it out again (``knockouts.remember_levels``).
    level: tuple[int, int | None] | None = None

    @property
    def ledger_guild(self) -> int:
        """The ``guild_id`` of every ledger call the table makes (buy-ins, settlement, cash-outs…)."""
        return self.guild_id if self.ledger_scope is None else self.ledger_scope

    @property
    def scoped(self) -> bool:
        """Whether the table plays for chips of a scope of its own (a tournament's), not the server's:
        no wallet there is opened with the server's starting chips, and the house limit doesn't apply."""
        return self.ledger_scope is not None

    @property
    def game(self) -> Game:
        return games.get_game(self.game_id)

    @property
    def is_open(self) -> bool:
        return self.status in ("lobby", "playing")

    @property
    def chips(self) -> bool:
        """Whether this table plays for chips (the game may leave it to an option, e.g. a stake)."""
        return self.game.plays_for_chips(self.options)


def starting_chips(core: TableCore, settings: GuildSettings) -> int:
    """The chips a wallet opened by this table starts with: the server's at an ordinary table, none in a
    tournament's scope (its issuer grants each entrant the starting stack, ``tournaments``)."""
    return 0 if core.scoped else settings.starting_chips


#: The names of ``TableCore``'s fields: a snapshot copies exactly these from the core.
CORE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(TableCore))


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSnapshot(TableCore):
    """Everything the cogs need to render a table, as of prompt number ``seq``.

    The facts come from ``TableCore``; the fields below are derived from the
    players and the hand when a version is committed (see ``Live.snapshot``).
    """

    #: Users who joined, in join order (in a running table: everyone at it, seated or waiting).
    lobby: tuple[int, ...]
    #: Seated players of the running (or last) hand, by seat.
    seats: tuple[SeatInfo, ...]
    to_act_users: tuple[int, ...]
    #: Escrow per seat (the chips each seat had at the start of the current hand).
    stacks: tuple[int, ...]
    #: The beat between hands: the next hand (or deal) starts at ``deadline`` or when all are ready.
    paused: bool = False
    ready: tuple[int, ...] = ()
    #: (user id, strength) of every computer player at the table, seated or not.
    computers: tuple[tuple[int, str], ...] = ()
    #: People who left because they ran out of chips: their panel and clicks get the way back.
    busted: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        core: TableCore,
        *,
        lobby: tuple[int, ...],
        seats: tuple[SeatInfo, ...],
        to_act_users: tuple[int, ...],
        stacks: tuple[int, ...],
        paused: bool = False,
        ready: tuple[int, ...] = (),
        computers: tuple[tuple[int, str], ...] = (),
        busted: tuple[int, ...] = (),
    ) -> TableSnapshot:
        """The core's facts plus the derived fields (copied field by field, so nothing is missed)."""
        facts = {name: getattr(core, name) for name in CORE_FIELDS}
        return cls(
            **facts, lobby=lobby, seats=seats, to_act_users=to_act_users, stacks=stacks, paused=paused, ready=ready,
            computers=computers, busted=busted,
        )

    @property
    def waiting_for_next(self) -> tuple[int, ...]:
        """Seated people who haven't pressed Next yet (during the pause; the computer is always ready)."""
        if not self.paused:
            return ()
        return tuple(i.user_id for i in self.seats if i.user_id not in self.ready and not i.by_computer)

    @property
    def hints_on(self) -> bool:
        """Whether the 💡 Hint button is on at this table (``TableCore.hints``)."""
        return hints_from(self.hints, bool(self.computers)) == "on"

    def strength_of(self, user_id: int) -> str | None:
        """A computer player's strength (None for a person)."""
        return next((s for u, s in self.computers if u == user_id), None)

    def seat_of(self, user_id: int) -> int | None:
        for info in self.seats:
            if info.user_id == user_id:
                return info.seat
        return None

    def user_at(self, seat: int) -> int | None:
        for info in self.seats:
            if info.seat == seat:
                return info.user_id
        return None

    def hand_view(self, user_id: int) -> tuple[SeatView, int]:
        """The user's private view of this version and the seq it belongs to: what a panel shows.

        The snapshot an action returns is enough to draw the acting player's panel,
        with the refusals of ``TableService.hand_view``: ``BadPhase`` for a closed
        table or one not dealt yet, ``NotSeated`` for outsiders and for players who
        are in from the next hand.
        """
        if not self.is_open:
            raise BadPhase(N_("This table is closed."))
        seat = self.seat_of(user_id)
        if seat is None:
            raise NotSeated(N_("You're in from the next hand.") if user_id in self.lobby else None)
        if self.state is None:
            raise BadPhase(N_("The game hasn't started yet."))
        return self.game.view(self.state, seat), self.seq


def hints_from(setting: str, computers: bool) -> str:
    """The hint option as "on" or "off": "auto" is on at a table with computer players (seated in
    the lobby, or waiting for the next hand)."""
    if setting == "auto":
        return "on" if computers else "off"
    return setting


@dataclass(frozen=True, slots=True)
class ActResult:
    """What an action did: the new snapshot, the engine's events, and whether a hand ended.

    ``seat`` is the seat that acted, in the hand the ``events`` belong to (after
    the last action of a hand the players may sit differently in the snapshot's
    next hand); ``None`` for timeouts, where several seats may have run out.
    The acting player's panel is ``snapshot.hand_view(user_id)``: no further
    call to the service is needed.
    """

    snapshot: TableSnapshot
    events: tuple[Event, ...]
    hand_finished: bool = False
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class StartResult:
    """A started table plus the users not seated and why (one friendly line each)."""

    snapshot: TableSnapshot
    refused: tuple[tuple[int, str], ...] = ()


class GuildSettings(BaseModel):
    """Per-server economy and table defaults, stored as validated JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    starting_chips: int = Field(100, ge=0, le=1_000_000_000)
    daily_amount: int = Field(50, ge=0, le=1_000_000_000)
    default_buy_in: int = Field(100, ge=0, le=1_000_000_000)
    turn_seconds: int = Field(90, ge=10, le=86_400)
    max_timeouts: int = Field(3, ge=1, le=100)
    #: Seconds the result of a hand stays up before the next deal (0: deal at once).
    hand_pause_seconds: int = Field(20, ge=0, le=600)
    #: After ``max_timeouts`` in a row: the computer plays the seat until its owner is back
    #: ("computer"), or the owner leaves at the end of the hand ("remove").
    away_players: Literal["computer", "remove"] = "computer"
    #: The language new tables speak in public: "auto" follows the server's preferred locale.
    language: Literal["auto", "en", "ja"] = "auto"
    #: ``/play`` opens a public thread per table: its message, results and chatter live there.
    table_threads: bool = False
    #: Card pictures on the table message and the hand panels (the text view stays either way).
    card_images: bool = True
    #: The most chips the house may lose to players per UTC day through computer players (their
    #: buy-ins and rebuys less what came back); then computers can't play for chips until the next
    #: day. 1,000 is ten buy-ins at the default: a few tables of computers a day, not a mint.
    #: 0: computer players play for no chips (they sit only at tables that play for none).
    house_daily_loss_limit: int = Field(1_000, ge=0, le=1_000_000_000)
    #: Minutes a lobby stays open without a join, leave or option change before it closes by itself.
    lobby_idle_minutes: int = Field(15, ge=1, le=1440)
    #: Open lobbies one member may host in this server at once (a flood of /play stops here).
    max_lobbies_per_user: int = Field(3, ge=1, le=50)
    #: People watching one table at once (each live panel costs an edit per change).
    max_watchers: int = Field(25, ge=0, le=200)
    #: The role whose members may create tournaments (``/tournament hosts``); 0: any member may.
    tournament_host_role: int = Field(0, ge=0)


__all__ = [
    "ActResult",
    "AuditReport",
    "ChangeReason",
    "GuildSettings",
    "HandResult",
    "SeatInfo",
    "StartResult",
    "Status",
    "TableCore",
    "TableSnapshot",
    "hints_from",
]
