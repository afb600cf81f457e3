"""A partnership game to a target on one score sheet, deal after deal (Burraco, Samba).

One state holds the whole game (the runtime ranks deal-by-deal tables by hands won,
so a game scored to a target keeps its deals inside one state). When a deal ends,
``close_deal`` writes the teams' points on the sheet, tells the new totals (the event
that ``ends_deal``) and decides: another deal, or the game over with its winner —
once a team passes the target (``exceed``: strictly more; else reaching it is
enough), the higher team; a tie at the top plays on; after ``max_deals`` deals (a
safeguard for play that never reaches the target) the higher team wins anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game import Event, Outcome
from ..i18n import _
from ..sheet import ScoreSheet
from ..teams import members, per_seat, seat_placings, team_placings, teams_extra
from ..views import seat_name
from ..wording import count_of, number

SEATS = 4


def team_names(team: int) -> str:
    """The partners of ``team`` in a sentence: "⟦seat:0⟧ and ⟦seat:2⟧"."""
    a, b = members(team, SEATS)
    return _("{a} and {b}").format(a=seat_name(a), b=seat_name(b))


def game_winner(totals: Sequence[int], target: int, *, exceed: bool) -> int | None:
    """The winning team once a team is past (or, without ``exceed``, at) the target; a tie plays on."""
    top = max(totals)
    if (top <= target if exceed else top < target) or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


@dataclass(frozen=True, slots=True)
class DealClosed:
    """A deal written on the sheet: the new sheet, what to tell, and whether the game is over."""

    sheet: ScoreSheet
    events: tuple[Event, ...]
    over: bool
    winner: int  # the winning team, -1 for none (a tie at the end, or the game goes on)


def close_deal(
    sheet: ScoreSheet, deal_no: int, points: Sequence[int], *, target: int, exceed: bool, max_deals: int
) -> DealClosed:
    """Deal ``deal_no`` (0-based) scored ``points`` per team: the sheet, the totals told, the verdict."""
    sheet = sheet.add(per_seat(points, SEATS))
    totals = (sheet.totals[0], sheet.totals[1])
    text = _("After deal {k}: {a} to {b}.").format(k=deal_no + 1, a=number(totals[0]), b=number(totals[1]))
    events = [Event(text, ends_deal=True)]
    winner = game_winner(totals, target, exceed=exceed)
    last = deal_no + 1 >= max_deals
    reached = max(totals) > target if exceed else max(totals) >= target
    if winner is None and not last:
        if reached:
            tie = _("Tied above {n}: another deal.") if exceed else _("Tied at {n} or more: another deal.")
            events.append(Event(tie.format(n=target)))
        return DealClosed(sheet, tuple(events), False, -1)
    if winner is None and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    if last and not reached:
        events.append(Event(_("That was deal {n}, the last one this table plays.").format(n=deal_no + 1)))
    return DealClosed(sheet, tuple(events), True, -1 if winner is None else winner)


def final_summary(sheet: ScoreSheet, winner: int) -> str:
    if winner < 0:
        return _("Game over: a tie at {n} each.").format(n=number(sheet.totals[0]))
    return _("Game over: {who} win, {a} to {b}.").format(
        who=team_names(winner), a=number(sheet.totals[winner]), b=number(sheet.totals[1 - winner])
    )


def game_outcome(sheet: ScoreSheet, winner: int, deals: int) -> Outcome:
    """The result of a whole game: placings by team total (the winner first), no chips."""
    totals = (sheet.totals[0], sheet.totals[1])
    return Outcome(
        payoffs=(0,) * SEATS,
        placings=seat_placings(team_placings(totals, winner=winner if winner >= 0 else None), SEATS),
        summary=final_summary(sheet, winner),
        scores=sheet.totals,
        extra={**teams_extra(SEATS), "deals": deals},
        details=tuple(_("team {n}").format(n=count_of(t, _("{n} point"), _("{n} points"))) for t in sheet.totals),
    )


__all__ = ["DealClosed", "close_deal", "final_summary", "game_outcome", "game_winner", "team_names"]
