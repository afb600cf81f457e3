"""The table reads like a card room: names, chip changes equal to the ledger's, a beat between
hands, panels that update themselves, standings when a table ends early.

Everything is read from what players see (the public message, each player's
kept ephemeral panel) and checked against the ledger in the bot's SQLite file.
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any, ClassVar

from tests.e2e.conftest import SEAT_TEXT, World, assert_no_seat_texts
from tests.e2e.driver import Table
from tests.e2e.test_play import open_table, snapshot

NET = re.compile(r"([+−]\d+|±0) chips?\b")


def fields(message: Any) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


def ro(w: World) -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{w.db_path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def escrow(w: World, table_id: int, user_id: int) -> int:
    with ro(w) as conn:
        row = conn.execute(
            "SELECT balance FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?", (table_id, user_id)
        ).fetchone()
    return 0 if row is None else int(row[0])


def signed(text: str) -> int:
    return 0 if text == "±0" else int(text.replace("−", "-"))


def controls(message: Any) -> list[str]:
    """Enabled game controls on a panel (buttons, amount buttons, selects)."""
    out = []
    for row in message.components:
        for comp in row["components"]:
            cid = comp.get("custom_id", "")
            if cid.startswith(("cr:a:", "cr:m:", "cr:s:", "cr:p:")) and not comp.get("disabled"):
                out.append(cid)
    return out


async def play_to_pause(w: World, table: Table, limit: int = 300) -> Any:
    for _ in range(limit):
        snap = await snapshot(w, table)
        if snap.paused or not snap.is_open:
            return snap
        assert await table.play_turn() is not None
        await table.check_privacy()
    raise AssertionError("the hand never ended")


async def play_kept(w: World, table: Table, kept: dict[int, Any], limit: int = 300) -> int:
    """Players act on the panels they keep open (the bot updates them); returns the actions taken."""
    for actions in range(limit):
        snap = await snapshot(w, table)
        if snap.paused or not snap.is_open:
            return actions
        await w.bot.publisher.idle()
        (who,) = table.to_act()
        kept[who.id] = await table.act(who, kept[who.id])
    raise AssertionError("the hand never ended")


async def test_hand_result_names_everyone_with_the_ledgers_chip_changes(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    snap = await snapshot(w, table)
    # During play, every seat line shows that player's chips at the table in the game's own unit
    # (Renfield's dollars; the ledger's escrow before anyone has paid), and the table says once
    # how the game's dollars relate to chips.
    assert "$1 = 1 chip" in table.table_message().embeds[0].footer.text
    seats = fields(table.table_message())["Seats"]
    for info in snap.seats:
        (line,) = [ln for ln in seats.split("\n") if f"<@{info.user_id}>" in ln]
        assert line.endswith(f"· ${escrow(w, snap.id, info.user_id)}"), line
    with ro(w) as conn:
        hand = conn.execute("SELECT users_json, stacks_json FROM hands WHERE table_id=? AND hand_no=1", (snap.id,)).fetchone()
    users, dealt = json.loads(hand["users_json"]), json.loads(hand["stacks_json"])

    snap = await play_to_pause(w, table)
    assert snap.paused and snap.hand_no == 1
    message = table.table_message()
    assert message.content == "Hand 1 is over."
    embed = message.embeds[0]
    assert embed.title.endswith("hand 1 result")
    result = fields(message)["Result of hand 1"]
    for user, before in zip(users, dealt, strict=True):
        (line,) = [ln for ln in result.split("\n") if f"<@{user}>" in ln]
        net = signed(NET.search(line)[1])
        now = escrow(w, snap.id, user)
        assert net == now - before, (line, before, now)  # the figure is what the ledger moved
        assert f"(now {now})" in line
    # What decided the hand is said once, not repeated under recent events.
    headline = snap.result.headline
    assert headline and json.dumps(embed.to_dict(), ensure_ascii=False).count(json.dumps(headline)[1:-1]) == 1
    assert not SEAT_TEXT.search(json.dumps(embed.to_dict(), ensure_ascii=False))


async def test_the_result_stays_up_until_everyone_presses_next_hand(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    kept = {p.id: await table.open_hand(p) for p in w.players}
    await play_kept(w, table, kept)
    await w.bot.publisher.idle()
    old = table.table_message()
    # Every kept panel shows the result, with a Next hand button, before any new cards.
    for p in w.players:
        panel = kept[p.id].response
        text = json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)
        assert "Result of hand 1" in text and f"<@{p.id}>" in text
        assert not controls(panel), "no game action is offered while the result is up"
    # An old action button is refused privately and changes nothing.
    stale = await w.alice.click(old, label="My hand")
    assert stale.ephemeral
    cid = table.next_button()
    assert cid is not None
    for i, p in enumerate(w.players[:3]):
        await p.click(table.table_message(), custom_id=cid)
        now = await snapshot(w, table)
        assert now.paused and now.hand_no == 1 and len(now.ready) == i + 1
    label = next(
        c.label for row in table.table_message().components for c in row.children if getattr(c, "custom_id", "") == cid
    )
    assert "3/4 ready" in label
    await w.dave.click(table.table_message(), custom_id=cid)
    now = await snapshot(w, table)
    assert not now.paused and now.hand_no == 2 and now.to_act_users
    # The old hand's message keeps its result; the new hand has its own message.
    assert table.table_message().id != old.id
    closed = w.env.backend.get_message(w.channel.id, old.id)
    assert any("Result of hand 1" in json.dumps(e, ensure_ascii=False) for e in closed.embeds)


async def test_the_next_hand_is_dealt_when_the_beat_runs_out(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    snap = await play_to_pause(w, table)
    assert snap.deadline is not None and snap.paused
    await w.env.advance_time((snap.deadline - w.env.now()).total_seconds() + 2)
    await w.bot.publisher.idle()
    now = await snapshot(w, table)
    assert now.hand_no == 2 and not now.paused
    assert all(info.timeouts == 0 for info in now.seats), "nobody timed out by reading the result"


async def test_a_kept_panel_updates_itself_so_each_action_is_one_click(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    kept = {}
    opened = 0
    for p in w.players:
        kept[p.id] = await table.open_hand(p)
        opened += 1
    clicks = actions = 0
    while True:
        snap = await snapshot(w, table)
        if snap.paused or snap.hand_no > 1:
            break
        await w.bot.publisher.idle()
        (who,) = table.to_act()
        for p in w.players:
            panel = kept[p.id].response
            if p.id == who.id:
                assert controls(panel), "the kept panel offers this turn's choices without a click"
            else:
                text = json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)
                assert f"Waiting for <@{who.id}>" in text, ("the waiting panel names whose turn it is", panel.embeds[0].description)
                assert not controls(panel)
        kept[who.id] = await table.act(who, kept[who.id])
        clicks += 1
        actions += 1
        assert actions < 300
    assert actions > 0 and clicks == actions
    print(f"clicks per action after opening the panel once: {clicks / actions:.2f} ({opened} openings)")


async def test_ending_a_chip_table_early_shows_each_players_net_chips(world: World) -> None:
    w = world
    wallets = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in w.players}
    table = await open_table(w, "renfield", w.players)
    table_id = table.table_id()
    await play_to_pause(w, table)
    await table.press_next()
    await table.play_turn()  # hand 2 is under way: an admin's immediate end refunds it
    shown = table.table_message().id
    r = await w.mod.slash(w.channel, "table end", now=True)
    assert not r.ephemeral and not r.response.embeds  # the standings are said once: on the table
    assert f"/{w.channel.id}/{shown}" in r.response.content
    await w.bot.publisher.idle()
    ended = await w.bot.tables.get(table_id)
    embed = next(m for m in w.channel.history() if m.id == shown).embeds[0]
    standings = {f.name: f.value for f in embed.fields}["Standings"]
    for p in w.players:
        (line,) = [ln for ln in standings.split("\n") if f"<@{p.id}>" in ln]
        net = signed(NET.search(line)[1])
        wallet = wallets[p.id] if wallets[p.id] else 100  # a first-time player's wallet opens with 100
        assert net == await w.bot.economy.balance(w.guild.id, p.id) - wallet, line
    assert ended.status == "finished"


def test_the_seat_text_check_catches_a_leak() -> None:
    """The fixture-level check would fail on a placeholder or a "Seat N" in any bot payload."""

    class Req:
        def __init__(self, body: dict[str, Any]) -> None:
            self.path, self.method, self.json = "/channels/1/messages", "POST", body

    class Env:
        http_requests: ClassVar[list[Req]] = []

    for body in ({"content": "⟦seat:2⟧ bids 5."}, {"embeds": [{"description": "Seat 3 wins."}]}):
        Env.http_requests = [Req(body)]
        try:
            assert_no_seat_texts(Env)  # type: ignore[arg-type]
        except AssertionError:
            continue
        raise AssertionError(f"the check missed {body}")
    Env.http_requests = [Req({"content": "<@1> bids 5."})]
    assert_no_seat_texts(Env)  # type: ignore[arg-type]





async def test_a_server_can_turn_the_beat_off(world: World) -> None:
    w = world
    r = await w.mod.slash(w.channel, "admin settings", hand_pause_seconds=0)
    assert r.ephemeral and "pause after a hand" in json.dumps(r.response.embeds[0].to_dict()).lower()
    table = await open_table(w, "renfield", w.players)
    for _ in range(300):
        snap = await snapshot(w, table)
        assert not snap.paused
        if snap.hand_no > 1:
            break
        assert await table.play_turn() is not None
    assert snap.hand_no == 2 and snap.result is not None and snap.result.number == 1
