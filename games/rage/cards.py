"""The Rage deck as data: six colours 0–15 and the action cards, counted per edition.

Action cards repeat (two Wild Rages, four Out Rages…), so a code names a kind
of card, not one card: hands are tuples, and counting replaces set logic.
"""

from __future__ import annotations

from types import MappingProxyType

from ..core.i18n import N_, _

COLOURS = ("R", "O", "Y", "G", "B", "P")
#: A colour with its symbol, whole, translated where shown (``colour_label``): "🟥 Red", "🟥 赤".
COLOUR_NAMES = MappingProxyType(
    {"R": N_("🟥 Red"), "O": N_("🟧 Orange"), "Y": N_("🟨 Yellow"), "G": N_("🟩 Green"), "B": N_("🟦 Blue"),
     "P": N_("🟪 Purple")}
)
COLOUR_SYMBOLS = MappingProxyType({"R": "🟥", "O": "🟧", "Y": "🟨", "G": "🟩", "B": "🟦", "P": "🟪"})
RANKS = range(16)

WILD, CHANGE, OUT, BONUS, MAD = "WILD", "CHANGE", "OUT", "BONUS", "MAD"
ACTION_CARDS = (WILD, CHANGE, OUT, BONUS, MAD)
ACTION_NAMES = MappingProxyType(
    {
        WILD: N_("Wild Rage"),
        CHANGE: N_("Change Rage"),
        OUT: N_("Out Rage"),
        BONUS: N_("Bonus Rage (+5)"),
        MAD: N_("Mad Rage (−5)"),
    }
)
#: Wild Rage counts as one above the top rank of the colour it is called.
WILD_RANK = 16

COLOUR_CARDS = tuple(f"{c}{r}" for c in COLOURS for r in RANKS)
#: Colour of each colour card; action cards have none (``COLOUR_OF.get(card)`` is None).
COLOUR_OF = MappingProxyType({code: code[0] for code in COLOUR_CARDS})
RANK_OF = MappingProxyType({code: int(code[1:]) for code in COLOUR_CARDS})


def build_deck(counts: dict[str, int]) -> tuple[str, ...]:
    """The 96 colour cards plus ``counts[kind]`` copies of each action card."""
    return COLOUR_CARDS + tuple(kind for kind in ACTION_CARDS for _ in range(counts[kind]))


def colour_label(colour: str) -> str:
    """``B`` → ``🟦 Blue``, in the language spoken now."""
    return _(COLOUR_NAMES[colour])


def label(card: str) -> str:
    """Display text: ``B15`` → ``🟦 Blue 15``; ``WILD`` → ``Wild Rage``."""
    colour = COLOUR_OF.get(card)
    if colour is None:
        return _(ACTION_NAMES[card])
    return _("{suit} {rank}").format(suit=colour_label(colour), rank=RANK_OF[card])


#: Display order of a hand: colours in a fixed order, each low to high, then the action cards.
_HAND_ORDER = MappingProxyType({c: i for i, c in enumerate((*COLOUR_CARDS, *ACTION_CARDS))})


def sorted_hand(hand: tuple[str, ...]) -> tuple[str, ...]:
    """``hand`` in display order; the state keeps the order dealt (sorting is for the eyes only)."""
    return tuple(sorted(hand, key=_HAND_ORDER.__getitem__))
