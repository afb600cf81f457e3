"""The hint as a player reads it: the move named like its button, the counts in the result, and a
hint that never comes (a flooded pool) refused in words rather than waited on for ever."""

from __future__ import annotations

import asyncio

import pytest

import games
from bot.service.errors import HintUnavailable
from bot.service.results import HandResult
from bot.tasks import use_clock_sleep
from bot.thinking import HINT_LIMIT
from cogs.ui.hintflow import action_label, hint_text
from cogs.ui.results import hints_text
from games.ai.advice import Advice, Reason
from games.core.views import AskAmount, Choice, PickCards
from tests.runtime.test_thinking_limit import Answers, Limited, question

PROMPT = (
    Choice("stand", "Stand", "success"),
    PickCards("discard", "Discard 1–3 cards", ("8d", "7c", "Kh"), ("8♦", "7♣", "K♥"), 1, 3),
    AskAmount("bid", "Bid", 1, 10),
)


def test_the_move_is_named_as_the_panel_names_it() -> None:
    assert action_label(PROMPT, "stand") == ("Stand", "Stand")
    assert action_label(PROMPT, "discard:8d,7c") == ("Discard 1–3 cards: 8♦, 7♣", "8♦, 7♣")
    assert action_label(PROMPT, "bid:4") == ("Bid: 4", "4")
    advice = Advice("discard:8d,7c", Reason("Discard {cards}: you keep all {n} of your trumps.", (("n", 2),)))
    assert hint_text(advice, PROMPT) == "💡 Discard 8♦, 7♣: you keep all 2 of your trumps."
    other = Advice("stand", Reason("{action}: over the likely deals it does better on average than {other}.",
                                   actions=(("other", "bid:4"),)))
    assert hint_text(other, PROMPT) == "💡 Stand: over the likely deals it does better on average than Bid: 4."


def test_the_result_says_who_used_how_many_hints_in_whole_sentences() -> None:
    result = HandResult("hand", 1, "", (), hints=((5, 1), (7, 2)))
    assert hints_text(result) == "<@5> used 1 hint.\n<@7> used 2 hints."
    assert HandResult.from_json(result.to_json()) == result  # stored with the table: survives a restart


async def test_a_hint_that_never_comes_is_refused_after_the_limit_on_the_bots_clock() -> None:
    state, seat = question()
    thinker = Limited(Answers(None))
    asked: list[float] = []

    async def clock(seconds: float) -> None:
        asked.append(seconds)

    with use_clock_sleep(clock), pytest.raises(HintUnavailable):
        await asyncio.wait_for(thinker.advise("renfield", state, seat, 1), 5)
    assert asked == [HINT_LIMIT]
    assert games.get_game("renfield").id == "renfield"
