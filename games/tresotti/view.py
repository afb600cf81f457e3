"""What a seat sees of a Tresotti game, in the shared render model.

Kept apart from the rules: nothing here changes the game. Points appear only on
the score sheet (a ``ScoreSheet``, so the front end names its columns); a seat's
line says what this deal has given it so far; the tricks are piles that say who
played what and who is winning, judged by the engine's own winner rule.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

from ..core.cards import FAIRMARKET_SUITS
from ..core.i18n import _
from ..core.tricks import Trick, trick_piles
from ..core.views import AskAmount, Choice, SeatLine, SeatView, TableView, hand_choices, seat_name
from ..core.wording import count_of, seat_list
from .cards import SUIT_OF, Reading, label, suit_label
from .state import MAX_BID, MIN_BID, TresottiState, trick_winner


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def to_act(self, state: TresottiState) -> frozenset[int]: ...
    def legal_actions(self, state: TresottiState, seat: int) -> tuple[str, ...]: ...
    def doubles_taken(self, state: TresottiState) -> tuple[int, ...]: ...
    def _dealer_forced(self, state: TresottiState, seat: int) -> bool: ...


_SUIT_RANK = {s: i for i, s in enumerate(FAIRMARKET_SUITS)}


def sorted_hand(hand: tuple[str, ...], reading: Reading) -> tuple[str, ...]:
    """``hand`` by suit (the deck's order), then by rank as this rule set reads it, low to high.

    Display only: the state keeps the order dealt.
    """
    return tuple(sorted(hand, key=lambda c: (_SUIT_RANK[SUIT_OF[c]], reading.order[c])))


def final_summary(state: TresottiState) -> str:
    """Who won and the rule that decided it: first past the target, the highest of several, or
    (tied at the top) the deal's bidder, the rules' tie-break (``game.winner_after``)."""
    totals, target, winner = state.sheet.totals, state.options.target, state.winner
    n = totals[winner]
    reached = [s for s, t in enumerate(totals) if t >= target]
    tied = [s for s in reached if totals[s] == n and s != winner]
    if tied:
        text = _("Game over: {who} wins, tied at {n} points with {others}: a tie goes to the deal's bidder.")
        return text.format(who=seat_name(winner), n=n, others=seat_list(tied))
    if len(reached) > 1:
        text = _("Game over: {who} wins with {n} points, the most of the players past {target}.")
        return text.format(who=seat_name(winner), n=n, target=target)
    return _("Game over: {who} wins with {n} points, the first to reach {target}.").format(
        who=seat_name(winner), n=n, target=target
    )


def _labels(trick: Trick, _current: bool) -> tuple[str, ...]:
    return tuple(label(c) for _seat, c in trick.plays)


def _seat_lines(state: TresottiState, acting: frozenset[int], doubles: tuple[int, ...]) -> tuple[SeatLine, ...]:
    lines = []
    for s in range(state.seats):
        bits = []
        if state.phase != "bid":
            bits.append(_("won {n}").format(n=state.play.tricks[s]))
            bits.append(_("doubles {n}").format(n=doubles[s]))
        bits.append(count_of(len(state.play.hands[s]), _("{n} card"), _("{n} cards")))
        if s == state.bidder:
            bits.append(_("bid {n}").format(n=state.bid))
        if s == state.dealer:
            bits.append(_("dealer"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _facts(state: TresottiState) -> tuple[tuple[str, str], ...]:
    play, opts = state.play, state.options
    facts = [(_("Trump"), suit_label(state.trump) if state.trump else _("set by the first lead"))]
    if play.trick.plays:
        facts.append((_("Led suit"), suit_label(SUIT_OF[play.trick.plays[0][1]])))
    if state.phase == "bid":
        high = state.auction.high
        facts.append(
            (
                _("Bidding"),
                _("high bid {n} by {who}").format(n=high, who=seat_name(state.auction.high_seat or 0))
                if high is not None
                else _("no bid yet"),
            )
        )
    elif state.bidder >= 0:
        facts.append((_("Bid"), _("{who}: {n}").format(who=seat_name(state.bidder), n=state.bid)))
    if opts.sellersport:
        facts.append((_("Hand"), _("front (the game cannot end)") if state.front else _("back")))
    # Reference facts last: the hand panel shows only the first few.
    facts.append((_("Goal"), _("first to {n}").format(n=opts.target)))
    facts.append((_("Courses"), opts.reading().shown()))
    return tuple(facts)


def render(game: Engine, state: TresottiState, seat: int | None) -> SeatView:
    play, opts = state.play, state.options
    acting = game.to_act(state)
    lines = _seat_lines(state, acting, game.doubles_taken(state))
    facts = _facts(state)
    winning = partial(trick_winner, trump=state.trump, reading=opts.reading())
    piles = trick_piles(play, winning, _labels)
    if state.phase == "over":
        summary = final_summary(state)
    elif state.phase == "bid":
        summary = _("Bidding: {who} to speak.").format(who=seat_name(state.auction.order[state.auction.turn]))
    else:
        summary = _("{who} to play.").format(who=seat_name(play.to_play))
    public = TableView(
        title=_("Tresotti · deal {k}").format(k=state.deal_no + 1),
        summary=summary,
        seats=lines,
        facts=facts,
        piles=piles,
        recent=state.recent,
        sheet=state.sheet.view(),
    )
    if seat is None:
        return SeatView(public)
    hand = play.hands[seat]
    shown = sorted_hand(hand, opts.reading())
    return SeatView(
        public,
        seat=seat,
        hand=hand,
        hand_text=", ".join(label(c) for c in shown) or _("no cards"),
        hand_groups=(shown,),
        prompt=_prompt(game, state, seat, shown) if seat in acting else (),
    )


def _prompt(game: Engine, state: TresottiState, seat: int, shown: tuple[str, ...]) -> tuple[Choice | AskAmount, ...]:

    legal = game.legal_actions(state, seat)
    if state.phase == "play":
        return hand_choices(shown, legal, label)
    if game._dealer_forced(state, seat):
        return (Choice(legal[0], _("Bid {n} (everyone passed: the dealer must)").format(n=MIN_BID), "primary"),)
    low = state.auction.next_minimum
    return (
        Choice("pass", _("Pass")),
        AskAmount("bid", _("Your bid ({low}–{high} points)").format(low=low, high=MAX_BID), low, MAX_BID),
    )
