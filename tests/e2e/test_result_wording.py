"""Results read the same way in every game, checked on a transcript of each game played through SimCord
(``tools.transcript``, what players saw in public and in private), issue 26 part 3:

- one minus sign: the real one (U+2212) the results and the chip changes use, never "-600" beside "−600";
- "How it ended" holds sentences, never a bare log shorthand such as "@carol: 5🦴";
- Renfield's winner line says the rule that decided it (the fewest bugs, at least one);
- Samba's and Burraco's deal result shows the deal's breakdown per team at once, names included.
"""

from __future__ import annotations

import re

import pytest

import games
from tools.transcript import record

#: An ASCII hyphen-minus right before a number, not inside a word, a range ("3-10") or an id.
ASCII_MINUS = re.compile(r"(?<![\w\-/:.])-\d")
#: The lines under "How it ended", up to the next field.
STORY = re.compile(r"^> \*\*How it ended:\*\*  \n((?:> (?!\*\*).*\n)+)", re.M)
SENTENCE_END = (".", "!", "?", ")", "。", "！", "？", "）")


@pytest.mark.parametrize("game_id", sorted(games.game_ids()))
async def test_every_game_writes_negatives_with_one_minus_and_tells_how_it_ended_in_sentences(game_id: str) -> None:
    md = await record(game_id)
    found = [line for line in md.split("\n") if ASCII_MINUS.search(line)]
    assert not found, found[:5]
    for story in STORY.findall(md):
        for line in story.rstrip("\n").split("\n"):
            text = line[2:].rstrip()
            assert text.endswith(SENTENCE_END), f"{game_id}: not a sentence under How it ended: {text!r}"
    if game_id == "renfield":
        assert "the fewest bugs, at least one, of the players still in." in md
    if game_id in ("samba", "burraco"):
        result = md.index("— deal 1 result**")
        shown = md[result : md.index("**Deal 1:**", result)]
        assert re.search(r"@\w+ and @\w+ score −?\d+ \(melds \d+, cards in hand −\d+", shown), shown
