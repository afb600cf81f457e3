"""The sign-up and the books of a tournament, each operation one transaction (synchronous).

Money is server chips on the server's ledger (``data.prize_pool``): a buy-in is the entrant's
wallet → the pool, leaving before the start or a cancelled event moves it back, and the prizes are
the pool → the winners by ``events.payouts``. The tournament chips a table plays for live in the
event's own scope (``scope_of``): its issuer grants each entrant the starting stack when the event
begins (or when a late entrant joins), keyed per tournament and entrant.

Every transfer has an idempotency key tied to the row that caused it (an entry's ``joined_at``,
a place), and every operation checks the event's status first, so repeating one (a retried
click, a restart in the middle) neither charges nor pays twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from data import ledger, prize_pool
from data.store import Conn
from games.core.i18n import N_
from games.core.rng import RNG_ALGO, Rng

from .errors import BadPhase, InsufficientChips, NotAllowed, ServiceError
from .guilds import load_settings
from .tournament_rows import Tournament, read


class NoTournament(ServiceError):
    """No such tournament on this server: a crafted id, another server's, or a deleted one."""

    default = N_("That tournament doesn't exist on this server.")


class TournamentFull(ServiceError):
    default = N_("This tournament is full.")


class AlreadyEntered(ServiceError):
    default = N_("You're already signed up for this tournament.")


class NotEntered(ServiceError):
    default = N_("You're not signed up for this tournament.")


class SignupClosed(BadPhase):
    default = N_("Sign-up for this tournament is closed.")


def need(conn: Conn, tournament_id: int, guild_id: int | None) -> Tournament:
    """The tournament, if it is ``guild_id``'s (None: any server, for the bot's own calls)."""
    found = read(conn, tournament_id) if 1 <= tournament_id < 2**62 else None
    if found is None or (guild_id is not None and found.guild_id != guild_id):
        raise NoTournament()
    return found


def late_open(t: Tournament, now: datetime) -> bool:
    """Whether a running event still takes entrants (its late registration hasn't ended)."""
    if t.status != "running" or t.started_at is None or t.late_registration_minutes == 0:
        return False
    return now < datetime.fromisoformat(t.started_at) + timedelta(minutes=t.late_registration_minutes)


def _key(t: Tournament, what: str, *parts: object) -> str:
    return ":".join(("tournament", str(t.id), what, *map(str, parts)))


def grant_stack(conn: Conn, t: Tournament, user_id: int, at: str) -> None:
    """The event's issuer gives an entrant the starting stack in its scope (once: keyed per entrant)."""
    ledger.grant(conn, t.scope, user_id, t.starting_stack, _key(t, "stack", user_id), at=at, code="grant")


def join(conn: Conn, tournament_id: int, guild_id: int | None, user_id: int, now: datetime) -> Tournament:
    """Signs ``user_id`` up and takes the buy-in from their wallet into the pool."""
    t = need(conn, tournament_id, guild_id)
    late = late_open(t, now)
    if t.status != "signup" and not late:
        raise SignupClosed()
    if t.entry(user_id) is not None:
        raise AlreadyEntered()
    if t.full:
        raise TournamentFull()
    at = now.isoformat()
    settings = load_settings(conn, t.guild_id)
    try:
        prize_pool.pay_in(
            conn, t.guild_id, t.id, user_id, t.buy_in, _key(t, "in", user_id, at), at=at,
            starting_chips=settings.starting_chips,
        )
    except ledger.Overdraft as err:
        raise InsufficientChips(
            N_("The buy-in is {n} chips and you have {have}. Claim free chips with /daily, then join again."),
            n=t.buy_in, have=err.available,
        ) from err
    conn.execute(
        "INSERT INTO tournament_entries (tournament_id, user_id, joined_at) VALUES (?,?,?)", (t.id, user_id, at)
    )
    if late:
        grant_stack(conn, t, user_id, at)
    return need(conn, t.id, None)


