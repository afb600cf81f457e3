"""Spectators through SimCord: Watch on the table message opens a private live panel of public information.

A stranger (erin) watches a whole hand of Renfield or Razz; at every step the
panel she sees is checked against the hidden cards of every seat
(``game.private_cards``), exactly as the public message is checked.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import simcord

from cogs.ui.spectators import WATCH_EVERY
from tests.e2e.conftest import World
from tests.e2e.driver import Table, components_of
from tests.e2e.test_play import open_table, snapshot
from tools.simtable import card_label


def panel_of(w: World, who: simcord.MemberActor, message_id: int) -> Any:
    """The ephemeral message as ``who`` sees it now (with every edit the bot made since)."""
    return next(m for m in w.channel.history(viewer=who) if m.id == message_id)


def text_of(message: Any) -> str:
    parts = [message.content or ""]
    parts += [json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds]
    parts += [str(c.get("label") or "") + " " + str(c.get("custom_id") or "") for c in components_of(message)]
    return "\n".join(parts)


async def hidden_cards_shown(w: World, table: Table, text: str) -> list[str]:
    """The cards of any seat's hidden hand that ``text`` shows (label, or code as a whole token)."""
    snap = await snapshot(w, table)
    if snap.state is None or not snap.is_open:
        return []
    found = []
    for info in snap.seats:
        view = snap.game.view(snap.state, info.seat)
        split = view.hand_text.split(" ") if view.hand_text else []
        names = dict(zip(view.hand, split, strict=False)) if len(split) == len(view.hand) else {}
        for code in snap.game.private_cards(snap.state, info.seat):
            for token in {code, card_label(code), names.get(code)} - {None}:
                assert token is not None
                if re.search(r"(?<![0-9A-Za-z])" + re.escape(token) + r"(?![0-9A-Za-z])", text):
                    found.append(token)
    return found


async def watch(w: World, who: simcord.MemberActor, message: Any) -> simcord.InteractionResult:
    return await who.click(message, label="Watch")


@pytest.mark.parametrize("game", ["renfield", "razz"])
async def test_a_stranger_watches_a_whole_hand_and_never_sees_a_hidden_card(world: World, game: str) -> None:
    w = world
    players = w.players if game == "renfield" else w.players[:3]
    table = await open_table(w, game, players)
    r = await watch(w, w.erin, table.table_message())
    assert r.ephemeral and r.response is not None
    panel_id = r.response.id
    first = text_of(r.response)
    assert "You're watching table" in first
    snap = await snapshot(w, table)
    assert await w.bot.tables.watcher_first_hand(snap.id, w.erin.id) == 1
    # The check is not vacuous: a hidden card in the text is caught.
    secret = sorted(snap.game.private_cards(snap.state, 0))[0]
    assert await hidden_cards_shown(w, table, f"{first} {secret}")
    assert not await hidden_cards_shown(w, table, first)
    seen = {first}
    steps = 0
    cards_checked = 0
    for _ in range(400):
        snap = await snapshot(w, table)
        if snap.hand_no >= 2 or not snap.is_open or snap.paused:
            break
        if snap.state is not None:
            cards_checked += sum(len(snap.game.private_cards(snap.state, i.seat)) for i in snap.seats)
        assert await table.play_turn() is not None
        await w.env.advance_time(WATCH_EVERY)  # players take a moment: her panel keeps its pace
        await w.env.settle()
        await table.check_privacy()
        shown = text_of(panel_of(w, w.erin, panel_id))
        assert not await hidden_cards_shown(w, table, shown), shown
        seen.add(shown)
        steps += 1
    assert steps > 5 and cards_checked > 0
    # The panel followed the game without a click of hers: it changed as the hand went.
    assert len(seen) > steps // 2, (len(seen), steps)
    snap = await snapshot(w, table)
    assert snap.paused and snap.result is not None
    shown = panel_of(w, w.erin, panel_id)
    assert "The replay of hand 1 is available with /replay." in shown.content
    assert "result" in json.dumps([e.to_dict() for e in shown.embeds])
    # Erin reads what she is shown: names, never seat numbers, and no player's private note.
    assert "Seat " not in text_of(shown)


async def test_a_seated_player_is_told_to_use_my_hand(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    r = await watch(w, w.bob, table.table_message())
    assert r.ephemeral
    message = r.response if r.response is not None else r.followups[-1]
    assert "My hand" in message.content and not message.embeds
    assert await w.bot.tables.watcher_first_hand(table.table_id(), w.bob.id) is None


async def test_watching_twice_refresh_and_stop(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "play", game="reversis")
    lobby = w.channel.last_message
    labels = [c.get("label") for c in components_of(lobby)]
    assert "Watch" in labels, labels
    first = await watch(w, w.erin, lobby)
    panel_id = first.response.id
    assert "Reversis" in text_of(first.response)
    table_id = int(next(c["custom_id"] for c in components_of(lobby) if c.get("label") == "Watch").split(":")[2])
    again = await watch(w, w.erin, lobby)  # harmless: a fresh panel, followed from now on
    panel_id = again.response.id
    rows = await w.bot.tables.db.fetchall("SELECT user_id, first_hand FROM table_watchers WHERE table_id=?", (table_id,))
    assert [(r["user_id"], r["first_hand"]) for r in rows] == [(w.erin.id, 1)]
    for p in (w.bob, w.carol):
        await p.click(lobby, label="Join")
    await w.env.settle()
    assert f"<@{w.carol.id}>" in text_of(panel_of(w, w.erin, panel_id))  # the panel followed the lobby
    panel = panel_of(w, w.erin, panel_id)
    refreshed = await w.erin.click(panel, label="Refresh")
    assert refreshed.response is not None and refreshed.response.id == panel_id
    stopped = await w.erin.click(panel_of(w, w.erin, panel_id), label="Stop watching")
    assert "You stopped watching" in stopped.response.content
    await w.dave.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    await w.env.settle()
    after = panel_of(w, w.erin, panel_id)
    assert "You stopped watching" in after.content and not after.embeds  # no more edits
    assert r is not None
