"""End-to-end scenarios: simulated users play Renfield and Scurro through the real slash
commands, buttons, selects and modals of the real bot, against SimCord's Discord.

The service is read only as an oracle (seq, hand number, balances); every
action goes through the Discord UI. After each scenario the ``world`` fixture
checks the ledger audit; ``Table.check_privacy`` runs after every action.
"""

from __future__ import annotations

from typing import Any

import simcord

from tests.e2e.conftest import World, make_bot
from tests.e2e.driver import Table

STALE = "out of date"


async def open_table(
    w: World, game: str, players: list[simcord.MemberActor], *, preset: str | None = None, **options: Any
) -> Table:
    if preset:
        options["preset"] = preset
    host = players[0]
    r = await host.slash(w.channel, "play", game=game, **options)
    assert not r.ephemeral and "opened" in r.response.content
    lobby = w.channel.last_message
    for p in players[1:]:
        await p.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    return Table(w.env, w.channel, {p.id: p for p in players})


async def snapshot(w: World, table: Table):
    return await w.bot.tables.get(table.table_id())


async def play_turns(table: Table, n: int) -> int:
    done = 0
    for _ in range(n):
        if await table.play_turn() is None:
            break
        await table.check_privacy()
        done += 1
    return done


async def play_until_hand(w: World, table: Table, hand_no: int, limit: int = 400) -> None:
    for _ in range(limit):
        snap = await snapshot(w, table)
        if snap.hand_no >= hand_no or not snap.is_open:
            return
        assert await table.play_turn() is not None, "nobody to act in a running hand"
        await table.check_privacy()
    raise AssertionError(f"hand {hand_no} never started")


def refusal(result: simcord.InteractionResult) -> str:
    """The private one-line answer of a refused click."""
    assert result.ephemeral
    message = result.response if result.response is not None else result.followups[-1]
    return message.content


# ----------------------------------------------------------------- full hands


