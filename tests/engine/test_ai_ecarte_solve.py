"""Écarté's card-play solve (games/ai/players/ecarte.py) agrees with the engine played out exhaustively.

On deals the baseline plays, at every card decision with three cards or fewer left, each card's
solved value must equal a minimax run through the real engine (``Ecarte.apply`` to the end of the
deal, scored from the sheet): the solve's own trick rules and scoring are a copy the engine checks.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.ai.baselines import baseline_for
from games.ai.players.ecarte import plausible, played_by, sample, settle, solve

GAME = games.get_game("ecarte")


def engine_value(state: Any, seat: int, start: Any) -> float:
    """The deal's points for ``seat`` less the other's, both playing perfectly (the engine's minimax)."""
    if state.deal_no != start.deal_no or GAME.outcome(state) is not None:
        totals = state.sheet.totals
        before = start.scores
        return float((totals[seat] - totals[1 - seat]) - (before[seat] - before[1 - seat]))
    mover = min(GAME.to_act(state))
    values = [engine_value(GAME.apply(state, mover, a)[0], seat, start) for a in GAME.legal_actions(state, mover)]
    return max(values) if mover == seat else min(values)


def test_the_solve_matches_the_engine_minimax() -> None:
    base = baseline_for("ecarte")
    assert base is not None
    checked = 0
    for deal in range(40):
        state = GAME.new_state(GAME.presets["standard"], 2, 700 + deal, dealer=deal % 2)
        rng = random.Random(deal)
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            cards = len(state.play.hands[seat])
            if state.phase == "play" and len(legal) > 1 and cards <= 3 and "king" not in legal:
                solved = solve(state, seat, legal)
                expected = [engine_value(GAME.apply(state, seat, a)[0], seat, state) for a in legal]
                assert solved == expected, (state.play.hands, legal)
                checked += 1
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    assert checked >= 20


def test_the_solve_says_nothing_outside_the_card_play() -> None:
    state = GAME.new_state(GAME.presets["standard"], 2, 1)
    seat = min(GAME.to_act(state))
    assert solve(state, seat, GAME.legal_actions(state, seat)) is None


def test_settle_is_the_score_lead_plus_the_solved_card_play() -> None:
    """``settle`` (strong's value of an exchange's playout) equals the lead on the sheet, this deal's
    points so far and the engine's own minimax of the rest of the deal, wherever it answers."""
    base = baseline_for("ecarte")
    assert base is not None
    checked = 0
    for deal in range(30):
        state = GAME.new_state(GAME.presets["standard"], 2, 900 + deal, dealer=deal % 2)
        rng = random.Random(deal)
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            value = settle(state, seat)
            if state.phase != "play" or "king" in GAME.legal_actions(state, seat):
                assert value is None
            elif len(state.play.hands[seat]) <= 3:
                totals, pending = state.sheet.totals, state.pending
                lead = totals[seat] + pending[seat] - totals[1 - seat] - pending[1 - seat]
                assert value == lead + engine_value(state, seat, state), state.play.hands
                checked += 1
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    assert checked >= 20


def test_the_cards_each_seat_played_are_read_back_from_the_tricks() -> None:
    base = baseline_for("ecarte")
    assert base is not None
    for deal in range(10):
        state = GAME.new_state(GAME.presets["standard"], 2, 1100 + deal)
        rng = random.Random(deal)
        played: list[list[str]] = [[], []]
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            assert [sorted(played_by(state, s)) for s in (0, 1)] == [sorted(p) for p in played]
            action = base.choose(GAME, state, seat, rng)
            if action.startswith("play:"):
                played[seat].append(action[5:])
            state, _events = GAME.apply(state, seat, action)


def test_strong_reads_an_i_play_into_the_hand_it_samples() -> None:
    """When the other said "I play" (vulnerable), strong's sampling draws hands worth playing (with the
    cards it has played since) far more often than the plain sampling does."""
    checked = 0
    for deal in range(40):
        state = GAME.new_state(GAME.presets["standard"], 2, 1300 + deal, dealer=1)
        if GAME.legal_actions(state, 0) != ("propose", "play"):
            continue
        state, _events = GAME.apply(state, 0, "play")
        while 1 not in GAME.to_act(state):
            state, _events = GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1])
        rng = random.Random(deal)
        shown = played_by(state, 0)
        inferred = sum(plausible([*sample(state, 1, rng).play.hands[0], *shown], state.trump) for _ in range(100))
        plain = sum(plausible([*GAME.sample_hidden(state, 1, rng).play.hands[0], *shown], state.trump) for _ in range(100))
        assert inferred >= plain
        checked += inferred > plain + 20
    assert checked >= 10


def test_strong_searches_more_deals_on_its_two_way_exchange_decisions() -> None:
    """Strong keeps "I play" among its candidates whenever it is no blunder (the search decides, by
    the deal points on the sampled deals), and such a two-way decision gets ``STRONG_SAMPLES``
    deals, while a discard among five gets ``STRONG_LEAST`` (``STRONG_PLAYOUTS`` playouts at most)."""
    from games.ai.players.ecarte import STRONG_LEAST, STRONG_SAMPLES, blunders, candidates, player
    from games.ai.search import STRONG

    strong = player(STRONG)
    state = next(s for s in (GAME.new_state(GAME.presets["standard"], 2, 1700 + d, dealer=1) for d in range(60))
                 if GAME.legal_actions(s, 0) == ("propose", "play") and not blunders(s, 0, ("propose", "play")))
    assert "play" in candidates(state, 0, ("propose", "play"))
    strong.choose(GAME, state, 0, random.Random(1))
    assert strong.strength.samples == STRONG_SAMPLES
    state = GAME.apply(GAME.apply(state, 0, "propose")[0], 1, "accept")[0]
    legal = GAME.legal_actions(state, 0)
    if len(candidates(state, 0, legal)) == 5:
        strong.choose(GAME, state, 0, random.Random(1))
        assert strong.strength.samples == STRONG_LEAST
