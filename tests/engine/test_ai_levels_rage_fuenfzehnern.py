"""How Rage's and Fünfzehnern's strong and normal players differ (docs/ai.md, their sections).

Fünfzehnern: strong solves the last four tricks of each sampled deal exactly, on fewer deals there
(``_tuning.Staged`` with ``deeper``); normal weighs two deals played out by the rules. Rage: strong
judges a bid on 128 deals, drawn so the others' bids fit their hands; normal bids the rule estimate.
The tests count the deals each level weighs at real decisions and check the draws.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import games
from games.ai.baselines import baseline_for
from games.ai.baselines.rage import estimate
from games.ai.players import fuenfzehnern, rage
from games.ai.players._tuning import Staged, deeper
from games.ai.search import NORMAL, STRONG

FUENF = games.get_game("fuenfzehnern")
RAGE = games.get_game("rage")


def test_deeper_gives_the_tightest_tier_that_applies() -> None:
    stage = deeper(len, ((12, 16), (9, 48)))
    assert [stage("x" * n) for n in (24, 13, 12, 10, 9, 3, 0)] == [None, None, 16, 16, 48, 48, 48]


def _reached(game: Any, preset: str, seed: int, done: Any) -> tuple[Any, int]:
    """The first decision of a deal the baseline plays where ``done(state, seat)`` holds."""
    base = baseline_for(game.id)
    assert base is not None
    state, rng = game.new_state(game.presets[preset], 3, seed), random.Random(seed)
    while True:
        seat = min(game.to_act(state))
        if done(state, seat):
            return state, seat
        state, _events = game.apply(state, seat, base.choose(game, state, seat, rng))


def test_fuenfzehnern_strong_solves_the_last_four_tricks_on_sixteen_deals() -> None:
    """At a real choice in the fourth trick from the end (twelve cards left or fewer) strong solves
    each sampled deal exactly, 16 of them; normal weighs two deals."""
    strong = fuenfzehnern.player(STRONG, None)
    assert isinstance(strong, Staged) and strong.solve is not None
    state, seat = _reached(FUENF, "standard", 7, lambda s, seat: 9 < fuenfzehnern.cards_left(s) <= 12
                           and len(fuenfzehnern.candidates(s, seat, FUENF.legal_actions(s, seat))) > 1)
    solve, answers = strong.solve, []

    def counted(world: Any, who: int, actions: Sequence[str]) -> list[float] | None:
        answers.append(solve(world, who, actions))
        return answers[-1]

    strong.solve = counted
    assert strong.choose(FUENF, state, seat, random.Random(1)) in FUENF.legal_actions(state, seat)
    assert len(answers) == 16 and sum(a is not None for a in answers) >= 12
    assert fuenfzehnern.player(NORMAL, None).strength.samples == fuenfzehnern.NORMAL_SAMPLES == 2


def test_rage_normal_bids_the_estimate_and_strong_searches_its_bid() -> None:
    """Normal bids the rule estimate, as a competent player does, and searches only its cards; strong
    weighs each bid near the estimate on 128 sampled deals (the others' bids fitting their hands) and
    departs from the estimate on some hands."""
    strong, normal = rage.player(STRONG, None), rage.player(NORMAL, None)
    assert isinstance(strong, Staged) and not isinstance(normal, Staged)
    playing, seat = _reached(RAGE, "short", 3, lambda s, seat: s.phase == "play")
    assert normal.candidates(playing, seat, RAGE.legal_actions(playing, seat)) == list(RAGE.legal_actions(playing, seat))
    assert (strong.stage(playing), strong.full.samples) == (None, rage.STRONG_SAMPLES)
    departed = 0
    for seed in range(8):
        state, seat = _reached(RAGE, "short", 60 + seed, lambda s, seat: s.phase == "bid")
        assert strong.stage(state) == rage.STRONG_BID_SAMPLES
        ruled = f"bid:{estimate(state.play.hands[seat], state.trump, state.seats)}"
        assert normal.choose(RAGE, state, seat, random.Random(seed)) == ruled
        departed += strong.choose(RAGE, state, seat, random.Random(seed)) != ruled
    assert departed >= 1


def test_rage_strong_draws_deals_the_others_bids_fit() -> None:
    """After two seats have bid, the last bidder's sampled deals mostly give each of them a hand
    within a trick of its bid, far more often than a plain redeal does."""
    plain = fitted = 0
    for seed in range(6):
        state, seat = _reached(RAGE, "standard", 40 + seed, lambda s, seat: s.phase == "bid" and sum(b >= 0 for b in s.bids) == 2)
        others = [s for s in range(3) if s != seat]
        rng = random.Random(seed)
        for _ in range(40):
            plain += all(rage.fits(RAGE.sample_hidden(state, seat, rng), s) for s in others)
            world = rage.sample(state, seat, rng)
            fitted += all(rage.fits(world, s) for s in others)
            assert world.play.hands[seat] == state.play.hands[seat] and world.bids == state.bids
    assert fitted >= 0.75 * 240 and fitted > plain + 40
