"""Samba's speed work changes nothing: whole random playouts match a log from the code before it.

For a few seeds (and both presets) a random player plays through the public API; every step's
legal actions, the action chosen, the events told, ``game.dump`` of the new state (and now and
then the seat's view) are hashed
into one short digest per step. The log was written by the first version of this test (the code
before the speed work) and is stored in ``data/samba_speed_golden.json``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import games

DATA = Path(__file__).parent / "data" / "samba_speed_golden.json"
#: (preset, seed, max_deals): three deals each, so deal ends and a game's end are covered.
CASES = (("text", 1, 3), ("text", 2, 3), ("text", 7, 2), ("standard", 3, 2), ("standard", 11, 2))


def _playout(preset: str, seed: int, max_deals: int) -> list[str]:
    game = games.get_game("samba")
    options = game.presets[preset].model_copy(update={"max_deals": max_deals})
    state = game.new_state(options, 4, seed, dealer=seed % 4)
    player = random.Random(seed)
    log = [hashlib.sha1(game.dump(state).encode()).hexdigest()[:12]]
    while acting := game.to_act(state):
        seat = next(iter(acting)) if len(acting) == 1 else player.choice(sorted(acting))
        legal = game.legal_actions(state, seat)
        action = player.choice(legal)
        state, events = game.apply(state, seat, action)
        text = [(e.text, e.seat, e.private_to, e.ends_deal) for e in events]
        seen = repr(game.view(state, seat)) if len(log) % 7 == 0 else ""  # the panel, now and then
        body = json.dumps([seat, legal, action, text, game.dump(state), seen], ensure_ascii=False)
        log.append(hashlib.sha1(body.encode()).hexdigest()[:12])
    assert game.outcome(state) is not None
    return log


def _key(case: tuple[str, int, int]) -> str:
    return "{}-{}-{}".format(*case)


@pytest.mark.parametrize("case", CASES, ids=_key)
def test_random_playout_matches_the_log(case: tuple[str, int, int]) -> None:
    golden = json.loads(DATA.read_text())
    got = _playout(*case)
    want = golden[_key(case)]
    first = next((k for k, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert first is None, f"step {first} differs"
    assert len(got) == len(want)


def write_log() -> None:  # pragma: no cover - run once, by hand, on the code before the speed work
    DATA.write_text(json.dumps({_key(c): _playout(*c) for c in CASES}, separators=(",", ":")) + "\n")


if __name__ == "__main__":  # pragma: no cover
    write_log()
