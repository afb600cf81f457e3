"""The course of an Écarté game between the players' choices: dealing (with the upcard and a
turned-up king), points scored during a deal, the scoring of the tricks, the end of a deal and
of the game, and the outcome that carries the match on to the next game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import Event, Outcome
from ..core.i18n import _
from ..core.rng import Rng
from ..core.sheet import deal, remember
from ..core.tricks import TrickPlay
from ..core.views import seat_name
from ..core.wording import count_of
from .cards import CARDS, SUIT_NAMES, king_of, label
from .state import GAME_POINTS, HAND, OVER, PLAY, PROPOSE, EcarteState, evolve

Events = list[Event]


def pair(value: Any, default: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Two non-negative ints from a carried list (anything else: ``default``)."""
    if isinstance(value, list | tuple) and len(value) == 2:
        a, b = (max(0, int(v)) for v in value)
        return a, b
    return default


def deal_into(
    state: EcarteState,
    deal_no: int,
    dealer: int,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    stock: Sequence[str] | None = None,
) -> tuple[EcarteState, Events]:
    """A fresh deal: five cards each, the upcard turned (its suit is trumps), the stock.

    A stacked ``stock`` starts with the upcard. A turned-up king scores the dealer
    a point at once, and may end the game before the deal is played.
    """
    rng = Rng(state.seed).derive(f"ecarte-deal-{deal_no}")
    dealt, rest = deal(CARDS, 2, HAND, rng, hands=hands, stock=stock)
    if not rest:
        raise ValueError("a stacked stock needs at least the upcard")
    upcard, left = rest[0], rest[1:]
    new = evolve(
        state,
        deal_no=deal_no,
        dealer=dealer,
        phase=PROPOSE if left else PLAY,
        play=TrickPlay.start(dealt, 1 - dealer),
        stock=left,
        upcard=upcard,
        exchanges=0,
        discarding=-1,
        drew=(-1, -1),
        vulnerable=-1,
        king_shown=-1,
        pending=(0, 0),
    )
    events: Events = [
        Event(
            _("Deal {k}: {dealer} deals and turns up {card}: {suit} are trumps.").format(
                k=deal_no + 1, dealer=seat_name(dealer), card=label(upcard), suit=_(SUIT_NAMES[upcard[1]])
            )
        )
    ]
    if upcard == king_of(upcard[1]):
        events.append(
            Event(_("{who} turned up the king and scores 1 point.").format(who=seat_name(dealer)), dealer)
        )
        return add_points(new, dealer, 1, events)
    return new, events


def add_points(state: EcarteState, seat: int, points: int, events: Events) -> tuple[EcarteState, Events]:
    """``points`` for ``seat`` this deal; reaching the game's 5 ends the deal, played or not."""
    pending = tuple(p + points if s == seat else p for s, p in enumerate(state.pending))
    state = evolve(state, pending=pending)
    if state.scores[seat] >= GAME_POINTS:
        return end_game(close_deal(state, events), seat, events)
    return state, events


def close_deal(state: EcarteState, events: Events) -> EcarteState:
    """Writes this deal's points on the sheet, with the line that closes the deal."""
    sheet = state.sheet.add(state.pending)
    a, b = sheet.rows[-1]
    events.append(
        Event(
            _("Deal {k} scores: {first} {a:+d}, {second} {b:+d}; the score is {x}–{y}.").format(
                k=state.deal_no + 1, first=seat_name(0), a=a, second=seat_name(1), b=b,
                x=sheet.totals[0], y=sheet.totals[1],
            ),
            ends_deal=True,
        )
    )
    return evolve(state, sheet=sheet, pending=(0, 0))


def end_game(state: EcarteState, winner: int, events: Events) -> tuple[EcarteState, Events]:
    state = evolve(state, phase=OVER, winner=winner, discarding=-1)
    events.append(Event(game_summary(state), winner))
    return state, events


