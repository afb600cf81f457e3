"""Skill ratings on a real SQLite file: who moves which way, teams, ties, computers, one transaction.

``rate_hand`` is what the service calls when it writes a hand's ``results`` rows; the first
tests call it directly on a migrated database (the same schema, triggers and checks), the last
ones play real tables through the service and read the ratings back through ``Economy``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import handflow
from bot.service.ratings import MODEL, rate_hand, shown
from data.store import INTEGRITY_ERRORS
from games import Outcome
from tests.service.test_computers import computers_table
from tests.service.test_computers import play_hand as play_with_computers
from tests.service.test_hints import two_people_and_a_computer
from tests.service.test_tables import (
    HOST,
    P1,
    P2,
    P3,
    Env,
    G,
    env,
    play_hand,
    play_to_the_end,
    seated_table,
    step,
)
from tests.support.stores import table_row

__all__ = ["env"]

NOW = "2030-01-01T00:00:00+00:00"


@pytest.fixture
def conn(sync_conn: Any) -> Any:
    table_row(sync_conn, 1)  # the hands rated here belong to table 1
    return sync_conn


def rate(conn: Any, users: list[int], placings: tuple[int, ...], *, hand: int = 1,
         teams: object = None, game: str = "renfield") -> int:
    extra = {"teams": teams} if teams is not None else {}
    outcome = Outcome((0,) * len(users), placings, extra=extra)
    return rate_hand(conn, guild_id=G, game_id=game, table_id=1, hand_no=hand, users=users, outcome=outcome, now=NOW)


def mus(conn: Any, game: str = "renfield") -> dict[int, float]:
    return {u: mu for u, mu in conn.execute("SELECT user_id, mu FROM ratings WHERE guild_id=? AND game_id=?", (G, game))}


def test_the_winner_goes_up_the_loser_down_and_the_change_is_recorded(conn: Any) -> None:
    assert rate(conn, [1, 2, 3, 4], (1, 2, 3, 4)) == 4
    after = mus(conn)
    assert after[1] > after[2] > MODEL.mu > after[3] > after[4]
    rows = conn.execute("SELECT user_id, mu_before, mu_after, sigma_before, sigma_after FROM rating_changes"
                        " ORDER BY user_id").fetchall()
    assert [r[0] for r in rows] == [1, 2, 3, 4]
    assert all(r[1] == MODEL.mu and r[3] == MODEL.sigma and r[4] < r[3] for r in rows)
    assert {r[0]: r[2] for r in rows} == after
    # A second hand starts from the first one's ratings and counts as one more rated hand.
    rate(conn, [1, 2, 3, 4], (4, 3, 2, 1), hand=2)
    before = conn.execute("SELECT mu_before FROM rating_changes WHERE hand_no=2 AND user_id=1").fetchone()[0]
    assert before == after[1] and mus(conn)[1] < after[1]
    assert {r[0] for r in conn.execute("SELECT rated FROM ratings")} == {2}


def test_players_who_tie_share_the_change(conn: Any) -> None:
    rate(conn, [1, 2, 3], (1, 1, 3))
    after = mus(conn)
    assert after[1] == pytest.approx(after[2]) and after[1] > MODEL.mu > after[3]
    rate(conn, [4, 5], (1, 1), game="rage")  # a full tie between equals moves no one's skill estimate
    draw = mus(conn, "rage")
    assert draw[4] == pytest.approx(MODEL.mu) and draw[5] == pytest.approx(MODEL.mu)


def test_partners_move_together(conn: Any) -> None:
    """Samba and Burraco rate partnerships: both winners up, both losers down, as one side."""
    rate(conn, [1, 2, 3, 4], (1, 2, 1, 2), teams=[[0, 2], [1, 3]], game="samba")
    after = mus(conn, "samba")
    assert after[1] > MODEL.mu and after[3] > MODEL.mu
    assert after[2] < MODEL.mu and after[4] < MODEL.mu
    assert after[1] == pytest.approx(after[3]) and after[2] == pytest.approx(after[4])
    # Rated seat by seat, the same placings move the winners differently: a partnership is one side.
    rate(conn, [1, 2, 3, 4], (1, 2, 1, 2), hand=2, game="rage")
    assert mus(conn, "rage")[1] != pytest.approx(after[1])


def test_computers_are_opponents_but_never_rated(conn: Any) -> None:
    assert rate(conn, [1, -1, -2, 2], (1, 2, 3, 4)) == 2
    after = mus(conn)
    assert set(after) == {1, 2} and after[1] > MODEL.mu > after[2]
    assert {r[0] for r in conn.execute("SELECT user_id FROM rating_changes")} == {1, 2}
    # Beating two computers as well as the other person is worth more than beating the person alone.
    rate(conn, [3, 4], (1, 2), hand=2)
    assert mus(conn)[1] > mus(conn)[3]
    # A person partnered with a computer: the pair is rated as a side, only the person stored.
    assert rate(conn, [5, 6, -1, 7], (1, 2, 1, 2), teams=[[0, 2], [1, 3]], game="burraco") == 3
    burraco = mus(conn, "burraco")
    assert set(burraco) == {5, 6, 7} and burraco[5] > MODEL.mu > burraco[6]
    assert burraco[6] == pytest.approx(burraco[7])


def test_a_hand_with_one_person_changes_nothing(conn: Any) -> None:
    assert rate(conn, [1, -1, -2], (1, 2, 3)) == 0
    assert rate(conn, [-1, -2], (1, 2)) == 0
    assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM rating_changes").fetchone()[0] == 0


def test_rating_changes_are_append_only(conn: Any) -> None:
    rate(conn, [1, 2], (1, 2))
    with pytest.raises(INTEGRITY_ERRORS, match="append-only"):
        conn.execute("UPDATE rating_changes SET mu_after = 99")
    with pytest.raises(INTEGRITY_ERRORS, match="append-only"):
        conn.execute("DELETE FROM rating_changes")
    with pytest.raises(INTEGRITY_ERRORS):  # a hand is rated once
        rate(conn, [1, 2], (1, 2))
    with pytest.raises(INTEGRITY_ERRORS):  # no computer row can be written, even by mistake
        conn.execute("INSERT INTO ratings VALUES (1, 'renfield', -1, 25, 8, 0, ?)", (NOW,))


def test_the_shown_rating_starts_at_1000_and_grows_with_certainty() -> None:
    assert shown(MODEL.mu, MODEL.sigma) == 1000
    assert shown(MODEL.mu, 2.0) > shown(MODEL.mu, 4.0) > 1000
    assert shown(-10.0, 8.0) == 0  # never negative


async def test_a_played_hand_rates_its_people_in_the_results_transaction(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2, P3))
    await play_hand(env, snap.id, random.Random(4))
    results = {r[0]: r[1] for r in await env.db.fetchall(
        "SELECT user_id, results.placing FROM results WHERE table_id=? AND hand_no=1", (snap.id,))}
    changes = {r[0]: r[1] - r[2] for r in await env.db.fetchall(
        "SELECT user_id, mu_after, mu_before FROM rating_changes WHERE table_id=? AND hand_no=1", (snap.id,))}
    assert set(changes) == set(results) == {HOST, P1, P2, P3}
    best, worst = min(results.values()), max(results.values())
    assert all(changes[u] > 0 for u, p in results.items() if p == best)
    assert all(changes[u] < 0 for u, p in results.items() if p == worst)
    game, board = await env.eco.rating_board(G)  # no game asked: the most rated one
    assert game == "renfield" and len(board) == 4
    assert [r.rank for r in board] == sorted(r.rank for r in board) and board[0].rank == 1
    assert all(r.rated == 1 and r.of == 4 for r in board)
    top = board[0]
    assert top.user_id in [u for u, p in results.items() if p == best]
    (mine,) = await env.eco.ratings(G, top.user_id)
    assert mine == top and mine.shown > 1000 > board[-1].shown


async def test_a_failure_after_rating_rolls_the_ratings_back(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ratings, results and the settlement are one transaction: a hand that fails to finish rates nobody."""
    snap = await seated_table(env)
    rng = random.Random(31)
    real = handflow.hand_result

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the result can't be drawn")

    monkeypatch.setattr(handflow, "hand_result", broken)  # runs after rate_hand, in the same transaction
    for _ in range(2000):
        try:
            await step(env, snap.id, rng)
        except RuntimeError:
            break
    else:
        raise AssertionError("hand never ended")
    for table in ("ratings", "rating_changes", "results"):
        assert await env.db.scalar(f"SELECT COUNT(*) FROM {table}") == 0, table
    monkeypatch.setattr(handflow, "hand_result", real)
    await play_hand(env, snap.id, rng)
    assert await env.db.scalar("SELECT COUNT(*) FROM rating_changes WHERE table_id=? AND hand_no=1", (snap.id,)) == 4
    assert await env.db.scalar("SELECT COUNT(*) FROM ratings WHERE rated=1") == 4


