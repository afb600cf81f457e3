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
import sqlite3
from datetime import datetime, timedelta
from typing import Any

from data import ledger
from games import Event, Outcome
from games.core.i18n import _
from games.core.views import resolve_seats

from .guilds import load_settings
from .live import Live, Pause, Player, dumps, hand_seed, log
from .models import GuildSettings
from .results import deal_result, hand_result, standings

log_ = logging.getLogger("cardroom.service")


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


class Change:
    """What a transaction function hands back besides the new table."""

    def __init__(self) -> None:
        self.events: tuple[Event, ...] = ()
        self.hand_finished = False
        self.refused: list[tuple[int, str]] = []
        self.reason = "action"


def named(live: Live, text: str) -> str:
    """An engine text with the hand's players in place of its seat placeholders."""
    seated = live.seated()
    return resolve_seats(text, lambda s: mention(seated[s].user_id) if 0 <= s < len(seated) else _("a player"))


def turn_deadline(live: Live, now: str) -> datetime | None:
    if live.state is None or live.game.outcome(live.state) is not None:
        return None
    return datetime.fromisoformat(now) + timedelta(seconds=live.turn_seconds)


def advance(
    conn: sqlite3.Connection, live: Live, seat: int, action: str, kind: str, state: Any,
    events: tuple[Event, ...], now: str, change: Change,
) -> None:
    """Logs an applied action and moves the table on (settling a finished hand, pausing after a deal)."""
    seq = log(conn, live, kind, action, now, seat=seat, user_id=live.user_at(seat))
    live.acted[seat] = seq
    live.state = state
    change.events = (*change.events, *events)
    live.add_recent(*(named(live, e.text) for e in events if e.private_to is None))
    live.deadline = turn_deadline(live, now)
    outcome = live.game.outcome(state)
    if outcome is not None:
        change.hand_finished = True
        change.reason = "hand"
        told = [named(live, e.text) for e in events if e.private_to is None]
        finish_hand(conn, live, outcome, now, change, told=told)
        if live.status != "playing":
            change.reason = "end"
        return
    closing = next((e for e in events if e.ends_deal), None)
    if closing is not None:
        sheet = live.game.view(state, None).public.sheet
        if sheet is not None:
            users = [p.user_id for p in live.seated()]
            # The deal's own score line would repeat the result lines: a short headline instead.
            headline = _("Deal {n} is over.").format(n=len(sheet.rows))
            live.result = deal_result(len(sheet.rows), users, headline, sheet)
            change.reason = "hand"
            start_pause(conn, live, "deal", now)


def start_pause(conn: sqlite3.Connection, live: Live, kind: str, now: str) -> bool:
    """Gives everyone a beat to read the result; False (and no pause) when the server set none."""
    seconds = load_settings(conn, live.guild_id).hand_pause_seconds
    if seconds <= 0:
        return False
    live.pause = Pause(kind)
    live.deadline = datetime.fromisoformat(now) + timedelta(seconds=seconds)
    return True


def end_pause(conn: sqlite3.Connection, live: Live, now: str, change: Change) -> None:
    """The beat is over (time, or everyone pressed Next): deal the next hand, or play the next deal."""
    pause = live.pause
    live.pause = None
    if pause is None:
        return
    change.reason = "hand"
    if pause.kind == "deal" or live.state is None:
        live.deadline = turn_deadline(live, now)
        return
    outcome = live.game.outcome(live.state)
    if outcome is None:  # cannot happen: a hand pause always follows a finished hand
        live.deadline = turn_deadline(live, now)
        return
    between_hands(conn, live, outcome, now, change)
    if live.status != "playing":
        change.reason = "end"


