"""Computer players through SimCord: seated by the host, playing every game, standing in for the absent.

A person opens a table, adds computer players from the lobby's menu and plays
through the real discord.py views; the computers' moves are chosen in worker
processes (``bot.thinking``) and land on the public message like anyone's.
The world fixture checks the ledger audit (with the house account) and that
no text names a seat; ``Table.check_privacy`` that no public message shows a
hidden card.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import games
from bot.client import CardroomBot
from tests.e2e.conftest import World, make_bot
from tests.e2e.test_card_room import ro
from tools.simtable import Control, Table, action_controls, components_of, find_button

GAMES = sorted(games.game_ids())
SHORT = {"rage": "short"}


def embed_text(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


def computer_menu(message: Any) -> str:
    return next(
        c["custom_id"] for c in components_of(message) if (c.get("custom_id") or "").endswith(":computer")
    )


async def open_with_computers(w: World, game_id: str, strengths: list[str], **options: Any) -> Table:
    """Alice opens a table, seats computers from the lobby menu and starts."""
    if game_id in SHORT:
        options["preset"] = SHORT[game_id]
    r = await w.alice.slash(w.channel, "play", game=game_id, **options)
    assert "opened" in r.response.content
    for strength in strengths:
        lobby = w.channel.last_message
        result = await w.alice.select(lobby, [f"add:{strength}"], custom_id=computer_menu(lobby))
        assert not result.ephemeral, result.response
    lobby = w.channel.last_message
    seated = next(f["value"] for f in lobby.embeds[0].to_dict()["fields"] if f["name"] == "Seated")
    assert seated.count("🤖") == len(strengths), seated
    await w.alice.click(lobby, label="Start")
    return Table(w.env, w.channel, {w.alice.id: w.alice})


async def play_until_result(w: World, table: Table, limit: int = 600) -> Any:
    """Alice plays her turns (keeping her panel), the computers theirs, until a result is up."""
    table_id = table.table_id()
    for _ in range(limit):
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open or snap.paused:
            return snap
        await w.bot.publisher.idle()
        if w.alice.id not in snap.to_act_users:
            await w.env.settle()  # the computer is thinking
            continue
        kept = table.panels.get(w.alice.id)
        if kept is None or not action_controls(kept):
            kept = (await table.open_hand(w.alice)).response
        await table.act(w.alice, kept)
        if (await w.bot.tables.get(table_id)).is_open:
            await table.check_privacy()
    raise AssertionError(f"no result after {limit} steps")


def draw_and_discard(controls: Sequence[Control]) -> Control:
    """A rummy player in a hurry: draws, then discards (melding is the computers' business here),
    so a deal ends by the stock running out within a test's time."""
    for wanted in (":draw", ":discard"):
        found = [c for c in controls if c.custom_id.endswith(wanted)]
        if found:
            return found[0]
    return controls[0]


@pytest.mark.parametrize("game_id", GAMES)
async def test_one_person_and_computers_play_a_full_hand(world: World, game_id: str) -> None:
    w = world
    game = games.get_game(game_id)
    seats = max(game.min_players, min(4, game.max_players))
    table = await open_with_computers(w, game_id, ["easy"] * (seats - 1))
    if game_id in ("burraco", "samba"):
        table.choose = draw_and_discard
    table_id = table.table_id()
    snap = await play_until_result(w, table)
    assert snap.result is not None, f"{game_id}: the hand ended without a result"
    shown = embed_text(w.channel.last_message) + embed_text(table.table_message())
    assert "🤖 Ada" in shown, shown  # the computers are named in the result, never by seat
    for line in snap.result.lines:
        assert line.user_id == w.alice.id or line.user_id < 0
    if snap.is_open:
        await w.mod.slash(w.channel, "table end", now=True)
    assert not (await w.bot.tables.get(table_id)).is_open


class Lines:
    """Every line the table's Recent field showed (a table listener: it only reads)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def table_changed(self, snap: Any, reason: str) -> None:
        self.seen.extend(line for line in snap.recent if line not in self.seen)

    async def idle(self) -> None:
        return None


async def test_a_timed_out_person_is_played_for_and_comes_back(world: World) -> None:
    w = world
    await w.mod.slash(w.channel, "admin settings", max_timeouts=2, hand_pause_seconds=0)
    lines = Lines()
    w.bot.table_listeners.append(lines)
    r = await w.alice.slash(w.channel, "play", game="renfield")
    assert "opened" in r.response.content
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.select(w.channel.last_message, ["add:normal"], custom_id=computer_menu(lobby))
    await w.alice.click(w.channel.last_message, label="Start")
    table = Table(w.env, w.channel, {w.alice.id: w.alice, w.bob.id: w.bob})
    table_id = table.table_id()
    for _ in range(300):
        snap = await w.bot.tables.get(table_id)
        alice = next(i for i in snap.seats if i.user_id == w.alice.id)
        if alice.away and w.bob.id in snap.to_act_users:
            break
        if w.alice.id in snap.to_act_users and not alice.away:
            await w.env.advance_time(snap.turn_seconds + 1)  # Alice is away from her keyboard
        elif w.bob.id in snap.to_act_users:
            await table.take_turn(w.bob)
        else:
            await w.env.settle()  # the computer plays
    else:
        raise AssertionError("Alice never became away")
    said = "\n".join(lines.seen)
    assert "ran out of time; the computer played for them." in said, said
    assert "ran out of time 2 times in a row: the computer plays for them until they press **I'm back**." in said
    # The table says whose seat the computer plays; Alice's panel offers the way back, and nothing else.
    public = (table.table_message().content or "") + embed_text(table.table_message())
    assert f"The computer plays for <@{w.alice.id}> until they're back." in public, public
    panel = (await table.open_hand(w.alice)).response
    assert "The computer is playing your seat" in embed_text(panel)
    assert not action_controls(panel)
    back = find_button(panel, label="I'm back")
    assert back is not None
    result = await w.alice.click(panel, custom_id=back["custom_id"])
    snap = await w.bot.tables.get(table_id)
    assert not next(i for i in snap.seats if i.user_id == w.alice.id).away
    assert "The computer is playing your seat" not in embed_text(result.response)
    assert any(line.endswith("is back.") for line in snap.recent)
    w.bot.table_listeners.remove(lines)
    await w.mod.slash(w.channel, "table end", now=True)


async def test_only_the_host_seats_computers(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    r = await w.bob.select(lobby, ["add:strong"], custom_id=computer_menu(lobby))
    assert r.ephemeral and "host" in r.response.content.lower()
    assert "🤖" not in embed_text(w.channel.last_message)
    await w.alice.select(lobby, ["add:strong"], custom_id=computer_menu(lobby))
    lobby = w.channel.last_message
    assert "Ada (computer, strong)" in embed_text(lobby)
    r = await w.bob.select(lobby, ["remove:-1"], custom_id=computer_menu(lobby))  # not his to remove
    assert r.ephemeral and "host" in r.response.content.lower()
    assert "Ada (computer, strong)" in embed_text(w.channel.last_message)
    r = await w.alice.select(lobby, ["remove:-1"], custom_id=computer_menu(lobby))
    lobby = w.channel.last_message
    seated = next(f["value"] for f in lobby.embeds[0].to_dict()["fields"] if f["name"] == "Seated")
    assert not r.ephemeral and "🤖" not in seated


async def test_a_computer_waits_a_beat_and_plays_on_after_a_restart(world: World) -> None:
    """The beat before a computer's move is real time on the table's clock, and a computer whose
    turn it was when the bot stopped plays it once the bot is back."""
    w = world
    await w.env.restart_bot(CardroomBot(db_path=w.db_path, seed_source=iter(range(5000, 6000)).__next__,
                                        computer_pause=30, health_tick=None))
    table = await open_with_computers(w, "ecarte", ["normal"])
    table_id = table.table_id()
    for _ in range(50):
        snap = await w.bot.tables.get(table_id)
        if snap.to_act_users and snap.to_act_users[0] < 0:
            break
        kept = table.panels.get(w.alice.id)
        if kept is None or not action_controls(kept):
            kept = (await table.open_hand(w.alice)).response
        await table.act(w.alice, kept)
    else:
        raise AssertionError("the computer never had a turn")
    assert "The computer is thinking for 🤖 Ada" in (table.table_message().content or "")
    await w.env.advance_time(10)
    assert (await w.bot.tables.get(table_id)).seq == snap.seq  # still its beat: nothing moved
    await w.env.restart_bot(make_bot(w.db_path))
    await w.env.settle()
    after = await w.bot.tables.get(table_id)
    assert after.seq > snap.seq, "the computer played its turn after the restart"
    with ro(w) as conn:
        row = conn.execute("SELECT kind, user_id FROM table_log WHERE table_id=? AND seq=?",
                           (table_id, snap.seq + 1)).fetchone()
    assert (row["kind"], row["user_id"]) == ("action", -1)
