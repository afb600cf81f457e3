"""What a seat sees of a Fairmarket hand, in the shared render model.

The public table: the five stations (table card and pot; once played, every card
shown and who took low and high), the carried coins, and per seat whether its
hand is set. Nobody sees another seat's cards or order until the stations are
revealed. The private panel: your five cards, your order so far, and a button per
card for the next station (then Confirm or Start over).
"""

from __future__ import annotations

from games.core.i18n import N_, _
from games.core.views import Choice, Pile, SeatLine, SeatView, TableView, seat_name
from games.core.wording import money, signed

from . import cards as fm
from .state import STATIONS, FairmarketState, StationResult
from .stations import station_text

_TITLE_SET = N_("Fairmarket — setting hands")
_TITLE_OVER = N_("Fairmarket — hand over")


def _station_pile(state: FairmarketState, k: int) -> Pile:
    name = _("Station {k}").format(k=k + 1)
    card = state.table[k]
    if not state.over:
        text = _("Table card {card} · pot {pot}").format(card=fm.label(card), pot=money(state.pot(k), "coin"))
        return Pile(name, (card,), text)
    r: StationResult = state.results[k]
    cards = (card, *(c for _s, c in r.plays))  # the table card, the players' cards, then Jack's
    plays = tuple((s, fm.label(c)) for s, c in r.plays if s >= 0)
    winner = None if r.high < 0 else r.high
    return Pile(name, cards, station_text(r), plays, winner, taken=True)


def _quit_at(state: FairmarketState, s: int) -> int | None:
    """The station (1-5) after which a seat was out of the round (Allben's Queen), if it quit."""
    for r in state.results[1:]:
        if all(p != s for p, _c in r.plays):
            return r.station
    return None


def _seat_line(state: FairmarketState, s: int) -> SeatLine:
    if state.over:
        net = state.taken[s] + state.won[s] + (state.shares[s] if state.shares else 0) - state.paid(s)
        text = _("took {n} · {net} this hand").format(n=state.taken[s], net=signed(net))
        if state.won[s]:
            prize = _("took {n}, won {w} from Jack's purse · {net} this hand") if state.seaside else _(
                "took {n}, won {w} from the Jackpot · {net} this hand"
            )
            text = prize.format(n=state.taken[s], w=state.won[s], net=signed(net))
        quit_at = _quit_at(state, s)
        out = [] if quit_at is None else [_("out of the round after station {k}").format(k=quit_at)]
        return SeatLine(s, " · ".join([*out, text]))
    # Seat lines are lists of separate facts, joined like every game's; each fact is whole.
    paid = [_("paid {n} to enter").format(n=state.fees[s])] if state.fees and state.fees[s] else []
    staked = state.paid(s)  # the antes are in the stations' pots: the seat's stack is that much less
    if state.confirmed[s]:
        return SeatLine(s, " · ".join([*paid, _("hand set")]), staked=staked)
    return SeatLine(s, " · ".join([*paid, _("setting their hand")]), to_act=True, staked=staked)


def _facts(state: FairmarketState) -> tuple[tuple[str, str], ...]:
    total = state.ante * STATIONS
    one, many = _("1 coin per station, {total} a hand"), _("{n} coins per station, {total} a hand")
    facts = []
    if state.last_hand:
        facts.append((_("Last hand"), _("the coins left over are shared when it ends")))
    facts.append((_("Ante"), (one if state.ante == 1 else many).format(n=state.ante, total=total)))
    facts.append((_("Carried in"), _carry(state.carried_in)))
    if state.options.jackpot:
        facts.append((_("Jackpot"), _coins(state.jackpot)))
    if state.seaside:
        facts.append((_("Jack's purse"), _coins(state.jack_in)))
    if not state.over and any(state.votes):
        votes, voters = sum(state.votes), sum(state.voters)
        facts.append((_("Last hand vote"), _("{n} of {m} voted for a last hand").format(n=votes, m=voters)))
    if state.over:
        facts += _after(state)
    return tuple(facts)


def _after(state: FairmarketState) -> list[tuple[str, str]]:
    facts = []
    if state.seaside:
        facts.append((_("Jack took"), _coins(state.jack_took)))
    if state.last_hand:
        return facts
    facts.append((_("Carried to the next hand"), _carry(state.carried_out)))
    if state.options.jackpot:
        facts.append((_("Jackpot for the next hand"), _coins(state.jackpot_out)))
    if state.seaside:
        facts.append((_("Jack's purse for the next hand"), _coins(state.jack_out)))
    return facts


def _coins(n: int) -> str:
    if not n:
        return _("empty")
    return money(n, "coin")


def _carry(per_station: tuple[int, ...]) -> str:
    if not any(per_station):
        return _("nothing")
    return " · ".join(_("station {k}: {n}").format(k=k + 1, n=c) for k, c in enumerate(per_station) if c)


def _summary(state: FairmarketState) -> str:
    if state.over:
        return state.summary
    waiting = [s for s in range(state.n) if not state.confirmed[s]]
    if len(waiting) == 1:
        return _("Waiting for {who} to set their hand.").format(who=seat_name(waiting[0]))
    return _("{n} players are setting their hands.").format(n=len(waiting))


def _prompt(state: FairmarketState, seat: int) -> tuple[Choice, ...]:
    placed = state.order[seat]
    if len(placed) == STATIONS:
        return (
            Choice("confirm", _("Confirm this order"), "success"),
            Choice("reset", _("Start over"), "danger"),
            *_vote(state, seat),
        )
    out = [
        Choice(f"place:{c}", fm.label(c), "primary", True, "cards")
        for c in fm.natural(state.hands[seat]) if c not in placed
    ]
    out.append(Choice("asis", _("Set the rest as shown and confirm")))
    if placed:
        out.append(Choice("reset", _("Start over"), "danger"))
    return (*out, *_vote(state, seat))


def _vote(state: FairmarketState, seat: int) -> tuple[Choice, ...]:
    if not state.voters[seat] or state.last_hand:
        return ()
    if state.votes[seat]:
        return (Choice("unvote", _("Withdraw my vote")),)
    return (Choice("vote", _("Vote for a last hand")),)


def _notes(state: FairmarketState, seat: int) -> tuple[str, ...]:
    placed = state.order[seat]
    if state.over:
        return ()
    if state.confirmed[seat]:
        voted = (_("You voted for a last hand."),) if state.votes[seat] else ()
        return (_("Your order is set: {cards}.").format(cards=fm.labels(placed)), *voted)
    if not placed:
        return (_("Choose the card for station 1."),)
    note = _("Your order so far: {cards}.").format(cards=fm.labels(placed))
    if len(placed) == STATIONS:
        return (note, _("Confirm to make it final: it cannot change afterwards."))
    return (note, _("Choose the card for station {k}.").format(k=len(placed) + 1))


def render(state: FairmarketState, seat: int | None) -> SeatView:
    piles = tuple(_station_pile(state, k) for k in range(STATIONS))
    lines = tuple(_seat_line(state, s) for s in range(state.n))
    title = _(_TITLE_OVER if state.over else _TITLE_SET)
    table = TableView(title, _summary(state), lines, _facts(state), piles, state.recent, unit="coin")
    if seat is None:
        return SeatView(table)
    hand = () if state.over else fm.natural(state.hands[seat])
    prompt = () if state.over or state.confirmed[seat] else _prompt(state, seat)
    return SeatView(table, seat, hand, fm.labels(hand), _notes(state, seat), prompt)
