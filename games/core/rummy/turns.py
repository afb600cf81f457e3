"""A rummy turn in phases, with melds built step by step.

A turn is: draw (or take the pile) → any number of meld steps → discard (or go
out). Listing every meld a 20-card hand could make is out of the question, so a
meld is built in small steps: ``pick:<ids>`` adds cards of the hand to the
seat's selection (a ``PickCards`` prompt submits any number at once; the legal
list offers one card at a time), then a target: ``meld:new`` lays the selection
down as a new meld, ``meld:<k>`` adds it to the team's meld ``k``; ``clear``
empties the selection. Only targets the selection really fits are offered, so
the legal actions stay a few per card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..i18n import _
from ..views import PickCards
from .cards import JOKER
from .melds import SET, Meld, MeldRules, check_add, check_new

DRAW, PLAY, OVER = "draw", "play", "over"
PICK, CLEAR, NEW = "pick", "clear", "meld:new"
#: Most options one ``PickCards`` offers; a bigger hand gets several pickers (one per page).
PAGE = 25


@lru_cache(maxsize=4096)
def pick_action(card: str) -> str:
    return f"{PICK}:{card}"


@lru_cache(maxsize=4096)
def discard_action(card: str) -> str:
    return f"discard:{card}"


def add_action(index: int) -> str:
    return _ADDS[index] if index < len(_ADDS) else f"meld:{index}"


_ADDS = tuple(f"meld:{k}" for k in range(64))


def parse_pick(action: str, hand: Sequence[str], selected: Sequence[str]) -> tuple[str, ...] | None:
    """The cards a ``pick:`` action adds: distinct cards of the hand not picked yet, or None."""
    if not action.startswith(PICK + ":"):
        return None
    body = action[len(PICK) + 1:]
    cards = tuple(body.split(",")) if body else ()
    if not cards or len(set(cards)) != len(cards):
        return None
    if any(c not in hand or c in selected for c in cards):
        return None
    return cards


def pick_prompts(
    cards: Sequence[str], label: Callable[[str], str], text: str, *, page: int = PAGE
) -> tuple[PickCards, ...]:
    """Pickers over ``cards`` (in display order), ``page`` options each: nothing is cut."""
    out = []
    pages = max(1, -(-len(cards) // page))
    for i in range(0, len(cards), page):
        chunk = tuple(cards[i : i + page])
        name = text if pages == 1 else _("{text} ({k} of {n})").format(text=text, k=i // page + 1, n=pages)
        out.append(PickCards(PICK, name, chunk, tuple(label(c) for c in chunk), 1, len(chunk)))
    return tuple(out)


def targets(
    selection: Sequence[str], team_melds: Sequence[Meld], rules: MeldRules, *, going_out: bool = False
) -> tuple[tuple[str, Meld], ...]:
    """Where the selection can go: ``("meld:new", meld)`` and ``("meld:<k>", grown meld)``."""
    if not selection:
        return ()
    if len(selection) == 1 and rules.min_size > 1 and selection[0][:2] not in rules.wild_faces:
        return _one_natural(selection, team_melds, rules, going_out)
    out: list[tuple[str, Meld]] = []
    new = check_new(selection, rules, team_melds, going_out=going_out)
    if new is not None:
        out.append((NEW, new))
    # A quick no before ``check_add``: too many cards, or a natural of another rank (a set) or suit (a run).
    wild = rules.wild_faces
    ranks = {c[0] for c in selection if c[:2] not in wild}
    suits = {c[1] for c in selection if c[:2] not in wild}
    room = None if rules.max_size is None else rules.max_size - len(selection)
    for k, meld in enumerate(team_melds):
        keys = ranks if meld.kind == SET else suits
        if (room is not None and len(meld.cards) > room) or len(keys) > 1 or (keys and meld.key not in keys):
            continue
        grown = check_add(meld, selection, rules, going_out=going_out)
        if grown is not None:
            out.append((add_action(k), grown))
    return tuple(out)


def _one_natural(
    selection: Sequence[str], team_melds: Sequence[Meld], rules: MeldRules, going_out: bool
) -> tuple[tuple[str, Meld], ...]:
    """``targets`` of one natural card (the usual pick): no new meld; only the sets of its rank and
    the runs of its suit with room for one more card may take it."""
    card = selection[0]
    rank, suit = card[0], card[1]
    room = None if rules.max_size is None else rules.max_size - 1
    out: list[tuple[str, Meld]] = []
    for k, meld in enumerate(team_melds):
        if meld.key != (rank if meld.kind == SET else suit) or (room is not None and len(meld.cards) > room):
            continue
        grown = check_add(meld, selection, rules, going_out=going_out)
        if grown is not None:
            out.append((add_action(k), grown))
    return tuple(out)


def pickable(cards: Sequence[str], selection: Sequence[str], rules: MeldRules) -> tuple[str, ...]:
    """The ``cards`` that could still go in one meld with ``selection`` (every card while nothing
    is picked): for a set, its rank or a wild; for a run, its suit at a place not yet taken.

    A generous test (no run span, caps or team melds): it drops only picks that can never fit,
    so the legal list and the picker stay short once a card is picked.
    """
    if not selection:
        return tuple(cards)
    if rules.max_size is not None and len(selection) >= rules.max_size:
        return ()
    wild = rules.wild_faces
    naturals = [c for c in selection if c[:2] not in wild]
    wilds = len(selection) - len(naturals)
    ranks = {c[0] for c in naturals}
    suits = {c[1] for c in naturals}
    sets = rules.sets and len(ranks) <= 1 and wilds <= rules.max_wilds
    runs = rules.runs and len(suits) <= 1 and len(ranks) == len(naturals) and wilds <= rules.most_run_wilds
    spare = (sets and wilds < rules.max_wilds) or (runs and wilds < rules.most_run_wilds)
    twos = runs and rules.wild_natural_in_runs
    out = []
    for c in cards:
        if c[:2] in wild:
            # a wild-rank card of the run's suit (not a joker) may sit at its own place
            if spare or (twos and c[:2] != JOKER and (not suits or c[1] in suits) and c[0] not in ranks):
                out.append(c)
        elif (sets and (not ranks or c[0] in ranks)) or (runs and (not suits or c[1] in suits) and c[0] not in ranks):
            out.append(c)
    return tuple(out)


def without(hand: Sequence[str], cards: Sequence[str]) -> tuple[str, ...]:
    """``hand`` less ``cards`` (ids are unique, so a set test is exact)."""
    gone = set(cards)
    return tuple([c for c in hand if c not in gone])


__all__ = [
    "CLEAR", "DRAW", "NEW", "OVER", "PAGE", "PICK", "PLAY", "add_action", "discard_action", "parse_pick",
    "pick_action", "pick_prompts", "pickable", "targets", "without",
]
