"""What Razz says: the announcements of a hand, built once per seat, card and street.

The texts are whole sentences with seat placeholders (the front end puts the
names in); the ones said on every bet are built once per language and shared,
since a bet's text, PHH line and event are values.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import STANDARD_DECK
from games.core.fastvalue import builder
from games.core.game import Event
from games.core.i18n import N_, _, language
from games.core.poker.ui import LABELS, seat_name
from games.core.wording import sentences

from .state import STREET_NAMES, RazzDeal, _live_from_left

_event = builder(Event)
_name = seat_name

#: "Seat 2 has the highest door card (K♠) and must bring in."
BRINGS_IN = N_("{who} has the highest door card ({card}) and must bring in.")
#: "4th street: Seat 3 shows the best board (K♠ 9♦) and opens."
OPENS = N_("{street}: {who} shows the best board ({board}) and opens.")
#: "Everyone else folded: Seat 3 wins the pot."
FOLDED_TO = N_("Everyone else folded: {who} wins the pot.")


def _around(template: str, field: str, **values: object) -> tuple[str, str]:
    """``template`` filled with ``values``, cut where ``field`` goes: (before, after)."""
    before, after = template.format(**values, **{field: "\0"}).split("\0")
    return before, after


def _label(card: str) -> str:
    return LABELS[card]


_SAID = {
    "fold": ("f", N_("{who} folds.")),
    "check": ("cc", N_("{who} checks.")),
    "call": ("cc", N_("{who} calls {amount}.")),
    "bring-in": ("pb", N_("{who} brings in for {amount}.")),
    "bet": ("cbr", N_("{who} bets {amount}.")),
    "raise": ("cbr", N_("{who} raises to {total}.")),
    "complete": ("cbr", N_("{who} completes to {total}.")),
}

SaidKey = tuple[str, int, int, int, int, bool]
Said = tuple[tuple[str], tuple[str], tuple[Event, ...]]


@dataclass(frozen=True, slots=True)
class Texts:
    """The announcements of one language, built once when it is first spoken (a bet's text is a value)."""

    brings_in: tuple[dict[str, str], ...]  # by seat and door card
    opens: dict[int, tuple[tuple[str, str], ...]]  # by street and seat: the text around the board
    folded_to: tuple[str, ...]  # by seat
    said: dict[SaidKey, Said]  # ``_said`` answers already given (a plain dict: cheaper than an lru_cache)


#: The announcements by language code, built when first spoken (``apply`` reads it directly).
BY_LANGUAGE: dict[str, Texts] = {}


def announcements() -> Texts:
    """The announcements in the language spoken now (one lookup on the hot path)."""
    return BY_LANGUAGE.get(language()) or build()


def build() -> Texts:
    brings_in, opens, folded_to = _(BRINGS_IN), _(OPENS), _(FOLDED_TO)
    built = Texts(
        tuple(
            {c: brings_in.format(who=seat_name(s), card=LABELS[c]) for c in STANDARD_DECK.cards}
            for s in range(8)
        ),
        {
            street: tuple(_around(opens, "board", street=_(name), who=seat_name(s)) for s in range(8))
            for street, name in STREET_NAMES.items()
        },
        tuple(folded_to.format(who=seat_name(s)) for s in range(8)),
        {},
    )
    BY_LANGUAGE[language()] = built
    return built


_SAID_SIZE = 8192

def _said(key: SaidKey, before: dict[SaidKey, Said]) -> Said:
    """The PHH line, text and event of a betting action ``(action, seat, pk, put, total, all_in)``.

    Values, so they are shared (and kept in ``before``, the language's); in 1-tuples, to be appended.
    """
    action, seat, pk, put, total, all_in = key
    code, template = _SAID[action]
    line = f"p{pk} {code} {total}" if code == "cbr" else f"p{pk} {code}"
    text = _(template).format(who=_name(seat), amount=put, total=total)
    if all_in:
        text = sentences(text, _("All in."))
    said = (line,), (text,), (Event(text, seat),)
    if len(before) >= _SAID_SIZE:  # start over, keeping what is in play
        before.clear()
    before[key] = said
    return said


def _show_lines(deal: RazzDeal, live: tuple[bool, ...], phh_lines: tuple[str, ...]) -> list[str]:
    """PHH lines showing the live hands (a board card dealt as such isn't shown again)."""
    board = deal.community if deal.community and f"d db {deal.community}" in phh_lines else ""
    if board:
        return [
            f"p{deal.pk[s]} sm {''.join([c for c in deal.cards[s] if c != board])}"
            for s in _live_from_left(deal.dealer, live)
        ]
    return [f"p{deal.pk[s]} sm {''.join(deal.cards[s])}" for s in _live_from_left(deal.dealer, live)]
