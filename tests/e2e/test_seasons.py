"""Leaderboard seasons through SimCord (issue 27): an admin starts a season, the boards say which
hands they count, ending it posts the final standings (medals only for those who came out ahead),
a monthly season's end is posted by the keeper, and a member without Manage Server is refused."""

from __future__ import annotations

from typing import Any

from cogs.seasons import SWEEP_SECONDS
from games.core.i18n import _ as tr
from games.core.i18n import speaking
from tests.e2e.conftest import World
from tests.e2e.test_japanese import locales
from tests.e2e.test_play import open_table, play_until_hand, refusal

__all__ = ["locales"]


def board_text(r: Any) -> str:
    return str(r.response.embeds[0].description)


async def test_a_season_from_start_to_final_standings(world: World) -> None:
    w = world
    refused = await w.alice.slash(w.channel, "season start")
    assert "Manage Server" in refusal(refused)
    assert "No season yet" in (await w.alice.slash(w.channel, "season info")).response.content

    table = await open_table(w, "renfield", w.players)
    await play_until_hand(w, table, 2)  # one hand before the season: all time only
    await w.env.advance_time(5)
    r = await w.mod.slash(w.channel, "season start", length="manual")
    assert not r.ephemeral
    assert "Season 1 has begun" in r.response.content and "until an admin ends it" in r.response.content
    again = await w.mod.slash(w.channel, "season start")
    assert "Season 1 is running" in refusal(again)

    await play_until_hand(w, table, 4)  # two hands in season 1
    season = board_text(await w.alice.slash(w.channel, "leaderboard", by="hands"))
    assert "Season 1, since <t:" in season
    assert all(f"<@{p.id}> — **2**" in season for p in w.players), season
    all_time = board_text(await w.alice.slash(w.channel, "leaderboard", by="hands", season=0))
    assert "All time" in all_time and all(f"<@{p.id}> — **3**" in all_time for p in w.players)
    assert "There is no season 7" in refusal(await w.alice.slash(w.channel, "leaderboard", season=7))

    await w.mod.slash(w.channel, "table end")
    await w.env.advance_time(5)  # SimCord's clock moves only when told: the season ends after its hands
    end = await w.mod.slash(w.channel, "season end", then="monthly")
    embed = end.response.embeds[0]
    assert embed.title == "Season 1 is over: final standings"
    assert "2 hands played" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    chips = fields["Chips won"].splitlines()
    assert len(chips) == 4
    for line in chips:  # a medal only beside a positive total
        medal = line.startswith(("🥇", "🥈", "🥉"))
        assert medal == ("**+" in line), line
    assert "Season 2 has begun" in end.response.content
    info = (await w.alice.slash(w.channel, "season info")).response.content
    assert "Season 2: since" in info and "(monthly)" in info and "Season 1: <t:" in info
    # Season 1 stays readable as it ended.
    past = board_text(await w.alice.slash(w.channel, "leaderboard", by="hands", season=1))
    assert "Season 1: <t:" in past and all(f"<@{p.id}> — **2**" in past for p in w.players)


async def test_the_keeper_posts_a_monthly_seasons_end_once(world: World) -> None:
    w = world
    await w.mod.slash(w.channel, "season start", length="monthly")
    # The month ends: move the planned end to a moment ago, as the calendar would have.
    now = w.bot.clock().isoformat(timespec="microseconds")
    await w.bot.db.run(lambda conn: conn.execute("UPDATE seasons SET ends_at=? WHERE number=1", (now,)))
    before = len(w.channel.history())
    await w.env.advance_time(SWEEP_SECONDS + 1)
    posted = [m for m in w.channel.history()[before:] if m.embeds]
    assert [m.embeds[0].title for m in posted] == ["Season 1 is over: final standings"]
    assert "Nobody played a hand this season" in posted[0].embeds[0].description
    await w.env.advance_time(SWEEP_SECONDS + 1)
    assert len([m for m in w.channel.history()[before:] if m.embeds]) == 1, "posted once"
    info = (await w.alice.slash(w.channel, "season info")).response.content
    assert "Season 2: since" in info


async def test_season_texts_in_japanese(world: World, locales: dict[int, str]) -> None:
    w = world
    locales[w.alice.id] = "ja"
    await w.mod.slash(w.channel, "admin settings", language="ja")  # public answers: the server's language
    r = await w.mod.slash(w.channel, "season start")
    with speaking("ja"):
        begun = tr("🏁 Season {n} has begun.").format(n=1)
        title = tr("Season {n} is over: final standings").format(n=1)
        private = tr("Season {n}: since {start}, ends {end} (monthly)")
    assert r.response.content.startswith(begun.rstrip("。"))
    info = await w.alice.slash(w.channel, "season info")  # private: the reader's language
    assert info.ephemeral and info.response.content.startswith(private.split("{")[0])
    end = await w.mod.slash(w.channel, "season end")
    assert end.response.embeds[0].title == title
