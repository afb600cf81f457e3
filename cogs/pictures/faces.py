"""What each card code looks like: the one place that knows every deck's codes.

Codes alone are ambiguous across decks (``P5`` is the five of Parts in Renfield
and the purple five in Rage; ``B5`` a Bell in Fairmarket and a blue Rage card),
so a face is looked up by deck family and code, and the family is the one
the game names (``Game.card_faces``): adding a game needs no change here.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from games import get_game
from games.core.i18n import N_

Family = Literal["standard", "rummy", "renfield", "fairmarket", "rage"]


Rgb = tuple[int, int, int]

INK: Rgb = (20, 20, 20)
#: Four-colour suits: every suit its own colour as well as its own shape.
FOUR_COLOUR: dict[str, Rgb] = {"s": INK, "h": (200, 30, 30), "d": (20, 90, 200), "c": (20, 125, 45)}
TWO_COLOUR: dict[str, Rgb] = {"s": INK, "h": (200, 30, 30), "d": (200, 30, 30), "c": INK}
SUIT_SHAPE = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}

RENFIELD: dict[str, tuple[str, Rgb]] = {
    "T": ("wrench", (30, 95, 170)),  # Tools
    "P": ("bone", (120, 40, 150)),  # Parts
    "S": ("grave", (70, 80, 90)),  # Stones
}
FAIRMARKET: dict[str, tuple[str, Rgb]] = {
    "F": ("flag", (200, 35, 35)),  # Flags
    "B": ("bell", (170, 110, 0)),  # Bells
    "C": ("cup", (20, 100, 190)),  # Cups
}
#: Rage colours: the colour fills the card; the shape tells them apart without colour vision.
RAGE: dict[str, tuple[str, Rgb]] = {
    "R": ("circle", (215, 40, 40)),
    "O": ("square", (240, 130, 20)),
    "Y": ("triangle", (245, 205, 30)),
    "G": ("diamond", (40, 150, 60)),
    "B": ("hexagon", (30, 100, 210)),
    "P": ("star", (130, 60, 170)),
}
RAGE_ACTIONS = {"WILD": "W", "CHANGE": "CH", "OUT": "OUT", "BONUS": "+5", "MAD": "-5"}
#: The word printed on a card (translated where drawn: ``tiles``), as the game's text names the card.
RAGE_ACTION_WORDS = {"WILD": N_("WILD"), "CHANGE": N_("CHANGE"), "OUT": N_("OUT"), "BONUS": N_("BONUS"), "MAD": N_("MAD")}
#: A Wild or Change Rage played as a colour: ``WILD=R`` (the trick says what it was called).
CALLED = "="
JOKER_WORD = N_("JOKER")
RANK_TEXT = {"T": "10"}
FAIRMARKET_RANKS = frozenset(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "20", "30", "40", "50", "60", "P", "C", "Q"))
#: The Fairmarket deck's royals carry their names, as the games' text writes them ("🔔 Page").
FAIRMARKET_ROYALS = {"P": N_("Page"), "C": N_("Consort"), "Q": N_("Queen")}


@dataclass(frozen=True, slots=True)
class Face:
    """A card as it is drawn: the corner text, a shape and its colour, and the card's fill."""

    rank: str
    shape: str
    colour: Rgb
    fill: Rgb = (255, 255, 255)
    #: The card's name written along its visible strip (Rage's "WILD", a royal's "Page"), in English:
    #: translated where it is drawn. Empty for number cards.
    word: str = ""


class UnknownCard(ValueError):
    """A code that no deck family knows: a bug in the mapping, found by the tests."""


#: Every deck family a game may name in ``Game.card_faces``.
FAMILIES: tuple[Family, ...] = typing.get_args(Family)


def deck_of(game_id: str) -> Family:
    """The deck family the game names (``Game.card_faces``; a test checks every registered game's)."""
    family = get_game(game_id).card_faces
    if family not in FAMILIES:
        raise ValueError(f"{game_id} names an unknown deck family {family!r}")
    return family


@lru_cache(maxsize=2048)
def face_of(family: Family, code: str, four_colour: bool = True) -> Face:
    """The face of ``code`` in ``family``; raises ``UnknownCard`` for a code the deck hasn't."""
    if family == "rummy":
        return _standard(code[:2], four_colour, rummy=True)
    if family == "standard":
        return _standard(code, four_colour, rummy=False)
    if family == "rage":
        return _rage(code)
    table = RENFIELD if family == "renfield" else FAIRMARKET
    suit, rank = code[:1], code[1:]
    if suit not in table or not _rank_ok(family, rank):
        raise UnknownCard(f"{code!r} is not a {family} card")
    shape, colour = table[suit]
    word = FAIRMARKET_ROYALS.get(rank, "") if family == "fairmarket" else ""
    return Face(rank, shape, colour, word=word)


def every_code(family: Family) -> tuple[str, ...]:
    """Every code the family's deck has (one copy each; Rage's played Wilds and Changes with each call):
    what the tests draw to check every face."""
    if family in ("standard", "rummy"):
        cards = [r + s for s in "shdc" for r in "A23456789TJQK"]
        return tuple(cards) if family == "standard" else (*(c[0] + c[1].upper() + ".1" for c in cards), "JK.1")
    if family == "rage":
        called = [f"{card}{CALLED}{c}" for card in ("WILD", "CHANGE") for c in RAGE]
        return (*(c + str(r) for c in RAGE for r in range(16)), *RAGE_ACTIONS, *called)
    if family == "renfield":
        return tuple(s + str(r) for s in RENFIELD for r in range(18))
    return tuple(s + r for s in FAIRMARKET for r in sorted(FAIRMARKET_RANKS))


def _rank_ok(family: Family, rank: str) -> bool:
    if family == "fairmarket":
        return rank in FAIRMARKET_RANKS
    return rank.isdigit() and 0 <= int(rank) <= 17


def _standard(code: str, four_colour: bool, *, rummy: bool) -> Face:
    if rummy and code == "JK":
        return Face("JK", "star", (170, 30, 120), word=JOKER_WORD)
    if len(code) != 2:
        raise UnknownCard(f"{code!r} is not a card of the standard deck")
    rank, suit = code[0], code[1].lower()
    if rummy != code[1].isupper() or suit not in SUIT_SHAPE or rank not in "A23456789TJQK":
        raise UnknownCard(f"{code!r} is not a card of the standard deck")
    colours = FOUR_COLOUR if four_colour else TWO_COLOUR
    return Face(RANK_TEXT.get(rank, rank), SUIT_SHAPE[suit], colours[suit])


def _rage(code: str) -> Face:
    card, _sep, called = code.partition(CALLED)
    if called and card in ("WILD", "CHANGE") and called in RAGE:
        shape, fill = RAGE[called]  # the colour it was played as fills the card, its shape in the middle
        ink: Rgb = INK if called == "Y" else (255, 255, 255)
        return Face(RAGE_ACTIONS[card], shape, ink, fill=fill, word=RAGE_ACTION_WORDS[card])
    if code in RAGE_ACTIONS:
        return Face(RAGE_ACTIONS[code], "bolt", (255, 255, 255), fill=(35, 35, 40), word=RAGE_ACTION_WORDS[code])
    colour, rank = code[:1], code[1:]
    if colour not in RAGE or not rank.isdigit() or not 0 <= int(rank) <= 15:
        raise UnknownCard(f"{code!r} is not a Rage card")
    shape, fill = RAGE[colour]
    return Face(rank, shape, INK if colour == "Y" else (255, 255, 255), fill=fill)
