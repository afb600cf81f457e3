"""The 💡 Hint's advice (``games.ai.advice``): never peeks, and says why in a sentence of the game.

Fixed rng and fixed samples everywhere: nothing here depends on the machine's speed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import games
from games.ai.advice import Advice, Reason, Stats, advise, generic_reason
from games.ecarte.state import DISCARD

SAMPLES = 4


def walk(game_id: str, seed: int, decisions: int) -> list[tuple[Any, int]]:
    """(state, seat) of the first ``decisions`` decisions of a hand played at random."""
    game = games.get_game(game_id)
    options = game.Options()
    lo, hi = game.seat_limits(options)
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < decisions:  # a short hand (Kabu): deal another
        state = game.new_state(options, max(lo, min(3, hi)), seed)
        seed += 1000
        while game.outcome(state) is None and len(out) < decisions:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                out.append((state, seat))
            state, _events = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return out


def hint(game_id: str, state: Any, seat: int, seed: int = 7) -> Advice:
    return advise(games.get_game(game_id), state, seat, random.Random(seed), samples=SAMPLES)


@pytest.mark.parametrize(("game_id", "decisions"), [("kabu", 6), ("ecarte", 6), ("razz", 3), ("reversis", 3)])
def test_the_advice_is_the_same_when_the_other_seats_cards_are_redealt(game_id: str, decisions: int) -> None:
    """The hint runs only on the seat's determinizations: the hidden cards can't change it."""
    game = games.get_game(game_id)
    checked = 0
    for state, seat in walk(game_id, 11, decisions):
        for redeal in (1, 2):
            other = game.sample_hidden(state, seat, random.Random(redeal))
            assert hint(game_id, other, seat) == hint(game_id, state, seat)
        checked += 1
    assert checked == decisions


@pytest.mark.parametrize(
    ("hand", "action", "because", "total"),
    [
        (("3h", "4h"), "stand", "{action} on {total}: drawing makes it worse more often than better", 7),
        (("Ah", "2h"), "draw", "{action} on {total}: a card makes it better more often than worse", 3),
    ],
)
def test_kabu_says_why_it_stands_or_draws(hand: tuple[str, str], action: str, because: str, total: int) -> None:
    game = games.get_game("kabu")
    state = game.new_state(game.Options(), 3, 3)
    seat = state.turn
    state = replace(state, hands=tuple(hand if s == seat else h for s, h in enumerate(state.hands)))
    advice = hint("kabu", state, seat)
    assert advice.action == action
    assert advice.reason.text.startswith(because)
    values = dict(advice.reason.values)
    assert values["total"] == total
    # counted over the 38 cards the seat hasn't seen (its own two are all it knows)
    assert (values["worse"] > values["better"]) == (action == "stand")
    assert values["n"] == 38


def test_ecarte_discards_say_which_trumps_are_kept() -> None:
    """Across deals, every discard hint that says "you keep … trump" really keeps every trump."""
    game = games.get_game("ecarte")
    seen = 0
    for seed in range(1, 40):
        for state, seat in walk("ecarte", seed, 4):
            if state.phase != DISCARD:
                continue
            advice = hint("ecarte", state, seat)
            gone = advice.action[8:].split(",") if advice.action[8:] else []
            if "you keep" in advice.reason.text:
                assert not [c for c in gone if c[1] == state.trump], advice
                assert advice.reason.text.startswith("Discard {cards}")
                seen += 1
        if seen >= 2:
            break
    assert seen >= 2
    assert game.id == "ecarte"


def test_ecarte_card_play_says_whether_the_card_takes_the_trick() -> None:
    texts = set()
    for seed in range(1, 30):
        for state, seat in walk("ecarte", seed, 12):
            if state.phase == "play" and state.play.trick.plays:
                texts.add(hint("ecarte", state, seat).reason.text)
        if len(texts) >= 2:
            break
    assert texts & {"{action}: it takes this trick.",
                    "{action}: you can't take this trick, so you give up your weakest card."}


def test_razz_gives_its_pot_share() -> None:
    state, seat = walk("razz", 5, 1)[0]
    advice = hint("razz", state, seat)
    values = dict(advice.reason.values)
    assert "% of the pot" in advice.reason.text
    assert 0 <= int(values["share"]) <= 100
    assert values["even"] == 33  # three players: an even share is a third


def test_the_generic_reason_counts_the_deals_where_the_move_was_best() -> None:
    stats = Stats(("a", "b"), (1.0, 0.0), (8, 3), 10)
    assert generic_reason("a", stats) == Reason(
        "{action}: it comes out best in about {k} of 10 likely deals.", (("k", 8),)
    )
    close = Stats(("a", "b"), (1.0, 0.5), (4, 6), 10)
    assert generic_reason("a", close).actions == (("other", "b"),)
    assert "does better on average" in generic_reason("a", close).text


def test_a_game_without_its_own_reason_gets_the_generic_one() -> None:
    state, seat = walk("reversis", 3, 1)[0]
    advice = hint("reversis", state, seat)
    assert advice.action in games.get_game("reversis").legal_actions(state, seat)
    assert advice.reason.text.startswith("{action}")
