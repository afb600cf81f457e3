"""A player who runs out of chips is shown the way back, through SimCord (issue 26 part 2).

Their open hand panel doesn't stay on the last result: once the table plays on without them it says
they ran out of chips and offers **Buy back in (N chips)**. Short of chips, the press says so (with
/daily and a smaller buy-in) and changes nothing; after /daily it seats them from the next hand, the
buy-in taken through the ledger at that deal (the world fixture's audit balances); a second press, a
press by someone who didn't bust, and a press after they are dealt in are refused privately and change
nothing. A restart remembers who busted (it is read back from the table's log).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from bot.service.busted import busted_from_log
from bot.service.models import TableSnapshot
from cogs.ui import components
from tests.e2e.conftest import World
from tests.e2e.test_crafted_ids import post
from tests.e2e.test_play import open_table, refusal
from tools.simtable import Control, Table, action_controls, components_of

OUT = "is out of chips and leaves the table."
BUY_IN = 20
#: Bets before folds, so somebody runs out of chips in a few hands.
EAGER = ("raise", "bet", "call", "bring-in", "complete", "check")


def pick(controls: list[Control], rng: random.Random) -> str:
    """An eager player's choice among a panel's controls (a custom id, or a select's value)."""
    for verb in EAGER:
        found = [c for c in controls if (c.value or c.custom_id.rsplit(":", 1)[-1]).split(":")[0] == verb]
        if found:
            chosen = rng.choice(found)
            return chosen.value or chosen.custom_id
    chosen = rng.choice(controls)
    return chosen.value or chosen.custom_id


def panel_words(message: Any) -> str:
    embed = message.embeds[0]
    return f"{embed.title}\n{embed.description}"


def labels(message: Any) -> list[str]:
    return [c.get("label", "") for c in components_of(message) if c["type"] == 2]


async def play_on(
    w: World, table: Table, until: Callable[[TableSnapshot], bool], *, first: int = 0
) -> TableSnapshot:
    """Plays by clicks, as players who keep their panels open (eager bets), until ``until(snapshot)``."""
    rng = random.Random(3)
    table_id = table.table_id()
    for _ in range(3000):
        snap = await w.bot.tables.get(table_id)
        if until(snap):
            return snap
        assert snap.is_open, snap.recent[-4:]
        if snap.paused:  # ``first`` presses Next first: the others' clicks deal the next hand
            for info in sorted(snap.seats, key=lambda i: i.user_id != first):
                if info.user_id not in snap.ready:
                    await table.press_next_as(table.players[info.user_id])
            continue
        who = table.players[snap.to_act_users[0]]
        kept = table.panels.get(who.id)
        if kept is None or not action_controls(kept):
            await table.open_hand(who)
            kept = table.panels[who.id]
        await table.act(who, kept, pick=pick(action_controls(kept), rng))
    raise AssertionError("the table never got there")


def off_table_edits(w: World) -> int:
    """Panel edits the bot sent that show the way back (an ephemeral panel is edited through a webhook)."""
    return sum(
        1 for req in w.env.http_requests
        if req.method == "PATCH" and req.path.startswith("/webhooks/") and "You ran out of chips" in json.dumps(req.json)
    )


def busted_now(snap: TableSnapshot) -> bool:
    return any(OUT in line for line in snap.recent)


async def test_a_busted_player_buys_back_in_from_their_panel(world: World) -> None:
    w = world
    await w.bot.economy.update_settings(w.guild.id, starting_chips=BUY_IN)  # the buy-in takes the whole wallet
    players = [w.alice, w.bob, w.carol]
    table = await open_table(w, "razz", players, buy_in=BUY_IN)
    table_id = table.table_id()
    for p in (w.alice, w.bob):  # they buy in again when they lose it all: only carol can run out and leave
        await w.bot.economy.grant(w.guild.id, p.id, 1000, by=w.mod.id)
    for p in players:  # everyone keeps a panel open, as a player following the game does
        await table.open_hand(p)
    # carol never deals the next hand herself: her panel is brought up to date by the bot, not her click
    snap = await play_on(w, table, busted_now, first=w.carol.id)
    assert snap.is_open and f"<@{w.carol.id}> {OUT}" in snap.recent, snap.recent
    gone_id = w.carol.id
    await w.bot.publisher.idle()
    gone = table.players[gone_id]
    seated = await w.bot.tables.get(table_id)
    other = next(p for p in players if p.id != gone_id and seated.seat_of(p.id) is not None)

    # The busted player's kept panel moved on with the table: the way back, not the old result.
    panel = table.panels[gone_id]
    words = panel_words(panel)
    assert "You ran out of chips and left this table" in words and "/daily" in words, words
    assert f"Buy back in ({BUY_IN} chips)" in labels(panel)

    # The others play on: an edit that would change nothing on it is not sent.
    before = off_table_edits(w)
    start = (await w.bot.tables.get(table_id)).seq
    await play_on(w, table, lambda s: s.seq >= start + 3 or s.paused)
    await w.bot.publisher.idle()
    assert off_table_edits(w) == before

    # Short of chips: told how to get them, nothing changes.
    snap = await w.bot.tables.get(table_id)
    wallet = await w.bot.economy.balance(w.guild.id, gone_id)
    assert wallet < BUY_IN
    said = refusal(await gone.click(panel, label=f"Buy back in ({BUY_IN} chips)"))
    assert "/daily" in said and "smaller buy-in" in said, said
    assert (await w.bot.tables.get(table_id)).seq == snap.seq

    # My hand on the table shows them the same way back (not "You're not seated at this table.").
    shown = (await table.open_hand(gone)).response
    assert shown.ephemeral and f"Buy back in ({BUY_IN} chips)" in labels(shown), panel_words(shown)
    panel = shown

    # With the daily chips: back from the next hand.
    await w.bot.economy.daily(w.guild.id, gone_id)
    r = await gone.click(panel, label=f"Buy back in ({BUY_IN} chips)")
    assert r.ephemeral and "You're back in" in r.response.content
    snap = await w.bot.tables.get(table_id)
    assert gone_id in snap.lobby and snap.seat_of(gone_id) is None and gone_id not in snap.busted
    assert snap.recent[-1] == f"<@{gone_id}> joins from the next hand."

    await w.bot.publisher.idle()
    assert "You're in from the next hand" in panel_words(panel) and not any("Buy back" in b for b in labels(panel))

    # A second press (an old copy of the button), and someone who never ran out of chips pressing it:
    # refused privately, nothing changes.
    seq = snap.seq
    forged = await post(w, components.LobbyButton(table_id, "rebuy", label="Buy back in"))
    assert "already back" in refusal(await gone.click(forged, label="Buy back in"))
    assert "already at this table" in refusal(await other.click(forged, label="Buy back in"))
    assert "didn't run out of chips" in refusal(await w.erin.click(forged, label="Buy back in"))
    assert (await w.bot.tables.get(table_id)).seq == seq

    # The next hand deals them in: the buy-in is a transfer the ledger recorded for that hand.
    snap = await play_on(w, table, lambda s: s.seat_of(gone_id) is not None)
    assert snap.seat_of(gone_id) is not None, snap.recent[-4:]
    paid = await w.bot.tables.db.scalar(
        "SELECT COALESCE(SUM(t.amount), 0) FROM transfers t JOIN accounts a ON a.id = t.credit_id"
        " WHERE t.table_id=? AND t.code='buy_in' AND a.kind='escrow' AND a.user_id=? AND t.hand_no=?",
        (table_id, gone_id, snap.hand_no),
    )
    assert paid == BUY_IN
    # A stale press once they're playing again.
    assert "already at this table" in refusal(await gone.click(forged, label="Buy back in"))


def test_who_busted_is_read_back_from_the_log() -> None:
    """A restart loses nothing: the last of a person's 'busted' / 'join' rows decides."""
    rows: list[Any] = [
        {"user_id": 1, "payload": "busted"},
        {"user_id": 2, "payload": "busted"},
        {"user_id": 2, "payload": "join"},
        {"user_id": 3, "payload": "busted"},
    ]
    assert busted_from_log(rows, seated={3}) == {1}
