"""Engines cache texts for speed (a trick's "takes the trick and pays $8.", a card's label, a score
in words); one process serves tables in English and in Japanese, so every cached text must be keyed
by the language spoken. Each game's hand is played in English, then the very same actions again in
Japanese: a Japanese event or result that comes out exactly as its English twin, with English words
in it, came from a cache that forgot the language."""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
from bot.i18n import install_catalogues
from games.core.i18n import speaking
from games.core.rng import Rng
from tests.support.playout import random_playout

WORD = re.compile(r"[A-Za-z]{3,}")


def _texts(game: Any, start: Any, log: list[tuple[int, str]]) -> list[str]:
    state, out = start, []
    for seat, action in log:
        state, events = game.apply(state, seat, action)
        out.extend(e.text for e in events)
    outcome = game.outcome(state)
    if outcome is not None:
        out.extend([outcome.summary, *outcome.details])
    return out


@pytest.mark.parametrize("game_id", games.game_ids())
def test_a_hand_in_english_then_in_japanese_reads_japanese(game_id: str) -> None:
    install_catalogues()
    game = games.get_game(game_id)
    low, high = game.seat_limits(game.Options())
    for seed in range(3):
        start = game.new_state(game.Options(), max(low, min(4, high)), seed)
        _final, log, _out = random_playout(game, start, Rng(seed + 7))
        english = _texts(game, start, log)
        with speaking("ja"):
            japanese = _texts(game, start, log)
        assert len(english) == len(japanese)
        same = [e for e, j in zip(english, japanese, strict=True) if e == j and WORD.search(e.replace("⟦seat", ""))]
        assert not same, f"{game_id}: English in Japanese after an English hand: {same[:5]}"
