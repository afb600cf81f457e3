"""Every registered game, played through SimCord by players who keep their panel open.

For each game: one click per action after a player's first **My hand**; stud
players see their up cards in their own panel; a chip game's seat lines show
the ledger's escrow and its hand result shows each player's chip change as the
ledger moved it; an admin's ``/table end now:`` in the middle shows the standings. (The world
fixture also checks, for every scenario, that no text ever names a seat.)
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import games
from data.accounts import pro_rata
from games.core.wording import money
from tests.e2e.conftest import World
from tests.e2e.driver import Table, action_controls
from tests.e2e.test_card_room import NET, escrow, fields, ro, signed
from tests.e2e.test_play import open_table

GAMES = sorted(games.game_ids())
SHORT = {"rage": "short"}


def panel_text(panel: Any) -> str:
    return json.dumps([e.to_dict() for e in panel.embeds], ensure_ascii=False)


def check_chip_result(w: World, snap: Any) -> None:
    """The result's chip figures are what the ledger moved for that hand (escrow now − escrow dealt)."""
    with ro(w) as conn:
        hand = conn.execute(
            "SELECT users_json, stacks_json FROM hands WHERE table_id=? AND hand_no=?", (snap.id, snap.hand_no)
        ).fetchone()
    users, dealt = json.loads(hand["users_json"]), json.loads(hand["stacks_json"])
    message = w.channel.last_message
    for m in reversed(w.channel.history()):
        if m.embeds and (m.embeds[0].title or "").endswith(f"hand {snap.hand_no} result"):
            message = m
            break
    result = fields(message)[f"Result of hand {snap.hand_no}"]
    for user, before in zip(users, dealt, strict=True):
        (line,) = [ln for ln in result.split("\n") if f"<@{user}>" in ln]
        assert signed(NET.search(line)[1]) == escrow(w, snap.id, user) - before, line


def check_stacks(w: World, table: Table, snap: Any) -> None:
    """Each seat shows what is in front of it now, in the game's unit: its stack at the deal (the
    escrow, until the hand is settled) less what it has put in this hand, not the buy-in all hand."""
    seats = fields(table.table_message()).get("Seats", "")
    pub = snap.game.view(snap.state, None).public
    for info in snap.seats:
        (line,) = [ln for ln in seats.split("\n") if f"<@{info.user_id}>" in ln]
        seat = pub.seats[info.seat]
        now = seat.stack if seat.stack is not None else escrow(w, snap.id, info.user_id) - seat.staked
        assert re.search(rf"[·—] {re.escape(money(now, pub.unit))}(~~)?$", line), (line, now)


def bought_in(w: World, table_id: int, user_id: int) -> int:
    """Every chip the player brought to the table (buy-ins and rebuys), from the ledger."""
    with ro(w) as conn:
        row = conn.execute(
            "SELECT COALESCE(SUM(t.amount), 0) FROM transfers t JOIN accounts a ON a.id = t.credit_id"
            " WHERE t.table_id=? AND t.code='buy_in' AND a.kind='escrow' AND a.user_id=?", (table_id, user_id)
        ).fetchone()
    return int(row[0])


def carried_pot_shares(w: World, table_id: int, hand_no: int) -> dict[int, int]:
    """What closing the table pays each player of the last hand from a carried pot (``ledger.distribute_pot``)."""
    with ro(w) as conn:
        row = conn.execute(
            "SELECT balance FROM accounts WHERE kind='pot' AND table_id=?", (table_id,)
        ).fetchone()
        hand = conn.execute(
            "SELECT users_json FROM hands WHERE table_id=? AND hand_no=?", (table_id, hand_no)
        ).fetchone()
    pot = row[0] if row is not None else 0
    users = json.loads(hand["users_json"]) if hand is not None else []
    return dict(zip(users, pro_rata(pot, [1] * len(users)), strict=True))


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_game_reads_like_a_card_room(world: World, game_id: str) -> None:
    w = world
    game = games.get_game(game_id)
    players = w.players[: max(game.min_players, min(4, game.max_players))]
    table = await open_table(w, game_id, players, preset=SHORT.get(game_id))
    table_id = table.table_id()
    chips = (await w.bot.tables.get(table_id)).chips  # the table's options decide (a stake may be optional)
    openings = actions = results_checked = up_cards_seen = 0
    for _ in range(120):
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open:
            break
        await w.bot.publisher.idle()
        if snap.paused:
            if chips and snap.result is not None and snap.result.kind == "hand":
                check_chip_result(w, snap)
                results_checked += 1
            await table.press_next()
            continue
        if chips:
            check_stacks(w, table, snap)
        who = table.to_act()[0]  # games where several seats act at once (Fairmarket): the first of them
        kept = table.panels.get(who.id)
        if kept is None or not action_controls(kept):
            assert kept is None, f"{who.name}'s kept panel did not update for their turn: {panel_text(kept)}"
            shown = await table.open_hand(who)
            openings += 1
            kept = shown.response
        seat = snap.seat_of(who.id)
        up = game.view(snap.state, None).public.seats[seat].cards
        if up:
            assert "Up:" in panel_text(kept), f"{game_id}: the panel hides {who.name}'s up cards"
            up_cards_seen += 1
        result = await table.act(who, kept)
        assert result.response is not None
        actions += 1
        if (await w.bot.tables.get(table_id)).is_open:
            await table.check_privacy()
    assert actions > 10
    # At most one click per action, once each player opened their panel.
    assert openings <= len(players), f"{openings} My hand clicks for {len(players)} players"
    if chips:
        assert results_checked >= 1, "a hand ended and its result was checked"
    if game_id in ("razz",):
        assert up_cards_seen > 0
    # Ending in the middle shows where everyone stands.
    wallets = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in players}
    snap = await w.bot.tables.get(table_id)
    if snap.is_open:
        escrows = {p.id: escrow(w, table_id, p.id) for p in players}
        pot_shares = carried_pot_shares(w, table_id, snap.hand_no)
        # A moderator, at once: the host may have left by now.
        shown = table.table_message().id
        r = await w.mod.slash(w.channel, "table end", now=True)
        assert not r.response.embeds and f"/{shown}" in r.response.content  # said once: on the table
        await w.bot.publisher.idle()
        embed = next(m for m in w.channel.history() if m.id == shown).embeds[0].to_dict()
        standings = next(f["value"] for f in embed["fields"] if f["name"] in ("Standings", "Final standings"))
        for p in players:
            assert f"<@{p.id}>" in standings
        ended = await w.bot.tables.get(table_id)
        if chips:
            # everything at the table went back to the wallets, and the standings say the session's net
            for p in players:
                # (a pot the game carries between hands is split among the last hand's players)
                assert await w.bot.economy.balance(w.guild.id, p.id) == wallets[p.id] + escrows[p.id] + pot_shares.get(
                    p.id, 0
                )
            # a player's session net = what they leave the table with − what they bought in for
            assert ended.result is not None
            nets = {line.user_id: line.net for line in ended.result.lines}
            for p in players:
                bought = bought_in(w, table_id, p.id)
                if bought:
                    assert nets[p.id] == escrows[p.id] + pot_shares.get(p.id, 0) - bought, (p.name, nets)
        elif ended.result is not None and ended.result.sheet is not None:
            for line, total in zip(ended.result.lines, ended.result.sheet.totals, strict=True):
                assert line.total == total
