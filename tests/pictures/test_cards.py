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
from cogs.pictures.compose import WIDTH, ascii_text, render_hand
from cogs.pictures.faces import FAMILIES, UnknownCard
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


def test_back_and_names_the_font_can_draw() -> None:
    assert back().size == (HAND.w, HAND.h)
    assert ascii_text("Zoë **Ann** 🤖") == "Zoe Ann"
    assert ascii_text("花子") == ""


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


def test_a_japanese_table_draws_no_half_labels() -> None:
    """The bundled font draws ASCII only: a label in another script is left out whole (never "1" of
    "ステーション1"), while the cards and ASCII names are all still drawn."""
    from bot.i18n import install_catalogues
    from games.core.i18n import speaking

    install_catalogues()
    assert ascii_text("ステーション1") == "" and ascii_text("Station 1") == "Station 1"
    with speaking("ja"):
        trick, current, pic = renfield_trick(["Ann", "ボブ", "Cy", "Dee"])
    assert trick.label == ""  # the pile's name is Japanese
    assert list(trick.names) == [["Ann", "", "Cy", "Dee"][s] for s, _label in current.plays]
    assert Image.open(io.BytesIO(png(pic))).size[0] == WIDTH


def test_the_engines_never_import_pillow() -> None:
    import subprocess
    import sys

    code = "import sys, games\nfor g in games.all_games(): pass\nprint('PIL' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
