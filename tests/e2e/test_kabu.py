"""Kabu end to end through SimCord: a game played to insolvency (issue 12, DECISIONS §5.3).

A table opened without a buy-in takes the text's recommended stack (10 + 15 per
player). The game to insolvency is played from a smaller buy-in so it ends within a
few hands (SimCord's clock is real time too). Each player opens **My hand**, reads their total on the private panel and draws below 6, stands otherwise;
every click goes through the real discord.py views. Every hand result must say
each player's hand and total once (their line) and the payments by name; the last
hand must say who couldn't pay, that the game is over, who won with the most chips,
and the table must then close with the final standings, its chips back in the wallets.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.test_card_room import NET, escrow, fields, signed
from tests.e2e.test_play import open_table

TOTAL = re.compile(r"Your cards: [^\n\"]*? — total (\d)")
SACKSON = 10 + 15 * 3  # Sackson's starting stack for three players
BUY_IN = 27  # with these deals (table seed 1000): one hand of payments, then insolvency on hand 2


def embed_text(message: Any) -> str:
    return json.dumps([e.to_dict() for e in message.embeds], ensure_ascii=False)


def result_message(w: World, hand_no: int) -> Any:
    for m in reversed(w.channel.history()):
        if m.embeds and (m.embeds[0].title or "").endswith(f"hand {hand_no} result"):
            return m
    return w.channel.last_message


async def test_kabu_table_takes_sacksons_starting_stack_by_default(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    table = await open_table(w, "kabu", players)
    table_id = table.table_id()
    snap = await w.bot.tables.get(table_id)
    assert snap.buy_in == SACKSON
    for p in players:
        assert escrow(w, table_id, p.id) == SACKSON
    seats = fields(table.table_message())["Seats"]
    assert seats.count(f"{SACKSON} chips") == 3, seats
    r = await w.mod.slash(w.channel, "table end", now=True)
    assert r.response is not None


async def test_kabu_game_played_to_insolvency(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    wallets = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in players}
    table = await open_table(w, "kabu", players, buy_in=BUY_IN)
    table_id = table.table_id()
    names = {p.id: f"<@{p.id}>" for p in players}
    results: list[Any] = []
    draws = stands = 0
    last = None
    for _ in range(600):
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open:
            last = snap
            break
        await w.bot.publisher.idle()
        if snap.paused:
            results.append(snap.result)
            message = result_message(w, snap.hand_no)
            text = embed_text(message)
            # the showdown: a line per player with their hand and total, and the payments by name
            lines = fields(message)[f"Result of hand {snap.hand_no}"].split("\n")
            assert len(lines) == 3 and all(re.search(r"— \d with ", ln) for ln in lines), lines
            if any(line.net for line in snap.result.lines):
                assert re.search(r"<@\d+> pays \d+ to <@\d+>", text), text
            assert "⟦" not in text and "Seat " not in text
            await table.press_next()
            continue
        (who,) = table.to_act()
        panel = await table.open_hand(who)
        assert panel.ephemeral
        mine = TOTAL.search(embed_text(panel.response))
        assert mine is not None, embed_text(panel.response)
        pick = "draw" if int(mine[1]) < 6 and "Draw a card" in json.dumps(panel.response.components) else "stand"
        draws, stands = draws + (pick == "draw"), stands + (pick == "stand")
        await table.act(who, panel, pick=pick)
        if (await w.bot.tables.get(table_id)).is_open:
            await table.check_privacy()
    assert last is not None, "the game never ended"
    assert draws and stands
    # The last hand: who couldn't pay, the end of the game, the winner by chips, and the final standings.
    final = last.result
    assert final is not None and final.kind == "hand" and final.session
    message = result_message(w, final.number)
    text = embed_text(message)
    assert "can't pay what they owe, so the game is over." in final.headline, final.headline
    assert re.search(r"<@\d+> (wins the game|and <@\d+> share the win) with the most chips", final.headline)
    assert "Final standings" in fields(message)
    broke = [line for line in final.lines if "paid nobody" in line.detail]
    assert broke, [line.detail for line in final.lines]
    for line in broke:
        assert line.net == 0  # an insolvent player pays nobody (and nobody pays them)
        assert f"{names[line.user_id]} owes" in text
    rows = fields(message)[f"Result of hand {final.number}"].split("\n")
    for line in final.lines:
        (row,) = [r for r in rows if names[line.user_id] in r]
        assert signed(NET.search(row)[1]) == line.net
    assert sum(line.net or 0 for line in final.lines) == 0
    # the most chips win: the first of the final standings holds the most
    best = max(final.session, key=lambda line: line.net or 0)
    assert best.placing == 1
    # the table is closed and its chips are back in the wallets (the world fixture audits the ledger)
    for p in players:
        assert escrow(w, table_id, p.id) == 0
    after = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in players}
    assert sum(after.values()) == sum(wallets.values())
    assert final.number >= 2 and len(results) == final.number - 1  # every earlier hand paused on its result
