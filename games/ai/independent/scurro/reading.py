"""Reading the seat's view, and remembering the tricks the view no longer shows.

Everything is read from the public texts and piles the players see (the scores from the seat lines,
the trick count and suit order from the facts), never from the state, so this player knows what a
player at the table knows and no more.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.core.game import Game
from games.core.views import Pile, TableView

from .cards import DECK, SUITS, SYMBOLS, score_of, suit_of
from .table import Ctx

_INT = re.compile(r"-?\d+")
_TRICK_COUNT = re.compile(r"\s*(\d+) of 6\s*")

#: a finished trick: its plays (seat, card) and who took it
Trick = tuple[tuple[tuple[int, str], ...], int | None]


class Memory:
    """The finished tricks of this hand, by number (the view shows only the last one)."""

    def __init__(self) -> None:
        self.hist: dict[int, Trick] = {}

    def note(self, done: int, last: Pile | None) -> None:
        """Forget a finished hand, then record the last trick shown."""
        if done == 0 or (self.hist and max(self.hist) > done):
            self.hist = {}
        if last is not None and done >= 1:
            self.hist[done] = (tuple((s, c) for (s, _l), c in zip(last.plays, last.cards, strict=False)), last.winner)

    def tricks(self) -> list[Trick]:
        return [t for _k, t in sorted(self.hist.items())]


def suit_symbols(game: Game) -> dict[str, str]:
    try:
        profile: Any = getattr(game, "profile", None)  # the Renfield family's deck profile
        sym = profile.deck.suit_symbols
        return {s: sym[s] for s in SUITS}
    except Exception:
        return SYMBOLS


def _ident(label: str, card: str) -> str:
    return card  # wild declarations are read as the card itself (variants only)


def _note_voids(voids: list[set[str]], plays: Sequence[tuple[int, str]]) -> None:
    if not plays:
        return
    led = suit_of(plays[0][1])
    for s, c in plays[1:]:
        if suit_of(c) != led and 0 <= s < len(voids):
            voids[s].add(led)


def read(game: Game, state: Any, seat: int, memory: Memory) -> Ctx:
    """The table as ``seat`` sees it; updates ``memory`` with the last trick shown."""
    v = game.view(state, seat)
    pub = v.public
    x = Ctx(me=seat, n=len(pub.seats), hand=list(v.hand))
    up_cards = _read_seats(x, pub)
    x.pot = pub.pots[0] if pub.pots else 0
    order_text = _read_facts(x, pub)
    if order_text:
        x.order = _order(order_text, suit_symbols(game))
    cur, last, others_seen = _split_piles(pub)
    memory.note(x.done, last)
    if cur is not None:
        x.plays = [(s, c) for (s, _l), c in zip(cur.plays, cur.cards, strict=False)]
        x.played_as = [_ident(lbl, c) for (_s, lbl), c in zip(cur.plays, cur.cards, strict=False)]
    seen = set(x.hand) | set(up_cards) | set(others_seen) | {c for _s, c in x.plays}
    _recall(x, memory.tricks(), seen)
    x.unseen = {c for c in DECK if c not in seen}
    return x


def _read_seats(x: Ctx, pub: TableView) -> list[str]:
    """Scores and who is still in, from the seat lines; returns the face-up cards in front of them."""
    up_cards: list[str] = []
    for line in pub.seats:
        m = _INT.search(line.text)
        x.scores.append(int(m.group()) if m and "sitting" not in line.text else 0)
        x.active.append(not line.out)
        up_cards.extend(line.cards)
    return up_cards


def _read_facts(x: Ctx, pub: TableView) -> str:
    """Tricks played, Flatline and the bidder, from the facts; returns the suit order's text."""
    order_text = ""
    for name, value in pub.facts:
        if "Suit order" in name or ">" in value:
            order_text = value
        m = _TRICK_COUNT.fullmatch(value)
        if m:
            x.done = int(m.group(1))
        if "Flatline" in value:
            x.flat = True
        if "bid" in name.lower():
            m = re.search(r"seat:(\d+)", value)
            if m:
                x.bidder = int(m.group(1))
    if not any(_TRICK_COUNT.fullmatch(value) for _n, value in pub.facts) and x.hand:
        x.done = max(0, min(5, 6 - len(x.hand)))  # the fact is worded otherwise: count the hand
    return order_text


def _order(order_text: str, sym: dict[str, str]) -> str:
    """The suits high to low as the text lists their symbols ("" if it doesn't name all three)."""
    pos = sorted((order_text.find(sym[s]), s) for s in SUITS if order_text.find(sym[s]) >= 0)
    return "".join(s for _p, s in pos) if len(pos) == 3 else ""


def _split_piles(pub: TableView) -> tuple[Pile | None, Pile | None, list[str]]:
    """The trick being played, the last trick taken, and the cards of the other piles."""
    cur = None
    last = None
    others_seen: list[str] = []
    for p in pub.piles:
        if p.plays and not p.taken:
            cur = p
        elif p.plays and p.taken:
            last = p
        elif not p.plays:
            others_seen.extend(p.cards)
    return cur, last, others_seen


def _recall(x: Ctx, tricks: list[Trick], seen: set[str]) -> None:
    """What each seat took and the voids shown, from the remembered tricks and the current one."""
    x.voids = [set() for _ in range(x.n)]
    x.taken = {s: [] for s in range(x.n)}
    for plays, taker in tricks:
        seen.update(c for _s, c in plays)
        if taker is not None and 0 <= taker < x.n:
            x.taken[taker].extend(c for _s, c in plays)
        _note_voids(x.voids, plays)
    _note_voids(x.voids, tuple(x.plays))
    x.exact = [score_of(x.taken[s]) == x.scores[s] for s in range(x.n)]