def leave(conn: Conn, tournament_id: int, guild_id: int | None, user_id: int, now: datetime) -> Tournament:
    """Takes ``user_id`` off the list before the start and gives their buy-in back."""
    t = need(conn, tournament_id, guild_id)
    entry = t.entry(user_id)
    if entry is None:
        raise NotEntered()
    if t.status != "signup":
        raise BadPhase(N_("The tournament has started: you play on until you are knocked out."))
    _refund(conn, t, user_id, entry.joined_at, now.isoformat())
    conn.execute("DELETE FROM tournament_entries WHERE tournament_id=? AND user_id=?", (t.id, user_id))
    return need(conn, t.id, None)


def _refund(conn: Conn, t: Tournament, user_id: int, joined_at: str, at: str) -> None:
    prize_pool.pay_out(conn, t.guild_id, t.id, user_id, t.buy_in, _key(t, "back", user_id, joined_at), at=at, code="refund")


def cancel(
    conn: Conn, tournament_id: int, guild_id: int | None, user_id: int, is_admin: bool, now: datetime
) -> Tournament:
    """Host or admin: calls the event off before it starts and refunds every buy-in. A cancelled
    event stays cancelled (a second call changes and pays nothing)."""
    t = need(conn, tournament_id, guild_id)
    if user_id != t.host_id and not is_admin:
        raise NotAllowed(N_("Only the tournament's host or an admin can do that."))
    if t.status == "cancelled":
        return t
    if t.status != "signup":
        raise BadPhase(N_("This tournament has already started, so it can't be cancelled."))
    at = now.isoformat()
    for e in t.entries:
        _refund(conn, t, e.user_id, e.joined_at, at)
    conn.execute("UPDATE tournaments SET status='cancelled', finished_at=? WHERE id=? AND status='signup'", (at, t.id))
    return need(conn, t.id, None)


def begin(conn: Conn, tournament_id: int, now: datetime) -> Tournament:
    """Closes the sign-up: the seat order is drawn from the event's seed and every entrant gets the
    starting stack in the event's scope. Seating the tables is the next step (docs/events.md)."""
    t = need(conn, tournament_id, None)
    if t.status != "signup":
        return t
    if len(t.entries) < 2:
        raise NotAllowed(N_("A tournament needs at least two players to start."))
    at = now.isoformat()
    order, _ = Rng(t.seed, algo=RNG_ALGO).shuffled(t.entrants)
    for i, user in enumerate(order):
        conn.execute("UPDATE tournament_entries SET seat_order=? WHERE tournament_id=? AND user_id=?", (i, t.id, user))
        grant_stack(conn, t, user, at)
    conn.execute("UPDATE tournaments SET status='running', started_at=? WHERE id=? AND status='signup'", (at, t.id))
    return need(conn, t.id, None)


def pay_out(conn: Conn, tournament_id: int, places: Sequence[int], now: datetime) -> Tournament:
    """Ends a running event: ``places`` are the entrants best first; the prizes of the payout table
    go from the pool to the winners (keyed per place), and each entry gets its place and prize.
    An event already finished is returned as it is (nothing paid twice)."""
    t = need(conn, tournament_id, None)
    if t.status == "finished":
        return t
    if t.status != "running":
        raise BadPhase(N_("Only a running tournament can be paid out."))
    if sorted(places) != sorted(t.entrants):
        raise ValueError("the final places must name every entrant once")
    at = now.isoformat()
    paid = {p.place: p.chips for p in t.payout_table()}
    starting = load_settings(conn, t.guild_id).starting_chips
    for place, user in enumerate(places, start=1):
        prize = paid.get(place, 0)
        prize_pool.pay_out(conn, t.guild_id, t.id, user, prize, _key(t, "prize", place), at=at, starting_chips=starting)
        conn.execute(
            "UPDATE tournament_entries SET finished_place=?, prize=? WHERE tournament_id=? AND user_id=?",
            (place, prize, t.id, user),
        )
    conn.execute("UPDATE tournaments SET status='finished', finished_at=? WHERE id=? AND status='running'", (at, t.id))
    return need(conn, t.id, None)


__all__ = [
    "AlreadyEntered", "NoTournament", "NotEntered", "SignupClosed", "TournamentFull",
    "begin", "cancel", "grant_stack", "join", "late_open", "leave", "need", "pay_out",
]
