"""Skill ratings as players read them through SimCord: ``/leaderboard by: rating`` and ``/stats``.

Three people and a computer play Renfield hand after hand; every finished hand
rates the people (the computer is an opponent, never rated). The board names
the people with their rating and hands rated, best first as the database ranks
them; /stats shows each one's rating and place; the computer appears nowhere.
"""

from __future__ import annotations

import re

from tests.e2e.conftest import World
from tests.e2e.driver import Table
from tests.e2e.test_computers import computer_menu
from tools.simtable import components_of

LINE = re.compile(r"^(?:🥇|🥈|🥉|\d+\.) <@(\d+)> — \*\*(\d+)\*\* · hands rated: (\d+)$")


async def three_people_and_a_computer(w: World, *, hints: bool = False) -> Table:
    """The table of these tests; the host unticks 💡 Hints (on by default with a computer), else the
    hands would count for chips but not for ratings (``hints``: leave them on)."""
    r = await w.alice.slash(w.channel, "play", game="renfield")
    assert "opened" in r.response.content
    for p in (w.bob, w.carol):
        await p.click(w.channel.last_message, label="Join")
    lobby = w.channel.last_message
    await w.alice.select(lobby, ["add:easy"], custom_id=computer_menu(lobby))
    lobby = w.channel.last_message
    menu = next(c for c in components_of(lobby) if (c.get("custom_id") or "").endswith(":bool"))
    ticked = [o["value"] for o in menu["options"] if o.get("default") and o["value"] != "@hints"]
    await w.alice.select(lobby, [*ticked, *(["@hints"] if hints else [])], custom_id=menu["custom_id"])
    await w.alice.click(w.channel.last_message, label="Start")
    return Table(w.env, w.channel, {p.id: p for p in (w.alice, w.bob, w.carol)})


async def play_hands(w: World, table: Table, hands: int, limit: int = 1500) -> None:
    """People play their turns (and press Next hand), the computer its own, until ``hands`` are done."""
    table_id = table.table_id()
    for _ in range(limit):
        snap = await w.bot.tables.get(table_id)
        if snap.hand_no > hands or not snap.is_open:
            return
        await w.bot.publisher.idle()
        if snap.paused:
            await table.press_next()
        elif snap.to_act_users and snap.to_act_users[0] > 0:
            assert await table.play_turn() is not None
        else:
            await w.env.settle()  # the computer is thinking
    raise AssertionError(f"{hands} hands weren't played")


async def test_the_rating_board_and_stats_name_the_people_and_never_the_computer(world: World) -> None:
    w = world
    table = await three_people_and_a_computer(w)
    await play_hands(w, table, 2)
    people = {w.alice.id, w.bob.id, w.carol.id}
    rated = await w.bot.economy.ratings(w.guild.id, w.alice.id)
    hands = rated[0].rated
    assert hands >= 2

    r = await w.erin.slash(w.channel, "leaderboard", game="renfield", by="rating")
    embed = r.response.embeds[0]
    board = embed.description or ""
    print(f"\n--- /leaderboard game: Renfield by: rating ---\n{embed.title}\n{board}")
    assert embed.title == "Leaderboard — rating · Renfield"
    lines = [LINE.match(line) for line in board.splitlines()]
    assert all(lines), board
    assert {int(m[1]) for m in lines if m} == people  # the computer is never on the board
    assert "🤖" not in board and "<@-" not in board
    assert all(int(m[3]) == hands for m in lines if m)
    shown = [int(m[2]) for m in lines if m]
    assert shown == sorted(shown, reverse=True) and len(set(shown)) > 1  # best first; the hands told them apart
    _game, expected = await w.bot.economy.rating_board(w.guild.id, "renfield")
    assert [(int(m[1]), int(m[2])) for m in lines if m] == [(x.user_id, x.shown) for x in expected]

    # No game given: the board says which one it shows and why.
    r = await w.erin.slash(w.channel, "leaderboard", by="rating")
    unasked = r.response.embeds[0].description or ""
    print(f"--- /leaderboard by: rating ---\n{unasked}")
    assert unasked.startswith("Ratings are per game: this is Renfield, the most played here.")
    assert unasked.splitlines()[1:] == board.splitlines()

    # /stats: the rating at Renfield, its place on the server, the hands it rests on.
    for who in (w.alice, w.bob, w.carol):
        r = await who.slash(w.channel, "stats")
        fields = {f.name: f.value for f in r.response.embeds[0].fields}
        mine = next(x for x in expected if x.user_id == who.id)
        assert fields["Rating"] == (
            f"Renfield: **{mine.shown}** · rank {mine.rank} of 3 · hands rated: {hands}"
        ), fields
        print(f"--- /stats of {who.name} ---\n{fields['Rating']}")

    # Someone who never played has no rating, and a game nobody was rated at says so.
    r = await w.erin.slash(w.channel, "stats")
    assert "Rating" not in {f.name for f in r.response.embeds[0].fields}
    r = await w.erin.slash(w.channel, "leaderboard", game="samba", by="rating")
    assert r.response.embeds[0].description == (
        "Nobody has a rating at Samba yet: ratings move when two people finish a hand together."
    )
    # The other boards are unchanged by ratings: by chips still ranks people only.
    r = await w.erin.slash(w.channel, "leaderboard", by="chips")
    assert "<@-" not in (r.response.embeds[0].description or "")


async def test_no_rating_yet_reads_as_a_sentence(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "leaderboard", by="rating")
    assert r.response.embeds[0].title == "Leaderboard — rating"
    assert r.response.embeds[0].description == (
        "Nobody has a rating yet: ratings move when two people finish a hand together."
    )


async def test_hands_with_hints_on_count_for_chips_and_the_board_but_not_for_ratings(world: World) -> None:
    """Three people and a computer with 💡 Hints left on (the default): the computer coached them, so
    their hands move chips and the chip leaderboard, and nobody's rating."""
    w = world
    table = await three_people_and_a_computer(w, hints=True)
    await play_hands(w, table, 2)
    people = {w.alice.id, w.bob.id, w.carol.id}
    nets = await w.bot.tables.db.fetchall("SELECT user_id, SUM(payoff) FROM results GROUP BY user_id")
    assert {r[0] for r in nets} >= people and any(r[1] for r in nets if r[0] in people)
    for who in people:
        assert await w.bot.economy.ratings(w.guild.id, who) == []
    r = await w.erin.slash(w.channel, "leaderboard", game="renfield", by="rating")
    assert r.response.embeds[0].description == (
        "Nobody has a rating at Renfield yet: ratings move when two people finish a hand together."
    )
    board = await w.erin.slash(w.channel, "leaderboard")
    text = board.response.embeds[0].description or ""
    assert all(f"<@{u}>" in text for u in people), text
