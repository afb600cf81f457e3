"""Computer players at a table: who they are, what they are called, how a name is shown.

A computer player is a row of the roster like a person's, with a negative
user id (``-1``, ``-2``… at each table: never a Discord id, which is positive)
and a strength. Its chips come from the server's house account and go back to
it (``data.accounts.HOUSE``), so it has no wallet, and leaderboards and stats,
which count people, leave it out (``user_id > 0``).

Names come from the id, so every text that names a player (a result line, a
log line, a seat line) can name a computer without asking the roster.
"""

from __future__ import annotations

from typing import Literal, get_args

from games.core.i18n import _

Strength = Literal["easy", "normal", "strong"]
STRENGTHS: tuple[Strength, ...] = get_args(Strength)

#: Computer players' names, in the order a table seats them (then "Ada 2"… past ten).
NAMES = ("Ada", "Babbage", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper", "Irving", "Jacobi")
ROBOT = "🤖"


def is_computer(user_id: int) -> bool:
    return user_id < 0


def computer_id(n: int) -> int:
    """The user id of a table's ``n``-th computer player (1-based)."""
    return -n


def computer_name(user_id: int) -> str:
    """A computer player's plain name (``Ada``): what a downloaded hand history shows."""
    n = -user_id
    base = NAMES[(n - 1) % len(NAMES)]
    return base if n <= len(NAMES) else f"{base} {(n - 1) // len(NAMES) + 1}"


def mention(user_id: int) -> str:
    """How a message names a player: a Discord mention for a person, "🤖 Ada" for a computer."""
    if is_computer(user_id):
        return f"{ROBOT} {computer_name(user_id)}"
    return f"<@{user_id}>"


def strength_label(strength: str) -> str:
    """A strength as players read it (translated)."""
    labels = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}
    return labels.get(strength, strength)


def next_computer_id(used: list[int]) -> int:
    """The first computer id not taken at the table."""
    n = 1
    while computer_id(n) in used:
        n += 1
    return computer_id(n)


__all__ = [
    "NAMES", "ROBOT", "STRENGTHS", "Strength", "computer_id", "computer_name", "is_computer", "mention",
    "next_computer_id", "strength_label",
]
