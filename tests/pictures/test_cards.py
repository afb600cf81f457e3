"""Every card any registered game can deal has a picture, and the pictures fit Discord.

Codes are gathered by dealing many seeds through each engine and playing them
out at random, reading every view (hands, piles, up cards): a game whose codes
the picture mapping doesn't know fails here, not on a server.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from cogs.pictures import deck_of, face_of, hand_picture, png, table_picture
from cogs.pictures.compose import WIDTH, plain_text, render_hand, render_table
from cogs.pictures.faces import FAMILIES, UnknownCard
from cogs.pictures.lettering import FALLBACK_FILE, fit_font, has_glyph
from cogs.pictures.tiles import HAND, back, tile
from games.registry import game_ids, get_game
from tools.scenes import positions, showcase


def codes_seen(game_id: str, seeds: int) -> set[str]:
    game = get_game(game_id)
    out: set[str] = set()
    for preset in list(game.presets)[:3] or [None]:
        low, high = game.seat_limits(game.options_from(game.presets[preset] if preset else None))
        for seats in sorted({low, high}):
            for seed in range(seeds):
                for state in _every_other(positions(game, seats, seed, preset)):
                    public = game.view(state, None).public
                    out.update(c for p in public.piles for c in p.cards)
                    out.update(c for s in public.seats for c in s.cards)
                    for seat in range(seats):
                        out.update(game.view(state, seat).hand)
    return out


def _every_other(states: Iterator[Any]) -> Iterator[Any]:
    for i, state in enumerate(states):
        if i % 3 == 0:
            yield state


def test_every_registered_game_names_a_deck_family_we_draw() -> None:
    assert {deck_of(g) for g in game_ids()} == set(FAMILIES)  # and every family is some game's


@pytest.mark.parametrize("game_id", game_ids())
def test_every_card_a_game_deals_maps_to_a_tile(game_id: str) -> None:
    seen = codes_seen(game_id, seeds=4)
    assert len(seen) >= 24, seen
    family = deck_of(game_id)
    for code in seen:
        img = tile(family, code)
        assert img.size == (HAND.w, HAND.h)


def test_codes_that_differ_between_decks_get_their_own_deck_face() -> None:
    # P5: Parts in Renfield, purple in Rage; B5: a Bell in Fairmarket, blue in Rage.
    assert face_of("renfield", "P5").shape == "bone" and face_of("rage", "P5").shape == "star"
    assert face_of("fairmarket", "B5").shape == "bell" and face_of("rage", "B5").shape == "hexagon"
    assert face_of("standard", "Th").rank == "10" and face_of("rummy", "TH.2").rank == "10"
    assert face_of("rummy", "JK.3").word == "JOKER"
    for family, junk in [("standard", "Xs"), ("standard", "TH"), ("rummy", "Th.1"), ("rage", "R16"), ("renfield", "Q4"),
                         ("fairmarket", "F11")]:
        with pytest.raises(UnknownCard):
            face_of(family, junk)  # type: ignore[arg-type]


def test_fifteen_cards_stay_within_discords_width_in_two_rows() -> None:
    pic = hand_picture("rummy", [f"{r}S.1" for r in "A23456789TJQK"] + ["JK.1", "JK.2"])
    assert pic is not None
    img = render_hand(pic)
    assert img.width <= WIDTH and img.height < 2 * HAND.h + 20


def test_a_picture_is_a_small_png_and_equal_content_is_encoded_once() -> None:
    data = png(hand_picture("standard", ["As", "Kh", "Td", "2c"]))
    assert data is not None and len(data) < 6000
    assert Image.open(io.BytesIO(data)).format == "PNG"
    assert png(hand_picture("standard", ["As", "Kh", "Td", "2c"])) is data  # the cache, not a new drawing


def test_back_and_names_the_fonts_can_draw() -> None:
    assert back().size == (HAND.w, HAND.h)
    assert plain_text("Zoë **Ann** 🤖") == "Zoë Ann"  # the emoji no font has is left out, not boxed
    assert plain_text("花子") == "花子"


def renfield_trick(names: list[str]) -> tuple[Any, Any, Any]:
    """The showcase's trick in progress drawn for ``names``: (the trick block, the pile it shows, the picture)."""
    scene = next(s for s in showcase() if s.name == "renfield-trick")
    public = scene.game.view(scene.state, None).public
    pic = table_picture("renfield", public, names)
    assert pic is not None
    trick = next(b for b in pic.blocks if b.kind == "trick")
    current = next(p for p in public.piles if p.plays and not p.taken)
    assert trick.cards == current.cards
    return trick, current, pic


