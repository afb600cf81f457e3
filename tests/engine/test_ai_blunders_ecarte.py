"""Écarté's computer players make none of the plainly bad decisions listed in docs/ai.md.

States come from whole deals played by the rule baseline (random seeds); at every one where a
blunder is on offer, the normal and the strong player decide (fixed samples, no clock) and the
decision is checked here, by rules written independently of the player's own filter.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai.baselines import baseline_for
from games.ai.search import computer_player

GAME = games.get_game("ecarte")
LOW_PLAIN = "T987"


def bad(state: Any, seat: int, action: str) -> str | None:
    """Why ``action`` is a blunder, or None."""
    legal = GAME.legal_actions(state, seat)
    hand, trump = state.play.hands[seat], state.trump
    no_trump = all(c[1] != trump for c in hand)
    if "king" in legal and action != "king":
        return "played a card without showing the king of trumps"
    if action == "play" and "propose" in legal and no_trump:
        return "said 'I play' holding no trump"
    if action == "refuse" and state.exchanges == 0 and no_trump:
        return "refused the first exchange holding no trump"
    if action.startswith("discard:"):
        gone = [c for c in action[8:].split(",") if c]
        kept = [c for c in hand if c not in gone]
        precious = [c for c in gone if c[1] == trump or c[0] == "K"]
        low = [c for c in kept if c[1] != trump and c[0] in LOW_PLAIN]
        if precious and low:
            return f"discarded {precious} keeping {low}"
    return None


def tempting(state: Any, seat: int) -> bool:
    """Whether some legal action here would be a blunder (only those states test anything)."""
    return any(bad(state, seat, a) for a in GAME.legal_actions(state, seat))


def states(count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` decision points where a blunder is possible, from deals the baseline plays."""
    base = baseline_for("ecarte")
    assert base is not None
    out: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    deal = 0
    while len(out) < count:
        state = GAME.new_state(GAME.presets["standard"], 2, seed * 1000 + deal, dealer=deal % 2)
        deal += 1
        while GAME.outcome(state) is None and state.deal_no == 0:
            seat = min(GAME.to_act(state))
            if len(GAME.legal_actions(state, seat)) > 1 and tempting(state, seat):
                out.append((state, seat))
            state, _events = GAME.apply(state, seat, base.choose(GAME, state, seat, rng))
    return out[:count]


def test_the_checker_sees_the_blunders_the_issue_reports() -> None:
    """Among the sampled states, discards and "I play" that are blunders are on offer (else the scan tests nothing)."""
    offered = {a.split(":")[0] for s, seat in states(80, 3) for a in GAME.legal_actions(s, seat) if bad(s, seat, a)}
    assert {"discard", "play", "refuse"} <= offered, offered


@pytest.mark.parametrize("which", ["normal", "strong"])
def test_no_blunders(which: str) -> None:
    chooser = computer_player(GAME, which)  # no clock: the strength's fixed sample count
    rng = random.Random(5)
    checked = states(160 if which == "normal" else 80, 11 if which == "normal" else 12)
    assert {s.phase for s, _seat in checked} >= {"propose", "accept", "discard"}
    mistakes = []
    for state, seat in checked:
        action = chooser.choose(GAME, state, seat, rng)
        why = bad(state, seat, action)
        if why:
            mistakes.append((GAME.view(state, seat).hand, state.trump, why))
    assert not mistakes, mistakes[:5]
