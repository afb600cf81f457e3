"""Playing in a terminal: any game, driven through standard input as a person would.

The command reads the same render model as the Discord adapter, so these tests
also show that every registered game is playable from its views alone: every
choice it needs is in its prompt.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest

from games import game_ids, get_game
from games.ai import RandomPolicy
from tools.play import Session
from tools.textview import answer_to_action, menu_of


class Typist:
    """Answers each prompt by reading the menu just printed, like a person picking at random
    — sometimes typing nonsense first, which must change nothing."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        self.out, self.rng, self.answers = out, random.Random(seed), 0

    def __call__(self) -> str:
        self.answers += 1
        if self.answers > 8000:  # a whole game of Samba (20 deals) takes ~2,000 of one player's answers
            return "q"
        menu = self.out.getvalue().rsplit("Your move:", 1)[-1].splitlines()[1:]
        if "Another hand?" in self.out.getvalue()[-40:]:
            return "n"
        if menu and menu[-1].startswith("How much? A number from "):
            return menu[-1].split("from ")[1].split()[0]  # the lowest amount
        if self.answers == 1 or self.rng.random() < 0.1:
            return self.rng.choice(["", "0", "99", "pick zz", "hello"])
        numbered = [line.split(".")[0].strip() for line in menu if line.strip()[:1].isdigit()]
        if numbered:
            return self.rng.choice(numbered)
        pick = next((line for line in menu if "type pick" in line), None)
        if pick is not None:
            low = int(pick.split("type pick and ")[1].split()[0])
            letters = "abcdefghijklmnopqrstuvwxyz"[: pick.count(") ")]
            return "pick " + " ".join(self.rng.sample(letters, low))
        raise AssertionError(f"a prompt with nothing to answer: {menu}")


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_every_game_plays_a_hand_in_the_terminal(game_id: str) -> None:
    game = get_game(game_id)
    options = next(iter(game.presets.values()))
    low, high = game.seat_limits(options)
    out = io.StringIO()
    typist = Typist(out, seed=7)
    # Random computers: this checks that every game is playable from its text views, not strength.
    session = Session(game, options, max(low, min(3, high)), 11, you=0, out=out, read=typist, name="Ann",
                      policy=RandomPolicy())
    played = session.run(hands=1)
    text = out.getvalue()
    assert played == 1, text[-2000:]
    assert "Ann" in text and "⟦seat" not in text
    assert "That isn't one of your choices here." in text  # the nonsense was refused…
    assert "Bye! 1 hand played:" in text or "Bye! The game was played to the end:" in text  # …and it ended


def test_the_command_reads_standard_input_and_shows_only_your_cards() -> None:
    lines = "\n".join(["hello"] + ["2"] * 30) + "\n"  # Kabu: "2" stands
    run = subprocess.run(
        [sys.executable, "-m", "tools.play", "kabu", "--players", "3", "--seed", "5", "--hands", "1",
         "--name", "Ann"],
        input=lines, capture_output=True, text=True, timeout=60, check=True,
    )
    out = run.stdout
    assert "Ann" in out and "Ada (computer)" in out and "Babbage (computer)" in out
    assert "That isn't one of your choices here." in out
    assert "Ann stands." in out
    hidden_part = out.split("Kabu — showdown")[0]
    # before the showdown, the computers' cards were never printed
    assert "Your cards" in hidden_part and "Your hand" not in hidden_part  # only Ann's cards, labelled once
    assert "chips" in out.split("Kabu — showdown")[1]
    # the seed (from which the computers' cards can be dealt again) comes only at the end
    lines = out.splitlines()
    assert "seed" not in "\n".join(lines[:-1]) and lines[-1] == "That was seed 5: --seed 5 deals the same cards again."


def test_a_typed_answer_maps_to_exactly_the_listed_action() -> None:
    game = get_game("reversis")
    state = game.new_state(game.presets["standard"], 4, 3)
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    menu = menu_of(view.prompt, str)
    assert menu.pick is not None
    action = answer_to_action(menu, "pick a")
    assert action == f"{menu.pick.kind}:{menu.pick.cards[0]}"
    assert action in game.legal_actions(state, seat) or game.is_legal(state, seat, action)
    assert answer_to_action(menu, "pick a a") is None  # the same card twice
    assert answer_to_action(menu, "7") is None or menu.choices


def test_computer_seats_only_play_legal_actions() -> None:
    game = get_game("renfield")
    state = game.new_state(game.presets["standard"], 4, 1)
    rng = random.Random(0)
    policy = RandomPolicy()
    for _ in range(200):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        action = policy.choose(game, state, seat, rng)
        assert action in game.legal_actions(state, seat)
        state, _events = game.apply(state, seat, action)
    assert game.outcome(state) is not None
