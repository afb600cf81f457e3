"""The end of a Renfield-family hand: who wins the pot, what carries, and the outcome.

A hand ends after the sixth trick, when all but one seat have folded, or when
a Blaze bidder folds. The fewest bugs (at least one) win; Blaze's bidder must
take at least the bid. ``results`` puts the decision into words.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from games.core.fastvalue import builder
from games.core.game import Event, Outcome
from games.core.i18n import language

from . import results
from .lookups import Lookups
from .state import DONE, FamilyState, logged, make_score, make_side

# (winners, carried-over pot, seats sitting out, summary) and the chips won, by seat
_Decision = tuple[tuple[int, ...], int, tuple[int, ...], str, list[int]]


def finish(lk: Lookups, state: FamilyState, events: list[Event]) -> tuple[FamilyState, tuple[Event, ...]]:
    """The finished hand: the pot paid out (or carried), the summary said once."""
    winners, pot, sitting, text, net = _decide(lk, state)
    d = state.side  # written out rather than ``replace``: every hand ends here
    side = make_side(
        d.n, d.dealer, d.rng, d.stock, d.up, d.dealt_in, d.carried_in, d.betting, d.discarded, d.pending,
        d.pack, d.lot, d.seller, d.bought, d.just_bought, d.discards, winners, pot, sitting, text,
    )
    s = state
    sc = s.score
    score = make_score(tuple(net), pot, sc.taken, sc.bugs, sc.tricks_done, sc.last, sc.bidder, sc.bid, sc.order)
    recent = logged(s.recent, text)
    done = s.make(DONE, -1, (), s.hands, s.active, s.trick, s.played_as, recent, s.auction, score, side, s.options)
    events.append(Event(text))
    return done, tuple(events)


def _decide(lk: Lookups, state: FamilyState) -> _Decision:
    o = state.options
    p = lk.profile
    n = state.side.n
    sc = state.score
    bugs, active = sc.bugs, state.active  # read once: the state's shortcuts are properties
    net = list(sc.net)
    pot = sc.pot
    live = [s for s in range(n) if active[s]]
    winners: tuple[int, ...] = ()
    sitting: tuple[int, ...] = ()
    if o.blaze and sc.bidder >= 0:
        b = sc.bidder
        if active[b] and bugs[b] >= sc.bid:
            winners = (b,)
            text = results.blaze_made(p, b, sc.bid)
        else:
            penalty = o.blaze_penalty or pot
            net[b] -= penalty
            pot += penalty
            sitting = tuple(s for s in range(n) if not active[s])
            text = results.blaze_missed(p, b, sc.bid, pot)
    elif len(live) == 1:
        winners = (live[0],)
        text = results.folded_to(live[0])
    else:
        eligible = [s for s in live if bugs[s] >= 1]
        if eligible:
            best = min([bugs[s] for s in eligible])
            winners = tuple([s for s in eligible if bugs[s] == best])
            text = _won_text(lk, winners, best, pot % len(winners))
        else:
            text = results.nobody_won(p, pot)
    if winners:
        share = pot // len(winners)
        for w in winners:
            net[w] += share
        pot -= share * len(winners)
    return winners, pot, sitting, text, net


def _won_text(lk: Lookups, winners: tuple[int, ...], best: int, left: int) -> str:
    """``results.won_with``, cached: the same few headlines end most hands."""
    key = (winners, best, left, language())  # the text is in the table's language
    text = lk.win_texts.get(key)
    if text is None:
        if len(lk.win_texts) > 4096:
            lk.win_texts.clear()
        text = lk.win_texts[key] = results.won_with(lk.profile, winners, best, left)
    return text


def outcome(lk: Lookups, state: FamilyState) -> Outcome | None:
    """The contract's outcome of a finished hand (None while it runs)."""
    if state.phase != DONE:
        return None
    side, sc = state.side, state.score
    carry: dict[str, Any] | None = None
    if side.carried_out or side.sitting_out:
        carry = {"pot": side.carried_out, "sitting_out": list(side.sitting_out)}
    return _outcome(
        sc.net,  # payoffs
        placings(sc.net),
        carry,
        side.carried_in,
        side.carried_out,
        side.summary,
        sc.bugs,  # scores
        {"winners": side.winners, "bidder": sc.bidder, "bid": sc.bid},  # extra
        results.details(lk.profile, state),
        False,  # table_over: a Renfield table plays on until its players leave
    )


def placings(net: tuple[int, ...]) -> tuple[int, ...]:
    """``games.core.game.placings_from(net)`` (competition ranking, more is better), a third of the work.

    A seat's place is one more than the seats ahead of it: the first index of its value
    in the values sorted best first. ``test_renfield_engine`` checks the two agree.
    """
    ranked = sorted(net, reverse=True)
    return tuple([ranked.index(v) + 1 for v in net])


# Outcome's fields, in order, built positionally (games/core/fastvalue.py): a check that
# fails at import, not silently, if the contract's Outcome ever changes shape.
_OUTCOME = ("payoffs", "placings", "carry", "carried_in", "carried_out", "summary", "scores", "extra", "details", "table_over")
if tuple(f.name for f in fields(Outcome)) != _OUTCOME:
    raise ImportError("games.core.game.Outcome changed: update settlement.outcome")
_outcome = builder(Outcome)
