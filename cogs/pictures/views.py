"""From the generic render model (``games.core.views``) to picture descriptions, for every game alike.

The table picture shows what ``TableView`` exposes as cards: tricks (with who
played each card and who is winning), meld groups, other piles, and the face-up
cards in front of each seat. Nothing here knows a game but through its deck family.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.views import Pile, TableView

from .compose import MAX_PILE, Block, HandPicture, TablePicture, plain_text
from .faces import Family


def hand_picture(
    family: Family, cards: Sequence[str], *, four_colour: bool = True, groups: Sequence[int] = ()
) -> HandPicture | None:
    """The hand in the order the panel lists it (``groups``: its groups' sizes); None for an empty hand."""
    if not cards:
        return None
    return HandPicture(family, tuple(cards), four_colour, groups=tuple(groups) if len(groups) > 1 else ())


def grouped_hand_picture(family: Family, groups: Sequence[Sequence[str]], *, four_colour: bool = True) -> HandPicture | None:
    """The hand as groups of cards (as the panel's text groups them), drawn in that order."""
    cards = [c for g in groups for c in g]
    return hand_picture(family, cards, four_colour=four_colour, groups=[len(g) for g in groups if g])


def _trick(pile: Pile, names: Sequence[str]) -> Block:
    who = [plain_text(names[seat], 14) if 0 <= seat < len(names) else "" for seat, _label in pile.plays]
    seats = [seat for seat, _label in pile.plays]
    winner = seats.index(pile.winner) if pile.winner in seats else None
    return Block(plain_text(pile.name), "trick", cards=pile.drawn or pile.cards, names=tuple(who), winner=winner)


def _row(label: str, cards: tuple[str, ...]) -> Block:
    shown = cards[-MAX_PILE:]
    return Block(plain_text(label), "row", cards=shown, more=len(cards) - len(shown))


def _split(cards: tuple[str, ...], runs: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    out, i = [], 0
    for n in runs:
        out.append(cards[i : i + n])
        i += n
    return tuple(out)


def table_picture(
    family: Family, view: TableView, names: Sequence[str], *, four_colour: bool = True
) -> TablePicture | None:
    """The table's cards as blocks in the order the view lists them; None when no card is face up."""
    blocks: list[Block] = []
    melds: list[tuple[str, ...]] = []
    group = ""

    def flush() -> None:
        nonlocal melds
        if melds:
            blocks.append(Block(plain_text(group), "melds", melds=tuple(melds)))
            melds = []

    for pile in view.piles:
        if pile.group != group:
            flush()
            group = pile.group
        if not pile.cards:
            continue
        if pile.runs and sum(pile.runs) == len(pile.cards):
            flush()
            blocks.append(Block(plain_text(pile.name), "melds", melds=_split(pile.cards, pile.runs)))
        elif pile.group:
            melds.append(pile.cards)
        elif pile.plays and len(pile.plays) == len(pile.cards):
            blocks.append(_trick(pile, names))
        else:
            blocks.append(_row(pile.name, pile.drawn or pile.cards))
    flush()
    for line in view.seats:
        if line.cards:
            name = names[line.seat] if 0 <= line.seat < len(names) else ""
            blocks.append(_row(name, line.cards))
    if not blocks:
        return None
    return TablePicture(family, tuple(blocks), four_colour)
