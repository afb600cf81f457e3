"""/history and /replay through SimCord: files, stepping, the cards at the end, refusals.

Read as a player would: the replay is a private message whose table is the
public one's, stepped with ⏮ ◀ ▶ ⏭; at the last step the reader's own cards
are listed under their name (a server admin's replay lists everyone's; see
``test_replay_privacy`` for what each reader may see). Nobody who neither played nor watched the hand gets
anything, and no hand in progress can be replayed.
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

import discord
import simcord

from bot.service.handlog import record_from_jsonl
from games import get_game
from games.core.replay import replay, start
from tests.e2e.conftest import World
from tests.e2e.test_crafted_ids import post
from tests.e2e.test_play import open_table, play_until_hand, refusal, snapshot
from tools.simtable import card_label

SHOW = False  # True: print what the player sees (``pytest -s``)


def answer(result: simcord.InteractionResult) -> Any:
    return result.followups[-1] if result.followups else result.response


def text_of(message: Any) -> str:
    return (message.content or "") + json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


def footer(message: Any) -> str:
    return message.embeds[0].footer.text or ""


def step_of(message: Any) -> tuple[int, int]:
    found = re.search(r"step (\d+) of (\d+)", footer(message))
    assert found, footer(message)
    return int(found[1]), int(found[2])


def watch(w: World, table_id: int, user_id: int, first_hand: int) -> None:
    conn = sqlite3.connect(w.db_path)
    with conn:
        conn.execute("INSERT INTO table_watchers (table_id, user_id, first_hand, since) VALUES (?,?,?,?)",
                     (table_id, user_id, first_hand, "2026-01-01T00:00:00+00:00"))
    conn.close()


async def test_history_and_replay_of_a_finished_hand(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    table = await open_table(w, "razz", players)
    table_id = table.table_id()
    # During the first hand there is nothing to replay, and hand 1 can't be asked for by number.
    early = await w.alice.slash(w.channel, "replay")
    assert early.ephemeral and "No finished hands yet." in text_of(answer(early))
    early = await w.alice.slash(w.channel, "replay", hand=1)
    assert "isn't a finished hand" in text_of(answer(early))
    await play_until_hand(w, table, 2)
    watch(w, table_id, w.mod.id, 1)

    hist = await w.mod.slash(w.channel, "history", hand=1)  # a server admin: the whole hand, seed included
    files = {a.filename: a for a in answer(hist).attachments}
    assert answer(hist).ephemeral and set(files) == {f"razz-table{table_id}-hand1.jsonl", f"razz-table{table_id}-hand1.phh"}
    text = (await files[f"razz-table{table_id}-hand1.jsonl"].read()).decode()
    header = json.loads(text.splitlines()[0])
    by_id = {p.id: p.name for p in players}
    with sqlite3.connect(w.db_path) as conn:
        users = json.loads(conn.execute("SELECT users_json FROM hands WHERE table_id=? AND hand_no=1",
                                        (table_id,)).fetchone()[0])
    assert header["players"] == [by_id[u] for u in users]  # names, in seat order
    game = get_game("razz")
    final = game.outcome(replay(game, record_from_jsonl(text)))
    assert final is not None and list(final.payoffs) == json.loads(text.splitlines()[-1])["payoffs"]

    # /replay: the deal, then ▶ ◀ ⏭ in the same private message.
    r = await w.alice.slash(w.channel, "replay")
    message = answer(r)
    assert r.ephemeral and step_of(message)[0] == 0
    assert "Hand 1 is dealt." in text_of(message)
    last = step_of(message)[1]
    record = record_from_jsonl(text)
    first = start(game, record)
    hidden = {card_label(c) for seat in range(record.seats) for c in game.private_cards(first, seat)} - {None}
    deal_text = text_of(message)
    assert not any(re.search(rf"(?<![0-9A-Za-z]){re.escape(str(c))}(?![0-9A-Za-z])", deal_text) for c in hidden)

    nxt = await w.alice.click(message, label="▶")
    message = answer(nxt)
    assert step_of(message) == (1, last) and "moved" in text_of(message)
    back = await w.alice.click(message, label="◀")
    message = answer(back)
    assert step_of(message) == (0, last)
    end = await w.alice.click(message, label="⏭")
    message = answer(end)
    assert step_of(message) == (last, last)
    assert [f.name for f in message.embeds[1].fields] == ["alice"]  # her own cards only
    r = await w.mod.slash(w.channel, "replay", hand=1)
    end = await w.mod.click(answer(r), label="⏭")
    message = answer(end)
    cards = message.embeds[1]
    assert cards.title == "Everyone's cards"
    names = {f.name for f in cards.fields}
    assert names == set(header["players"]) and names <= {"alice", "bob", "carol"}
    assert all("Dealt:" in f.value and "At the end:" in f.value for f in cards.fields)
    dealt = {card_label(c) for seat in range(record.seats) for c in game.view(first, seat).hand} - {None}
    assert all(str(label) in text_of(message) for label in dealt)  # every hole card is shown now
    assert "⟦seat:" not in text_of(message)
    if SHOW:
        for m in (answer(r), answer(nxt), answer(end)):
            print(json.dumps([e.to_dict() for e in m.embeds], ensure_ascii=False, indent=1))
        print(text)


async def test_strangers_stale_and_malformed_replay_buttons(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    table_id = table.table_id()
    await play_until_hand(w, table, 2)
    nosy = await w.erin.slash(w.channel, "replay")
    assert "didn't play or watch" in text_of(answer(nosy)) and answer(nosy).ephemeral
    nosy = await w.erin.slash(w.channel, "history")
    assert "didn't play or watch" in text_of(answer(nosy)) and not answer(nosy).attachments
    # A replay button of hand 1 that erin got hold of: refused; a hand that doesn't exist; a malformed id.
    for cid, says in (
        (f"cr:r:{table_id}:1:3:next", "didn't play or watch"),
        (f"cr:r:{table_id}:99:0:first", "isn't a finished hand"),
        (f"cr:r:{table_id}:1:x:next", "no longer valid"),
        (f"cr:r:{table_id}:1:{2**63}:next", "no longer valid"),
        ("cr:r:99999:1:0:last", "There's no table #99999."),
    ):
        message = await post(w, discord.ui.Button(label="Old", custom_id=cid))
        result = await w.erin.click(message, custom_id=cid)
        assert says in refusal(result), (cid, refusal(result))
    # A watcher from hand 1 on may replay it; the table is where it was.
    before = await snapshot(w, table)
    watch(w, table_id, w.erin.id, 1)
    ok = await w.erin.slash(w.channel, "replay", hand=1)
    assert step_of(answer(ok))[0] == 0
    assert (await snapshot(w, table)).seq == before.seq


async def test_a_finished_tables_hands_by_number(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    table_id = table.table_id()
    await play_until_hand(w, table, 2)
    await w.mod.slash(w.channel, "table end", now=True)  # at once: hand 2 is refunded
    hist = await w.carol.slash(w.channel, "history", table=table_id, hand=1)
    assert [a.filename for a in answer(hist).attachments] == [f"renfield-table{table_id}-hand1.jsonl"]
    here = await w.carol.slash(w.channel, "replay")  # no open table: the channel's last one
    assert step_of(answer(here))[0] == 0
