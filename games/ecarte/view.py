"""What a seat sees of an Écarté game, in the shared render model (nothing here changes the game).

The game's points are on the score sheet (a row per deal) and in the seat lines; the
match score and the stake are facts; the exchange is a multi-select that says how many
cards may go; the king of trumps is a button offered only while it may be shown.
"""

from __future__ import annotations

from typing import Protocol

from ..core.exchange import pick_prompt
from ..core.i18n import _
from ..core.tricks import Trick, trick_piles
from ..core.views import Choice, PickCards, ScoreSheet, SeatLine, SeatView, TableView, hand_choices, seat_name
from ..core.wording import count_of
from .cards import SUIT_NAMES, label, labels, sorted_hand
from .flow import game_summary
from .state import ACCEPT, DISCARD, GAME_POINTS, OVER, PLAY, PROPOSE, EcarteState, trick_winner


class Engine(Protocol):
    """What the view asks of the game (a Protocol: the view never imports the rules)."""

    def to_act(self, state: EcarteState) -> frozenset[int]: ...
    def legal_actions(self, state: EcarteState, seat: int) -> tuple[str, ...]: ...
    def discard_limits(self, state: EcarteState) -> tuple[int, int]: ...
    def may_show_king(self, state: EcarteState, seat: int) -> bool: ...


def _labels(trick: Trick, _current: bool) -> tuple[str, ...]:
    return tuple(label(c) for _seat, c in trick.plays)


def _seat_lines(state: EcarteState, acting: frozenset[int]) -> tuple[SeatLine, ...]:
    lines = []
    scores = state.scores
    for s in range(2):
        bits = [count_of(scores[s], _("{n} point"), _("{n} points"))]
        if state.phase == PLAY:
            bits.append(count_of(state.play.tricks[s], _("{n} trick"), _("{n} tricks")))
        if s == state.dealer:
            bits.append(_("dealer"))
        if s == state.vulnerable:
            bits.append(_("vulnerable"))
        if s == state.king_shown:
            bits.append(_("showed the king"))
        lines.append(SeatLine(s, " · ".join(bits), to_act=s in acting))
    return tuple(lines)


def _facts(state: EcarteState) -> tuple[tuple[str, str], ...]:
    opts = state.options
    facts = [
        (_("Trumps"), _("{suit} (upcard {card})").format(suit=_(SUIT_NAMES[state.trump]), card=label(state.upcard))),
        (_("Stock"), count_of(len(state.stock), _("{n} card"), _("{n} cards"))),
    ]
    if state.exchanges:
        facts.append((_("Exchanges"), str(state.exchanges)))
    if opts.match_games > 1:
        facts.append((
            _("Match"),
            _("{a} {x} – {y} {b} (first to {n} games)").format(
                a=seat_name(0), x=state.match[0], y=state.match[1], b=seat_name(1), n=opts.match_games),
        ))
    if opts.stake:
        facts.append((_("Stake"), count_of(opts.stake, _("{n} chip a game"), _("{n} chips a game"))))
    facts.append((_("Goal"), _("first to {n} points").format(n=GAME_POINTS)))
    facts.append((_("Ranks"), _("K Q J A 10 9 8 7")))
    return tuple(facts)


def sheet_of(state: EcarteState) -> ScoreSheet | None:
    """A row per deal played in this state (after a row for any scores it started from)."""
    rows: list[tuple[str, tuple[int | None, ...]]] = []
    if any(state.opening):
        rows.append((_("Earlier deals"), state.opening))
    rows.extend(
        (_("Deal {k}").format(k=state.first_deal + i + 1), row) for i, row in enumerate(state.sheet.rows)
    )
    if not state.sheet.rows:
        return None
    return ScoreSheet(tuple(rows), state.sheet.totals, _("Score sheet"))


def _summary(state: EcarteState) -> str:
    if state.phase == OVER:
        return game_summary(state)
    if state.phase == PROPOSE:
        return _("{who} plays or proposes an exchange.").format(who=seat_name(state.non_dealer))
    if state.phase == ACCEPT:
        return _("{who} accepts or refuses the exchange.").format(who=seat_name(state.dealer))
    if state.phase == DISCARD:
        return _("{who} is exchanging cards.").format(who=seat_name(state.discarding))
    return _("{who} to play.").format(who=seat_name(state.play.to_play))


def render(game: Engine, state: EcarteState, seat: int | None) -> SeatView:
    acting = game.to_act(state)
    title = (
        _("Écarté · game {g} · deal {k}").format(g=state.games + 1, k=state.deal_no + 1)
        if state.options.match_games > 1
        else _("Écarté · deal {k}").format(k=state.deal_no + 1)
    )
    public = TableView(
        title=title,
        summary=_summary(state),
        seats=_seat_lines(state, acting),
        facts=_facts(state),
        piles=trick_piles(state.play, lambda t: trick_winner(t, state.trump), _labels),
        recent=state.recent,
        sheet=sheet_of(state),
    )
    if seat is None:
        return SeatView(public)
    shown = sorted_hand(state.play.hands[seat], state.trump)
    return SeatView(
        public,
        seat=seat,
        hand=shown,
        hand_text=labels(shown) or _("no cards"),
        notes=_notes(game, state, seat),
        prompt=prompt(game, state, seat) if seat in acting else (),
    )


def _notes(game: Engine, state: EcarteState, seat: int) -> tuple[str, ...]:
    notes = []
    if state.vulnerable == seat:
        notes.append(
            _("You are vulnerable: if you take fewer than 3 tricks, your opponent scores an extra point.")
            if state.options.denexa_scoring
            else _("You are vulnerable: if you take fewer than 3 tricks, your opponent scores 2.")
        )
    if state.phase in (PROPOSE, ACCEPT) and state.exchanges == 0:
        notes.append(_("Whoever prevents this first exchange becomes vulnerable."))
    if game.may_show_king(state, seat):
        notes.append(_("You hold the king of trumps: you may show it before your first card."))
    return tuple(notes)


def prompt(game: Engine, state: EcarteState, seat: int) -> tuple[Choice | PickCards, ...]:
    if seat not in game.to_act(state):
        return ()
    first = state.exchanges == 0
    if state.phase == PROPOSE:
        choices = [Choice("play", _("I play (you become vulnerable)") if first else _("I play"))]
        if state.stock:
            choices.insert(0, Choice("propose", _("I propose an exchange"), "primary"))
        return tuple(choices)
    if state.phase == ACCEPT:
        return (
            Choice("accept", _("Accept the exchange"), "primary"),
            Choice("refuse", _("Refuse (you become vulnerable)") if first else _("Refuse and play")),
        )
    shown = sorted_hand(state.play.hands[seat], state.trump)
    if state.phase == DISCARD:
        low, high = game.discard_limits(state)
        text = (
            _("Discard 1 card (the stock has 1 left)") if high == 1 and low == 1
            else _("Discard {lo}–{hi} cards (stock: {n} left)").format(lo=low, hi=high, n=len(state.stock))
        )
        pick = pick_prompt("discard", shown, [label(c) for c in shown], low, high, label=text)
        if low == 0:
            return (pick, Choice("discard:", _("Discard nothing"), "secondary"))
        return (pick,)
    legal = game.legal_actions(state, seat)
    cards = hand_choices(shown, legal, label)
    if game.may_show_king(state, seat):
        return (Choice("king", _("Show the king of trumps (+1 point)"), "success"), *cards)
    return cards
