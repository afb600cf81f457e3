"""Scoring a Samba deal: melds and bonuses, red 3s, going out, hands against the team."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import _
from ..core.rummy.match import team_names
from ..core.rummy.melds import RUN, is_book
from ..core.teams import members
from ..core.wording import signed
from .state import (
    BOOKS_TO_GO_OUT,
    CLEAN_BONUS,
    MIXED_BONUS,
    OUT_BONUS,
    RED3_ALL,
    RED3_EACH,
    RULES,
    SEATS,
    SambaState,
    value,
)


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's deal, term by term."""

    melded: int
    in_hand: int
    clean: int  # natural canastas
    mixed: int  # mixed canastas
    sambas: int
    samba_bonus: int
    red3s: int
    out: bool
    penalty: int

    @property
    def books(self) -> int:
        return self.clean + self.mixed + self.sambas

    @property
    def red3_points(self) -> int:
        points = RED3_ALL if self.red3s == 6 else RED3_EACH * self.red3s
        return points if self.books >= BOOKS_TO_GO_OUT else -points

    @property
    def total(self) -> int:
        bonus = CLEAN_BONUS * self.clean + MIXED_BONUS * self.mixed + self.samba_bonus * self.sambas
        return self.melded - self.in_hand + bonus + self.red3_points + (OUT_BONUS if self.out else 0) + self.penalty


def team_score(state: SambaState, team: int) -> TeamScore:
    melds = state.melds[team]
    books = [m for m in melds if is_book(m, RULES)]
    return TeamScore(
        melded=sum(value(c) for m in melds for c in m.cards),
        in_hand=sum(value(c) for s in members(team, SEATS) for c in state.hands[s]),
        clean=sum(1 for m in books if m.kind != RUN and m.clean),
        mixed=sum(1 for m in books if not m.clean),
        sambas=sum(1 for m in books if m.kind == RUN),
        samba_bonus=state.options.samba_bonus,
        red3s=len(state.red3s[team]),
        out=state.out_by >= 0 and state.out_by % 2 == team,
        penalty=state.penalties[team],
    )


def score_line(team: int, s: TeamScore) -> str:
    """One team's deal in a sentence, every term named."""
    parts = [_("melds {n}").format(n=s.melded), _("cards in hand −{n}").format(n=s.in_hand)]
    if s.clean:
        parts.append(_("clean canastas {n} × 500").format(n=s.clean))
    if s.mixed:
        parts.append(_("mixed canastas {n} × 300").format(n=s.mixed))
    if s.sambas:
        parts.append(_("sambas {n} × {b}").format(n=s.sambas, b=s.samba_bonus))
    if s.red3s:
        parts.append(_("red 3s {n}: {p}").format(n=s.red3s, p=signed(s.red3_points)))
    if s.out:
        parts.append(_("going out +200"))
    if s.penalty:
        parts.append(_("asked to go out and did not {p}").format(p=signed(s.penalty)))
    return _("{who} score {total} ({terms}).").format(who=team_names(team), total=signed(s.total), terms=", ".join(parts))
