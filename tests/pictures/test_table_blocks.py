"""The table picture labels and groups what it shows as the text does: Samba's teams by the partners'
names, and the red 3s a team laid out apart from its melds (bonus cards, not a meld)."""

from __future__ import annotations

from typing import Any

from cogs.pictures import deck_of, png, table_picture
from cogs.ui.tablerender import pile_fields
from games.registry import get_game
from tools.scenes import positions

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _samba_with_red_threes_and_melds() -> Any:
    game = get_game("samba")
    for seed in range(60):
        for state in positions(game, 4, seed):
            public = game.view(state, None).public
            team = [p for p in public.piles if p.aside and len(p.runs) >= 3]
            if team:
                return public
    raise AssertionError("no Samba deal with red 3s and two melds")


def test_samba_draws_red_threes_apart_under_the_partners_names() -> None:
    public = _samba_with_red_threes_and_melds()
    pic = table_picture(deck_of("samba"), public, NAMES)
    assert pic is not None and png(pic) is not None
    labels = [b.label for b in pic.blocks]
    assert "Melds of Ann and Cy" in labels or "Melds of Bob and Dee" in labels
    assert not any("team" in label for label in labels)
    reds = [b for b in pic.blocks if b.label in ("Red 3s of Ann and Cy", "Red 3s of Bob and Dee")]
    assert reds and all(b.kind == "row" for b in reds)
    for b in reds:
        assert b.cards and all(c[:2] in ("3H", "3D") for c in b.cards)
    melds = [m for b in pic.blocks if b.kind == "melds" for m in b.melds]
    assert melds and not any(all(c[:2] in ("3H", "3D") for c in m) for m in melds)  # red 3s are no meld
    laid = {c for p in public.piles if p.aside for c in p.cards[len(p.cards) - p.runs[-1]:]}
    assert laid == {c for b in reds for c in b.cards}  # every red 3 laid out, and only those


def test_the_text_names_the_teams_by_their_partners_too() -> None:
    public = _samba_with_red_threes_and_melds()
    names = [f"<@{i}>" for i in range(4)]
    fields = [f for f, _loose in pile_fields(public.piles, names, NAMES)]
    titles = [name for name, _value, _inline in fields]
    assert "Melds of Ann and Cy" in titles and "Melds of Bob and Dee" in titles  # a field name shows no mention
