"""Hands of any size through SimCord: shown whole, picked across pages, played from pages of menus.

A toy game (``tests/support/bigtoy.py``) deals 108 cards from nine decks, so
two copies of a card are two options with one label. The player sees every
card, grouped by suit or by rank (their choice, a button on their panel); picks
cards on several pages of menus and confirms once; a wrong number of picks is
refused privately; the discard list pages too. The public table stays inside
Discord's limits with thirty melds of fourteen cards on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import simcord

from games import registry
from tests.e2e.conftest import World
from tests.e2e.driver import Table, components_of, in_place
from tests.e2e.test_limits import check_embed, check_view
from tests.e2e.test_play import open_table


@pytest.fixture(autouse=True)
def bigtoy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "bigtoy", "tests.support.bigtoy:BigToy")
    yield
    registry._loaded.pop("bigtoy", None)


def selects(message: Any, prefix: str) -> list[dict[str, Any]]:
    return [c for c in components_of(message) if c["type"] == 3 and c["custom_id"].startswith(prefix)]


def button(message: Any, verb: str) -> dict[str, Any]:
    found = [c for c in components_of(message) if c["type"] == 2 and c.get("custom_id", "").endswith(f":{verb}")]
    assert found, f"no {verb} button in {[c.get('label') for c in components_of(message)]}"
    return found[0]


def check_panel(message: Any) -> None:
    for embed in message.embeds:
        check_embed(embed)
    values = [o["value"] for s in selects(message, "cr:") for o in s["options"]]
    assert len(values) == len(set(values)), "a card is offered twice"
    assert len(message.components) <= 5


HAND_COUNT = re.compile(r"\((\d+)\)")


def hand_lines(message: Any) -> str:
    return message.embeds[0].description or ""


def cards_shown(text: str) -> int:
    """The cards the grouped hand lists: each group's count, plus the lines without one (jokers ×n)."""
    total = 0
    for line in text.split("\n"):
        if line.startswith("**") and HAND_COUNT.search(line) and "Your hand" not in line:
            total += int(HAND_COUNT.search(line)[1])  # type: ignore[index]
        elif line.startswith("🃏"):
            total += int(line.split("×")[1]) if "×" in line else 1
    return total


async def open_big(w: World, players: list[simcord.MemberActor], **options: Any) -> tuple[Table, simcord.MemberActor, Any]:
    table = await open_table(w, "bigtoy", players, **options)
    (who,) = table.to_act()
    shown = await table.open_hand(who)
    return table, who, shown.response


async def test_a_108_card_hand_is_shown_whole_sorted_either_way(world: World) -> None:
    table, who, panel = await open_big(world, world.players[:2])
    check_panel(panel)
    text = hand_lines(panel)
    assert "108 cards, by suit" in text and cards_shown(text) == 108, text
    assert "…" not in text and "more)" not in text  # nothing cut
    print("\n--- a 108-card panel, by suit ---\n" + text)
    print([(c.get("placeholder") or c.get("label")) for c in components_of(panel)])
    by_rank = await table.click(who, panel, custom_id=button(panel, "sort")["custom_id"])
    assert in_place(by_rank, panel)
    text = hand_lines(by_rank.response)
    assert "108 cards, by rank" in text and cards_shown(text) == 108, text
    assert button(by_rank.response, "sort")["label"] == "Sort by suit"
    print("\n--- by rank ---\n" + text)
    # The choice is remembered: a fresh panel (My hand) still shows the hand by rank.
    again = await table.open_hand(who)
    assert "by rank" in hand_lines(again.response)


async def test_picks_are_kept_across_pages_and_confirmed_once(world: World) -> None:
    table, who, panel = await open_big(world, world.players[:2])
    pages = selects(panel, "cr:q:")
    assert len(pages) >= 2 and all(len(s["options"]) <= 25 for s in pages)
    first = [o["value"] for o in pages[0]["options"][:2]]
    r = await table.select(who, panel, first, custom_id=pages[0]["custom_id"])
    assert in_place(r, panel)
    panel = r.response
    assert button(panel, "ok")["label"] == "Confirm (2 picked)"
    defaults = [o["value"] for o in selects(panel, "cr:q:")[0]["options"] if o.get("default")]
    assert defaults == first  # the menu shows what is picked
    # Next page: two more cards from a menu the first page did not show.
    r = await table.click(who, panel, custom_id=button(panel, "next")["custom_id"])
    panel = r.response
    later = selects(panel, "cr:q:")[0]
    assert later["custom_id"] != pages[0]["custom_id"]
    more = [o["value"] for o in later["options"][:2]]
    r = await table.select(who, panel, more, custom_id=later["custom_id"])
    panel = r.response
    assert button(panel, "ok")["label"] == "Confirm (4 picked)"
    picked_field = [f for f in panel.embeds[0].fields if "picked 4" in f.name]
    assert picked_field and "Pick 3 to 7." in picked_field[0].value
    # Too many in all (4 + 4 > 7): refused, the picks stay as they were.
    four = [o["value"] for o in later["options"][2:6]]
    r = await table.select(who, panel, [*more, *four], custom_id=later["custom_id"])
    assert "at most 7" in (r.response.content or "")
    panel = r.response
    assert button(panel, "ok")["label"] == "Confirm (4 picked)"
    # Sorting again keeps the picks (they are cards, not positions).
    r = await table.click(who, panel, custom_id=button(panel, "sort")["custom_id"])
    panel = r.response
    assert button(panel, "ok")["label"] == "Confirm (4 picked)"
    check_panel(panel)
    r = await table.click(who, panel, custom_id=button(panel, "ok")["custom_id"])
    assert in_place(r, panel)
    panel = r.response
    assert "104 cards" in hand_lines(panel)
    melds = [f for f in table.table_message().embeds[0].fields if "Meld 1" in f.value]
    assert melds, [f.name for f in table.table_message().embeds[0].fields]
    await table.check_privacy()


