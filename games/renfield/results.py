"""How a Renfield-family hand ends, in words: the headline and each seat's result.

The rules decide who wins (``settlement.finish``); this module only says it. A
headline is one short sentence with the grammar of one winner or several; it
names no per-player chip amounts, because the front end shows each player's
chip change from the ledger. What decided each seat goes in ``details``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.i18n import _, language
from games.core.views import seat_name
from games.core.wording import by_count, sentences

from .profile import DeckProfile
from .state import FamilyState


def blaze_made(p: DeckProfile, bidder: int, bid: int) -> str:
    return _("{who} made the bid of {k} and wins the pot.").format(who=seat_name(bidder), k=p.points(bid))


def blaze_missed(p: DeckProfile, bidder: int, bid: int, pot: int) -> str:
    """The penalty is the bidder's own chip change: the ledger shows it, the pot is the news."""
    return _("{who} missed the bid of {k}; the pot of {pot} carries.").format(
        who=seat_name(bidder), k=p.points(bid), pot=p.money(pot)
    )


def folded_to(seat: int) -> str:
    return _("Everyone else folded: {who} wins the pot.").format(who=seat_name(seat))


def won_with(p: DeckProfile, winners: Sequence[int], best: int, left: int) -> str:
    """``winners`` had the fewest bugs (``best``); ``left`` is the odd amount that stays in the pot.

    The headline names the rule, because a player with 0 bugs reads "wins with 18 bugs" as a mistake."""
    if p.point_word == "bug":  # the rule that decided it, said with the result (issue 26)
        one = _("{who} wins with {k}: the fewest bugs, at least one, of the players still in.")
        several = _("{who} tie with {k}, the fewest bugs (at least one) of the players still in, and share the pot.")
    else:
        one = _("{who} wins with {k}: the fewest points, at least one, of the players still in.")
        several = _("{who} tie with {k}, the fewest points (at least one) of the players still in, and share the pot.")
    text = by_count(winners, one, several, k=p.points(best))
    if left:
        text = sentences(text, _("{m} stays in the pot.").format(m=p.money(left)))
    return text


def nobody_won(p: DeckProfile, pot: int) -> str:
    if p.point_word == "bug":
        return _("Nobody still in has a bug; the pot of {m} carries.").format(m=p.money(pot))
    return _("Nobody still in has a point; the pot of {m} carries.").format(m=p.money(pot))


def details(p: DeckProfile, state: FamilyState) -> tuple[str, ...]:
    """Per seat, what decided its result: its bugs if it stayed in, else why it didn't."""
    side, sc = state.side, state.score
    bugs, active, dealt_in = sc.bugs, state.active, side.dealt_in
    bidder = sc.bidder if state.options.blaze else -1
    points = _points_of(p)
    out = []
    for s in range(side.n):
        if not dealt_in[s]:
            out.append(_("sat out"))
        elif not active[s]:
            out.append(_("folded"))
        elif s == bidder:
            out.append(_("{k}, bid {bid}").format(k=p.points(bugs[s]), bid=p.points(sc.bid)))
        elif bugs[s] == 0:  # stayed in with nothing taken: the rule, not the count, kept it from winning
            out.append(_("{k} (a winner needs at least one)").format(k=p.points(0)))
        else:
            out.append(points.get(bugs[s]) or p.points(bugs[s]))
    return tuple(out)


_POINTS: dict[tuple[str, str], dict[int, str]] = {}


def _points_of(p: DeckProfile) -> dict[int, str]:
    """``p.points(k)`` for the scores most hands end with, written once per language: every hand's
    outcome says them, and tables in English and Japanese share the process."""
    key = (p.game_id, language())
    texts = _POINTS.get(key)
    if texts is None:
        texts = _POINTS[key] = {k: p.points(k) for k in range(200)}
    return texts
