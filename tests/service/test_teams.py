"""Teams in results, standings and leaderboards, read from the ``results`` rows.

An outcome names its partnerships in ``extra["teams"]`` (lists of seats); the
runtime writes each seat's team next to its placing, so a team leaderboard can
count partnerships (the same players together, whatever their seats) and /stats
the games a player played with a partner.
"""

from __future__ import annotations

from typing import Any

from bot.service.results import HandResult, hand_result, team_lines, team_of_seats, teams_in
from bot.service.standings import partner_stats, partnerships
from games import Outcome
from tests.support.stores import table_row

G = 7


def outcome(teams: object, placings: tuple[int, ...] = (1, 2, 1, 2), scores: tuple[int, ...] = (150, 90, 150, 90)) -> Outcome:
    return Outcome((0, 0, 0, 0), placings, scores=scores, extra={"teams": teams})


def test_only_well_formed_teams_count() -> None:
    assert teams_in(outcome([[0, 2], [1, 3]]), 4) == [[0, 2], [1, 3]]
    assert teams_in(outcome(((0, 2), (1, 3))), 4) == [[0, 2], [1, 3]]
    assert teams_in(outcome([[0, 2], [2, 3]]), 4) == []  # a seat in two teams
    assert teams_in(outcome([[0, 4]]), 4) == []  # no such seat
    assert teams_in(outcome("0&2"), 4) == []
    assert teams_in(Outcome((0, 0), (1, 2)), 2) == []
    assert team_of_seats(outcome([[0, 2], [1, 3]]), 4) == [0, 1, 0, 1]
    assert team_of_seats(Outcome((0, 0), (1, 2)), 2) == [None, None]


def test_a_result_names_the_teams_best_first_with_their_scores_and_survives_json() -> None:
    users = [11, 12, 13, 14]
    out = outcome([[0, 2], [1, 3]], placings=(2, 1, 2, 1), scores=(1400, 2150, 1400, 2150))
    lines = team_lines(users, out)
    assert [(t.user_ids, t.placing, t.score) for t in lines] == [((12, 14), 1, 2150), ((11, 13), 2, 1400)]
    result = hand_result(3, users, out, lambda u: f"<@{u}>", nets=None, chips=None, pot=0)
    assert HandResult.from_json(result.to_json()) == result
    assert result.teams == lines




def _game(conn: Any, table: int, hand: int, users: list[int], teams: list[int | None],
          placings: list[int], game: str = "burraco") -> None:
    table_row(conn, table, G, game)
    conn.executemany(
        "INSERT INTO results (table_id, hand_no, guild_id, user_id, game_id, seat, \"placing\", payoff, score, at, team)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [(table, hand, G, u, game, i, placings[i], 0, None, "2030-01-01T00:00:00", teams[i]) for i, u in enumerate(users)],
    )


def test_the_team_leaderboard_counts_partnerships_whatever_the_seats(sync_conn: Any) -> None:
    conn = sync_conn
    _game(conn, 1, 1, [1, 2, 3, 4], [0, 1, 0, 1], [1, 2, 1, 2])  # 1 & 3 beat 2 & 4
    _game(conn, 2, 1, [3, 4, 1, 2], [0, 1, 0, 1], [2, 1, 2, 1])  # 4 & 2 beat 3 & 1 (other seats)
    _game(conn, 3, 1, [1, 2, 3, 4], [0, 1, 0, 1], [1, 2, 1, 2])  # 1 & 3 again
    _game(conn, 4, 1, [1, 2, 3, 4], [0, 0, 1, 1], [2, 2, 1, 1])  # 3 & 4 beat 1 & 2
    _game(conn, 5, 1, [1, 2], [None, None], [1, 2], game="rage")  # no teams: not counted
    board = partnerships(conn, G)
    assert board[0] == ((1, 3), 2, 3)
    assert board[1] == ((2, 4), 1, 3)  # more games together than 3 & 4, with as many wins
    assert ((3, 4), 1, 1) in board and ((1, 2), 0, 1) in board
    assert partnerships(conn, G, "rage") == []
    stats = partner_stats(conn, G, 1)
    assert stats == {"team_games": 4, "team_wins": 2, "partner": (3, 3)}
    assert partner_stats(conn, G, 1, "rage") == {}
