"""What a seat sees of a Reversis hand, in the shared render model (the rules live elsewhere).

The pots and each seat's chips this hand are on the table; every payment is an event as it
happens; points and tricks taken so far are on the seat lines; the talon is shown once the
hand is over.
"""

from __future__ import annotations

from typing import Protocol

from ..core.i18n import N_, _
from ..core.tricks import Trick, trick_piles
from ..core.views import Choice, PickCards, Pile, SeatLine, SeatView, TableView, hand_choices, seat_name
from ..core.wording import count_of, signed
from .cards import SUIT_OF, label, sorted_hand, talon_points
from .ending import points
from .state import DONE, EXCHANGE, FIRST_NINE, ReversisState, trick_winner


class Engine(Protocol):
    def to_act(self, state: ReversisState) -> frozenset[int]: ...
    def legal_actions(self, state: ReversisState, seat: int) -> tuple[str, ...]: ...


_SUITS = {"s": N_("♠ Spades"), "h": N_("♥ Hearts"), "d": N_("♦ Diamonds"), "c": N_("♣ Clubs")}


def _labels(trick: Trick, _current: bool) -> tuple[str, ...]:
    return tuple(label(c) for _seat, c in trick.plays)


def pots_text(pots: tuple[int, ...]) -> str:
    if not pots:
        return _("empty")
    if len(pots) == 1:
        return _("{n} chips").format(n=pots[0])
    parts = [_("Pot {k}: {n}").format(k=k, n=n) for k, n in enumerate(pots, 1)]
    return _("{pots} (the last is the most recent)").format(pots=" · ".join(parts))


def _seat_lines(state: ReversisState, acting: frozenset[int]) -> tuple[SeatLine, ...]:
    play, pts = state.play, points(state)
    lines = []
    for s in range(len(play.hands)):
        bits = []
        if state.phase == EXCHANGE:
            if s == state.dealer or state.face_down[s] == "":
                done = s != state.turn and (s != state.dealer or state.talon)
                bits.append(_("exchanged") if done else _("to exchange"))
            else:
                bits.append(_("to exchange"))
        else:
            bits.append(count_of(play.tricks[s], _("{n} trick"), _("{n} tricks")))
            bits.append(count_of(pts[s], _("{n} point"), _("{n} points")))
        bits.append(count_of(len(play.hands[s]), _("{n} card"), _("{n} cards")))
        bits.append(_("chips this hand {n}").format(n=signed(state.pots.net[s])))
        if s == state.dealer:
            bits.append(_("dealer"))
        if s == state.espagnolette:
            bits.append(_("espagnolette"))
        if s == state.reversis:
            bits.append(_("reversis broken") if state.broken_by >= 0 else _("reversis"))
        # antes and payments move chips as the hand goes; once it is settled the table's stacks say it
        staked = 0 if state.phase == DONE else -state.pots.net[s]
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting, staked=staked))
    return tuple(lines)


def _facts(state: ReversisState) -> tuple[tuple[str, str], ...]:
    facts = [(_("Pots"), pots_text(state.pots.pots))]
    trick = state.play.trick
    if state.phase != DONE and trick.plays:
        facts.append((_("Led suit"), _(_SUITS[SUIT_OF[trick.plays[0][1]]])))
    if state.phase == DONE:
        pass  # the talon is a pile now, with its points
    elif state.talon:
        facts.append((_("Talon"), count_of(len(state.talon), _("{n} card face down"), _("{n} cards face down"))))
    else:
        facts.append((_("Talon"), _("none yet: the exchange makes it")))
    if state.reversis >= 0 and state.broken_by < 0 and state.phase != DONE:
        facts.append((_("Reversis"), _("{who} took the first nine tricks").format(who=seat_name(state.reversis))))
    facts.append((_("Deal"), _("{k} of {n}").format(k=state.deal_no, n=state.options.deals)))
    facts.append((_("Points"), _("A 4 · K 3 · Q 2 · J 1; fewest win the party")))
    return tuple(facts)


def _summary(state: ReversisState) -> str:
    if state.phase == DONE:
        return state.summary
    if state.phase == EXCHANGE:
        if state.turn == state.dealer:
            return _("The exchange: {who} (the dealer) discards one card.").format(who=seat_name(state.turn))
        return _("The exchange: {who} to discard one card or keep their hand.").format(who=seat_name(state.turn))
    return _("{who} to play.").format(who=seat_name(state.play.to_play))


def render(game: Engine, state: ReversisState, seat: int | None) -> SeatView:
    acting = game.to_act(state)
    piles = trick_piles(state.play, trick_winner, _labels)
    if state.phase == DONE and state.talon:
        n = sum(talon_points(c, state.options.historical_talon) for c in state.talon)
        text = _("{cards} ({points})").format(
            cards=", ".join(map(label, state.talon)), points=count_of(n, _("{n} point"), _("{n} points"))
        )
        piles = (*piles, Pile(_("Talon"), state.talon, text))
    public = TableView(
        title=_("Reversis · deal {k} of {n}").format(k=state.deal_no, n=state.options.deals),
        summary=_summary(state),
        seats=_seat_lines(state, acting),
        facts=_facts(state),
        piles=piles,
        recent=state.recent,
    )
    if seat is None:
        return SeatView(public)
    hand = state.play.hands[seat]
    shown = sorted_hand(hand)
    return SeatView(
        public,
        seat=seat,
        hand=hand,
        hand_text=", ".join(map(label, shown)) or _("no cards"),
        hand_groups=(shown,),
        notes=_notes(state, seat),
        prompt=_prompt(game, state, seat, shown) if seat in acting else (),
    )


def _notes(state: ReversisState, seat: int) -> tuple[str, ...]:
    notes = []
    if state.phase != DONE:
        if state.discarded[seat]:
            notes.append(_("You discarded {card} to the talon.").format(card=label(state.discarded[seat])))
        if state.peeked[seat]:
            notes.append(_("Your face-down card was {card}; it is in the talon.").format(card=label(state.peeked[seat])))
    if seat == state.eligible and state.espagnolette < 0 and state.phase != DONE and state.tricks_done < FIRST_NINE:
        notes.append(_("You may go for the espagnolette: renounce (play off suit) in the first nine tricks."))
    return tuple(notes)


def _prompt(game: Engine, state: ReversisState, seat: int, shown: tuple[str, ...]) -> tuple[Choice | PickCards, ...]:
    legal = game.legal_actions(state, seat)
    if state.phase != EXCHANGE:
        return hand_choices(shown, legal, label)
    labels = tuple(label(c) for c in shown)
    if seat == state.dealer:
        return (PickCards("discard", _("Discard 1 card to the talon (you must)"), shown, labels, 1, 1),)
    return (
        PickCards("discard", _("Discard 1 card and draw your face-down card"), shown, labels, 1, 1),
        Choice("discard:", _("Keep my hand (look at the face-down card)"), "primary"),
    )
