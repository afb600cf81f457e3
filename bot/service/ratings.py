"""Skill ratings per server and game (openskill's Plackett-Luce), moved with each hand's results.

A rating is a belief about a person's skill at one game on one server: ``mu``
(the estimate) and ``sigma`` (how unsure it is). Every time ``results`` rows
are written (a chip game's hand, a scored game's whole game) the people of that
hand are rated in the same transaction, so a rating never disagrees with the
results it came from, and ``rating_changes`` keeps the before/after of each one.

Computer players (user id <= 0) are opponents, never rated: each computer seat
plays at the model's fixed starting rating, which is never stored, so beating a
computer counts like beating a newcomer and partnerships with a computer keep
their shape. A hand with fewer than two people moves nobody's rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from data.store import Conn
from games import Outcome

from .computers import is_computer
from .models import TableCore
from .results import team_of_seats, teams_in
from .seasons import season_of_hand

#: openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (sigma never collapses to 0).
MODEL = PlackettLuce()

#: The number players read: 1000 + 40 × (mu − 3σ), openskill's ordinal (a skill the player is 99.7%
#: likely to be above) on a friendlier scale; a newcomer reads 1000 (docs/runtime.md shows how it spreads).
BASE, SCALE = 1000, 40


def shown(mu: float, sigma: float) -> int:
    """The rating a player reads: cautious (it rises as the bot grows sure), never below 0."""
    return max(0, round(BASE + SCALE * (mu - 3 * sigma)))


@dataclass(frozen=True, slots=True)
class Rating:
    """One person's rating at one game, with its place among the server's rated players of it."""

    game_id: str
    user_id: int
    mu: float
    sigma: float
    rated: int  # hands (or whole games) rated
    rank: int = 0  # 1 = best of the server at this game (equal ratings share a rank)
    of: int = 0  # people rated at this game on the server

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


def sides(seats: int, outcome: Outcome) -> list[list[int]]:
    """The sides openskill ranks, as seat lists: the partnerships, else every seat on its own.
    A seat the game left out of every team plays alone."""
    teams = teams_in(outcome, seats)
    teamed = {s for team in teams for s in team}
    return [*teams, *([s] for s in range(seats) if s not in teamed)]


def rate_hand(
    conn: Conn, *, guild_id: int, game_id: str, table_id: int, hand_no: int,
    users: Sequence[int], outcome: Outcome, now: str,
) -> int:
    """Rates the people of a finished hand (or game) from its placings; returns how many were rated.

    Runs inside the transaction that writes the hand's ``results`` rows: if anything later in
    it fails, the ratings roll back with the results.
    """
    people = [u for u in users if not is_computer(u)]
    if len(people) < 2:
        return 0
    rows = _rated(_load(conn, guild_id, game_id, people), users, outcome)
    conn.executemany(
        "INSERT INTO ratings (guild_id, game_id, user_id, mu, sigma, rated, updated_at) VALUES (?,?,?,?,?,1,?)"
        " ON CONFLICT (guild_id, game_id, user_id) DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma,"
        " rated=ratings.rated+1, updated_at=excluded.updated_at",
        [(guild_id, game_id, u, mu, sigma, now) for u, _mb, _sb, mu, sigma in rows],
    )
    conn.executemany(
        "INSERT INTO rating_changes (table_id, hand_no, user_id, mu_before, sigma_before, mu_after, sigma_after, at)"
        " VALUES (?,?,?,?,?,?,?,?)",
        [(table_id, hand_no, *row, now) for row in rows],
    )
    season = season_of_hand(conn, guild_id, datetime.fromisoformat(now))
    if season is not None:  # the season's ratings start everyone afresh: rated on their own
        before = _load(conn, guild_id, game_id, people, season=season)
        conn.executemany(
            "INSERT INTO season_ratings (guild_id, season, game_id, user_id, mu, sigma, rated, updated_at)"
            " VALUES (?,?,?,?,?,?,1,?) ON CONFLICT (guild_id, season, game_id, user_id) DO UPDATE SET"
            " mu=excluded.mu, sigma=excluded.sigma, rated=season_ratings.rated+1, updated_at=excluded.updated_at",
            [(guild_id, season, game_id, u, mu, sigma, now) for u, _mb, _sb, mu, sigma in _rated(before, users, outcome)],
        )
    return len(rows)


def _rated(
    before: dict[int, tuple[float, float]], users: Sequence[int], outcome: Outcome
) -> list[tuple[int, float, float, float, float]]:
    """``(user, mu before, sigma before, mu after, sigma after)`` for each person of the hand;
    computer players count as newcomers every time (they are never rated)."""
    groups = sides(len(users), outcome)
    teams = [
        [MODEL.rating() if is_computer(users[s]) else MODEL.rating(*before[users[s]][:2]) for s in group]
        for group in groups
    ]
    ranks = [float(min(outcome.placings[s] for s in group)) for group in groups]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        (users[s], *before[users[s]][:2], new.mu, new.sigma)
        for group, team in zip(groups, after, strict=True)
        for s, new in zip(group, team, strict=True)
        if not is_computer(users[s])
    ]


def _load(
    conn: Conn, guild_id: int, game_id: str, people: Sequence[int], *, season: int | None = None
) -> dict[int, tuple[float, float]]:
    """Each person's (mu, sigma) at this game now (all time, or in ``season``); a newcomer starts
    at the model's default."""
    marks = ",".join("?" * len(people))
    table, scope = ("ratings", "") if season is None else ("season_ratings", " AND season=?")
    extra: tuple[int, ...] = () if season is None else (season,)
    stored = {
        int(u): (float(mu), float(sigma))
        for u, mu, sigma in conn.execute(
            f"SELECT user_id, mu, sigma FROM {table} WHERE guild_id=? AND game_id=?{scope} AND user_id IN ({marks})",
            (guild_id, game_id, *extra, *people),
        )
    }
    return {u: stored.get(u, (MODEL.mu, MODEL.sigma)) for u in people}


