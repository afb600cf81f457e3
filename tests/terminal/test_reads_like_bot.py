"""``tools.play`` says each thing once and in words a player reads, like the bot.

Each test plays the real engine through ``Session`` (computer seats, typed answers)
and reads what was printed: no "Your hand: Your cards:", the winner line once,
named trick plays, chips and the pot during a hand, a bid asked as "how much",
the suit-order choice explained, and a session summary when the player quits.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from games import get_game
from games.ai import RandomPolicy
from tools.play import Session
from tools.textview import AMOUNT, amount_action, answer_to_action, menu_of


def _session(game_id: str, answer: Callable[[str], str], players: int = 3, seed: int = 5,
             preset: str | None = None) -> tuple[Session, io.StringIO]:
    game = get_game(game_id)
    options = game.presets[preset or next(iter(game.presets))]
    out = io.StringIO()
    session = Session(game, options, players, seed, you=0, out=out, read=lambda: answer(out.getvalue()),
                      name="Ann", policy=RandomPolicy())
    return session, out


def _first(text: str) -> str:
    """Always the first choice; the lowest amount when asked how much; no second hand."""
    if "Another hand?" in text[-40:]:
        return "n"
    if text.rstrip().splitlines()[-1].startswith("How much?"):
        return text.rstrip().split("from ")[-1].split()[0]
    return "1"


def test_the_hand_is_not_labelled_twice() -> None:
    session, out = _session("kabu", _first)
    session.run(hands=1)
    text = out.getvalue()
    assert "Your cards: " in text  # Kabu's own line, printed as it is…
    assert "Your hand: Your cards" not in text  # …not under a second label


def test_the_winner_line_is_said_once() -> None:
    said = []
    for seed in range(4):
        session, out = _session("kabu", _first, seed=seed)
        session.run(hands=1)
        said.append(out.getvalue().count("has the best total"))
    assert said.count(1) >= 2 and max(said) == 1, said  # once (not three times) in each hand a seat won


def test_a_trick_names_who_played_each_card_and_who_took_it() -> None:
    session, out = _session("renfield", _first, players=4, seed=3)
    session.run(hands=1)
    tricks = [line for line in out.getvalue().splitlines() if line.startswith("[Last trick]")]
    assert tricks
    names = ("Ann", "Ada (computer)", "Babbage (computer)", "Curie (computer)")
    for line in tricks:
        plays = line.removeprefix("[Last trick] ").split(" — ")[0].split(" · ")
        assert all(play.startswith(names) for play in plays), line
        assert re.search(r"— taken by (Ann|\w+ \(computer\))$", line), line


def _seat_chips(block: str) -> tuple[list[int], int]:
    stacks = [int(m) for m in re.findall(r"^ [▶· ] .*?· (\d+) chips?$", block, re.M)]
    pot = re.search(r"^Pot: (\d+) chips?$", block, re.M)
    return stacks, int(pot.group(1)) if pot else 0


def test_stacks_and_the_pot_move_during_a_hand_and_add_up() -> None:
    session, out = _session("razz", _first, players=3, seed=2)
    session.run(hands=1)
    blocks = out.getvalue().split("\n== ")[1:]
    assert len(blocks) >= 3
    moved = False
    for block in blocks[:-1]:  # during the hand
        stacks, pot = _seat_chips(block)
        assert len(stacks) == 3 and pot > 0, block
        assert sum(stacks) + pot == 300, block  # what is in front of the seats and the pot: all 300 brought
        moved = moved or any(s != 100 for s in stacks)
    assert moved  # the buy-in is not shown all hand long
    final, pot = _seat_chips(blocks[-1])
    assert pot == 0 and sum(final) == 300 and final == session.chips


def test_a_bid_is_a_numbered_line_that_asks_how_much() -> None:
    game = get_game("renfield")
    state = game.new_state(game.presets["standard"], 4, 3)
    seat = min(game.to_act(state))
    menu = menu_of(game.view(state, seat).prompt, str)
    line = menu.lines[menu.amount_number - 1]
    assert menu.amount is not None and line.startswith(f"  {menu.amount_number}. Bid (")
    assert "then type a number from" in line and "type bid" not in line
    assert answer_to_action(menu, str(menu.amount_number)) == AMOUNT
    assert amount_action(menu, str(menu.amount.maximum)) == f"bid:{menu.amount.maximum}"
    assert amount_action(menu, str(menu.amount.maximum + 1)) is None  # out of range: refused
    assert amount_action(menu, "lots") is None


def test_choosing_the_amount_line_then_a_number_bids_it() -> None:
    asked: list[str] = []

    def answer(text: str) -> str:
        last = text.rstrip().splitlines()[-1]
        if last.startswith("How much?"):
            asked.append(last)
            return "99" if len(asked) == 1 else last.split("to ")[-1].rstrip(":")  # too much first, then the most
        if "Another hand?" in text[-40:]:
            return "n"
        bid_line = next((ln for ln in text.rsplit("Your move:", 1)[-1].splitlines() if "then type a number" in ln), None)
        return bid_line.split(".")[0].strip() if bid_line and len(asked) < 2 else "q"

    session, out = _session("renfield", answer, players=4, seed=3)
    session.run()
    text = out.getvalue()
    assert len(asked) == 2 and "That isn't one of your choices here." in text
    assert "Ann bids $30." in text


def test_the_suit_order_choice_is_explained() -> None:
    session, out = _session("renfield", lambda text: "q" if "Tools >" in text[-400:] else _first(text),
                            players=4, seed=3)
    session.run()
    text = out.getvalue()
    assert "You won the lead: choose the suit order, highest suit first." in text
    assert text.index("You won the lead") < text.index("1. 🔧 Tools >")


def test_quitting_gives_a_session_summary() -> None:
    hands = 0

    def answer(text: str) -> str:
        nonlocal hands
        if "Another hand?" in text[-40:]:
            hands += 1
            return "y" if hands < 2 else "q"
        return _first(text)

    session, out = _session("kabu", answer, seed=4)
    session.run()
    text = out.getvalue()
    summary = text[text.index("Bye! 2 hands played:"):].splitlines()[1:]
    assert len(summary) == 3
    totals = {line.split(":")[0].strip(): int(line.split(": ")[1].split()[0]) for line in summary}
    assert set(totals) == {"Ann", "Ada (computer)", "Babbage (computer)"}
    assert sum(totals.values()) == 0  # chips only changed hands
    buy_in = session.game.suggested_buy_in(session.options, 3)
    assert [totals[session.name_of(s)] for s in range(3)] == [c - buy_in for c in session.chips]


def test_quitting_mid_hand_says_nothing_was_finished() -> None:
    session, out = _session("kabu", lambda text: "q")
    assert session.run() == 0
    assert out.getvalue().rstrip().endswith("Bye! No hand was played to the end.")