def deal_points(tricks: Sequence[int], vulnerable: int, denexa_scoring: bool) -> tuple[int, int, bool, bool]:
    """(the winner of the deal, the points, the vole, against a vulnerable opponent).

    Standard (DECISIONS §4.5): 1 for the majority, 2 for the vole, 2 if the loser
    was vulnerable; never more than 2. The text's scoring adds the vole's point
    and the vulnerability point on top of each other (up to 3).
    """
    winner = 0 if tricks[0] >= 3 else 1
    vole = tricks[winner] == HAND
    against = vulnerable == 1 - winner
    points = 1 + vole + against if denexa_scoring else (2 if vole or against else 1)
    return winner, points, vole, against


def score_tricks(state: EcarteState, events: Events) -> tuple[EcarteState, Events]:
    """All five tricks played: the majority scores, then the next deal (or the end)."""
    winner, points, vole, against = deal_points(state.play.tricks, state.vulnerable, state.options.denexa_scoring)
    if vole and against:
        text = _("{who} takes all five tricks from a vulnerable opponent and scores {p} points.")
    elif vole:
        text = _("{who} takes all five tricks (the vole) and scores {p} points.")
    elif against:
        text = _("{who} takes {n} tricks from a vulnerable opponent and scores {p} points.")
    else:
        text = _("{who} takes {n} tricks and scores 1 point.")
    n = state.play.tricks[winner]
    events.append(Event(text.format(who=seat_name(winner), n=n, p=points), winner))
    state, events = add_points(state, winner, points, events)
    if state.phase == OVER:
        return state, events
    state = close_deal(state, events)
    nxt, more = deal_into(state, state.deal_no + 1, 1 - state.dealer)
    events.extend(more)
    return nxt, events


def remembered(state: EcarteState, events: Events, **changes: Any) -> tuple[EcarteState, tuple[Event, ...]]:
    """The new state with the public events kept for the table's recent lines."""
    return evolve(state, recent=remember(state.recent, events), **changes), tuple(events)


# ------------------------------------------------------------------ the result


def match_after(state: EcarteState) -> tuple[tuple[int, ...], bool]:
    """Games won per seat once this game is counted, and whether that decides the match."""
    match = tuple(g + (1 if s == state.winner else 0) for s, g in enumerate(state.match))
    return match, match[state.winner] >= state.options.match_games


def game_summary(state: EcarteState) -> str:
    w = state.winner
    mine, theirs = state.scores[w], state.scores[1 - w]
    if state.options.match_games == 1:
        return _("{who} wins the game {a}–{b}.").format(who=seat_name(w), a=mine, b=theirs)
    match, decided = match_after(state)
    text = (
        _("{who} wins the game {a}–{b} and the match by {m} games to {n}.")
        if decided
        else _("{who} wins the game {a}–{b}; the match stands at {m}–{n} to {who}.")
        if match[w] > match[1 - w]
        else _("{who} wins the game {a}–{b}; the match is level at {m}–{n}.")
    )
    return text.format(who=seat_name(w), a=mine, b=theirs, m=match[w], n=match[1 - w])


def outcome_of(state: EcarteState) -> Outcome:
    """The game's result: the loser pays the stake, placings 1 and 2, the match carried on."""
    w, stake = state.winner, state.options.stake
    match, decided = match_after(state)
    carry: Mapping[str, Any] = {
        # A decided match ends the table; were it to go on, a new match starts.
        "match": [0, 0] if decided else list(match),
        "games": 0 if decided else state.games + 1,
        "dealer": 1 - state.dealer,  # the deal keeps alternating from game to game
    }
    details = []
    for s in range(2):
        text = count_of(state.scores[s], _("{n} point"), _("{n} points"))
        if state.options.match_games > 1:
            text = _("{points} · games won {g}").format(points=text, g=match[s])
        details.append(text)
    return Outcome(
        payoffs=tuple(stake if s == w else -stake for s in range(2)),
        placings=tuple(1 if s == w else 2 for s in range(2)),
        carry=carry,
        summary=game_summary(state),
        scores=state.scores,
        extra={"match": list(match), "winner": w, "deals": state.deal_no + 1},
        details=tuple(details),
        table_over=decided,
    )