async def test_a_wrong_number_of_picks_is_refused_privately(world: World) -> None:
    table, who, panel = await open_big(world, world.players[:2])
    page = selects(panel, "cr:q:")[0]
    two = [o["value"] for o in page["options"][:2]]
    r = await table.select(who, panel, two, custom_id=page["custom_id"])
    panel = r.response
    refused = await table.click(who, panel, custom_id=button(panel, "ok")["custom_id"])
    assert not in_place(refused, panel)
    assert refused.ephemeral
    text = refused.response.content if refused.response is not None else refused.followups[0].content
    assert "Pick from 3 to 7 cards" in text and "you have picked 2" in text
    (still,) = table.to_act()
    assert still.id == who.id  # nothing was sent
    r = await table.click(who, panel, custom_id=button(panel, "clear")["custom_id"])
    assert button(r.response, "ok")["label"] == "Confirm (0 picked)"


async def test_the_discard_list_pages_and_plays_at_once(world: World) -> None:
    table, who, panel = await open_big(world, world.players[:2])
    r = await table.click(who, panel, custom_id=button(panel, "focus")["custom_id"])
    panel = r.response
    check_panel(panel)
    menus = selects(panel, "cr:s:")
    assert menus and all(len(m["options"]) <= 25 for m in menus)
    r = await table.click(who, panel, custom_id=button(panel, "next")["custom_id"])
    panel = r.response
    menu = selects(panel, "cr:s:")[-1]
    card = menu["options"][-1]
    r = await table.select(who, panel, [card["value"]], custom_id=menu["custom_id"])
    assert in_place(r, panel)
    (nxt,) = table.to_act()
    assert nxt.id != who.id
    assert card["label"] in (table.table_message().embeds[0].to_dict().__repr__())  # the discard is on the pile


async def test_thirty_melds_of_fourteen_cards_stay_within_the_limits(world: World) -> None:
    table, _who, panel = await open_big(world, world.players, preset="melds")
    message = table.table_message()
    embed = message.embeds[0]
    check_embed(embed)
    text = repr(embed.to_dict())
    shown = len(re.findall(r"Meld \d+", text))
    more = sum(int(n) for n in re.findall(r"\(\+(\d+) more\)", text))
    assert shown + more >= 30, text  # every meld is shown, or counted as not shown
    print("\n--- the public table with 30 melds ---")
    for f in embed.fields:
        print(f"[{f.name}] {len(f.value)} chars\n{f.value}")
    print("total", len(embed))
    check_panel(panel)
    check_view(None)


def test_a_table_of_thirty_loose_piles_and_long_facts_is_a_valid_embed_and_says_what_it_left_out() -> None:
    from cogs.ui import render
    from games.core.views import Pile, SeatLine, TableView
    from tests.support.bigtoy import deck, label

    cards = deck(8)
    piles = tuple(
        Pile(f"Pile {i + 1}", tuple(cards[i * 14 : (i + 1) * 14]), " ".join(label(c) for c in cards[i * 14 : (i + 1) * 14]))
        for i in range(30)
    )
    facts = tuple((f"Fact {i}", " ".join(f"word{j}" for j in range(150))) for i in range(10))
    view = TableView("Big", "⟦seat:0⟧ to play.", tuple(SeatLine(s, "15 cards") for s in range(4)), facts, piles,
                     recent=("⟦seat:1⟧ melds.",) * 6)
    embed = render.table_embed(view, names=["<@1>", "<@2>", "<@3>", "<@4>"], footer="Table #1")
    check_embed(embed)
    text = repr(embed.to_dict())
    assert "…" not in text  # shortened at a word or line, and said so
    shown = len(re.findall(r"Pile \d+", text))
    more = sum(int(n) for n in re.findall(r"\(\+(\d+) more\)", text))
    assert shown == 30, text  # thirty piles of fourteen fit when packed
    assert more > 0  # the long facts could not all fit: counted, not cut silently
