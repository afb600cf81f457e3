"""From the generic render model (``games.core.views``) to picture descriptions, for every game alike.

The table picture shows what ``TableView`` exposes as cards: tricks (with who
played each card and who is winning), meld groups, other piles, and the face-up
cards in front of each seat. Nothing here knows a game but through its deck family.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.views import Pile, TableView, resolve_seats

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


def _label(text: str, names: Sequence[str]) -> str:
    """A pile's name as the picture writes it, players' names in place of their seats ("Melds of Ann and Cy")."""
    return plain_text(resolve_seats(text, lambda s: names[s] if 0 <= s < len(names) else "?"))


def _melds(pile: Pile, names: Sequence[str]) -> list[Block]:
    """A team's melds, and apart from them (not a meld) the cards it laid out beside them (red 3s)."""
    groups = _split(pile.cards, pile.runs)
    if not pile.aside:
        return [Block(_label(pile.name, names), "melds", melds=groups)]
    out = [Block(_label(pile.name, names), "melds", melds=groups[:-1])] if groups[:-1] else []
    return [*out, _row(_label(pile.aside, names), groups[-1])]


def _trick(pile: Pile, names: Sequence[str]) -> Block:
    who = [plain_text(names[seat], 14) if 0 <= seat < len(names) else "" for seat, _label in pile.plays]
    seats = [seat for seat, _label in pile.plays]
    winner = seats.index(pile.winner) if pile.winner in seats else None
    return Block(_label(pile.name, names), "trick", cards=pile.drawn or pile.cards, names=tuple(who), winner=winner)


def _row(label: str, cards: tuple[str, ...]) -> Block:
    shown = cards[-MAX_PILE:]
    return Block(label, "row", cards=shown, more=len(cards) - len(shown))


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
            blocks.append(Block(_label(group, names), "melds", melds=tuple(melds)))
            melds = []

    for pile in view.piles:
        if pile.group != group:
            flush()
            group = pile.group
        if not pile.cards:
            continue
        if pile.runs and sum(pile.runs) == len(pile.cards):
            flush()
            blocks.extend(_melds(pile, names))
        elif pile.group:
            melds.append(pile.cards)
        elif pile.plays and len(pile.plays) == len(pile.cards):
            blocks.append(_trick(pile, names))
        else:
            blocks.append(_row(_label(pile.name, names), pile.drawn or pile.cards))
    flush()
    for line in view.seats:
        if line.cards:
            name = names[line.seat] if 0 <= line.seat < len(names) else ""
            blocks.append(_row(plain_text(name), line.cards))
    if not blocks:
        return None
    return TablePicture(family, tuple(blocks), four_colour)