def buy_in(
    conn: sqlite3.Connection, live: Live, players: list[Player], settings: GuildSettings, now: str,
    change: Change, *, hand_no: int,
) -> list[Player]:
    """Wallet → escrow for each player; those who can't pay are removed and listed."""
    kept = []
    for p in players:
        ledger.open_wallet(conn, live.guild_id, p.user_id, settings.starting_chips, now)
        have = ledger.balance_of(conn, ledger.USER, live.guild_id, user_id=p.user_id)
        if have < live.buy_in:
            why = _(
                "They have {have} chips and the buy-in is {n}. They can claim free chips with /daily,"
                " or you can set a smaller buy-in next time (/play … buy_in:)."
            ).format(n=live.buy_in, have=have)
            change.refused.append((p.user_id, why))
            live.players.remove(p)
            live.roster_dirty = True
            live.add_recent(_("{who} couldn't pay the buy-in.").format(who=mention(p.user_id)))
            continue
        ledger.buy_in(
            conn, live.guild_id, live.id, p.user_id, live.buy_in, f"buyin:{live.id}:{p.user_id}:{hand_no}",
            at=now, hand_no=hand_no,
        )
        kept.append(p)
    return kept


def escrows(conn: sqlite3.Connection, live: Live, users: list[int]) -> tuple[int, ...]:
    """Chips each user has at this table now (the ledger's escrow accounts)."""
    return tuple(
        ledger.balance_of(conn, ledger.ESCROW, live.guild_id, user_id=u, table_id=live.id) for u in users
    )


def deal(
    conn: sqlite3.Connection, live: Live, now: str, *, dealer: int, carry: dict[str, Any] | None,
    change: Change,
) -> None:
    """Deals the next hand to the seated players (seats 0..n-1 already assigned)."""
    game = live.game
    seated = live.seated()
    n = len(seated)
    live.hand_no += 1
    seed = hand_seed(live.seed, live.hand_no)
    stacks = escrows(conn, live, [p.user_id for p in seated]) if game.uses_chips else ()
    kwargs: dict[str, Any] = {"dealer": dealer, "carry": carry}
    if game.uses_stacks:
        kwargs["stacks"] = stacks
    state = game.new_state(live.options, n, seed, **kwargs)
    start = log(conn, live, "system", "deal", now)
    live.hand_rowid = conn.execute(
        """INSERT INTO hands (table_id, hand_no, seed, dealer, carry_json, options_json, users_json,
           stacks_json, start_seq, status, started_at) VALUES (?,?,?,?,?,?,?,?,?,'playing',?)""",
        (live.id, live.hand_no, seed, dealer, None if carry is None else dumps(carry),
         dumps(live.options.model_dump(mode="json")), dumps([p.user_id for p in seated]),
         dumps(list(stacks)) if game.uses_chips else None, start, now),
    ).lastrowid or 0
    live.state, live.dealer, live.carry, live.stacks = state, dealer, carry, stacks
    live.hand_start_seq, live.acted = start, {}
    if game.hand_by_hand:
        live.add_recent(_("Hand {n} is dealt.").format(n=live.hand_no))
    live.deadline = turn_deadline(live, now)
    outcome = game.outcome(state)
    if outcome is not None:  # a hand decided at the deal (e.g. nobody dealt in)
        change.hand_finished = True
        finish_hand(conn, live, outcome, now, change)


