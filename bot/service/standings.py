"""Where everyone stands over a whole table: net chips for the session, or hands won.

Shown when a table ends, early (``/table end``) or because its game reached its
agreed length (``Outcome.table_over``); counted from the ``results`` rows, so
the figures are what the ledger moved hand by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.store import Conn
from games.core.game import placings_from
from games.core.i18n import _

from .computers import is_computer
from .live import Live
from .results import ResultLine


def session_nets(conn: Conn, live: Live, users: Sequence[int]) -> tuple[list[int], list[int]]:
    """Everyone who played a hand here (also those who left on the way) and each one's net chips:
    what their hands moved, plus their share of a carried pot split when the table closed."""
    rows = dict(
        conn.execute(
            "SELECT user_id, SUM(payoff) FROM results WHERE table_id=? GROUP BY user_id"
            " ORDER BY MIN(hand_no), MIN(seat)", (live.core.id,)
        ).fetchall()
    )
    shares = dict(
        conn.execute(
            "SELECT a.user_id, SUM(t.amount) FROM transfers t JOIN accounts a ON a.id = t.credit_id"
            " WHERE t.table_id=? AND t.code='payout' AND t.memo='carried pot' AND a.kind='escrow'"
            " GROUP BY a.user_id", (live.core.id,)
        ).fetchall()
    )
    everyone = [*users, *(u for u in rows if u not in users)]
    return everyone, [int(rows.get(u, 0)) + int(shares.get(u, 0)) for u in everyone]


def session_wins(conn: Conn, live: Live, users: Sequence[int]) -> tuple[list[int], list[int]]:
    """Everyone who played a hand here and how many hands each one won outright (placing 1)."""
    rows = dict(
        conn.execute(
            "SELECT user_id, SUM(CASE WHEN results.placing = 1 THEN 1 ELSE 0 END) FROM results WHERE table_id=? GROUP BY user_id"
            " ORDER BY MIN(hand_no), MIN(seat)", (live.core.id,)
        ).fetchall()
    )
    everyone = [*users, *(u for u in rows if u not in users)]
    return everyone, [int(rows.get(u, 0)) for u in everyone]


def session_lines(conn: Conn, live: Live, users: Sequence[int]) -> tuple[ResultLine, ...]:
    """The final standings of a table whose game is over: net chips, or hands won."""
    if live.core.chips:
        everyone, nets = session_nets(conn, live, users)
        placings = placings_from(nets)
        return tuple(ResultLine(user_id=u, placing=placings[i], net=nets[i]) for i, u in enumerate(everyone))
    everyone, wins = session_wins(conn, live, users)
    placings = placings_from(wins)
    return tuple(
        ResultLine(user_id=u, placing=placings[i], detail=_("won {n} of {hands}").format(n=wins[i], hands=live.core.hand_no))
        for i, u in enumerate(everyone)
    )


def _team_rows(
    conn: Conn, guild_id: int, game_id: str | None, *, user_id: int | None = None
) -> dict[tuple[int, int, int], list[tuple[int, int]]]:
    """Every team of every finished hand (or game) with at least two players: (table, hand, team) ->
    [(user id, placing)]; only the teams ``user_id`` played in, if given."""
    sql = "SELECT r.table_id, r.hand_no, r.team, r.user_id, r.placing FROM results r WHERE r.guild_id=? AND r.team IS NOT NULL"
    params: list[object] = [guild_id]
    if game_id:
        sql += " AND r.game_id=?"
        params.append(game_id)
    if user_id is not None:
        sql += (
            " AND EXISTS (SELECT 1 FROM results m WHERE m.table_id=r.table_id AND m.hand_no=r.hand_no"
            " AND m.team=r.team AND m.user_id=?)"
        )
        params.append(user_id)
    teams: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for table_id, hand_no, team, user, placing in conn.execute(sql + " ORDER BY r.user_id", params):
        teams.setdefault((table_id, hand_no, team), []).append((int(user), int(placing)))
    return {key: members for key, members in teams.items() if len(members) > 1}


def partnerships(
    conn: Conn, guild_id: int, game_id: str | None = None, limit: int = 10
) -> list[tuple[tuple[int, ...], int, int]]:
    """The team leaderboard: each partnership (the same players on one team), best first, as
    (user ids, hands or games won together, played together). Most wins first, then most played."""
    tally: dict[tuple[int, ...], list[int]] = {}
    for members in _team_rows(conn, guild_id, game_id).values():
        key = tuple(sorted(u for u, _p in members))
        if any(is_computer(u) for u in key):  # a partnership with a computer player isn't ranked
            continue
        won = min(p for _u, p in members) == 1
        entry = tally.setdefault(key, [0, 0])
        entry[0] += won
        entry[1] += 1
    ranked = sorted(tally.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
    return [(key, wins, played) for key, (wins, played) in ranked[: max(1, min(limit, 100))]]


def partner_stats(conn: Conn, guild_id: int, user_id: int, game_id: str | None = None) -> dict[str, Any]:
    """A player's hands (or games) with a partner: how many, how many won, and the partner most played with."""
    games = wins = 0
    partners: dict[int, int] = {}
    for members in _team_rows(conn, guild_id, game_id, user_id=user_id).values():
        games += 1
        wins += min(p for _u, p in members) == 1
        for u, _p in members:
            if u != user_id and not is_computer(u):
                partners[u] = partners.get(u, 0) + 1
    if not games:
        return {}
    if not partners:  # every game with a computer partner: they count, but no person to name
        return {"team_games": games, "team_wins": wins}
    best = min(partners, key=lambda u: (-partners[u], u))
    return {"team_games": games, "team_wins": wins, "partner": (best, partners[best])}


__all__ = ["partner_stats", "partnerships", "session_lines", "session_nets", "session_wins"]
