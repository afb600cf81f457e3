"""What each legal card is worth in coins, so the choice of a card is one comparison.

Equity = P(win the pot) * pot - coins paid - the expected cost of the dangerous cards still held,
over the two ways the trick can go: I take it (my score grows by its points, I pay its cost), or
someone else does (their score grows). The trick's final points and cost are its cards so far plus
an average card from each seat still to play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import COST, PTS, is_cost_doubler, is_doubler, suit_of
from .odds import dangers, p_overtake, win_prob
from .table import Ctx

#: a card's numbers for the debug table (None: the branch can't happen)
Debug = dict[str, dict[str, float | None]]


def mean_over(cards: list[str], table: dict[str, int], default: float) -> float:
    vals = [table[c] for c in cards]
    return sum(vals) / len(vals) if vals else default


def future_pot(tl: int, n_act: int) -> float:
    """What the tricks after this one will add to the pot."""
    return tl * 2.0 * n_act * 0.8


def base_and_doublers(x: Ctx, s: int) -> tuple[int, int]:
    """Seat ``s``'s points before doubling and its 20s taken (its shown score if we missed a trick)."""
    if x.exact[s]:
        return sum(PTS.get(c, 0) for c in x.taken[s]), sum(1 for c in x.taken[s] if is_doubler(c))
    return x.scores[s], 0


@dataclass(frozen=True)
class _Table:
    """What is the same for every card of one decision."""

    n_act: int
    tl: int  # tricks left after this one
    later: list[int]
    led: str | None
    cur_best: str | None  # the card winning the trick so far
    cur_seat: int  # who played it (-1: I lead)
    p20: float  # chance an unseen card is a 20
    p2: float  # ... a 2
    my_base: int
    my_d: int
    dmap: dict[str, float]  # each card of my hand: the chance it takes a trick later
    avg_cost: float
    opp_seats: list[int]


@dataclass(frozen=True)
class _Trick:
    """How the trick ends if I play a card: my chance to take it, and what it will carry."""

    beats: bool
    will: dict[int, float]
    p_take: float
    base_pts: float
    cost_fin: float
    dbl: float
    pot_fin: float


