"""What a seat sees of a Rage game, in the shared render model.

Kept apart from the rules: nothing here changes the game. The table says each
thing once: the trump in one fact, each seat's bid and tricks on its line, the
points only on the score sheet (a ``ScoreSheet``, so the front end names its
columns), and the tricks as piles that say who played what and who is winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Protocol

from ..core.i18n import _
from ..core.tricks import Trick, trick_piles
from ..core.views import AskAmount, Choice, Pile, SeatLine, SeatView, TableView, hand_choices, seat_name
from ..core.wording import by_count, count_of, number
from .cards import CHANGE, RANK_OF, WILD, colour_label, label, sorted_hand
from .state import RageState, trick_winner


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def to_act(self, state: RageState) -> frozenset[int]: ...
    def legal_actions(self, state: RageState, seat: int) -> tuple[str, ...]: ...



def final_summary(state: RageState) -> str:
    """The headline of a finished game: the winner, or the seats tied for first."""
    best = max(state.sheet.totals)
    winners = [s for s, t in enumerate(state.sheet.totals) if t == best]
    return by_count(  # the rule that decided it: the most points once every deal is played
        winners,
        _("Game over: {who} wins with {n} points, the most after {deals}."),
        _("Game over: {who} tie for first with {n} points, the most after {deals}."),
        n=number(best), deals=count_of(len(state.sheet.rows), _("{n} deal"), _("{n} deals")),
    )


def play_labels(trick: Trick, calls: Sequence[str]) -> tuple[str, ...]:
    """One label per play; a Wild or Change Rage says the colour it was played as."""
    out = []
    for (_seat, card), call in zip(trick.plays, calls, strict=False):
        text = label(card)
        if call:
            text = _("{card} ({colour})").format(card=text, colour=colour_label(call))
        out.append(text)
    return tuple(out)


def _with_calls(piles: Sequence[Pile], calls: Sequence[Sequence[str]]) -> tuple[Pile, ...]:
    """Each trick with what its Wild and Change Rages were played as (``WILD=R``), for the picture."""
    out = []
    for pile, called in zip(piles, calls, strict=True):
        drawn = tuple(f"{card}={called[i]}" if i < len(called) and called[i] else card for i, card in enumerate(pile.cards))
        out.append(replace(pile, drawn=drawn) if drawn != pile.cards else pile)
    return tuple(out)


def _seat_lines(state: RageState, acting: frozenset[int]) -> tuple[SeatLine, ...]:
    lines = []
    for s in range(state.seats):
        bid = state.bids[s]
        bits = [_("bid {n}").format(n=bid) if bid >= 0 else _("no bid yet")]
        if state.phase != "bid":
            bits.append(_("won {n}").format(n=state.play.tricks[s]))
        bits.append(count_of(len(state.play.hands[s]), _("{n} card"), _("{n} cards")))
        if s == state.dealer:
            bits.append(_("dealer"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _trump_text(state: RageState) -> str:
    if state.trump_out:
        return _("none (Out Rage) — last shown {c}").format(c=colour_label(state.trump))
    if not state.trump:
        return _("none")
    if state.trump_card:
        return _("{colour} (the {rank} is turned up)").format(
            colour=colour_label(state.trump), rank=RANK_OF[state.trump_card]
        )
    return colour_label(state.trump)


def render(game: Engine, state: RageState, seat: int | None) -> SeatView:
    play = state.play
    size = state.options.first_hand - state.deal_no
    acting = game.to_act(state)
    lines = _seat_lines(state, acting)
    trump_text = _trump_text(state)
    bid_total = sum(b for b in state.bids if b >= 0)
    facts = (
        (
            _("Deal"),
            _("{k} of {total} · hands of {size}").format(k=state.deal_no + 1, total=state.options.first_hand, size=size),
        ),
        (_("Trump"), trump_text),
        (_("Led colour"), colour_label(state.led) if state.led else _("not set yet")),
        (_("Bids"), (_("{b} bid for {t} trick") if size == 1 else _("{b} bid for {t} tricks")).format(b=bid_total, t=size)),
    )
    # the winner rule exactly as the engine will judge the trick, with the trump as it stands now
    winning = partial(trick_winner, calls=state.calls, trump="" if state.trump_out else state.trump, led=state.led)
    piles = trick_piles(
        play, winning, lambda trick, current: play_labels(trick, state.calls if current else state.last_calls)
    )
    piles = _with_calls(piles, [state.calls] * bool(play.trick.plays) + [state.last_calls] * (play.last is not None))
    if state.phase == "over":
        summary = final_summary(state)
    elif state.phase == "bid":
        summary = _("Bidding: {who} to bid.").format(who=seat_name(state.turn))
    else:
        summary = _("{who} to play.").format(who=seat_name(play.to_play))
    public = TableView(
        title=_("Rage · deal {k} of {total}").format(k=state.deal_no + 1, total=state.options.first_hand),
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
    shown = sorted_hand(hand)
    return SeatView(
        public,
        seat=seat,
        hand=hand,
        hand_text=", ".join(label(c) for c in shown) or _("no cards"),
        hand_groups=(shown,),
        prompt=_prompt(game, state, seat, shown) if seat in acting else (),
    )


def _prompt(game: Engine, state: RageState, seat: int, shown: tuple[str, ...]) -> tuple[Choice | AskAmount, ...]:
    """The bid, or the hand as buttons (in display order); a Wild or Change gets one per colour."""
    if state.phase == "bid":
        n = len(shown)
        return (AskAmount("bid", _("Your bid: tricks you will take (0–{n})").format(n=n), 0, n),)
    legal = game.legal_actions(state, seat)
    out: list[Choice | AskAmount] = []
    for choice in hand_choices(shown, legal, label):
        card = choice.action[5:]
        called = [a for a in legal if a.startswith(f"play:{card}=")] if card in (WILD, CHANGE) else []
        if not called:
            out.append(choice)
        # A playable Wild or Change: one choice per colour it may be played as.
        for action in called:
            c = action[-1]
            text = _("Wild Rage as {c}") if card == WILD else _("Change Rage: trump {c}")
            out.append(Choice(action, text.format(c=colour_label(c)), "primary", True, "cards"))
    return tuple(out)
