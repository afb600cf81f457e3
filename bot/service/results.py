"""What players read when a hand, a deal or a whole table ends: one structured result.

The engines say what decided a hand (``Outcome.summary`` and ``details``, with
seat placeholders); the ledger says what each player's chips did. This module
joins the two per *player* (user ids, never seats), so the Discord layer can
show one result, once, with names and chip changes equal to the ledger's, and
so the result survives a restart (it is stored as JSON on the table row).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from games import Outcome
from games.core.game import placings_from
from games.core.views import ScoreSheet, resolve_seats

Kind = str  # "hand" (a chip game's hand), "deal" (one deal of a score-sheet game), "final", "ended"


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One player's line: placing, what decided it, chips moved and chips now at the table."""

    user_id: int
    placing: int
    detail: str = ""
    net: int | None = None  # chips the ledger moved for this player (this hand, or the whole session)
    chips: int | None = None  # chips at the table afterwards
    score: int | None = None  # this deal's score (score-sheet games)
    total: int | None = None  # running or final total (score-sheet games)


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One team of a result: its players (user ids, in seat order), placing and score."""

    user_ids: tuple[int, ...]
    placing: int
    score: int | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand or deal (``kind``), or the standings when a table ends."""

    kind: Kind
    number: int  # hand number, or deal number for ``deal``
    headline: str
    lines: tuple[ResultLine, ...]
    pot: int = 0  # chips carried to the next hand
    sheet: ScoreSheet | None = None
    #: How the hand ended, as it was announced (the showdown, the last trick), headline left out.
    story: tuple[str, ...] = ()
    #: The table's final standings, when this was its last hand (``Outcome.table_over``).
    session: tuple[ResultLine, ...] = ()
    #: The partnerships, best first, when the game has teams (``Outcome.extra["teams"]``).
    teams: tuple[TeamLine, ...] = ()
    #: (user id, 💡 hints used) of the people who asked for hints this hand (``table_hints``).
    hints: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> str:
        doc = asdict(self)
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_json(text: str | None) -> HandResult | None:
        if not text:
            return None
        doc: dict[str, Any] = json.loads(text)
        sheet = doc.get("sheet")
        return HandResult(
            kind=doc["kind"],
            number=doc["number"],
            headline=doc["headline"],
            lines=tuple(ResultLine(**line) for line in doc["lines"]),
            pot=doc.get("pot", 0),
            story=tuple(doc.get("story", ())),
            session=tuple(ResultLine(**line) for line in doc.get("session", ())),
            teams=tuple(
                TeamLine(tuple(t["user_ids"]), t["placing"], t.get("score")) for t in doc.get("teams", ())
            ),
            hints=tuple((int(u), int(n)) for u, n in doc.get("hints", ())),
            sheet=None if sheet is None else ScoreSheet(
                rows=tuple((label, tuple(values)) for label, values in sheet["rows"]),
                totals=tuple(sheet["totals"]),
                title=sheet.get("title", "Score sheet"),
            ),
        )

    @property
    def ranked(self) -> tuple[ResultLine, ...]:
        """Best first; equal placings keep seat order."""
        return tuple(sorted(self.lines, key=lambda line: line.placing))


def hand_result(
    number: int,
    users: Sequence[int],
    outcome: Outcome,
    mention: Callable[[int], str],
    *,
    nets: Sequence[int] | None,
    chips: Sequence[int] | None,
    pot: int,
    sheet: ScoreSheet | None = None,
    kind: Kind = "hand",
    events: Sequence[str] = (),
) -> HandResult:
    """The result of a finished hand: the engine's words with names in, the ledger's figures."""

    def named(text: str) -> str:
        return resolve_seats(text, lambda s: mention(users[s]) if 0 <= s < len(users) else "?")

    details = outcome.details or ("",) * len(users)
    lines = tuple(
        ResultLine(
            user_id=u,
            placing=outcome.placings[i],
            detail=named(details[i]) if i < len(details) else "",
            net=None if nets is None else nets[i],
            chips=None if chips is None else chips[i],
            total=outcome.scores[i] if outcome.scores else None,
        )
        for i, u in enumerate(users)
    )
    headline = named(outcome.summary)
    return HandResult(
        kind, number, headline, lines, pot=pot, sheet=sheet, story=story_of(events, headline),
        teams=team_lines(users, outcome),
    )


def teams_in(outcome: Outcome, seats: int) -> list[list[int]]:
    """The outcome's partnerships (``extra["teams"]``: a list of seat lists), or [] if it has none.

    Only a well-formed one counts: every seat in range and in at most one team.
    """
    raw = outcome.extra.get("teams") if outcome.extra else None
    if not isinstance(raw, list | tuple):
        return []
    teams: list[list[int]] = []
    seen: set[int] = set()
    for team in raw:
        if not isinstance(team, list | tuple) or not team:
            return []
        members = [s for s in team if isinstance(s, int) and 0 <= s < seats and s not in seen]
        if len(members) != len(team):
            return []
        seen.update(members)
        teams.append(members)
    return teams


