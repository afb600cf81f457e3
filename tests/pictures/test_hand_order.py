"""The hand picture draws the cards in the order and groups the panel's text lists them, in every game.

The text is read back with each game's own card labels (the ones its panel and
buttons use), so a picture in deal order, or in an order of its own, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cogs.pictures import grouped_hand_picture
from cogs.pictures.compose import WIDTH, HandPicture, _hand_rows, render_hand
from cogs.pictures.faces import every_code
from cogs.ui.handtext import SORTS, grouped_lines, ordered
from cogs.ui.pictures import hand_pic
from games.core.cards import PLAIN_LABELS
from games.core.poker.ui import LABELS as POKER_LABELS
from games.core.views import SeatView
from games.fairmarket import cards as fairmarket_cards
from games.rage import cards as rage_cards
from games.registry import game_ids, get_game
from games.tresotti import cards as tresotti_cards
from tools.scenes import positions

HEADER = re.compile(r"(?<![A-Za-z])(Down|Up):")


def _label(game_id: str) -> Callable[[str], str]:
    game = get_game(game_id)
    special: dict[str, Callable[[str], str]] = {
        "rage": rage_cards.label, "tresotti": tresotti_cards.label, "fairmarket": fairmarket_cards.label,
        "razz": POKER_LABELS.__getitem__, "frankenstein": POKER_LABELS.__getitem__,
    }
    if game_id in special:
        return special[game_id]
    if hasattr(game, "profile"):  # the Renfield family: a card a line, as its profile writes it
        return game.profile.card_text  # type: ignore[no-any-return]
    return PLAIN_LABELS.__getitem__


def _views(game_id: str) -> Iterator[SeatView]:
    game = get_game(game_id)
    low, high = game.seat_limits(game.options_from(None))
    seats = max(low, min(4, high))
    for seed in range(2):
        for i, state in enumerate(positions(game, seats, seed)):
            if i % 4 == 0:
                for seat in range(seats):
                    sv = game.view(state, seat)
                    if sv.hand:
                        yield sv


def _groups(pic: HandPicture) -> list[tuple[str, ...]]:
    sizes = pic.groups or (len(pic.cards),)
    out, i = [], 0
    for n in sizes:
        out.append(pic.cards[i : i + n])
        i += n
    assert i == len(pic.cards)
    return out


def _positions_in(text: str, labels: list[str]) -> list[int]:
    """Where each label is found reading the text left to right (a label may not be the start of a longer one)."""
    out, at = [], 0
    for label in labels:
        found = re.compile(r"(?<![0-9A-Za-z])" + re.escape(label) + r"(?![0-9A-Za-z])").search(text, at)
        assert found is not None, f"{label!r} not found in order in {text!r}"
        out.append(found.start())
        at = found.end()
    return out


def _check_text_order(game_id: str, sv: SeatView, pic: HandPicture) -> None:
    label = _label(game_id)
    starts = _positions_in(sv.hand_text, [label(c) for c in pic.cards])
    headers = [m.start() for m in HEADER.finditer(sv.hand_text)]
    groups = _groups(pic)
    if len(headers) > 1:  # "Down: … Up: …": one picture group per heading, between its heading and the next
        assert len(groups) == len(headers), (sv.hand_text, groups)
        i = 0
        for k, group in enumerate(groups):
            end = headers[k + 1] if k + 1 < len(headers) else len(sv.hand_text)
            assert all(headers[k] < s < end for s in starts[i : i + len(group)]), (sv.hand_text, groups)
            i += len(group)
    else:
        assert len(groups) == 1, (sv.hand_text, groups)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_hand_picture_lists_the_cards_as_the_text_does(game_id: str) -> None:
    seen = 0
    for sv in _views(game_id):
        for by in SORTS if sv.faces else SORTS[:1]:
            pic = hand_pic(game_id, sv, by)
            assert pic is not None
            assert set(sv.hand) <= set(pic.cards)
            if sv.faces:  # grouped by the adapter: the text's lines, one picture group a line
                assert list(pic.cards) == [f.code for f in ordered(sv.faces, by)]
                assert len(_groups(pic)) == len(grouped_lines(sv.faces, by))
                face = {f.code: f for f in sv.faces}
                key: Callable[[Any], str] = (lambda f: f.suit) if by == "suit" else (lambda f: f.rank or f.label)
                assert all(len({key(face[c]) for c in g}) == 1 for g in _groups(pic))
            else:
                _check_text_order(game_id, sv, pic)
            seen += 1
    assert seen >= 8


def test_a_long_grouped_hand_starts_its_rows_with_a_group() -> None:
    """Twenty cards in four suits: a suit is not split over two rows when it fits in one."""
    deck = every_code("rummy")
    groups = [deck[0:8], deck[13:16], deck[26:30], deck[39:44]]
    pic = grouped_hand_picture("rummy", groups)
    assert pic is not None and pic.groups == (8, 3, 4, 5)
    rows = _hand_rows(len(pic.cards), pic.groups)
    assert [(r.start, r.stop) for r in rows] == [(0, 11), (11, 20)]  # ♠♥ | ♦♣, not 10 | 10
    img = render_hand(pic)
    assert img.width <= WIDTH
