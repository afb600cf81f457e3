"""What is written on the cards: every label fits, and a card is named as the game's text names it.

Labels are measured with the real fonts at the real tile sizes, in each language
(a card's word is translated): a label cut at the card's edge, or hidden under the
next card of a hand ("BONUS" read "BONU"), fails here.
"""

from __future__ import annotations

import pytest
from PIL import Image

from bot.i18n import install_catalogues
from cogs.pictures import table_picture
from cogs.pictures.faces import CALLED, FAMILIES, RAGE, every_code, face_of
from cogs.pictures.tiles import HAND, SCALE, TABLE, letterings, tile
from games.core.i18n import speaking
from games.rage.cards import WILD
from games.registry import get_game
from games.tresotti.cards import label as tresotti_label
from tools.scenes import positions


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_label_of_every_deck_fits_its_card(lang: str) -> None:
    install_catalogues()
    cut = []
    with speaking(lang):
        for family in FAMILIES:
            for code in every_code(family):
                for size in (HAND, TABLE):
                    for text in letterings(face_of(family, code), size):
                        visible = size.strip * SCALE  # a hand's next card covers the rest
                        if not text.fits() or text.box[2] > visible:
                            cut.append((family, code, size.w, text.text, text.font.size))
                        assert text.font.size >= 12, (family, code, text.text)  # 6 px drawn: still legible
    assert cut == []


def test_the_word_cards_say_what_they_are_in_the_readers_language() -> None:
    install_catalogues()
    bonus = face_of("rage", "BONUS")
    assert [t.text for t in letterings(bonus, HAND)] == ["+5", "BONUS"]
    with speaking("ja"):
        assert [t.text for t in letterings(bonus, HAND)] == ["+5", "ボーナス"]
        ja = tile("rage", "BONUS")
    assert tile("rage", "BONUS").tobytes() != ja.tobytes()


@pytest.mark.parametrize("rank,name", [("P", "Page"), ("C", "Consort"), ("Q", "Queen")])
def test_tresottis_royals_carry_the_name_its_text_gives_them(rank: str, name: str) -> None:
    """Not a bare "P" or "C": the card says "Page", as Tresotti's hand text and buttons do."""
    for suit in "FBC":
        words = [t.text for t in letterings(face_of("fairmarket", suit + rank), HAND)]
        assert words == [rank, name] and tresotti_label(suit + rank).startswith(name)  # "Page 🚩": the deck's one way
    assert [t.text for t in letterings(face_of("fairmarket", "B7"), HAND)] == ["7"]
    install_catalogues()
    with speaking("ja"):  # the same word in Japanese, on the card and in the text
        word = letterings(face_of("fairmarket", "B" + rank), HAND)[1].text
        assert not word.isascii() and tresotti_label("B" + rank).startswith(word)


def test_a_played_wild_shows_the_colour_it_was_called() -> None:
    game = get_game("rage")
    for seed in range(40):
        for state in positions(game, 4, seed):
            public = game.view(state, None).public
            piles = [p for p in public.piles if WILD in p.cards and p.plays]
            if piles:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no trick with a Wild Rage in 40 deals")
    pile = piles[0]
    i = pile.cards.index(WILD)
    seat = pile.plays[i][0]
    called = pile.drawn[i].partition(CALLED)[2]
    assert called in RAGE and pile.plays[i][1].endswith(f"{RAGE_NAMES[called]})"), (pile.plays[i], called)
    assert seat >= 0
    pic = table_picture("rage", public, ["Ann", "Bob", "Cy", "Dee"])
    assert pic is not None
    block = next(b for b in pic.blocks if b.kind == "trick" and len(b.cards) == len(pile.cards) and b.cards[i].startswith(WILD))
    assert block.cards[i] == f"{WILD}{CALLED}{called}"
    drawn = tile("rage", block.cards[i], TABLE)
    middle = drawn.getpixel((TABLE.w - 6, TABLE.h - 8))
    assert isinstance(middle, tuple) and _near(middle[:3], RAGE[called][1])  # the card is the called colour
    assert drawn.tobytes() != tile("rage", WILD, TABLE).tobytes()


RAGE_NAMES = {"R": "Red", "O": "Orange", "Y": "Yellow", "G": "Green", "B": "Blue", "P": "Purple"}


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 12 for x, y in zip(a, b, strict=True))


def test_every_face_draws() -> None:
    for family in FAMILIES:
        for code in every_code(family):
            assert isinstance(tile(family, code, TABLE), Image.Image)