async def test_a_refunded_hand_rates_nobody_and_a_computer_table_rates_the_people(env: Env) -> None:
    snap = await seated_table(env, players=(HOST, P1, P2))
    await step(env, snap.id, random.Random(2))
    await env.svc.end(snap.id, HOST, is_admin=True, now=True)  # the interrupted hand is refunded: no results
    assert await env.db.scalar("SELECT COUNT(*) FROM ratings") == 0
    # One person with two computers: a hand is played, nobody is rated.
    solo = await computers_table(env, buy_in=50)
    await env.svc.start(solo.id, HOST)
    await play_with_computers(env, solo.id, random.Random(5))
    assert await env.db.scalar("SELECT COUNT(*) FROM results WHERE table_id=?", (solo.id,)) == 3
    assert await env.db.scalar("SELECT COUNT(*) FROM ratings") == 0
    await env.svc.end(solo.id, HOST, is_admin=True, now=True)
    # Two people and a computer, hints off (on by default with a computer: no ratings then, see
    # tests/service/test_hints.py): the people are rated, the computer never.
    await two_people_and_a_computer(env, hints=False)
    rated = [r[0] for r in await env.db.fetchall("SELECT user_id FROM ratings ORDER BY user_id")]
    assert rated == [HOST, P1]
    game, board = await env.eco.rating_board(G, "renfield")
    assert game == "renfield" and {r.user_id for r in board} == {HOST, P1}
    assert await env.eco.rating_board(G, "samba") == ("samba", [])


