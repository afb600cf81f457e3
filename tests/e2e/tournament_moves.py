"""The people's moves at a tournament's tables, made as a person makes them: **My hand** on the
table's message in its thread, then one of the controls on the private panel.

Not through ``bot.tables.act``: a move a test makes on the table service directly is not the bot's
own work to SimCord, and neither is what it sets off, the computers' turns. A settle then returns
while a computer still thinks in the worker pool, and the hard limit on its answer falls back to
real seconds; as the test moved its clock on, each computer's turn ran out its 90-second turn timer
instead. On a busy CI machine one hand took over ten minutes of the tournament's clock (the level
test saw level 2 after its first hand). A click is the bot's work from start to end: settle waits
for the computers' answers, and the clock moves only when a test moves it.

The tests that read the clock (the level line, the standings' minute) move people this way, and the kill
tests that click after a restart. The 16-player knockout and the other kill tests still act on the service: they don't read the clock, and
waiting for every computer's real answer made the knockout take 244 s instead of 10.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import simcord

from bot.service.models import TableSnapshot
from tests.e2e.conftest import World
from tests.e2e.driver import Control, Table, action_controls


def verb_of(control: Control) -> str:
    """The move a control makes, as the game names it ("fold", "raise:8", a card…)."""
    if control.kind == "select" and control.custom_id.startswith("cr:s:"):
        return control.value or ""
    parts = control.custom_id.split(":", 4 if control.custom_id.startswith("cr:a:") else 5)
    return parts[-1]


def thread_of(w: World, channel_id: int) -> simcord.ChannelHandle:
    """The thread a tournament table plays in (the event's channel holds them all)."""
    found = [t for t in w.channel.threads if t.id == channel_id]
    assert found, f"no thread {channel_id} under #{w.channel.name}"
    return found[0]


async def click_turn(
    w: World,
    snap: TableSnapshot,
    people: Mapping[int, simcord.MemberActor],
    user_id: int,
    rng: random.Random,
    choose: Callable[[Sequence[Control]], Control] | None = None,
) -> simcord.InteractionResult | None:
    """``user_id`` opens their hand from the table's message in its thread and uses one of the panel's
    controls (``choose``'s, else a random one); None when the panel offers nothing to do."""
    table = Table(w.env, thread_of(w, snap.channel_id), players=dict(people), rng=rng, choose=choose)
    panel = await table.open_hand(people[user_id])
    if panel.response is None or not action_controls(panel.response):
        return None
    return await table.act(people[user_id], panel)


async def move(
    w: World,
    table_id: int,
    people: Mapping[int, simcord.MemberActor],
    rng: random.Random,
    avoid: tuple[str, ...] = (),
) -> bool:
    """The first of ``people`` to act at the table makes a random move offered on their panel,
    never one whose verb starts with one of ``avoid`` unless nothing else is offered; True if one
    of them was to act (the click may still have been refused: the table moved on)."""
    snap = await w.bot.tables.get(table_id)
    to_act = [u for u in snap.to_act_users if u in people]
    if snap.status != "playing" or not to_act:
        return False

    def pick(controls: Sequence[Control]) -> Control:
        quiet = [c for c in controls if not verb_of(c).startswith(avoid)] if avoid else []
        return rng.choice(quiet or list(controls))

    await click_turn(w, snap, people, to_act[0], rng, pick)
    return True