def finish_hand(
    conn: sqlite3.Connection, live: Live, outcome: Outcome, now: str, change: Change, *, told: list[str] | None = None
) -> None:
    """Settles a finished hand (chips), writes results, then pauses, continues or closes the table."""
    game = live.game
    seated = live.seated()
    users = [p.user_id for p in seated]
    chips: tuple[int, ...] | None = None
    if game.uses_chips:
        settlement = ledger.settle_hand(
            conn, live.guild_id, live.id, live.hand_no, users, list(outcome.payoffs), at=now,
            carried_in=outcome.carried_in, key=f"settle:{live.hand_rowid:012d}:t{live.id}:h{live.hand_no}",
        )
        nets = settlement.nets
        live.pot = settlement.pot_after
        chips = escrows(conn, live, users)
        if settlement.shortfall:
            live.add_recent(
                _("{n} chips couldn't be paid by a player who ran out; the winners absorb it.").format(
                    n=settlement.shortfall
                )
            )
    else:
        nets = tuple(0 for _u in users)
    scores = tuple(outcome.scores) if outcome.scores else (None,) * len(users)
    conn.executemany(
        "INSERT INTO results (table_id, hand_no, guild_id, user_id, game_id, seat, placing, payoff, score, at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?)",
        [
            (live.id, live.hand_no, live.guild_id, u, game.id, i, outcome.placings[i], nets[i], scores[i], now)
            for i, u in enumerate(users)
        ],
    )
    result = hand_result(
        live.hand_no, users, outcome, mention, nets=nets if game.uses_chips else None, chips=chips,
        pot=live.pot, sheet=None if game.hand_by_hand else game.view(live.state, None).public.sheet,
        # A game's last deal is on the sheet already; a hand's showdown is told once, here.
        kind="hand" if game.hand_by_hand else "final", events=(told or ()) if game.hand_by_hand else (),
    )
    live.result = result
    conn.execute(
        "UPDATE hands SET status='done', outcome_json=?, history_text=?, ended_at=? WHERE table_id=? AND hand_no=?",
        (
            dumps({"payoffs": list(outcome.payoffs), "nets": list(nets), "placings": list(outcome.placings),
                   "carried_in": outcome.carried_in, "carried_out": outcome.carried_out,
                   "summary": result.headline, "details": [line.detail for line in result.lines]}),
            history_of(live, seated), now, live.id, live.hand_no,
        ),
    )
    live.outcome_summary = result.headline or None
    if not game.hand_by_hand:
        close(conn, live, now, code="cash_out")
        return
    if not start_pause(conn, live, "hand", now):
        between_hands(conn, live, outcome, now, change)


def history_of(live: Live, seated: list[Player]) -> str | None:
    """The game's hand history with the players' names (a downloaded file shows no mentions)."""
    try:
        text = live.game.history_text(live.state)
    except Exception:
        log_.exception("history_text failed for table %s hand %s", live.id, live.hand_no)
        return None
    if text is None:
        return None

    def name(seat: int) -> str:
        if not 0 <= seat < len(seated):
            return _("a player")
        return seated[seat].name or _("player {id}").format(id=seated[seat].user_id)

    return resolve_seats(text, name)


def between_hands(conn: sqlite3.Connection, live: Live, outcome: Outcome, now: str, change: Change) -> None:
    """Cash out leavers, seat newcomers, rotate the dealer, deal — or close the table."""
    game = live.game
    settings = load_settings(conn, live.guild_id)
    last = live.seated()
    last_users = [p.user_id for p in last]
    dealer_user = last_users[live.dealer % len(last_users)]
    staying: list[Player] = []
    leaving: list[Player] = []
    for p in last:
        if p.leaving or p.timeouts >= settings.max_timeouts:
            leaving.append(p)
            continue
        if game.uses_chips:
            held = ledger.balance_of(conn, ledger.ESCROW, live.guild_id, user_id=p.user_id, table_id=live.id)
            if held == 0 and live.buy_in > 0:  # busted: buy in again if the wallet allows
                wallet = ledger.balance_of(conn, ledger.USER, live.guild_id, user_id=p.user_id)
                if wallet < live.buy_in:
                    live.add_recent(_("{who} is out of chips.").format(who=mention(p.user_id)))
                    leaving.append(p)
                    continue
                ledger.buy_in(
                    conn, live.guild_id, live.id, p.user_id, live.buy_in,
                    f"buyin:{live.id}:{p.user_id}:{live.hand_no + 1}", at=now, hand_no=live.hand_no + 1,
                )
                live.add_recent(_("{who} buys in again.").format(who=mention(p.user_id)))
        staying.append(p)
    waiting = sorted((p for p in live.players if p.seat is None), key=lambda p: p.pos)
    low, high = game.seat_limits(live.options)
    newcomers = waiting[: max(0, high - len(staying))]
    if game.uses_chips and newcomers:
        newcomers = buy_in(conn, live, newcomers, settings, now, change, hand_no=live.hand_no + 1)
    if len(staying) + len(newcomers) < low:
        live.add_recent(_("Not enough players for another hand: the table closes."))
        # The carried pot goes to the players of the last hand, leavers included.
        close(conn, live, now, code="cash_out", pot_to=last_users)
        return
    for p in leaving:
        cash_out(conn, live, p.user_id, now)
        live.players.remove(p)
        live.add_recent(_("{who} left the table.").format(who=mention(p.user_id)))
    if live.player(live.host_id) is None:  # the host left: the longest-seated player takes over
        live.host_id = min(live.players, key=lambda p: p.pos).user_id
        live.add_recent(_("{who} is the host now.").format(who=mention(live.host_id)))
    for p in live.players:
        p.seat = None
    order = staying + newcomers
    for i, p in enumerate(order):
        p.seat = i
    live.roster_dirty = True
    # The deal passes to the next player after the last dealer who is still at the table.
    start = last_users.index(dealer_user)
    successors = [last_users[(start + k) % len(last_users)] for k in range(1, len(last_users) + 1)]
    still = [u for u in successors if any(p.user_id == u for p in staying)]
    dealer = next(p.seat for p in staying if p.user_id == still[0]) if still else 0
    carry = dict(outcome.carry) if outcome.carry else None
    if carry and [p.user_id for p in staying] != last_users:
        # Seat-indexed carry (e.g. Blaze's sitting-out seats) can't follow a changed table.
        carry = {k: v for k, v in carry.items() if not isinstance(v, list | tuple)}
    deal(conn, live, now, dealer=dealer or 0, carry=carry, change=change)


