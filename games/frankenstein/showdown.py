"""Frankenstein's showdown: what is shown, and who wins what — the Zombie included.

Apart from the betting and the draw (``game.py``) because the showdown is the
one place the Zombie changes the money: it may beat the would-be winners,
who then match the pot, and everything carries to a re-deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from games.core.betting import BettingRound
from games.core.i18n import _
from games.core.poker.highhand import high_key, high_name
from games.core.poker.pots import OddChips, Pot, side_pots, split_amount
from games.core.poker.ui import card_labels, pot_headline, seat_name
from games.core.wording import by_count


class _Options(Protocol):
    @property
    def odd_chips(self) -> OddChips: ...


class ShowdownState(Protocol):
    """What the showdown reads of a Frankenstein state."""

    @property
    def options(self) -> _Options: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def zombie(self) -> tuple[str, ...]: ...
    @property
    def carried_in(self) -> int: ...
    @property
    def contributed(self) -> tuple[int, ...]: ...
    @property
    def round(self) -> BettingRound: ...
    @property
    def n(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Settled:
    payoffs: tuple[int, ...]
    carried_out: int
    headline: str
    beaten: Sequence[int]  # the would-be winners the Zombie beat (they matched the pot)


def hand_name(key: tuple[int, ...] | None) -> str:
    return _("no hand") if key is None else high_name(key)


def shown_texts(
    state: ShowdownState, live_seats: list[int], keys: dict[int, tuple[int, ...]], alone: bool
) -> list[str]:
    """The Zombie rising (or not), then each hand shown, one sentence each."""
    zombie = state.zombie
    texts: list[str] = []
    if zombie:
        texts.append(_("The Zombie rises from {k} discards: {cards} — {hand}.").format(
            k=len(zombie), cards=card_labels(zombie), hand=hand_name(high_key(zombie))))
    else:
        texts.append(_("No discards: there is no Zombie this deal."))
    for s in live_seats:
        if not alone or zombie:
            texts.append(_("{who} shows {cards}: {hand}.").format(
                who=seat_name(s), cards=card_labels(state.hands[s]), hand=hand_name(keys[s])))
    return texts


def settle(
    state: ShowdownState, live_seats: list[int], keys: dict[int, tuple[int, ...]], alone: bool
) -> Settled:
    """Who wins what: the pots by hand, or — when the Zombie beats the best hand — the match and carry."""
    n, contributed, zombie = state.n, state.contributed, state.zombie
    best = max(keys.values())
    leaders = [s for s in live_seats if keys[s] == best]
    zombie_key = high_key(zombie) if zombie else None
    matched = [0] * n
    if zombie_key is not None and zombie_key > best:
        # the would-be winner(s) match the pot; everything carries to the re-deal
        pot = state.carried_in + sum(contributed)
        stacks = state.round.stacks
        for s, share in split_amount(pot, leaders, state.options.odd_chips):
            matched[s] = share if stacks is None else min(share, stacks[s])
        headline = by_count(
            leaders,
            _("The Zombie beats {who} with {hand}: {who} matches the pot, and it all carries to a re-deal."),
            _("The Zombie beats {who} with {hand}: they match the pot, and it all carries to a re-deal."),
            hand=hand_name(zombie_key),
        )
        payoffs = tuple(-c - m for c, m in zip(contributed, matched, strict=True))
        return Settled(payoffs, pot + sum(matched), headline, leaders)
    winnings, won = _pots(state, live_seats, keys)
    if alone and zombie:
        headline = _("{who} beats the Zombie with {hand} and wins the pot.").format(
            who=seat_name(live_seats[0]), hand=hand_name(best)
        )
    elif alone:
        headline = _("Everyone else folded: {who} wins the pot.").format(who=seat_name(live_seats[0]))
    else:
        headline = pot_headline(won)
    payoffs = tuple(w - c for w, c in zip(winnings, contributed, strict=True))
    return Settled(payoffs, 0, headline, ())


def _pots(
    state: ShowdownState, live_seats: list[int], keys: dict[int, tuple[int, ...]]
) -> tuple[list[int], list[tuple[list[int], str]]]:
    """Each side pot to its best hand(s); the carried-in pot joins the main pot."""
    live = state.round.live
    pots = list(side_pots(state.contributed, live))
    if pots:
        pots[0] = Pot(pots[0].amount + state.carried_in, pots[0].eligible)
    elif state.carried_in:
        pots = [Pot(state.carried_in, tuple(live_seats))]
    winnings = [0] * state.n
    won = []
    for pot in pots:
        top = max(keys[s] for s in pot.eligible)
        winners = [s for s in live_seats if s in pot.eligible and keys[s] == top]
        for s, share in split_amount(pot.amount, winners, state.options.odd_chips):
            winnings[s] += share
        won.append((winners, hand_name(top)))
    return winnings, won
