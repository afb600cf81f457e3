"""The life of a hand inside one transaction: log, deal, settle, show the result, pause, go on.

Every function here runs on the database thread inside the service's
transaction, on the table's private copy (``Live``); nothing is visible until
COMMIT. Engines speak of seats; the texts kept for players (recent lines,
results, hand histories) get the players put in here, while the seating that
the seats refer to is still the one of the hand.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from data import ledger
from data.store import Conn
from games import Event, Outcome
from games.core.game import placings_from
from games.core.i18n import _
from games.core.views import resolve_seats

from . import knockouts, round_tables
from .buyins import buy_in, stay_or_go
from .computers import is_computer, mention
from .guilds import load_settings
from .hint_counts import hints_used
from .live import Change, Live, Pause, Player, dumps, hand_seed, log
from .models import Status
from .ratings import record_hand
from .results import deal_result, hand_result, story_of
from .standings import session_lines
from .tenure import seating

log_ = logging.getLogger("cardroom.service")




def named(live: Live, text: str) -> str:
    """An engine text with the hand's players in place of its seat placeholders."""
    seated = live.seated()
    return resolve_seats(text, lambda s: mention(seated[s].user_id) if 0 <= s < len(seated) else _("a player"))


def advance(
    conn: Conn, live: Live, seat: int, action: str, kind: str, state: Any,
    events: tuple[Event, ...], now: str, change: Change,
) -> None:
    """Logs an applied action and moves the table on (settling a finished hand, pausing after a deal)."""
    seq = log(conn, live, kind, action, now, seat=seat, user_id=live.user_at(seat))
    live.acted[seat] = seq
    change.events = (*change.events, *events)
    live.set_state(state, now=now, recent=[named(live, e.text) for e in events if e.private_to is None])
    outcome = live.outcome
    if outcome is not None:
        change.hand_finished = True
        change.reason = "hand"
        told = [named(live, e.text) for e in events if e.private_to is None]
        finish_hand(conn, live, outcome, now, change, told=told)
        if live.core.status != "playing":
            change.reason = "end"
        return
    closing = next((e for e in events if e.ends_deal), None)
    if closing is not None:
        sheet = live.game.view(state, None).public.sheet
        if sheet is not None:
            users = [p.user_id for p in live.seated()]
            # The deal's own score line would repeat the result lines: a short headline instead.
            headline = _("Deal {n} is over.").format(n=len(sheet.rows))
            # How the deal scored (Samba's and Burraco's per-team breakdown) is shown with the result,
            # not later among the next deal's recent lines.
            ended = events[: events.index(closing) + 1]  # the next deal's opening lines are news, not result
            told = [named(live, e.text) for e in ended if e.private_to is None]
            round_over = round_tables.over_line(conn, live.core, len(sheet.rows))
            if round_over is not None:  # a rounds tournament's table: the round's deals are played
                end_round(conn, live, sheet.totals, now, change, told, round_over)
                return
            result = deal_result(len(sheet.rows), users, headline, sheet, story=story_of(told, headline))
            live.core = replace(live.core, result=result)
            change.reason = "hand"
            start_pause(conn, live, "deal", now)


def end_round(
    conn: Conn, live: Live, totals: tuple[int, ...], now: str, change: Change, told: list[str], line: str
) -> None:
    """A sheet game's table whose round is played: the game is scored as it stands (placings by
    the sheet's totals, as a finished game's are) and the table closes with its standings."""
    outcome = Outcome(
        payoffs=(0,) * len(totals), placings=placings_from(list(totals)), scores=tuple(totals),
        details=tuple(str(t) for t in totals),
    )
    change.hand_finished = True
    finish_hand(conn, live, outcome, now, change, told=told)
    change.reason = "end"
    announce(live, line)


def start_pause(conn: Conn, live: Live, kind: str, now: str) -> bool:
    """Gives everyone a beat to read the result; False (and no pause) when the server set none."""
    seconds = load_settings(conn, live.core.guild_id).hand_pause_seconds
    if seconds <= 0:
        return False
    live.pause = Pause(kind)
    live.core = replace(live.core, deadline=datetime.fromisoformat(now) + timedelta(seconds=seconds))
    return True


