"""Partnerships through SimCord: the partner's Yes/No prompt, teams in results, leaderboards and /stats.

The toy game (``tests/support/bigtoy.py``) seats four players in two teams,
partners across. "May I go out?" hands the turn to the partner, who is pinged
on the public message and answers Yes or No on their panel while the asker's
panel says whom it waits for. The result names the teams with their scores;
the results rows carry each seat's team, so the team leaderboard counts the
pair and /stats shows games played with a partner.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games import registry
from tests.e2e.conftest import World
from tests.e2e.driver import components_of, in_place
from tests.e2e.test_play import open_table


@pytest.fixture(autouse=True)
def bigtoy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "bigtoy", "tests.support.bigtoy:BigToy")
    yield
    registry._loaded.pop("bigtoy", None)


def labels(message) -> list[str]:
    return [c.get("label") or "" for c in components_of(message) if c["type"] == 2 and not c.get("disabled")]


async def test_the_partner_answers_may_i_go_out_and_the_result_names_the_teams(world: World) -> None:
    w = world
    table = await open_table(w, "bigtoy", w.players, preset="small")
    seat = {p.id: i for i, p in enumerate(w.players)}
    (asker,) = table.to_act()
    partner = w.players[(seat[asker.id] + 2) % 4]
    panel = await table.open_hand(asker)
    assert "May I go out?" in labels(panel.response)
    asked = await table.act(asker, panel, pick="ask")
    assert in_place(asked, panel.response)
    # The partner is pinged on the public message; the asker's panel says whom it waits for.
    (now,) = table.to_act()
    assert now.id == partner.id
    message = table.table_message()
    assert f"<@{partner.id}>" in message.content and "your turn" in message.content
    summary = message.embeds[0].description or ""
    assert f"<@{asker.id}> asks <@{partner.id}>: may we go out?" in summary
    waiting = asked.response.embeds[0].description or ""
    assert f"Waiting for <@{partner.id}>" in waiting
    print("\n--- the asker's panel ---\n" + waiting)
    # The partner's panel: the question in the notes, Yes and No.
    shown = await table.open_hand(partner)
    notes = [f.value for f in shown.response.embeds[0].fields if f.name == "Notes"]
    assert notes and f"<@{asker.id}> asks you: may we go out?" in notes[0]
    assert {"Yes", "No"} <= set(labels(shown.response))
    print("--- the partner's panel ---\n" + "\n".join(notes) + "\n" + str(labels(shown.response)))
    no = await table.act(partner, shown, pick="no")
    assert in_place(no, shown.response)
    (back,) = table.to_act()
    assert back.id == asker.id  # the answer binds: the asker plays on, and can't ask again this turn
    again = await table.open_hand(asker)
    assert "May I go out?" not in labels(again.response)
    await table.act(asker, again, pick="discard:")
    # The next player asks, and this time the partner says yes: the game is over.
    (second,) = table.to_act()
    second_partner = w.players[(seat[second.id] + 2) % 4]
    await table.act(second, await table.open_hand(second), pick="ask")
    yes = await table.act(second_partner, await table.open_hand(second_partner), pick="yes")
    assert not table.is_open()
    final = table.bot_messages()[-1].embeds[0]
    teams = [f.value for f in final.fields if f.name == "Teams"]
    assert teams, [f.name for f in final.fields]
    winners = f"<@{min(second.id, second_partner.id)}>"
    first_team = teams[0].split(" — ")[0]
    assert first_team.startswith("🥇") and winners in first_team and "**100**" in first_team, teams[0]
    print("--- the result ---\n" + teams[0])
    del yes
    rows = await w.bot.economy.db.fetchall("SELECT user_id, team, placing FROM results ORDER BY seat")
    assert [r["team"] for r in rows] == [0, 1, 0, 1]
    # The team leaderboard counts the pair; /stats shows the games with a partner.
    board = await w.alice.slash(w.channel, "leaderboard", by="teams")
    text = board.response.embeds[0].description or ""
    pair = f"<@{min(second.id, second_partner.id)}> & <@{max(second.id, second_partner.id)}>"
    assert text.startswith(f"🥇 {pair} — **1** won of 1"), text
    stats = await second.slash(w.channel, "stats")
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert fields["With a partner"] == "1" and fields["Won with a partner"] == "1"
    assert fields["Most frequent partner"] == f"<@{second_partner.id}> (1 together)"
