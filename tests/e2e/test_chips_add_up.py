"""The chips a table shows always add up: what is in front of the seats plus the pot is
what was brought to the table, at every step of a hand, in every chip game.

Each game plays whole hands with random legal actions; after every action the real
Discord adapter (``cogs.ui.render.table_embed``) draws the public table from the
stacks at the deal, as the bot does, and the test reads the numbers back out of
the embed. Through SimCord, ``test_poker_games`` checks the same on every public
table message of real Razz and Frankenstein tables (``PokerChecks.on_table``).
"""

from __future__ import annotations

import re

import discord
import pytest

import games
from cogs.ui import render
from games.core.rng import Rng
from tests.support.playout import random_playout

#: Every game that plays for chips hand by hand, with a preset that moves chips in its own way.
CHIP_GAMES = [
    ("razz", "standard"),
    ("frankenstein", "standard"),
    ("putandtake", "standard"),
    ("renfield", "standard"),
    ("renfield", "stud"),
    ("scurro", "auction"),
    ("fairmarket", "standard"),
    ("reversis", "standard"),
    ("kabu", "standard"),
    ("fuenfzehnern", "standard"),
]
# Negatives are written with the real minus (U+2212), as every number players read.
_STACK = re.compile(r"[·—] (?:(−?\d+) chips?|(−?)\$(\d+)|(−?\d+) coins?)(?:~~)?$")
_AMOUNT = re.compile(r"(−?\d+) (?:chips?|coins?)|\$(\d+)")


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


def _amount(text: str) -> int:
    m = _AMOUNT.search(text)
    assert m is not None, text
    return _int(m.group(1) or m.group(2))


def in_front(embed: discord.Embed) -> list[int]:
    """Each seat's stack as the Seats field writes it (the last " · N chips" of its line)."""
    (seats,) = [f.value for f in embed.fields if f.name == "Seats"]
    stacks = []
    for line in (seats or "").splitlines():
        m = _STACK.search(line)
        assert m is not None, line
        chips, sign, dollars, coins = m.groups()
        stacks.append(_int(chips) if chips else _int(coins) if coins else _int(f"{sign}{dollars}"))
    return stacks


def in_the_middle(embed: discord.Embed) -> int:
    """The pot and side pots, Fairmarket's stations' pots and Reversis' pots, as shown."""
    total = 0
    for f in embed.fields:
        value = f.value or ""
        if f.name == "Pot":
            total += sum(_amount(part) for part in value.split(" · "))
        elif f.name == "Pots" and value != "empty":  # Reversis: "25 chips" or "Pot 1: 10 · Pot 2: 15 (…)"
            total += sum(map(int, re.findall(r"Pot \d+: (\d+)", value))) or _amount(value)
        elif f.name.startswith("Station ") and "· pot " in value:
            total += _amount(value.split("· pot ")[1])
    return total


@pytest.mark.parametrize(("game_id", "preset"), CHIP_GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stacks_and_pots_add_up_at_every_step(game_id: str, preset: str, seed: int) -> None:
    game = games.get_game(game_id)
    options = game.presets[preset]
    low, high = game.seat_limits(options)
    n = max(low, min(4, high))
    brought = [40 + 10 * s for s in range(n)]  # unequal stacks: a wrong seat's number shows
    names = [f"<@{s + 1}>" for s in range(n)]
    state = game.start(options, n, seed, stacks=brought)
    moved = []

    def check(_before: object, _seat: int, _action: str, after: object) -> None:
        if game.outcome(after) is not None:
            return  # settled: checked below with the stacks after the hand
        embed = render.table_embed(game.view(after, None).public, names=names, chips=brought)
        stacks = in_front(embed)
        assert len(stacks) == n
        assert sum(stacks) + in_the_middle(embed) == sum(brought), embed.to_dict()
        moved.append(stacks != brought)

    final, _log, outcome = random_playout(game, state, Rng(seed), on_step=check)
    after = [b + p for b, p in zip(brought, outcome.payoffs, strict=True)]
    embed = render.table_embed(game.view(final, None).public, names=names, chips=after)
    assert in_front(embed) == after  # the hand result: the ledger's change, nothing still staked
    assert sum(after) + outcome.carried_out - outcome.carried_in == sum(brought)
    if game_id not in ("kabu", "fuenfzehnern"):  # these settle only at the showdown
        assert any(moved), "the seats showed the buy-in all hand long"