class Evaluator:
    """Equity of each legal card for the seat to play.

    ``wf``/``wv``: the generic willingness of a later seat to overtake (following / void);
    ``fcost``: the share of the expected future trick costs that counts.
    """

    def __init__(self, x: Ctx, wf: float, wv: float, fcost: float) -> None:
        self.x = x
        self.wf, self.wv, self.fcost = wf, wv, fcost
        self.debug: Debug | None = None

    def willing(self, cards_now: list[str], add_pts: float, later: list[int], n_act: int) -> dict[int, float]:
        """How keen each later seat is to take this trick rather than duck it.

        A seat with no points wants a cheap trick; a seat with points ducks unless forced;
        nobody with points wants a 20 (it doubles the whole score)."""
        x = self.x
        pts = sum(PTS.get(ca, 0) for ca in cards_now) + add_pts
        has20 = any(is_doubler(ca) for ca in cards_now)
        out = {}
        for j in later:
            if x.scores[j] <= 0:
                out[j] = 0.3 if has20 or pts > 4.5 * n_act else 0.6
            else:
                out[j] = 0.1 if has20 else 0.2
        return out

    def run(self, cards: list[str]) -> dict[str, float]:
        t = self._table()
        return {c: self._equity(c, t) for c in cards}

    def _table(self) -> _Table:
        x = self.x
        n_act = sum(x.active)
        U = max(1, len(x.unseen))
        led = x.played_as[0] if x.played_as else None
        cur_best = None
        cur_seat = -1
        if x.plays:
            ids = x.played_as
            best_i = 0
            for i in range(1, len(ids)):
                if x.beats(ids[i], ids[best_i], led):
                    best_i = i
            cur_best = ids[best_i]
            cur_seat = x.plays[best_i][0]
        my_base, my_d = base_and_doublers(x, x.me)
        hand_d = dangers(x, x.hand, self.wf, self.wv)
        return _Table(
            n_act=n_act,
            tl=max(0, 6 - x.done - 1),
            later=x.later(),
            led=led,
            cur_best=cur_best,
            cur_seat=cur_seat,
            p20=sum(1 for u in x.unseen if is_doubler(u)) / U,
            p2=sum(1 for u in x.unseen if is_cost_doubler(u)) / U,
            my_base=my_base,
            my_d=my_d,
            dmap=dict(zip(x.hand, hand_d, strict=False)),
            avg_cost=2.0 * n_act,
            opp_seats=x.opponents(),
        )

    def _equity(self, c: str, t: _Table) -> float:
        x = self.x
        lead_card = t.led if t.led is not None else c
        rest = [h for h in x.hand if h != c]
        more = sum(t.dmap[h] for h in rest)
        capacity = 1.0
        for h in rest:
            capacity *= 1.0 - t.dmap[h]
        capacity = 1.0 - capacity
        fcost = more * t.avg_cost * self.fcost
        k = self._trick(c, lead_card, t)
        eq = 0.0
        w_take = w_duck = None
        if k.p_take > 0:
            mine = round((t.my_base + k.base_pts) * (2**t.my_d) * k.dbl)
            opps = [x.scores[s] for s in t.opp_seats]
            w_take = win_prob(mine, opps, t.tl, t.n_act, more, capacity)
            eq += k.p_take * (w_take * k.pot_fin - k.cost_fin)
        if k.p_take < 1:
            w_duck = self._duck(lead_card, k, t, more, capacity)
            eq += (1 - k.p_take) * w_duck * k.pot_fin
        eq -= fcost
        if self.debug is not None:
            self.debug[c] = dict(p_take=round(k.p_take, 2), pts=round(k.base_pts, 1), cost=round(k.cost_fin, 1),
                                 pot=round(k.pot_fin, 1), fcost=round(fcost, 1), more=round(more, 2),
                                 w_take=None if w_take is None else round(w_take, 3),
                                 w_duck=None if w_duck is None else round(w_duck, 3))
        return eq

    def _trick(self, c: str, lead_card: str, t: _Table) -> _Trick:
        """The trick's final points and cost if I play ``c``, and my chance of taking it."""
        x = self.x
        later = t.later
        beats = t.cur_best is None or x.beats(c, t.cur_best, lead_card)
        cards_now = [ca for _s, ca in x.plays] + [c]
        lsuit = suit_of(lead_card)
        in_led = [u for u in x.unseen if suit_of(u) == lsuit]
        pool = in_led if in_led else list(x.unseen)
        add_pts = len(later) * mean_over(pool, PTS, 5.0)
        will = self.willing(cards_now, add_pts, later, t.n_act)
        p_take = (1.0 - p_overtake(x, c, lead_card, later, self.wf, self.wv, will)) if beats else 0.0
        add_cost = len(later) * mean_over(pool, COST, 1.6)
        base_pts = sum(PTS.get(ca, 0) for ca in cards_now) + add_pts
        d_now = sum(1 for ca in cards_now if is_doubler(ca))
        two_now = sum(1 for ca in cards_now if is_cost_doubler(ca))
        cost_fin = (sum(COST.get(ca, 0) for ca in cards_now) + add_cost) * (2**two_now) * (1 + len(later) * t.p2)
        dbl = (2**d_now) * (1 + len(later) * t.p20)
        pot_fin = x.pot + cost_fin + future_pot(t.tl, t.n_act)
        return _Trick(beats, will, p_take, base_pts, cost_fin, dbl, pot_fin)

    def _duck(self, lead_card: str, k: _Trick, t: _Table, more: float, capacity: float) -> float:
        """My chance of winning the pot when someone else takes the trick: the current winner,
        or one of the later players."""
        x = self.x
        takers: list[tuple[int, float]] = []
        if t.cur_seat >= 0 and t.cur_seat != x.me and not k.beats and t.cur_best is not None:
            hold = 1.0 - p_overtake(x, t.cur_best, lead_card, t.later, self.wf, self.wv, k.will)
            takers.append((t.cur_seat, hold))
            for j in t.later:
                takers.append((j, (1 - hold) / len(t.later)))
        else:
            cand = t.later if t.later else list(t.opp_seats)
            for j in cand:
                takers.append((j, 1.0 / max(1, len(cand))))
        w_duck = 0.0
        tot = sum(p for _j, p in takers) or 1.0
        for j, pj in takers:
            opps = []
            for s in t.opp_seats:
                if s == j:
                    b, d = base_and_doublers(x, s)
                    opps.append(round((b + k.base_pts) * (2**d) * k.dbl))
                else:
                    opps.append(x.scores[s])
            w_duck += pj / tot * win_prob(x.scores[x.me], opps, t.tl, t.n_act, more, capacity)
        return w_duck
