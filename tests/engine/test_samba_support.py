"""Stacked Samba deals and helpers shared by the Samba rule tests (this module holds no tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.rummy.melds import Meld, check_new
from games.samba import Samba, SambaOptions
from games.samba.state import DECK, RULES, SambaState, evolve, is_red3

G = Samba()
#: Filler faces that never make a meld on their own: no three of a rank, no two neighbours in a suit.
#: One card of each rank 4-K (suits alternating: no escalera), a black 3, a pair of aces and two wilds;
#: then spares for when copies run short.
FILL_A = ["4S", "5H", "6S", "7H", "8S", "9H", "TS", "JH", "QS", "KH", "3S", "AS", "AD", "2S", "JK", "6C", "8C", "JD", "4C", "TC", "5D", "9D"]
FILL_B = ["4H", "5S", "6H", "7S", "8H", "9S", "TH", "JS", "QH", "KS", "3C", "AC", "AH", "2C", "JK", "6D", "8D", "JC", "4D", "TD", "5C", "9C"]


class Namer:
    """Physical ids for faces, copy by copy (at most three of a face, six jokers)."""

    def __init__(self) -> None:
        self.used: Counter[str] = Counter()

    def one(self, face: str) -> str:
        self.used[face] += 1
        n = self.used[face]
        assert n <= (6 if face == "JK" else 3), f"too many {face}"
        return f"{face}.{n}"

    def many(self, text: str) -> list[str]:
        return [self.one(f) for f in text.split()]


def stacked(
    hands: Sequence[str], stock: str = "9C", *, pad_stock: bool = True
) -> tuple[list[list[str]], list[str]]:
    """Four hands (faces, padded to fifteen with filler) and the stock: the upcard first, then the
    stock's top. The padded stock holds the rest of the deck with the red 3s at the bottom."""
    name = Namer()
    out = [name.many(h) for h in hands]
    top = name.many(stock)
    for seat, hand in enumerate(out):
        pool = FILL_A if seat % 2 == 0 else FILL_B
        for face in pool:
            if len(hand) >= 15:
                break
            if name.used[face] < (6 if face == "JK" else 3) and face not in hands[seat].split():
                hand.append(name.one(face))
        assert len(hand) == 15, f"seat {seat} can't be padded"
    if pad_stock:
        taken = Counter(c for h in out for c in h) + Counter(top)
        rest = [c for c in DECK if c not in taken]
        top += [c for c in rest if not is_red3(c)] + [c for c in rest if is_red3(c)]
    return out, top


def start(
    hands: Sequence[str], stock: str = "9C", *, dealer: int = 3, carry: Mapping[str, Any] | None = None,
    options: SambaOptions | None = None, pad_stock: bool = True,
) -> SambaState:
    """A stacked deal; with ``dealer=3`` seat 0 plays first."""
    h, s = stacked(hands, stock, pad_stock=pad_stock)
    return G.new_state(options, 4, 1, hands=h, stock=s, dealer=dealer, carry=carry)


def play(state: SambaState, *actions: str) -> SambaState:
    for action in actions:
        seat = next(iter(G.to_act(state)))
        state, _events = G.apply(state, seat, action)
    return state


def act(state: SambaState, action: str) -> tuple[SambaState, list[str]]:
    seat = next(iter(G.to_act(state)))
    state, events = G.apply(state, seat, action)
    return state, [e.text for e in events]


def card(state: SambaState, seat: int, face: str, nth: int = 0) -> str:
    """The ``nth`` card of ``face`` in ``seat``'s hand."""
    return [c for c in sorted(state.hands[seat]) if c[:2] == face][nth]


def plain(state: SambaState, seat: int) -> str:
    """A card of ``seat``'s hand that is neither wild nor a 3 (a discard that changes nothing)."""
    return next(c for c in sorted(state.hands[seat]) if c[0] not in "23" and c[:2] != "JK")


def pick(state: SambaState, seat: int, faces: str) -> str:
    """A ``pick:`` action for the given faces from ``seat``'s hand (copies taken in order)."""
    chosen: list[str] = []
    for face in faces.split():
        chosen.append(next(c for c in sorted(state.hands[seat]) if c[:2] == face and c not in chosen))
    return "pick:" + ",".join(chosen)


def meld_of(faces: str, taken: set[str] | None = None) -> Meld:
    """A meld from faces, each card the highest copy not in ``taken`` (the cards held or used)."""
    taken = set() if taken is None else taken
    cards = []
    for f in faces.split():
        top = 6 if f == "JK" else 3
        chosen = next(f"{f}.{k}" for k in range(top, 0, -1) if f"{f}.{k}" not in taken)
        taken.add(chosen)
        cards.append(chosen)
    meld = check_new(cards, RULES, going_out=True)
    assert meld is not None, faces
    return meld


def with_melds(state: SambaState, team: int, *faces: str) -> SambaState:
    """``state`` with ``team`` holding melds (their cards are taken out of the stock)."""
    taken = {c for h in state.hands for c in h} | {c for p in state.melds for m in p for c in m.cards}
    taken |= set(state.pile)
    melds = tuple(meld_of(f, taken) for f in faces)
    used = {c for m in melds for c in m.cards}
    pair = list(state.melds)
    pair[team] = (*pair[team], *melds)
    return evolve(state, melds=tuple(pair), stock=tuple(c for c in state.stock if c not in used))
