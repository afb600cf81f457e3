"""Razz hands as chances of a top card: a cheap stand-in for dealing the hands out.

A low of five different ranks is decided almost entirely by its top card, so a live hand is
summarised by the chance that it ends with each top card (5..K) or paired. That chance is worked
out exactly from the cards it still needs and the live outs, without sampling, which keeps a
decision fast and the same every time; opponents' down cards are drawn from the same unseen pool
but weighted toward low cards, since a player who stayed in usually holds them.
"""

from __future__ import annotations

RANK = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13}
TOPS = range(5, 14)  # possible top cards of a five-card low (5 .. K)

#: An opponent as the equity sees it: known ranks, cards hidden now, cards still to come, skew.
Opponent = tuple[list[int], int, int, float]


def rank(card: str) -> int:
    return RANK[card[0]]


def _combo3(n: int) -> int:
    return n * (n - 1) * (n - 2) // 6 if n >= 3 else 0


def made_low(ranks: list[int]) -> tuple[int, ...] | None:
    """The best five-card low (ascending ranks) of a set of ranks, or None if no five distinct."""
    distinct = sorted(set(ranks))
    return tuple(distinct[:5]) if len(distinct) >= 5 else None


def _p_collect(need: int, outs: float, ranks: int, pool: int, hidden: int, future: int, w: float) -> float:
    """Chance to catch ``need`` new distinct helpful ranks in ``hidden`` skewed + ``future`` plain draws.

    ``outs`` helpful cards spread over ``ranks`` ranks in a pool of ``pool`` unseen cards; a hit
    removes its rank (the other cards of it now pair). Hidden draws (an opponent's down cards)
    see the unhelpful cards with weight ``w`` < 1: players keep low cards.
    """
    if need <= 0:
        return 1.0
    if hidden + future < need or outs <= 0.0 or ranks <= 0 or pool <= 0:
        return 0.0
    if hidden > 0:
        p = outs / (outs + w * (pool - outs))
        h2, f2 = hidden - 1, future
    else:
        p = outs / pool
        h2, f2 = hidden, future - 1
    p = min(1.0, p)
    per = outs / ranks
    hit = _p_collect(need - 1, outs - per, ranks - 1, pool - 1, h2, f2, w)
    miss = _p_collect(need, outs, ranks, pool - 1, h2, f2, w) if h2 + f2 >= need else 0.0
    return p * hit + (1.0 - p) * miss


def _top_distribution(
    known: list[int], hidden: int, future: int, unseen: dict[int, int], pool: int, w: float
) -> list[float]:
    """P(final top card == t) for t in TOPS, and last the chance of ending paired (no low at all)."""
    held = set(known)
    cum = []
    prev = 0.0
    for t in TOPS:
        have = sum(1 for r in held if r <= t)
        need = 5 - have
        if need <= 0:
            c = 1.0
        else:
            live = [unseen[r] for r in range(1, t + 1) if r not in held and unseen[r] > 0]
            c = _p_collect(need, float(sum(live)), len(live), pool, hidden, future, w) if live else 0.0
        c = max(c, prev)
        cum.append(c)
        prev = c
    dist = [cum[0]] + [cum[i] - cum[i - 1] for i in range(1, len(cum))]
    dist.append(1.0 - cum[-1])
    return dist


def _tie_share(
    made: tuple[int, ...] | None, t: int, held: frozenset[int] = frozenset(), drawing: bool = False
) -> float:
    """My share when another low also has top card ``t``: from my second card when my low is made;
    while drawing, from the best second card I already hold under ``t`` (halfway back to even)."""
    if made is not None and made[4] == t:
        s = made[3]
    elif drawing and t in held and any(r < t for r in held):
        s = max(r for r in held if r < t)
        if s < 4:
            return 0.5
        return 0.5 * _tie_share((0, 0, 0, s, t), t) + 0.25
    else:
        return 0.5
    better = sum(_combo3(x - 1) for x in range(s + 1, t))  # their second card higher than mine
    same = _combo3(s - 1)
    total = sum(_combo3(x - 1) for x in range(4, t))
    return (better + 0.5 * same) / total if total else 0.5


def equity(mine: list[int], my_future: int, opps: list[Opponent], unseen: dict[int, int], pool: int) -> float:
    """My chance to win (ties split) against all ``opps`` (known ranks, hidden, future, skew)."""
    made = made_low(mine) if my_future == 0 else None
    me = _top_distribution(mine, 0, my_future, unseen, pool, 1.0)
    theirs = [_top_distribution(k, h, f, unseen, pool, w) for k, h, f, w in opps]
    n = len(me)  # TOPS + paired
    held = frozenset(mine)
    shares = [_tie_share(made, t, held, my_future > 0) for t in TOPS]
    eq = 0.0
    for i in range(n):
        pm = me[i]
        if pm <= 1e-9:
            continue
        prod = 1.0
        for d in theirs:
            if i == n - 1:  # I am paired: I only tie other paired hands (roughly)
                beat = 0.5 * d[-1]
            else:
                worse = sum(d[i + 1 :])
                beat = worse + shares[i] * d[i]
            prod *= beat
        eq += pm * prod
    return eq


def board_key(ranks: list[int]) -> tuple[int, ...]:
    """How good an up-card board looks (smaller is better): pairs count, then high cards down."""
    distinct = sorted(set(ranks), reverse=True)
    return (len(ranks) - len(distinct), *distinct)