def cash_out(conn: sqlite3.Connection, live: Live, user_id: int, now: str, code: str = "cash_out") -> int:
    return ledger.cash_out(
        conn, live.guild_id, live.id, user_id, f"{code}:{live.id}:{user_id}:{live.hand_no}:{live.seq}",
        at=now, hand_no=live.hand_no, code=code,
    )


def close(
    conn: sqlite3.Connection, live: Live, now: str, *, code: str, status: str = "finished",
    pot_to: list[int] | None = None,
) -> None:
    """Splits a carried pot among the last hand's players, cashes every escrow out, and closes."""
    if live.game.uses_chips:
        hand_users = pot_to
        if hand_users is None:
            row = conn.execute(
                "SELECT users_json FROM hands WHERE table_id=? AND hand_no=?", (live.id, live.hand_no)
            ).fetchone()
            hand_users = [] if row is None else json.loads(row[0])
        if hand_users:
            ledger.distribute_pot(
                conn, live.guild_id, live.id, hand_users, f"pot:{live.id}:{live.hand_no}:end",
                at=now, hand_no=live.hand_no,
            )
        live.pot = 0
        holders = [
            r[0]
            for r in conn.execute(
                "SELECT user_id FROM accounts WHERE kind='escrow' AND table_id=? AND balance > 0", (live.id,)
            )
        ]
        for user_id in holders:
            cash_out(conn, live, user_id, now, code)
    live.status = status
    live.deadline = None
    live.pause = None
    for p in live.players:
        p.seat = None if status != "finished" else p.seat


def ended_early(conn: sqlite3.Connection, live: Live) -> None:
    """Standings when a table ends before its game does: scores so far, or each player's net chips."""
    game = live.game
    users = [p.user_id for p in live.seated()] or [p.user_id for p in live.players]
    if not users:
        return
    if game.uses_chips:
        rows = dict(
            conn.execute(
                "SELECT user_id, SUM(payoff) FROM results WHERE table_id=? GROUP BY user_id", (live.id,)
            ).fetchall()
        )
        nets = [int(rows.get(u, 0)) for u in users]
        live.result = standings(
            users, headline=_("The table ended. Net chips for the session:"), nets=nets, number=live.hand_no
        )
        return
    if live.state is None:
        return
    sheet = game.view(live.state, None).public.sheet
    if sheet is None:
        return
    live.result = standings(
        users, headline=_("The table ended early. Standings so far:"), totals=list(sheet.totals), sheet=sheet,
        number=live.hand_no,
    )


__all__ = [
    "Change", "advance", "between_hands", "buy_in", "cash_out", "close", "deal", "end_pause", "ended_early",
    "finish_hand", "mention", "named", "start_pause", "turn_deadline",
]
