"""What a seat sees of a Fünfzehnern deal, in the shared render model.

Kept apart from the rules: points taken so far are on each seat's line, the
lead duties are public (everyone saw who took the lead in which suit), the
score sheet has a row per deal of the match (points − 15) and the totals.
"""

from __future__ import annotations

from typing import Protocol

from ..core.i18n import _
from ..core.tricks import Trick, trick_piles
from ..core.views import Choice, ScoreSheet, SeatLine, SeatView, TableView, hand_choices, seat_name
from ..core.wording import count_of
from .cards import SUIT_NAME, SUIT_OF, label, sorted_hand, suit_label
from .state import FuenfState, trick_winner
from .texts import deal_summary


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def to_act(self, state: FuenfState) -> frozenset[int]: ...
    def legal_actions(self, state: FuenfState, seat: int) -> tuple[str, ...]: ...
    def taken_points(self, state: FuenfState) -> tuple[int, ...]: ...
    def scores(self, state: FuenfState) -> tuple[int, ...]: ...
    def duty(self, state: FuenfState, seat: int) -> str | None: ...


def _labels(trick: Trick, _current: bool) -> tuple[str, ...]:
    return tuple(label(c) for _seat, c in trick.plays)


def _seat_lines(state: FuenfState, acting: frozenset[int], taken: tuple[int, ...]) -> tuple[SeatLine, ...]:
    play = state.play
    lines = []
    for s in range(state.seats):
        bits = [
            count_of(taken[s], _("{n} point taken"), _("{n} points taken")),
            count_of(play.tricks[s], _("{n} trick"), _("{n} tricks")),
            count_of(len(play.hands[s]), _("{n} card"), _("{n} cards")),
        ]
        duty = state.duties.suits[s]
        if duty is not None and play.hands[s]:
            bits.append(_("must lead {suit} while holding any").format(suit=suit_label(duty)))
        if s == state.dealer:
            bits.append(_("dealer"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _facts(state: FuenfState) -> tuple[tuple[str, str], ...]:
    opts = state.options
    facts = [(_("Deal"), _("{k} of {n}").format(k=state.deal_no, n=opts.deals))]
    trick = state.play.trick
    if trick.plays:
        facts.append((_("Led suit"), suit_label(SUIT_OF[trick.plays[0][1]])))
    if state.force is not None:
        facts.append(
            (
                _("Zwang"),
                _("{who} declared it: whoever holds the Ace of {suit} must play it.").format(
                    who=seat_name(state.force.by), suit=_(SUIT_NAME[SUIT_OF[state.force.card]])
                ),
            )
        )
    facts.append(
        (
            _("Pool"),
            count_of(
                opts.chips_per_point,
                _("{n} chip per point above or below 15"),
                _("{n} chips per point above or below 15"),
            ),
        )
    )
    facts.append((_("Card points"), _("A 5 · K 4 · Q 3 · J 2 · 10 1 · 9 8 7 none")))
    return tuple(facts)


def _sheet(game: Engine, state: FuenfState) -> ScoreSheet | None:
    rows = state.rows
    totals = state.totals
    if state.play.done:
        scores = game.scores(state)
        rows = (*rows, scores)
        totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
    if not rows:
        return None
    first = state.deal_no - len(state.rows)
    named = tuple((_("Deal {k}").format(k=first + i), tuple[int | None, ...](row)) for i, row in enumerate(rows))
    return ScoreSheet(named, totals, _("Match score"))


def _summary(game: Engine, state: FuenfState) -> str:
    play = state.play
    if play.done:
        return deal_summary(state, game.scores(state))
    if not play.trick.plays:
        return _("{who} to lead.").format(who=seat_name(play.to_play))
    return _("{who} to play.").format(who=seat_name(play.to_play))


def _notes(game: Engine, state: FuenfState, seat: int) -> tuple[str, ...]:
    play = state.play
    notes = []
    force = state.force
    if force is not None and force.card in play.hands[seat]:
        notes.append(_("Zwang: you must play {ace} to this trick.").format(ace=label(force.card)))
    duty = game.duty(state, seat)
    if duty is not None:
        notes.append(
            _("You took the lead in {suit}: lead {suit} while you hold any, or a card nobody can beat.").format(
                suit=suit_label(duty)
            )
        )
    return tuple(notes)


def render(game: Engine, state: FuenfState, seat: int | None) -> SeatView:
    play = state.play
    acting = game.to_act(state)
    public = TableView(
        title=_("Fünfzehnern · deal {k} of {n}").format(k=state.deal_no, n=state.options.deals),
        summary=_summary(game, state),
        seats=_seat_lines(state, acting, game.taken_points(state)),
        facts=_facts(state),
        piles=trick_piles(play, trick_winner, _labels),
        recent=state.recent,
        sheet=_sheet(game, state),
    )
    if seat is None:
        return SeatView(public)
    shown = sorted_hand(play.hands[seat])
    prompt: tuple[Choice, ...] = ()
    if seat in acting:
        legal = game.legal_actions(state, seat)
        zwang = tuple(
            Choice(a, _("Lead {card} — zwang!").format(card=label(a[6:])), "danger")
            for a in legal
            if a.startswith("zwang:")
        )
        prompt = hand_choices(shown, legal, label) + zwang
    return SeatView(
        public,
        seat=seat,
        hand=play.hands[seat],
        hand_text=", ".join(label(c) for c in shown) or _("no cards"),
        hand_groups=(shown,),
        notes=_notes(game, state, seat),
        prompt=prompt,
    )
