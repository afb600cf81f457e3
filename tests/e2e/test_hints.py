"""The 💡 Hint through SimCord: one person and three computers at Kabu, in English and in Japanese.

Alice opens a Kabu table and seats three computer players: the lobby shows hints on (the default at
a table with computers). At each of her decisions her hand panel has a 💡 Hint button; she clicks it,
reads the hint (the strong player's move, named as its button names it, and why: Kabu's exact odds
over the cards she hasn't seen, worked out in the worker pool), then plays on. The hand's result
says how many hints she used; her chips moved and the chip leaderboard has her, her rating did not
move. A hint clicked by someone not seated, or on an old panel, gets one private line and changes
nothing. Kabu's strong player plays an exact rule and its reason is exact counting, so the hint text
is the same however fast the machine is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from games.ai.players.kabu import STAND_AT
from games.ai.reasons.kabu import draw_odds
from games.kabu.cards import MAX_DRAWS, total
from tests.e2e.conftest import World
from tests.e2e.test_computers import computer_menu
from tests.e2e.test_crafted_ids import post
from tests.e2e.test_japanese import ja, locales, texts_of
from tools.simtable import Table, components_of, find_button

__all__ = ["locales"]

STAND = "{action} on {total}: drawing makes it worse more often than better ({worse} of the {n} unseen cards would lower it)."
DRAW = "{action} on {total}: a card makes it better more often than worse ({better} of the {n} unseen cards would raise it)."


def hint_reply(result: Any) -> str:
    """The private answer of a hint click: the deferred reply's follow-up (or the reply itself)."""
    messages = [*result.followups, result.response]
    return next((m.content for m in messages if m is not None and m.content), "")


def expected_hint(hand: tuple[str, ...], t: Callable[[str], str]) -> str:
    """Kabu's hint for ``hand``, worked out here from the rule and the counts (not from the code's text)."""
    better, worse, n = draw_odds(hand)
    draws = len(hand) - 2 < MAX_DRAWS and total(hand) < STAND_AT[len(hand)]
    template, label = (DRAW, t("Draw a card")) if draws else (STAND, t("Stand"))
    sentence = t(template).format(action=label, total=total(hand), better=better, worse=worse, n=n)
    return t("💡 {hint}").format(hint=sentence)


def bool_menu(message: Any) -> dict[str, Any]:
    return next(c for c in components_of(message) if (c.get("custom_id") or "").endswith(":bool"))


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_one_person_three_computers_reads_hints_and_the_result_counts_them(
    world: World, locales: dict[int, str], language: str
) -> None:
    w = world

    def t(text: str) -> str:
        return ja(text) if language == "ja" else text

    if language == "ja":
        locales[w.alice.id] = "ja"
        await w.mod.slash(w.channel, "admin settings", language="ja")
    await w.alice.slash(w.channel, "play", game="kabu")
    lobby = w.channel.last_message
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields[t("💡 Hints")] == t("off (on once a computer player joins)")
    for _ in range(3):
        lobby = w.channel.last_message
        await w.alice.select(lobby, ["add:easy"], custom_id=computer_menu(lobby))
    lobby = w.channel.last_message
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields[t("💡 Hints")] == t("on (the table has computer players)")  # shown to everyone
    tick = next(o for o in bool_menu(lobby)["options"] if o["value"] == "@hints")
    assert tick["default"] and tick["label"] == t("💡 Hints")
    await w.alice.click(lobby, label=t("Start"))
    table = Table(w.env, w.channel, {w.alice.id: w.alice})
    table_id = table.table_id()

    used = 0
    old_hint: str | None = None
    for _ in range(400):
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open or snap.paused:
            break
        await w.bot.publisher.idle()
        if w.alice.id not in snap.to_act_users:
            await w.env.settle()  # a computer is thinking
            continue
        panel = (await table.open_hand(w.alice)).response
        button = find_button(panel, label=t("💡 Hint"))
        assert button is not None, components_of(panel)
        reply = await w.alice.click(panel, custom_id=button["custom_id"])
        for _wait in range(200):  # the worker pool answers in its own time
            if hint_reply(reply):
                break
            await w.env.settle()
        assert reply.ephemeral
        seat = snap.seat_of(w.alice.id)
        assert seat is not None
        print(f"\n{language} hint: {hint_reply(reply)}")
        assert hint_reply(reply) == expected_hint(tuple(snap.state.hands[seat]), t)
        used += 1
        old_hint = button["custom_id"]
        await table.act(w.alice, panel)
    else:
        raise AssertionError("the hand didn't end")
    assert used >= 1 and old_hint is not None

    # The result, public, in the table's language: how many hints alice used.
    result = texts_of(table.table_message())
    print(result)
    sentence = t("{who} used 1 hint.") if used == 1 else t("{who} used {n} hints.")
    assert sentence.format(who=f"<@{w.alice.id}>", n=used) in result, result

    # A hint on an old panel (the hand moved on), and one by someone not seated: refused privately.
    stale = await post(w, discord.ui.Button(label="💡", custom_id=old_hint))
    before = await w.bot.tables.get(table_id)
    mine = await w.alice.click(stale, custom_id=old_hint)
    theirs = await w.erin.click(stale, custom_id=old_hint)
    assert mine.ephemeral and theirs.ephemeral
    assert hint_reply(mine) in (t("A hint is for your own decision: wait for your turn."),
                                t("That prompt is out of date — press **My hand** again."))
    assert hint_reply(theirs) == "You're not seated at this table."  # erin reads English
    after = await w.bot.tables.get(table_id)
    assert after.seq == before.seq
    assert await w.bot.tables.db.scalar("SELECT SUM(used) FROM hand_hints WHERE table_id=?", (table_id,)) == used

    # Chips and the chip leaderboard count the hand; the rating does not move.
    net = await w.bot.tables.db.scalar(
        "SELECT payoff FROM results WHERE table_id=? AND user_id=?", (table_id, w.alice.id))
    assert net is not None
    assert await w.bot.economy.ratings(w.guild.id, w.alice.id) == []
    board = await w.erin.slash(w.channel, "leaderboard")
    assert f"<@{w.alice.id}>" in texts_of(board.response)