def team_of_seats(outcome: Outcome, seats: int) -> list[int | None]:
    """Per seat, the index of its team in ``extra["teams"]`` (None: no teams, or not in one)."""
    out: list[int | None] = [None] * seats
    for index, team in enumerate(teams_in(outcome, seats)):
        for seat in team:
            out[seat] = index
    return out


def team_lines(users: Sequence[int], outcome: Outcome) -> tuple[TeamLine, ...]:
    """The teams of a finished hand, best first: players, placing (their best seat's), score."""
    lines = [
        TeamLine(
            tuple(users[s] for s in team),
            min(outcome.placings[s] for s in team),
            outcome.scores[team[0]] if outcome.scores else None,
        )
        for team in teams_in(outcome, len(users))
    ]
    return tuple(sorted(lines, key=lambda t: t.placing))


#: How a sentence ends, in the languages the bot speaks (a story line is a whole sentence).
_SENTENCE_END = (".", "!", "?", ")", "。", "！", "？", "）")


def story_of(events: Sequence[str], headline: str) -> tuple[str, ...]:
    """The closing announcements one sentence a line, without the headline they end with.

    A log shorthand that isn't a sentence (Renfield's "@carol: 5🦴", a card played) is left out:
    under "How it ended" it read as a score, and the trick it ended is told by the next line."""
    out: list[str] = []
    for text in events:
        if headline and text.endswith(headline):
            text = text[: -len(headline)]
        out.extend(
            s for s in re.split(r"(?<=[.!])\s+(?=<@|The )", text.strip())
            if s and s != headline and s.endswith(_SENTENCE_END)
        )
    return tuple(out)


def deal_result(
    number: int, users: Sequence[int], headline: str, sheet: ScoreSheet, *, story: tuple[str, ...] = ()
) -> HandResult:
    """A deal of a score-sheet game just ended: its row and the running totals, by player."""
    row = sheet.rows[-1][1] if sheet.rows else ()
    placings = sheet_placings(sheet)
    lines = tuple(
        ResultLine(
            user_id=u,
            placing=placings[i],
            score=row[i] if i < len(row) else None,
            total=sheet.totals[i],
        )
        for i, u in enumerate(users)
    )
    return HandResult(
        "deal", number, headline, lines, sheet=sheet, teams=sheet_teams(users, sheet, placings), story=story
    )


def sheet_placings(sheet: ScoreSheet, totals: Sequence[int] | None = None) -> tuple[int, ...]:
    """Placings by total; with partnerships the teams are ranked (partners share their place)."""
    totals = sheet.totals if totals is None else totals
    if not sheet.teams:
        return placings_from(list(totals))
    ranks = placings_from([totals[team[0]] for team in sheet.teams])
    out = [0] * len(totals)
    for rank, team in zip(ranks, sheet.teams, strict=True):
        for seat in team:
            out[seat] = rank
    return tuple(out)


def sheet_teams(users: Sequence[int], sheet: ScoreSheet | None, placings: Sequence[int]) -> tuple[TeamLine, ...]:
    """The partnerships of a score sheet as result lines, best first (none without teams)."""
    if sheet is None or not sheet.teams or any(s >= len(users) for team in sheet.teams for s in team):
        return ()
    lines = [TeamLine(tuple(users[s] for s in team), placings[team[0]], sheet.totals[team[0]]) for team in sheet.teams]
    return tuple(sorted(lines, key=lambda t: t.placing))


def standings(
    users: Sequence[int],
    *,
    headline: str,
    totals: Sequence[int] | None = None,
    nets: Sequence[int] | None = None,
    chips: Sequence[int] | None = None,
    sheet: ScoreSheet | None = None,
    number: int = 0,
) -> HandResult:
    """Where everyone stands when a table ends early: scores so far, or net chips for the session."""
    keys = totals if totals is not None else nets if nets is not None else [0] * len(users)
    placings = sheet_placings(sheet, keys) if sheet is not None and totals is not None else placings_from(list(keys))
    lines = tuple(
        ResultLine(
            user_id=u,
            placing=placings[i],
            net=None if nets is None else nets[i],
            chips=None if chips is None else chips[i],
            total=None if totals is None else totals[i],
        )
        for i, u in enumerate(users)
    )
    teams = sheet_teams(users, sheet, placings) if totals is not None else ()
    return HandResult("ended", number, headline, lines, sheet=sheet, teams=teams)


__all__ = [
    "HandResult", "ResultLine", "TeamLine", "deal_result", "hand_result", "standings", "story_of", "team_lines",
    "team_of_seats", "teams_in",
]