def end_pause(conn: Conn, live: Live, now: str, change: Change) -> None:
    """The beat is over (time, or everyone pressed Next): deal the next hand, or play the next deal."""
    pause = live.pause
    live.pause = None
    if pause is None:
        return
    change.reason = "hand"
    outcome = live.outcome
    if pause.kind == "deal" or outcome is None:  # a hand pause always follows a finished hand
        live.core = replace(live.core, deadline=live.turn_deadline(now))
        return
    between_hands(conn, live, outcome, now, change)
    if live.core.status != "playing":
        change.reason = "end"


def escrows(conn: Conn, live: Live, users: list[int]) -> tuple[int, ...]:
    """Chips each user has at this table now (the ledger's escrow accounts)."""
    core = live.core
    return tuple(
        ledger.balance_of(conn, ledger.ESCROW, core.ledger_guild, user_id=u, table_id=core.id) for u in users
    )


def deal(
    conn: Conn, live: Live, now: str, *, dealer: int, carry: dict[str, Any] | None,
    change: Change,
) -> None:
    """Deals the next hand to the seated players (seats 0..n-1 already assigned).

    Every game is dealt the same way (``Game.start``): chip games get each seat's
    escrow as its stack, and only games that bet with stacks use them. The same
    inputs are stored in ``hands``, so a restore replays the hand by the same path.
    """
    game = live.game
    seated = live.seated()
    hand_no = live.core.hand_no + 1
    live.core = replace(live.core, hand_no=hand_no)
    seed = hand_seed(live.seed, hand_no)
    level = knockouts.level_options(conn, live.core, now)
    if level is not None:  # a tournament's level clock: its stakes, and the level its message shows
        options, number = level
        if options != live.core.options or hand_no == 1:
            live.core = replace(live.core, options=options)
            live.settings_dirty = True
            live.add_recent(knockouts.level_text(number, options))
        live.core = replace(live.core, level=number)
    stacks = escrows(conn, live, [p.user_id for p in seated]) if live.core.chips else ()
    if game.counts_tenure:
        carry = {**(carry or {}), "seating": seating(conn, live.core.id, [p.user_id for p in seated], hand_no)}
    state = game.start(
        live.core.options, len(seated), seed, dealer=dealer, carry=carry, stacks=stacks or None,
        rng_algo=live.rng_algo,
    )
    start = log(conn, live, "system", "deal", now)
    live.hand_rowid = conn.execute(
        """INSERT INTO hands (table_id, hand_no, seed, dealer, carry_json, options_json, users_json,
           stacks_json, start_seq, status, started_at) VALUES (?,?,?,?,?,?,?,?,?,'playing',?) RETURNING rowid""",
        (live.core.id, hand_no, seed, dealer, None if carry is None else dumps(carry),
         dumps(live.core.options.model_dump(mode="json")), dumps([p.user_id for p in seated]),
         dumps(list(stacks)) if live.core.chips else None, start, now),
    ).fetchone()[0]
    live.dealer, live.carry, live.stacks = dealer, carry, stacks
    live.hand_start_seq, live.acted = start, {}
    dealt = [_("Hand {n} is dealt.").format(n=hand_no)] if game.hand_by_hand else []
    live.set_state(state, now=now, recent=dealt)
    if live.outcome is not None:  # a hand decided at the deal (e.g. nobody dealt in)
        change.hand_finished = True
        finish_hand(conn, live, live.outcome, now, change)


