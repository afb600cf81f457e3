"""Put and Take through SimCord: a whole round (ten turned cards) as three players see it.

The table seed is found here with the pure engine (deterministic): the first
seed from 1000 on whose first hand has puts, a take round that empties the pot
and a dealer who pays the rest out of their own chips. The dealer presses
**Next card** ten times on their own panel; after each card the public table
shows the pot the engine has and the sentence that names who paid or took how
much (by name); the non-dealers' cards stay in their private panels; the result
shows every player's net once (the ledger's), and the dealer's shortfall.
Then the deal passes to the left. Left alone, the table turns the cards by itself,
one every ``AUTO_PACE`` seconds of SimCord's clock (the dealer only hurries it).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.client import CardroomBot
from bot.computers import AUTO_PACE
from bot.service.live import hand_seed
from cogs.ui import render
from games import get_game
from games.core.cards import PLAIN_LABELS as LABELS
from games.core.rng import RNG_ALGO, Rng
from games.core.views import resolve_seats
from games.putandtake import PutTakeState
from tests.e2e.conftest import World
from tests.e2e.driver import action_controls
from tests.e2e.test_card_room import NET, escrow, fields, signed
from tests.e2e.test_play import open_table

GAME = get_game("putandtake")
PLAYERS = 3
BUY_IN = 100  # the server's default buy-in


def _first_hand(table_seed: int) -> PutTakeState:
    """Hand 1 of a table with this seed, as the service deals it (the same inputs, the pure engine)."""
    dealer = Rng(table_seed).derive("dealer").below(PLAYERS)[0]
    state: PutTakeState = GAME.start(
        GAME.Options(), PLAYERS, hand_seed(table_seed, 1), dealer=dealer, stacks=[BUY_IN] * PLAYERS,
        rng_algo=RNG_ALGO,
    )
    return state


def _played(state: PutTakeState) -> PutTakeState:
    for _ in range(10):
        state, _events = GAME.apply(state, state.dealer, "turn")
    return state


@cache
def scenario_seed() -> int:
    for seed in range(1000, 4000):
        end = _played(_first_hand(seed))
        if sum(end.put) and end.dealer_paid >= 3 and not end.unpaid:
            return seed
    raise AssertionError("no seed with a dry pot in 3,000")


@pytest.fixture
def simcord_bot(db_path: str) -> CardroomBot:
    seed = scenario_seed()
    return CardroomBot(db_path=db_path, seed_source=lambda: seed, health_tick=None)


async def test_put_and_take_round_through_simcord(world: World) -> None:
    w = world
    players = w.players[:PLAYERS]
    table = await open_table(w, "putandtake", players)
    table_id = table.table_id()
    snap = await w.bot.tables.get(table_id)
    state: PutTakeState = snap.state
    assert GAME.dump(state) == GAME.dump(_first_hand(scenario_seed())), "the bot dealt another hand"
    users = [snap.seats[s].user_id for s in range(PLAYERS)]
    by_seat = {s: next(p for p in players if p.id == users[s]) for s in range(PLAYERS)}
    dealer = by_seat[state.dealer]

    def named(text: str) -> str:
        return resolve_seats(text, lambda s: f"<@{users[s]}>")

    # The dealer is the one to act; their panel holds no cards and one button, Next card.
    assert table.to_act() == [dealer]
    assert f"<@{dealer.id}> turns the next card." in table.public_text(table.table_message())
    panel = await table.open_hand(dealer)
    assert panel.ephemeral and "You are the dealer" in table.public_text(panel.response)
    assert [c.label for c in action_controls(panel.response)] == ["Next card"]
    # The others see their own five cards, privately, and have nothing to press.
    for s, who in by_seat.items():
        if who is dealer:
            continue
        theirs = await table.open_hand(who)
        assert theirs.ephemeral and not action_controls(theirs.response)
        text = table.public_text(theirs.response)
        assert all(re.search(re.escape(LABELS[c]), text) for c in state.hands[s]), text

    kept = panel.response
    for k in range(10):
        result = await table.act(dealer, kept, pick="turn")
        kept = result.response
        state, events = GAME.apply(state, state.dealer, "turn")
        await table.check_privacy()
        public = table.public_text(table.table_message())
        said = named(events[0].text)
        if k < 9:
            assert fields(table.table_message())["Pot"] == render.chips_text(state.pot)
            assert said in public, f"card {k + 1}: {said!r} not on the table"
        else:  # the last card ends the hand: the result shows what it did and the headline
            for part in re.split(r"(?<=\.) (?=<@)", said)[1:]:
                assert part in public, part
    out = GAME.outcome(state)
    assert out is not None and state.dealer_paid > 0
    message = table.table_message()
    embed = message.embeds[0]
    headline = named(out.summary)
    assert headline == f"The pot ran dry: <@{dealer.id}> paid the takers {state.dealer_paid} chips of their own."
    assert headline in (embed.description or "")
    result = fields(message)["Result of hand 1"]
    for s, who in by_seat.items():
        (line,) = [ln for ln in result.split("\n") if f"<@{who.id}>" in ln]  # each player once
        assert len(NET.findall(line)) == 1
        net = signed(NET.search(line)[1])
        assert net == out.payoffs[s] == escrow(w, table_id, who.id) - BUY_IN, line
        assert out.details[s] in line
    assert f"dealer: paid {state.dealer_paid} to the takers" in result

    # The deal passes to the left.
    await table.press_next()
    snap = await w.bot.tables.get(table_id)
    assert snap.hand_no == 2 and snap.state.dealer == (state.dealer + 1) % PLAYERS
    assert table.to_act() == [by_seat[(state.dealer + 1) % PLAYERS]]


async def test_left_alone_the_cards_turn_by_themselves_at_a_readable_pace(world: World) -> None:
    w = world
    table = await open_table(w, "putandtake", w.players[:PLAYERS])
    table_id = table.table_id()
    state: PutTakeState = (await w.bot.tables.get(table_id)).state
    await w.env.advance_time(AUTO_PACE - 1)
    assert len((await w.bot.tables.get(table_id)).state.turned) == 0  # not before its beat
    for k in range(10):
        await w.env.advance_time(1 if k == 0 else AUTO_PACE)
        await w.env.settle()
        snap = await w.bot.tables.get(table_id)
        state, _events = GAME.apply(state, state.dealer, "turn")
        if k < 9:
            assert snap.state.turned == state.turned, f"card {k + 1} did not turn by itself"
    snap = await w.bot.tables.get(table_id)
    assert snap.paused and snap.result is not None  # the hand is over and settled, nobody clicked
    assert "Result of hand 1" in fields(table.table_message())
