"""What rating a hand adds to the end of every hand: ``rate_hand`` per call, and openskill's share.

Run: ``python -m benchmarks.ratings [--quick]``.

``rate_hand`` runs inside the hand's own transaction (the one that writes the
``results`` rows), so its cost is what it adds to that transaction: read the
people's ratings, openskill's update, upsert ``ratings``, append ``rating_changes``.
Measured on a real SQLite file (WAL, synchronous=NORMAL, as ``Database`` opens it)
holding a server with many rated players, the hands grouped 100 to a transaction
so that the COMMIT — shared with the hand's other writes in production — is left out.
Each shape runs for several rounds; the best round is kept, the median also shown.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service.ratings import MODEL, rate_hand, sides
from data.migrate import migrate_sync
from games import Outcome

GUILD = 1
AT = "2026-11-21T00:00:00.000000+00:00"
#: name: (people, computers, teams?)
SHAPES: dict[str, tuple[int, int, bool]] = {
    "2 people": (2, 0, False),
    "4 people": (4, 0, False),
    "3 people + 1 computer": (3, 1, False),
    "4 people in 2 teams": (4, 0, True),
    "8 people": (8, 0, False),
}


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    migrate_sync(conn)
    conn.execute("PRAGMA foreign_keys=OFF")  # the benchmark's hands have no tables rows
    return conn


def _hands(rng: random.Random, shape: tuple[int, int, bool], n: int, pool: int) -> list[tuple[list[int], Outcome]]:
    people, computers, teamed = shape
    out = []
    for _ in range(n):
        users = rng.sample(range(1, pool + 1), people) + [-(k + 1) for k in range(computers)]
        rng.shuffle(users)
        seats = len(users)
        if teamed:
            win = rng.randrange(2)
            placings = tuple(1 if s % 2 == win else 2 for s in range(seats))
            extra: dict[str, Any] = {"teams": [[0, 2], [1, 3]]}
        else:
            placings = tuple(rng.sample(range(1, seats + 1), seats))
            extra = {}
        out.append((users, Outcome((0,) * seats, placings, extra=extra)))
    return out


def _round(conn: sqlite3.Connection, hands: list[tuple[list[int], Outcome]], first_hand: int) -> float:
    """Seconds per hand for ``rate_hand`` over these hands, 100 to a transaction."""
    start = time.perf_counter()
    for i in range(0, len(hands), 100):
        conn.execute("BEGIN IMMEDIATE")
        for j, (users, outcome) in enumerate(hands[i : i + 100]):
            rate_hand(conn, guild_id=GUILD, game_id="bench", table_id=1, hand_no=first_hand + i + j,
                      users=users, outcome=outcome, now=AT)
        conn.execute("COMMIT")
    return (time.perf_counter() - start) / len(hands)


def _openskill_only(hands: list[tuple[list[int], Outcome]]) -> float:
    """Seconds per hand for openskill's ``rate`` alone, on the same shapes (no SQL)."""
    start = time.perf_counter()
    for users, outcome in hands:
        groups = sides(len(users), outcome)
        teams = [[MODEL.rating() for _s in group] for group in groups]
        MODEL.rate(teams, ranks=[float(min(outcome.placings[s] for s in g)) for g in groups])
    return (time.perf_counter() - start) / len(hands)


def run(quick: bool = False, rounds: int = 5) -> dict[str, dict[str, float]]:
    per_round = 200 if quick else 2000
    rounds = 2 if quick else rounds
    pool = 1000  # people rated on the server
    rng = random.Random(15)
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        conn = _connect(Path(tmp) / "ratings.sqlite3")
        _round(conn, _hands(rng, (4, 0, False), 2000, pool), 1)  # a server where everyone is rated
        hand_no = 10_000
        print(f"{'shape':<24} {'best ms/hand':>13} {'median ms/hand':>15} {'openskill ms':>13}")
        for name, shape in SHAPES.items():
            times = []
            for _ in range(rounds):
                hands = _hands(rng, shape, per_round, pool)
                times.append(_round(conn, hands, hand_no))
                hand_no += per_round
            alone = min(_openskill_only(_hands(rng, shape, per_round, pool)) for _ in range(rounds))
            figures[name] = {"best_ms": min(times) * 1e3, "median_ms": statistics.median(times) * 1e3,
                             "openskill_ms": alone * 1e3}
            f = figures[name]
            print(f"{name:<24} {f['best_ms']:>13.3f} {f['median_ms']:>15.3f} {f['openskill_ms']:>13.3f}")
        conn.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run(quick=args.quick, rounds=args.rounds)


if __name__ == "__main__":
    main()