def _ranked(season: int | None) -> tuple[str, tuple[int, ...]]:
    """Every rating of a server (all time, or one season's) with its place per game; the caller
    passes the guild id first, then the returned parameters."""
    table, scope, args = ("ratings", "", ()) if season is None else ("season_ratings", " AND season=?", (season,))
    return (
        "SELECT game_id, user_id, mu, sigma, rated,"
        " RANK() OVER (PARTITION BY game_id ORDER BY mu - 3 * sigma DESC) AS place,"
        " COUNT(*) OVER (PARTITION BY game_id) AS players"
        f" FROM {table} WHERE guild_id=? AND user_id > 0{scope}"
    ), args


_RANKED = _ranked(None)[0]


def board(conn: Conn, guild_id: int, game_id: str, limit: int = 10, season: int | None = None) -> list[Rating]:
    """The rating leaderboard of one game (all time, or a season's), best first (people only;
    equal ratings share a place)."""
    ranked, args = _ranked(season)
    rows = conn.execute(
        f"SELECT * FROM ({ranked} AND game_id=?) AS ranked ORDER BY place, user_id LIMIT ?",
        (guild_id, *args, game_id, max(1, min(int(limit), 100))),
    ).fetchall()
    return [_rating(row) for row in rows]


def most_rated_game(conn: Conn, guild_id: int, season: int | None = None) -> str | None:
    """The game with the most rated hands on this server (or in a season): the board shown when
    none is asked for."""
    table, scope, args = ("ratings", "", ()) if season is None else ("season_ratings", " AND season=?", (season,))
    row = conn.execute(
        f"SELECT game_id FROM {table} WHERE guild_id=?{scope} GROUP BY game_id ORDER BY SUM(rated) DESC, game_id LIMIT 1",
        (guild_id, *args),
    ).fetchone()
    return None if row is None else str(row[0])


def player_ratings(conn: Conn, guild_id: int, user_id: int, game_id: str | None = None) -> list[Rating]:
    """A person's rating at every game they were rated in (or one game), most rated first."""
    sql = f"SELECT * FROM ({_RANKED}) AS ranked WHERE user_id=?"
    params: list[object] = [guild_id, user_id]
    if game_id:
        sql += " AND game_id=?"
        params.append(game_id)
    return [_rating(row) for row in conn.execute(sql + " ORDER BY rated DESC, game_id", params)]


def _rating(row: Any) -> Rating:
    game_id, user_id, mu, sigma, rated, place, players = row
    return Rating(str(game_id), int(user_id), float(mu), float(sigma), int(rated), int(place), int(players))


def record_hand(
    conn: Conn, core: TableCore, game_id: str, users: list[int], outcome: Outcome, nets: Sequence[int], now: str
) -> None:
    """The hand's rows for the boards and stats, and its ratings unless the computer coached (hints on:
    chips and boards count, ratings don't)."""
    scores = tuple(outcome.scores) if outcome.scores else (None,) * len(users)
    teams = team_of_seats(outcome, len(users))
    conn.executemany(
        'INSERT INTO results (table_id, hand_no, guild_id, user_id, game_id, seat, "placing", payoff, score, at, team)'
        " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [
            (core.id, core.hand_no, core.guild_id, u, game_id, i, outcome.placings[i], nets[i], scores[i], now, teams[i])
            for i, u in enumerate(users)
        ],
    )
    if core.hints != "on":
        rate_hand(conn, guild_id=core.guild_id, game_id=game_id, table_id=core.id, hand_no=core.hand_no,
                  users=users, outcome=outcome, now=now)


__all__ = ["MODEL", "Rating", "board", "most_rated_game", "player_ratings", "rate_hand", "record_hand", "shown", "sides"]
