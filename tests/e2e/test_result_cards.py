"""The table's cards beside a result whose story was cut, and pile texts read whole.

A result keeps the story's last lines only; when lines were left out (a long
Fairmarket hand with story cards), the stations as the hand left them are shown
with it, so nothing a player needs to check the result is gone. A pile whose
text is a sentence with its cards inside it is never mangled by the trick
layout's habit of moving the cards next to their players.
"""

from __future__ import annotations

from bot.service.results import HandResult, ResultLine
from cogs.ui.results import STORY_LINES, story_cut
from cogs.ui.tablerender import pile_text
from games.core.views import Pile, seat_name

NAMES = ["<@1>", "<@2>", "<@3>"]


def result(story: tuple[str, ...]) -> HandResult:
    return HandResult("hand", 1, "Ann wins.", (ResultLine(1, 1),), story=story)


def test_a_short_story_is_whole_and_a_long_one_is_cut() -> None:
    assert not story_cut(result(("Station 1: Ann takes 3.",) * STORY_LINES))
    assert story_cut(result(("Station 1: Ann takes 3.",) * (STORY_LINES + 1)))
    assert story_cut(result(("x" * 400,) * 4))  # fewer lines, but too long for the field


def test_a_sentence_pile_keeps_its_cards_in_the_sentence() -> None:
    text = f"{seat_name(0)} has the low card, 10 🚩, and takes 1. {seat_name(1)} has the high card, 60 🏆, and takes 3."
    pile = Pile("Station 1", ("a", "b"), text, plays=((0, "10 🚩"), (1, "60 🏆")), winner=1, taken=True)
    shown = pile_text(pile, NAMES)
    assert "has the low card, 10 🚩, and takes 1." in shown
    assert ", ," not in shown


def test_a_trick_pile_moves_its_cards_beside_their_players_and_keeps_its_note() -> None:
    pile = Pile("Last trick", ("AS", "KS"), "A♠ K♠ — nobody took it", plays=((0, "A♠"), (1, "K♠")))
    shown = pile_text(pile, NAMES)
    assert shown.splitlines() == ["<@1> A♠ · <@2> K♠", "nobody took it"]