def test_table_picture_shows_the_trick_with_who_played_it() -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    trick, current, _pic = renfield_trick(names)
    assert list(trick.names) == [names[s] for s, _label in current.plays]


def test_a_japanese_table_draws_its_labels_and_names_whole() -> None:
    """Pile labels in Japanese and names in kana are written in the picture (the bundled Japanese
    font), not left out: a trick shows who played each card, whatever their name is written in."""
    from bot.i18n import install_catalogues
    from games.core.i18n import speaking

    install_catalogues()
    assert plain_text("ステーション1") == "ステーション1" and plain_text("Station 1") == "Station 1"
    with speaking("ja"):
        trick, current, pic = renfield_trick(["Ann", "ボブ", "Cy", "Dee"])
    assert trick.label == current.name and not current.name.isascii()  # the pile's Japanese name
    assert list(trick.names) == [["Ann", "ボブ", "Cy", "Dee"][s] for s, _label in current.plays]
    assert Image.open(io.BytesIO(png(pic))).size[0] == WIDTH


def test_a_japanese_name_is_drawn_with_its_own_glyphs() -> None:
    """Drawn as missing-glyph boxes, two names of two characters would look alike: they must not."""
    font = fit_font("ボブ", 100, 12)
    assert font.getlength("ボブ") > 0 and has_glyph("fallback", "ボ") and not has_glyph("main", "ボ")
    _t, current, bob = renfield_trick(["Ann", "ボブ", "Cy", "Dee"])
    _t, _c, hanako = renfield_trick(["Ann", "花子", "Cy", "Dee"])
    _t, _c, nobody = renfield_trick(["Ann", "", "Cy", "Dee"])
    assert 1 in [s for s, _label in current.plays]
    drawn = [render_table(p) for p in (bob, hanako, nobody)]
    assert all(img is not None for img in drawn)
    assert len({img.tobytes() for img in drawn if img is not None}) == 3


def test_the_japanese_font_ships_with_its_licence_in_the_package() -> None:
    """The font is a file of the package (no system install), and the wheel's package data names it."""
    import fnmatch
    import tomllib
    from pathlib import Path

    import cogs.pictures

    assert FALLBACK_FILE.is_file() and FALLBACK_FILE.stat().st_size > 1_000_000
    assert (FALLBACK_FILE.parent / "IPA_Font_License_Agreement_v1.0.txt").is_file()
    pictures = Path(cogs.pictures.__file__).parent
    assert FALLBACK_FILE.parent.parent == pictures
    conf = tomllib.loads((pictures.parent.parent / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = conf["package-data"]["cogs.pictures"]
    shipped = [str(f.relative_to(pictures)) for f in (pictures / "fonts").iterdir()]
    for name in ("fonts/ipaexg.ttf", "fonts/IPA_Font_License_Agreement_v1.0.txt"):
        assert name in shipped and any(fnmatch.fnmatch(name, p) for p in patterns), (name, patterns)
    assert any(p.startswith("cogs") for p in conf["packages"]["find"]["include"])


def test_the_engines_never_import_pillow() -> None:
    import subprocess
    import sys

    code = "import sys, games\nfor g in games.all_games(): pass\nprint('PIL' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
