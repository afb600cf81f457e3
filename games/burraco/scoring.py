"""Scoring a Burraco deal: melds minus hands, burrachi, closing, the pozzetto, and the game's end."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import _
from ..core.rummy import match
from ..core.rummy.match import team_names as team_names
from ..core.rummy.melds import is_book
from ..core.teams import members
from ..core.wording import signed
from .state import CLEAN_BONUS, CLOSE_BONUS, DIRTY_BONUS, NO_POZZETTO, RULES, SEATS, BurracoState, value


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's deal, term by term."""

    melded: int
    in_hand: int  # the hands' values (a pozzetto kept face down counts as hand, BU-5)
    clean: int  # clean burrachi
    dirty: int  # dirty burrachi
    closed: bool
    pozzetto: bool  # took its pozzetto (face down or not)

    @property
    def total(self) -> int:
        bonus = CLEAN_BONUS * self.clean + DIRTY_BONUS * self.dirty + (CLOSE_BONUS if self.closed else 0)
        return self.melded - self.in_hand + bonus + (0 if self.pozzetto else NO_POZZETTO)


def team_score(state: BurracoState, team: int) -> TeamScore:
    melds = state.melds[team]
    books = [m for m in melds if is_book(m, RULES)]
    held = sum(value(c) for s in members(team, SEATS) for c in (*state.hands[s], *state.face_down[s]))
    return TeamScore(
        melded=sum(value(c) for m in melds for c in m.cards),
        in_hand=held,
        clean=sum(1 for m in books if m.clean),
        dirty=sum(1 for m in books if not m.clean),
        closed=state.closed_by >= 0 and state.closed_by % 2 == team,
        pozzetto=state.taken[team] >= 0,
    )


def score_line(team: int, s: TeamScore) -> str:
    """One team's deal in a sentence, every term named."""
    parts = [_("melds {n}").format(n=s.melded), _("cards in hand −{n}").format(n=s.in_hand)]
    if s.clean:
        parts.append(_("clean burrachi {n} × 200").format(n=s.clean))
    if s.dirty:
        parts.append(_("dirty burrachi {n} × 100").format(n=s.dirty))
    if s.closed:
        parts.append(_("closing +100"))
    if not s.pozzetto:
        parts.append(_("no pozzetto −100"))
    return _("{who} score {total} ({terms}).").format(
        who=team_names(team), total=signed(s.total), terms=", ".join(parts)
    )


def game_winner(totals: tuple[int, int], target: int) -> int | None:
    """Once a team's score exceeds the target: the higher team; a tie at the top plays on."""
    return match.game_winner(totals, target, exceed=True)


def final_summary(state: BurracoState) -> str:
    return match.final_summary(state.sheet, state.winner)
