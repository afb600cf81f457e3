"""Every variant and combination of Fairmarket is a preset (FMV-5), and each one deals and plays."""

from __future__ import annotations

from itertools import product

from games import get_game
from games.core.rng import Rng
from games.fairmarket.options import FairmarketOptions
from tests.support.playout import random_playout


def test_every_combination_the_text_allows_is_a_preset_named_by_its_parts() -> None:
    game = get_game("fairmarket")
    expected = set()
    for two, story, prize in product((False, True), ("", "allben", "lighton", "lenders"), ("", "jackpot", "seaside")):
        expected.add(FairmarketOptions(
            two_players=two, allben=bool(story), lighton=story == "lighton", lenders=story == "lenders",
            jackpot=prize == "jackpot", seaside=prize == "seaside",
        ))
    assert set(game.presets.values()) == expected and len(game.presets) == 24 <= 25
    for name, options in game.presets.items():
        assert ("two players" in name) == options.two_players
        assert ("jackpot" in name) == options.jackpot and ("seaside jack" in name) == options.seaside
        assert ("lighton" in name) == options.lighton and ("lenders" in name) == options.lenders


def test_each_preset_plays_a_hand_with_its_players() -> None:
    game = get_game("fairmarket")
    for name, options in game.presets.items():
        seats = 2 if options.two_players else 4
        state = game.new_state(options, seats, 5)
        _final, _log, out = random_playout(game, state, Rng(6))
        assert sum(out.payoffs) == out.carried_in - out.carried_out, name