async def test_full_renfield_hands_four_players(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    first = table.table_message()
    start = await snapshot(w, table)
    assert start.status == "playing" and start.hand_no == 1
    # Only the player to act is pinged (the lobby message names the host without a ping).
    assert first.content.count("<@") == 1 and "your turn" in first.content
    stored = w.env.backend.get_message(w.channel.id, first.id)
    assert stored.ping_user_ids == [table.to_act()[0].id] and stored.ping_role_ids == []
    assert not first.mention_everyone
    assert await table.check_privacy() >= 4 * 6  # every seat's hidden cards were checked
    await play_until_hand(w, table, 3)
    snap = await snapshot(w, table)
    assert snap.hand_no >= 3 and snap.status == "playing"
    # Each hand got its own public message; the older ones show their result and no buttons.
    closed = [m for m in table.bot_messages() if m.embeds and "is over" in (m.embeds[0].title or "")]
    assert len(closed) >= 2 and all(not m.components for m in closed)


async def test_full_scurro_hand_with_house_rules_from_the_lobby(world: World) -> None:
    w = world
    host = w.alice
    await host.slash(w.channel, "play", game="scurro")
    lobby = w.channel.last_message
    # Non-hosts cannot change options; the host uses the preset select, the toggles and the numbers modal.
    r = await w.bob.select(lobby, ["flatline"], custom_id=_cid(lobby, "cr:o:", "preset"))
    assert "host" in refusal(r).lower()
    await host.select(lobby, ["flatline"], custom_id=_cid(lobby, "cr:o:", "preset"))
    lobby = w.channel.last_message
    assert lobby.embeds[0].to_dict()["fields"][0]["value"] == "Flatline"  # the variant by its label
    # House-rule toggles: a multi-select whose ticked options are the rules turned on.
    await host.select(lobby, ["flatline", "buy_the_trick"], custom_id=_cid(lobby, "cr:o:", "bool"))
    lobby = w.channel.last_message
    shown = await host.click(lobby, custom_id=_cid(lobby, "cr:l:", "num"))
    assert shown.modal is not None
    fields = {c["components"][0]["custom_id"]: c["components"][0]["value"] for c in shown.modal["components"]}
    assert "max_bid" in fields
    bad = await host.submit_modal(shown, {**fields, "max_bid": "5"})  # below the allowed range
    assert "max_bid" in refusal(bad).lower().replace(" ", "_") or "max bid" in refusal(bad).lower()
    shown = await host.click(lobby, custom_id=_cid(lobby, "cr:l:", "num"))
    ok = await host.submit_modal(shown, {**fields, "max_bid": "40"})
    assert "updated" in refusal(ok).lower()
    lobby = w.channel.last_message
    assert "40" in lobby.embeds[0].to_dict()["fields"][-1]["value"]
    for p in (w.bob, w.carol):
        await p.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    table = Table(w.env, w.channel, {p.id: p for p in (w.alice, w.bob, w.carol)})
    snap = await snapshot(w, table)
    assert snap.options.max_bid == 40 and snap.options.flatline and snap.options.buy_the_trick
    await play_until_hand(w, table, 2)
    assert (await snapshot(w, table)).hand_no == 2


def _cid(message: Any, prefix: str, contains: str) -> str:
    for row in message.components:
        for comp in row.children:
            cid = getattr(comp, "custom_id", "") or ""
            if cid.startswith(prefix) and contains in cid:
                return cid
    raise AssertionError(f"no component {prefix}…{contains}")


# ------------------------------------------------------------- correctness


async def test_restart_mid_hand_old_buttons_keep_working(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    await play_turns(table, 3)
    who = table.to_act()[0]
    panel = await table.open_hand(who)
    public = table.table_message()
    before = await snapshot(w, table)
    await w.env.restart_bot(make_bot(w.db_path))
    assert w.bot.tables is not None
    # The ephemeral panel rendered before the restart still acts.
    await table.act(who, panel)
    after = await snapshot(w, table)
    assert after.seq == before.seq + 1
    # The public message's My hand button, posted by the old process, still answers.
    nxt = table.to_act()[0]
    again = await nxt.click(public, label="My hand")
    assert again.ephemeral and again.response.embeds
    await play_turns(table, 5)
    assert (await snapshot(w, table)).seq >= after.seq + 1


async def test_double_click_applies_exactly_one_action(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    who = table.to_act()[0]
    panel = await table.open_hand(who)
    before = await snapshot(w, table)
    message = panel.response
    cid = next(
        c["custom_id"] for row in message.components for c in row["components"]
        if c["type"] == 2 and not c.get("disabled") and c["custom_id"].startswith(("cr:a:",))
    )
    # Two panels opened at the same prompt: the same click twice.
    twin = await table.open_hand(who)
    first = await who.click(message, custom_id=cid)
    assert first.response is not None
    second = await who.click(twin.response, custom_id=cid)
    assert STALE in refusal(second) or "turn" in refusal(second).lower()
    after = await snapshot(w, table)
    assert after.seq == before.seq + 1


async def test_outsider_and_foreign_clicks_are_refused_privately(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    for p in w.players[1:]:
        await p.click(lobby, label="Join")
    r = await w.bob.click(lobby, label="Start")  # not the host
    assert "host" in refusal(r).lower()
    r = await w.erin.click(lobby, label="Cancel")
    assert "host" in refusal(r).lower()
    await w.alice.click(lobby, label="Start")
    table = Table(w.env, w.channel, {p.id: p for p in w.players})
    before = await snapshot(w, table)
    r = await w.erin.click(table.table_message(), label="My hand")
    assert "not" in refusal(r).lower() and r.response.embeds == []
    r = await w.erin.slash(w.channel, "hand")
    assert "not" in refusal(r).lower()
    r = await w.erin.slash(w.channel, "table end")
    assert "host" in refusal(r).lower() or "permission" in refusal(r).lower()
    assert (await snapshot(w, table)).seq == before.seq and (await snapshot(w, table)).status == "playing"


async def test_out_of_turn_and_stale_prompts_change_nothing(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    who = table.to_act()[0]
    spare = await table.open_hand(who)  # a second panel of the same prompt, kept for later
    await table.act(who, await table.open_hand(who))
    # Out of turn: the spare panel's action now belongs to someone else's turn.
    before = await snapshot(w, table)
    late = await table.act(who, spare)
    text = refusal(late)
    assert STALE in text or "turn" in text.lower()
    assert (await snapshot(w, table)).seq == before.seq
    # Stale: a panel from an earlier prompt, used when it is this player's turn again.
    for _ in range(60):
        if who in table.to_act():
            break
        await table.play_turn()
    assert who in table.to_act()
    before = await snapshot(w, table)
    stale = await table.act(who, spare)
    assert "That prompt is out of date — press **My hand** again." in refusal(stale)
    assert (await snapshot(w, table)).seq == before.seq
    # A fresh panel works.
    await table.act(who, await table.open_hand(who))
    assert (await snapshot(w, table)).seq == before.seq + 1


async def test_turn_timer_runs_out_on_the_virtual_clock(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players, turn_seconds=30)
    before = await snapshot(w, table)
    who = table.to_act()[0]
    assert before.deadline is not None
    assert "<t:" in table.table_message().embeds[0].description  # the deadline as a Discord timestamp
    await w.env.advance_time(10)
    assert (await snapshot(w, table)).seq == before.seq  # not yet
    await w.env.advance_time(25)
    after = await snapshot(w, table)
    assert after.seq == before.seq + 1  # exactly one default action for the absent player
    assert after.seats[before.seat_of(who.id)].timeouts == 1
    # The public message says so and moved on.
    text = table.public_text(table.table_message()).lower()
    assert "time" in text
    await table.check_privacy()


async def test_leave_and_join_between_hands(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])
    r = await w.bob.click(table.table_message(), label="Leave")
    assert "end of this hand" in refusal(r)
    r = await w.dave.click(table.table_message(), label="Join next hand")
    assert "next hand" in refusal(r)
    table.players[w.dave.id] = w.dave
    await play_until_hand(w, table, 2)
    snap = await snapshot(w, table)
    seated = {i.user_id for i in snap.seats}
    assert w.dave.id in seated and w.bob.id not in seated
    # Bob was cashed out: everything he had at the table is back in his wallet.
    r = await w.bob.slash(w.channel, "balance")
    bob = await w.bot.economy.balance(w.guild.id, w.bob.id)
    assert f"**{bob}**" in r.response.content
    await play_turns(table, 4)


async def test_an_admins_immediate_end_refunds_the_hand_in_progress(world: World) -> None:
    w = world
    before = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in w.players}
    table = await open_table(w, "renfield", w.players)
    await play_turns(table, 6)
    r = await w.bob.slash(w.channel, "table end")  # not host, no Manage Server
    assert "host" in refusal(r).lower()
    r = await w.alice.slash(w.channel, "table end", now=True)  # the host can't end it at once either
    assert "admin" in refusal(r).lower()
    shown, table_id = table.table_message().id, table.table_id()
    r = await w.mod.slash(w.channel, "table end", now=True)  # Manage Server may end it at once
    assert not r.ephemeral and "ended" in r.response.content
    assert f"/{shown}" in r.response.content and not r.response.embeds  # the reply points to the table…
    said = "An admin ended the table mid-hand; this hand's chips were returned."
    await w.bot.publisher.idle()
    assert said in table.public_text(next(m for m in w.channel.history() if m.id == shown))  # …which says it
    after = {p.id: await w.bot.economy.balance(w.guild.id, p.id) for p in w.players}
    assert after == before  # the interrupted first hand is refunded exactly
    assert (await w.bot.tables.in_channel(w.channel.id)) is None
    # The table message lost its buttons: Play again is all that is left.
    assert [m.components[0].children[0].custom_id for m in table.bot_messages() if m.components] == [
        f"cr:g:{table_id}"
    ]


async def test_leaderboard_and_stats_after_several_hands(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    await play_until_hand(w, table, 4)
    r = await w.alice.slash(w.channel, "leaderboard", by="hands")
    board = r.response.embeds[0].description
    assert all(f"<@{p.id}>" in board for p in w.players)
    assert "**3**" in board
    r = await w.alice.slash(w.channel, "leaderboard", game="renfield", by="chips")
    assert f"<@{w.alice.id}>" in r.response.embeds[0].description
    r = await w.carol.slash(w.channel, "stats", game="renfield")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields.get("Hands played") == "3"
    r = await w.alice.slash(w.channel, "history")
    files = r.followups[-1].attachments if r.followups else r.response.attachments
    assert files or "no hand history" in (r.response.content or "").lower()


async def test_slow_action_is_deferred_within_three_seconds(world: World, monkeypatch) -> None:
    """A click whose work takes longer than 2 s is acknowledged first, then the panel is updated."""
    import asyncio

    w = world
    table = await open_table(w, "renfield", w.players)
    service = w.bot.tables
    original = service.act

    async def slow_act(*args: Any, **kwargs: Any):
        await asyncio.sleep(2.5)
        return await original(*args, **kwargs)

    monkeypatch.setattr(service, "act", slow_act)
    who = table.to_act()[0]
    before = await snapshot(w, table)
    result = await table.act(who, await table.open_hand(who))
    assert result.acknowledged
    assert "DEFERRED" in repr(result) or result.deferred or result.response.embeds
    assert (await snapshot(w, table)).seq == before.seq + 1
    panel = result.response
    assert panel.ephemeral and panel.embeds  # the panel was re-rendered after the deferral


async def test_amount_modal_checks_the_range(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", w.players)
    who = table.to_act()[0]
    panel = await table.open_hand(who)
    cid = next(
        c["custom_id"] for row in panel.response.components for c in row["components"]
        if c["custom_id"].startswith("cr:m:")
    )
    shown = await who.click(panel.response, custom_id=cid)
    box = shown.modal["components"][0]["components"][0]
    lo, hi = (int(x) for x in box["placeholder"].split("–"))
    before = await snapshot(w, table)
    for bad in ("lots", str(hi + 1), str(lo - 1)):
        r = await who.submit_modal(shown, {"amount": bad})
        assert refusal(r) == f"Please enter a whole number from {lo} to {hi}."
        shown = await who.click(panel.response, custom_id=cid)  # a modal is submitted once
    assert (await snapshot(w, table)).seq == before.seq
    r = await who.submit_modal(shown, {"amount": str(hi)})
    assert (await snapshot(w, table)).seq == before.seq + 1
    assert r.response.embeds  # the panel updated in place


async def test_scurro_draw_discards_through_a_multi_select(world: World) -> None:
    w = world
    table = await open_table(w, "scurro", w.players, preset="draw")
    await play_until_hand(w, table, 2)
    assert table.used["cr:p"] >= 1  # the discard was made with the pick-several select
    assert table.used["cr:m"] + table.used["cr:a"] >= 4


async def test_buttons_still_work_after_ephemeral_panels_expire(world: World) -> None:
    """discord.py gives views on ephemeral messages a 15-minute timeout; when one expires it must
    not unregister the dynamic items that every other button of the bot relies on."""
    w = world
    table = await open_table(w, "renfield", w.players, turn_seconds=3600)
    who = table.to_act()[0]
    await table.open_hand(who)
    await w.env.advance_time(16 * 60)  # the panel's 15 minutes are over
    panel = await table.open_hand(who)
    assert panel.acknowledged and panel.response.embeds
    before = await snapshot(w, table)
    await table.act(who, panel)
    assert (await snapshot(w, table)).seq == before.seq + 1
