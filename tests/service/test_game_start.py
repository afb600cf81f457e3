"""The engine contract carries what the runtime needs: ``Game.start`` and ``HandRecord.stacks``.

The service deals and replays every game through the same two calls; these
tests pin down that stack games get their stacks there and the others never
see them, and that a recorded stack hand replays byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import games
from games import Game
from games.core.replay import HandRecord, record_of, replay
from games.core.rng import Rng
from tests.support.playout import random_playout


def _seats(game: Game) -> int:
    low, high = game.seat_limits(game.Options())
    return max(low, min(4, high))


@pytest.mark.parametrize("game_id", games.game_ids())
def test_start_passes_stacks_only_to_stack_games(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get_game(game_id)
    n = _seats(game)
    options = game.Options()
    seen: list[dict[str, Any]] = []
    real = game.new_state

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(game, "new_state", spy)
    stacks = tuple(30 + 10 * s for s in range(n))
    state = game.start(options, n, 7, dealer=1, stacks=stacks)
    assert len(seen) == 1
    assert ("stacks" in seen[0]) == game.uses_stacks
    if game.uses_stacks:
        assert seen[0]["stacks"] == stacks
    # Apart from the stacks, start is new_state with the same inputs.
    direct = real(options, n, 7, dealer=1, **({"stacks": stacks} if game.uses_stacks else {}))
    assert game.dump(state) == game.dump(direct)


def test_start_without_stacks_gives_unlimited_stacks_to_a_stack_game() -> None:
    razz = games.get_game("razz")
    assert razz.uses_stacks
    assert razz.dump(razz.start(None, 3, 5)) == razz.dump(razz.new_state(None, 3, 5))


def _playout_with_stacks(stacks: Sequence[int], seed: int) -> tuple[Game, Any, list[tuple[int, str]]]:
    razz = games.get_game("razz")
    state = razz.start(razz.Options(), len(stacks), seed, dealer=2, stacks=stacks)
    final, log, _outcome = random_playout(razz, state, Rng(seed))
    return razz, final, log


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_hand_record_with_stacks_replays_a_razz_hand_exactly(seed: int) -> None:
    # Short stacks change the hand: a seat with 0 sits out, small ones go all in early.
    stacks = (40, 3, 100, 0)
    razz, final, log = _playout_with_stacks(stacks, seed)
    record = record_of(razz, razz.Options(), len(stacks), seed, log, dealer=2, stacks=stacks)
    assert record.stacks == stacks
    assert razz.dump(replay(razz, record)) == razz.dump(final)
    # The record survives its own JSON (the service could store it as such).
    again = HandRecord.model_validate_json(record.model_dump_json())
    assert razz.dump(replay(razz, again)) == razz.dump(final)
    # Without the stacks the same log is a different hand (or not even a legal one).
    unlimited = record.model_copy(update={"stacks": None})
    try:
        other = razz.dump(replay(razz, unlimited))
    except games.GameError:
        other = None
    assert other != razz.dump(final)


def test_a_record_ignores_stacks_for_games_without_them() -> None:
    renfield = games.get_game("renfield")
    assert not renfield.uses_stacks
    state = renfield.start(None, 4, 9, dealer=3, stacks=(100, 100, 100, 100))
    final, log, _outcome = random_playout(renfield, state, Rng(9))
    record = record_of(renfield, None, 4, 9, log, dealer=3, stacks=(100, 100, 100, 100))
    assert renfield.dump(replay(renfield, record)) == renfield.dump(final)
