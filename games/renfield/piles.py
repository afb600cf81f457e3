"""The Renfield family's tricks on the table: who played what, and who is winning or took it.

The current trick's leader is judged with the engine's own winner rule
(``tricks.winner``: suit order, wild declarations, Flatline), so the table
can never disagree with the rules. A trick with a Death Card in it is taken
by nobody, and says so.
"""

from __future__ import annotations

from games.core.i18n import _
from games.core.tricks import current_trick, last_trick
from games.core.views import Pile

from .lookups import Lookups
from .state import FamilyState
from .tricks import winner


def _labels(lk: Lookups, plays: tuple[tuple[int, str], ...], played_as: tuple[str, ...]) -> list[str]:
    return [lk.label_play(card, ident) for (_seat, card), ident in zip(plays, played_as, strict=True)]


def trick_piles(lk: Lookups, state: FamilyState) -> tuple[Pile, ...]:
    """The trick being played (with the seat winning it so far) and the last one (with its taker)."""
    piles = []
    trick = state.trick
    if trick.plays:
        played_as = state.played_as
        options = state.options
        death = lk.table(options).death
        cards = trick.cards if options.wild_cards else played_as
        if death and any(c in death for c in cards):
            winning, note = None, _("a Death Card: nobody takes this trick")
        else:
            winning, note = trick.plays[winner(lk, options, state.order, cards, played_as, death)][0], ""
        piles.append(current_trick(trick.plays, _labels(lk, trick.plays, played_as), winning, note))
    past = state.score.last
    if past is not None:
        nobody = past.taker < 0
        note = _("a Death Card: taken by nobody") if nobody else ""
        labels = _labels(lk, past.plays, past.played_as)
        piles.append(last_trick(past.plays, labels, None if nobody else past.taker, note))
    return tuple(piles)