async def test_a_scored_game_is_rated_once_when_the_whole_game_ends(env: Env) -> None:
    snap = await seated_table(env, "rage", players=(HOST, P1))

    async def nothing_rated_yet() -> None:
        assert await env.db.scalar("SELECT COUNT(*) FROM ratings") == 0  # nothing before the game is over

    await play_to_the_end(env, snap.id, random.Random(8), each=nothing_rated_yet)
    rows = await env.db.fetchall("SELECT user_id, rated FROM ratings WHERE game_id='rage' ORDER BY user_id")
    assert [tuple(r) for r in rows] == [(HOST, 1), (P1, 1)]
    assert await env.db.scalar("SELECT COUNT(*) FROM rating_changes") == 2


def go_out(snap: object, seat: int) -> str:
    legal = snap.game.legal_actions(snap.state, seat)  # type: ignore[attr-defined]
    return "ask" if "ask" in legal else "yes" if "yes" in legal else legal[0]


async def test_partners_of_a_played_team_game_move_the_same_way(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy team game (two partnerships, as Samba and Burraco): the results' teams are the rated sides.
    The first player asks to go out, the partner agrees: their team wins."""
    from games import registry

    monkeypatch.setitem(registry._GAMES, "bigtoy", "tests.support.bigtoy:BigToy")
    monkeypatch.delitem(registry._loaded, "bigtoy", raising=False)
    snap = await seated_table(env, "bigtoy", players=(HOST, P1, P2, P3))
    rng = random.Random(5)
    for _ in range(5000):
        if (await step(env, snap.id, rng, pick=go_out)).hand_finished:
            break
    else:
        raise AssertionError("the game never ended")
    rows = await env.db.fetchall(
        "SELECT r.team, r.placing, c.mu_after - c.mu_before FROM results r JOIN rating_changes c"
        " ON c.table_id = r.table_id AND c.hand_no = r.hand_no AND c.user_id = r.user_id WHERE r.table_id=?",
        (snap.id,),
    )
    assert len(rows) == 4
    by_team: dict[int, list[float]] = {}
    for team, _placing, change in rows:
        by_team.setdefault(team, []).append(change)
    assert sorted(len(v) for v in by_team.values()) == [2, 2]
    winners = {team for team, placing, _c in rows if placing == 1}
    for team, changes in by_team.items():
        assert changes[0] == pytest.approx(changes[1])  # partners start equal, so they move alike
        assert all((c > 0) == (team in winners) for c in changes), [tuple(r) for r in rows]