def settle(
    conn: Conn, live: Live, users: list[int], outcome: Outcome, now: str
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Books a chip game's hand in the ledger: (nets per seat, chips at the table afterwards)."""
    core = live.core
    if not live.core.chips:
        return tuple(0 for _u in users), None
    settlement = ledger.settle_hand(
        conn, core.ledger_guild, core.id, core.hand_no, users, list(outcome.payoffs), at=now,
        carried_in=outcome.carried_in, key=f"settle:{live.hand_rowid:012d}:t{core.id}:h{core.hand_no}",
    )
    live.core = replace(core, pot=settlement.pot_after)
    if settlement.shortfall:
        live.add_recent(
            _("{n} chips couldn't be paid by a player who ran out; the winners absorb it.").format(
                n=settlement.shortfall
            )
        )
    return settlement.nets, escrows(conn, live, users)


def finish_hand(
    conn: Conn, live: Live, outcome: Outcome, now: str, change: Change, *, told: list[str] | None = None
) -> None:
    """Settles a finished hand (chips), writes results, then pauses, continues or closes the table."""
    game = live.game
    seated = live.seated()
    users = [p.user_id for p in seated]
    nets, chips = settle(conn, live, users, outcome, now)
    # A tournament's table: who busted is out, with this hand.
    knocked = knockouts.KnockOuts() if chips is None else knockouts.record(conn, live.core, users, live.stacks, chips, now)
    core = live.core
    record_hand(conn, core, game.id, users, outcome, nets, now)
    result = hand_result(
        core.hand_no, users, outcome, mention, nets=nets if core.chips else None, chips=chips,
        pot=core.pot, sheet=None if game.hand_by_hand else game.view(core.state, None).public.sheet,
        # A game's last deal is on the sheet already; a hand's showdown is told once, here.
        # A table whose whole agreed length was this one hand (an Écarté match of one game) has its
        # final standings here: not "Result of hand 1", then the same again as "won 1 of 1".
        kind="hand" if game.hand_by_hand and not (outcome.table_over and core.hand_no == 1) else "final",
        events=(told or ()) if game.hand_by_hand else (),
    )
    result = replace(result, hints=hints_used(conn, core.id, core.hand_no))
    conn.execute(
        "UPDATE hands SET status='done', outcome_json=?, history_text=?, ended_at=? WHERE table_id=? AND hand_no=?",
        (
            dumps({"payoffs": list(outcome.payoffs), "nets": list(nets), "placings": list(outcome.placings),
                   "carried_in": outcome.carried_in, "carried_out": outcome.carried_out,
                   "summary": result.headline, "details": [line.detail for line in result.lines]}),
            history_of(live, seated), now, core.id, core.hand_no,
        ),
    )
    live.core = replace(core, result=result, outcome_summary=result.headline or None)
    if not game.hand_by_hand:
        close(conn, live, now, code="cash_out")
        return
    closing = live.core.closing_by
    if outcome.table_over:  # the game's agreed length is reached: the table ends with its standings
        live.add_recent(_("That was the last hand: the game is over."))
    # A rounds tournament's table ends once it has played the round's deals (its hands); a
    # knockout's once the event is decided.
    round_over = None if outcome.table_over else (
        round_tables.over_line(conn, live.core, core.hand_no) or knockouts.over_line(knocked)
    )
    if outcome.table_over or closing is not None or round_over is not None:
        # (Or the host ended the table during this hand, settled above like any other: nobody escapes a loss.)
        close(conn, live, now, code="cash_out")
        session = session_lines(conn, live, users) if result.kind == "hand" else ()
        live.core = replace(live.core, result=replace(result, pot=0, session=session))
        if round_over is not None:
            announce(live, round_over)
        elif closing is not None and not outcome.table_over:
            announce(live, _("The hand is over: the table closes, as {who} asked.").format(who=mention(closing)))
        return
    if not start_pause(conn, live, "hand", now):
        between_hands(conn, live, outcome, now, change)


def announce(live: Live, line: str) -> None:
    """A line for the table's recent events and for its final result ("How it ended"), which the
    finished table message shows instead of the recent events."""
    live.add_recent(line)
    result = live.core.result
    if result is not None:
        live.core = replace(live.core, result=replace(result, story=(*result.story, line)))


def history_of(live: Live, seated: list[Player]) -> str | None:
    """The game's hand history with the players' names (a downloaded file shows no mentions)."""
    try:
        text = live.game.history_text(live.core.state)
    except Exception:
        log_.exception("history_text failed for table %s hand %s", live.core.id, live.core.hand_no)
        return None
    if text is None:
        return None

    def name(seat: int) -> str:
        if not 0 <= seat < len(seated):
            return _("a player")
        if is_computer(seated[seat].user_id):
            return mention(seated[seat].user_id)  # "🤖 Ada": a computer player, in the file too
        return seated[seat].name or _("player {id}").format(id=seated[seat].user_id)

    return resolve_seats(text, name)


def between_hands(conn: Conn, live: Live, outcome: Outcome, now: str, change: Change) -> None:
    """Cash out leavers, seat newcomers, rotate the dealer, deal — or close the table."""
    settings = load_settings(conn, live.core.guild_id)
    last = live.seated()
    last_users = [p.user_id for p in last]
    dealer_user = last_users[live.dealer % len(last_users)]
    staying, leaving = stay_or_go(conn, live, last, settings, now)
    waiting = sorted((p for p in live.players if p.seat is None), key=lambda p: p.pos)
    low, high = live.game.seat_limits(live.core.options)
    newcomers = waiting[: max(0, high - len(staying))]
    if live.core.chips and newcomers:
        newcomers = buy_in(conn, live, newcomers, settings, now, change, hand_no=live.core.hand_no + 1)
    # At a tournament's table an away person plays on through the computer; it closes when no person is left.
    if not any(p.computer is None and (live.core.scoped or not p.away) for p in staying + newcomers):
        live.add_recent(_("Nobody is left at the table but the computer: the table closes."))
        close(conn, live, now, code="cash_out", pot_to=last_users)
        return
    if len(staying) + len(newcomers) < low:
        live.add_recent(_("Not enough players for another hand: the table closes."))
        # The carried pot goes to the players of the last hand, leavers included.
        close(conn, live, now, code="cash_out", pot_to=last_users)
        return
    for p in leaving:
        cash_out(conn, live, p.user_id, now)
        live.players.remove(p)
        live.add_recent(_("{who} left the table.").format(who=mention(p.user_id)))
    if live.player(live.core.host_id) is None:  # the host left: the longest-seated person takes over
        people = [p for p in live.players if not is_computer(p.user_id)]
        live.core = replace(live.core, host_id=min(people, key=lambda p: p.pos).user_id)
        live.add_recent(_("{who} is the host now.").format(who=mention(live.core.host_id)))
    for p in live.players:
        p.seat = None
    for i, p in enumerate(staying + newcomers):
        p.seat = i
    live.roster_dirty = True
    dealer = next_dealer(last_users, dealer_user, staying)
    carry = dict(outcome.carry) if outcome.carry else None
    if carry and [p.user_id for p in staying] != last_users:
        # Seat-indexed carry (e.g. Blaze's sitting-out seats) can't follow a changed table.
        carry = {k: v for k, v in carry.items() if not isinstance(v, list | tuple)}
    deal(conn, live, now, dealer=dealer, carry=carry, change=change)


def next_dealer(last_users: list[int], dealer_user: int, staying: list[Player]) -> int:
    """The deal passes to the next player after the last dealer who is still at the table
    (seat numbers of the new seating; seat 0 if nobody of the last hand stays)."""
    start = last_users.index(dealer_user)
    successors = [last_users[(start + k) % len(last_users)] for k in range(1, len(last_users) + 1)]
    still = [u for u in successors if any(p.user_id == u for p in staying)]
    dealer = next(p.seat for p in staying if p.user_id == still[0]) if still else 0
    return dealer or 0


def cash_out(conn: Conn, live: Live, user_id: int, now: str, code: str = "cash_out") -> int:
    core = live.core
    return ledger.cash_out(
        conn, core.ledger_guild, core.id, user_id, f"{code}:{core.id}:{user_id}:{core.hand_no}:{core.seq}",
        at=now, hand_no=core.hand_no, code=code,
    )


def close(
    conn: Conn, live: Live, now: str, *, code: str, status: Status = "finished",
    pot_to: list[int] | None = None,
) -> None:
    """Splits a carried pot among the last hand's players, cashes every escrow out, and closes."""
    core = live.core
    if live.core.chips:
        hand_users = pot_to
        if hand_users is None:
            row = conn.execute(
                "SELECT users_json FROM hands WHERE table_id=? AND hand_no=?", (core.id, core.hand_no)
            ).fetchone()
            hand_users = [] if row is None else json.loads(row[0])
        if hand_users:
            ledger.distribute_pot(
                conn, core.ledger_guild, core.id, hand_users, f"pot:{core.id}:{core.hand_no}:end",
                at=now, hand_no=core.hand_no,
            )
        holders = [
            r[0]
            for r in conn.execute(
                "SELECT user_id FROM accounts WHERE kind='escrow' AND table_id=? AND balance > 0", (core.id,)
            )
        ]
        for user_id in holders:
            cash_out(conn, live, user_id, now, code)
    live.core = replace(live.core, status=status, deadline=None, pot=0 if core.chips else core.pot)
    live.pause = None
    for p in live.players:
        p.seat = None if status != "finished" else p.seat


__all__ = [
    "Change", "advance", "announce", "between_hands", "buy_in", "cash_out", "close", "deal", "end_pause",
    "finish_hand", "mention", "named", "next_dealer", "settle", "start_pause", "stay_or_go",
]
