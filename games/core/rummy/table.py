"""What every partnership rummy shows on the table: each team's melds and the discard pile.

The words for one meld differ by game (a Burraco's "clean burraco", a Samba's
"Q ×7 (clean canasta)"), so the game gives ``describe``; the layout — a pile per
team headed by the partners and their number of melds, one numbered line per
meld, anything laid out beside them (Samba's red 3s) — is the same for all.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..i18n import _
from ..sheet import ScoreSheet
from ..teams import all_teams
from ..views import Pile, Prompt, SeatView, TableView
from ..views import ScoreSheet as SheetView
from ..wording import count_of
from .cards import hand_faces, label, sort_cards
from .match import team_names
from .melds import Meld


def team_meld_piles(
    melds: Sequence[Sequence[Meld]],
    describe: Callable[[Meld], str],
    *,
    laid_out: Sequence[tuple[tuple[str, ...], str, str]] = (),
) -> tuple[Pile, ...]:
    """A pile per team, named after its partners; ``laid_out[t]`` is cards a team has laid out beside its
    melds (bonus cards, not a meld), with its line and what a picture labels them ("Red 3s of Ann and Cy")."""
    piles = []
    for t, team_melds in enumerate(melds):
        head = _("{who}: {n}").format(who=team_names(t), n=count_of(len(team_melds), _("{n} meld"), _("{n} melds")))
        lines = [head, *(f"{k}. {describe(m)}" for k, m in enumerate(team_melds, 1))]
        extra: tuple[str, ...] = ()
        aside = ""
        if t < len(laid_out) and laid_out[t][0]:
            extra, line, aside = laid_out[t]
            lines.append(line)
        cards = (*(c for m in team_melds for c in m.cards), *extra)
        runs = (*(len(m.cards) for m in team_melds), *((len(extra),) if extra else ()))
        name = _("Melds of {who}").format(who=team_names(t))
        piles.append(Pile(name, cards, "\n".join(lines), runs=runs, aside=aside))
    return tuple(piles)


def discard_pile(pile: Sequence[str], *, frozen: bool = False) -> Pile:
    """The discard pile's size and top card (the rest was seen as it fell), frozen or not."""
    if not pile:
        return Pile(_("Discard pile"), (), _("empty"))
    text = _("{n} card, top {card}") if len(pile) == 1 else _("{n} cards, top {card}")
    text = text.format(n=len(pile), card=label(pile[-1]))
    if frozen:
        text = _("{pile} · frozen").format(pile=text)
    return Pile(_("Discard pile"), (pile[-1],), text)


def team_sheet(sheet: ScoreSheet, *, from_start: bool = False) -> SheetView | None:
    """The score sheet of a partnership game: partners' columns carry their team's score, and the
    teams are named so results rank them; ``from_start`` shows it before any deal is scored."""
    title = _("Score sheet (each player shows their team's score)")
    teams = all_teams(len(sheet.totals))
    view = sheet.view(title, teams=teams)
    if view is None and from_start:
        return SheetView((), sheet.totals, title, teams)
    return view


def seat_view(
    public: TableView,
    hands: Sequence[Sequence[str]],
    seat: int | None,
    acting: Collection[int],
    notes: Callable[[int, tuple[str, ...]], tuple[str, ...]],
    prompt: Callable[[int, tuple[str, ...]], Sequence[Prompt]],
) -> SeatView:
    """A partnership rummy's view for ``seat``: the table, and for a player their hand sorted and
    grouped by face (the panel sorts it by suit or rank, the player's choice), with ``notes`` and
    ``prompt`` (each given the seat and its sorted hand) only when it is their turn."""
    if seat is None:
        return SeatView(public)
    hand = sort_cards(hands[seat])
    mine = seat in acting
    return SeatView(
        public, seat=seat, hand=hand, faces=hand_faces(hand),
        notes=notes(seat, hand) if mine else (), prompt=tuple(prompt(seat, hand)) if mine else (),
    )
