"""Standings of a rounds tournament: what a table's result carries into the event.

Score games keep very different sheets (Reversis counts penalty points, Samba thousands), so a
table's raw scores can't be added across tables. What carries is the **placing** at the table:
a table of k players gives k−1 points to its winner down to 0 for the last, players tied for a
place share its points (two tied for first at four: 2½ each), as in duplicate bridge's
match points. The game points beyond the table's average break ties between equal placings: a
big win counts for more than a narrow one, and tables of any scale add up. Standings are
recomputed from the recorded results every time, so they can't drift from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class TableResult:
    """One table's final scores in one round: player → the game's score (higher is better; a
    penalty game gives its scores negated)."""

    round: int
    table: int
    scores: Mapping[int, float]


@dataclass(frozen=True)
class Line:
    """One player's standing: placing points (``points``), game points over their tables'
    averages (``margin``), and the tables played."""

    player: int
    points: Fraction = Fraction(0)
    margin: float = 0.0
    tables: int = 0
    placings: tuple[int, ...] = field(default_factory=tuple)


def placing_points(scores: Mapping[int, float]) -> dict[int, Fraction]:
    """Placing points at one table: k−1 for the best score down to 0, ties sharing the places
    they cover."""
    ordered = sorted(scores.values(), reverse=True)
    k = len(ordered)
    out: dict[int, Fraction] = {}
    for player, score in scores.items():
        better = sum(1 for s in ordered if s > score)
        equal = sum(1 for s in ordered if s == score)
        # places better … better+equal−1 (0-based) are worth k−1−place; the tied share their mean
        covered = sum(k - 1 - place for place in range(better, better + equal))
        out[player] = Fraction(covered, equal)
    return out


def place_at_table(scores: Mapping[int, float], player: int) -> int:
    """The player's place at the table (1 = best; tied players share the better place)."""
    mine = scores[player]
    return 1 + sum(1 for s in scores.values() if s > mine)


def standings(players: Iterable[int], results: Iterable[TableResult]) -> tuple[Line, ...]:
    """Everyone's line, best first: placing points, then margin, then the player id (the earlier
    entrant, as entrants get increasing ids) so the order is total and stable."""
    lines: dict[int, Line] = {p: Line(p) for p in players}
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        pts = placing_points(result.scores)
        mean = sum(result.scores.values()) / len(result.scores)
        for player, score in result.scores.items():
            old = lines.get(player, Line(player))
            lines[player] = Line(
                player,
                points=old.points + pts[player],
                margin=old.margin + (score - mean),
                tables=old.tables + 1,
                placings=(*old.placings, place_at_table(result.scores, player)),
            )
    return tuple(sorted(lines.values(), key=lambda ln: (-ln.points, -ln.margin, ln.player)))


def advancing(lines: Iterable[Line], top: int) -> tuple[int, ...]:
    """The players who go on to the next stage: the first ``top`` of the standings."""
    return tuple(ln.player for ln in list(lines)[:top])


def format_points(points: Fraction) -> str:
    """Placing points as people write them: 3, 2½, 1⅓ (a vulgar fraction for the shares ties make)."""
    if points < 0:
        raise ValueError("placing points are never negative")
    whole, rest = divmod(points, 1)
    glyph = {
        Fraction(1, 2): "½",
        Fraction(1, 3): "⅓",
        Fraction(2, 3): "⅔",
        Fraction(1, 4): "¼",
        Fraction(3, 4): "¾",
    }
    if rest == 0:
        return str(int(whole))
    if rest in glyph:
        return f"{int(whole) if whole else ''}{glyph[rest]}"
    return f"{float(points):.2f}"


__all__ = [
    "Line",
    "TableResult",
    "advancing",
    "format_points",
    "place_at_table",
    "placing_points",
    "standings",
]
