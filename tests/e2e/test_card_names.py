"""One way to write each Fairmarket-deck card, everywhere a player reads it.

Fairmarket, Tresotti and Scurro share the Fairmarket deck; each used to write its
cards its own way ("Page 🏆", "🏆 Page", "P🏆"). Every surface now goes through the
deck's one label (``games.core.cards.Deck.label``): ``Page 🏆``, ``7 🔔``. The test
plays each game through SimCord (``tools.transcript``: public messages, panels,
buttons, histories) and scans what everyone saw for the other forms.
"""

from __future__ import annotations

import re

import pytest

from games.core.cards import FAIRMARKET_DECK
from tools.transcript import record

SUITS = "🚩🔔🏆"
RANK = r"(?:Page|Consort|Queen|Ace|\d+)"
#: "P🏆", "10🔔": a rank glued to the suit (the Renfield-deck style)
GLUED = re.compile(rf"(?:\b[PCQA]|\d)[{SUITS}]")
#: "🏆 Page", "🔔 7": the suit before the rank, unless it is the suit of a card written just before
SUIT_FIRST = re.compile(rf"[{SUITS}] {RANK}\b")
AFTER_A_CARD = re.compile(rf"{RANK} $")


def other_forms(text: str) -> list[str]:
    found = [m.group(0) for m in GLUED.finditer(text)]
    for m in SUIT_FIRST.finditer(text):
        if not AFTER_A_CARD.search(text[max(0, m.start() - 8) : m.start()]):  # "Queen 🏆 2 🔔" is two cards
            found.append(text[max(0, m.start() - 12) : m.end()])
    return found


def test_the_deck_writes_rank_then_suit() -> None:
    assert FAIRMARKET_DECK.label("CP") == "Page 🏆" and FAIRMARKET_DECK.label("B7") == "7 🔔"
    assert other_forms("Page 🏆, 10 🚩 · Queen 🏆 2 🔔") == []
    assert other_forms("P🏆") and other_forms("🔔 Consort") and other_forms("led 🚩 10")


@pytest.mark.parametrize(("game_id", "preset"), [("fairmarket", None), ("tresotti", None), ("scurro", "auction")])
async def test_transcripts_write_fairmarket_cards_one_way(game_id: str, preset: str | None) -> None:
    md = await record(game_id, players=3, seed=4, preset=preset, max_actions=120)
    assert re.search(rf"{RANK} [{SUITS}]", md), "no Fairmarket card was shown at all"
    assert other_forms(md) == []
