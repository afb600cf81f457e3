"""Leading: every card is scored by a modelled chance of taking the trick against what taking it
costs (the card, what the others throw under it, what a void hand dumps on it), plus what the
lead may bring: shedding a dangerous card, fishing for the Quinola or a bare ace, a void to come.
The reversis and a bare J♥ are settled before the scoring.
"""

from __future__ import annotations

from games.reversis.cards import POINTS, STRENGTH, SUIT_OF

from .reading import Known
from .tuning import Tuning
from .values import JH, SEATS, ace_chips, danger, is_ace


def _reversis_lead(info: Known, cards: list[str]) -> str | None:
    """On for the reversis, or every card of mine a master after taking every trick so far."""
    seat, unseen = info.seat, info.unseen
    masters = [c for c in cards if not any(
        SUIT_OF[u] == SUIT_OF[c] and STRENGTH[u] > STRENGTH[c] for u in unseen)]
    if info.rev == seat and not info.rev_broken:
        pool = masters or cards
        return max(pool, key=lambda c: (c in masters, STRENGTH[c]))
    if info.completed >= 5 and info.tricks[seat] == info.completed and len(masters) == len(cards):
        return max(cards, key=lambda c: STRENGTH[c])
    return None


def _lead_bare_jh(info: Known, cards: list[str], opps: list[int]) -> bool:
    """A bare J♥ with hearts still out will be forced by the next low heart led (10 + 5 + 5 to the
    leader and a remise): leading it costs only 10 to the party's winner. Keep it only with a side
    void to dump it on."""
    hand, unseen, voids = info.hand, info.unseen, info.voids
    if not (JH in cards and info.rev < 0 and len(cards) > 1):
        return False
    bare = not any(SUIT_OF[c] == "h" for c in hand if c != JH)
    hearts_out = any(SUIT_OF[u] == "h" for u in unseen) and any("h" not in voids[o] for o in opps)
    side_void = any(
        not any(SUIT_OF[c] == s for c in hand) and any(SUIT_OF[u] == s for u in unseen) for s in "sdc"
    )
    return bare and hearts_out and not side_void


def _win_chance(hi: int, lo: int, k: int) -> float:
    """The chance the card takes the trick, ``k`` hands following with ``hi`` cards above it unseen
    and ``lo`` below, each card equally likely in any of them."""
    if k == 0 or hi == 0:
        return 1.0
    q = 1.0 / k
    over = (1 - q) ** lo * (1 - (1 - q) ** hi)
    return (1 - over) ** k


def _cost_of_winning(c: str, suit_unseen: list[str], k: int, lo: int, void_opps: list[int], info: Known) -> float:
    """What taking the trick costs: my card, what the others throw under it, what void players dump."""
    s, unseen, pot = SUIT_OF[c], info.unseen, info.pot
    jh_out = JH in unseen
    unseen_aces = [u for u in unseen if is_ace(u)]
    lower_honours = sum(POINTS[u] for u in suit_unseen if STRENGTH[u] < STRENGTH[c])
    follow_pts = lower_honours * min(1.0, k / max(lo, 1)) * 0.8
    dump = 0.0
    if void_opps:
        frac = len(void_opps) / 3.0
        if jh_out and s != "h":
            dump += frac * (6 + 0.3 * pot)
        dump += frac * sum(5 + ace_chips(a) for a in unseen_aces if SUIT_OF[a] != s) / 3.0
    cost_win = POINTS[c] + follow_pts + dump + 0.5
    if is_ace(c):
        cost_win += ace_chips(c)  # a led ace pays the party's winner
    return cost_win


def _fishing(score: float, c: str, suit_unseen: list[str], k: int, p_win: float, info: Known,
             opps: list[int], tune: Tuning) -> float:
    """Low hearts fish for the Quinola, low cards for a bare ace."""
    s, hand, unseen = SUIT_OF[c], info.hand, info.unseen
    if s == "h" and JH in unseen and JH not in hand:
        holders = [o for o in opps if "h" not in info.voids[o]]
        if holders:
            others_h = sum(1 for u in suit_unseen if u != JH)
            p_bare = (1 - 1.0 / len(holders)) ** others_h
            score += 20 * p_bare * (0.6 if c != JH else 0) * tune.fish
    suit_ace = "A" + s
    if suit_ace in unseen and not is_ace(c) and k:
        others_s = len(suit_unseen) - 1
        score += ace_chips(suit_ace) * (1 - 1.0 / k) ** others_s * (1 - p_win)
    return score


def _shape(score: float, c: str, p_win: float, info: Known, tune: Tuning) -> float:
    """Never lead the J♥, keep its heart guards; a short suit run out leaves a void to dump on."""
    s, hand, unseen = SUIT_OF[c], info.hand, info.unseen
    mine_s = [x for x in hand if SUIT_OF[x] == s]
    if c == JH:
        score -= 40
    elif s == "h" and JH in hand:
        guards = sum(1 for x in hand if SUIT_OF[x] == "h" and x != JH)
        score -= 6.0 / guards
    if len(mine_s) == 1 and s != "h":
        load = sum(danger(x, hand, unseen) for x in hand if SUIT_OF[x] != s)
        if JH in hand:
            load += 6
        score += min(0.1 * load, 2.5) * (1 - p_win)
        if JH in hand:
            score += tune.jh_void_bonus * (1 - p_win)
    elif len(mine_s) <= 2:
        score += 0.2 * (1 - p_win)
    return score


def _score(c: str, info: Known, opps: list[int], tune: Tuning) -> float:
    s, hand, unseen, voids = SUIT_OF[c], info.hand, info.unseen, info.voids
    suit_unseen = [u for u in unseen if SUIT_OF[u] == s]
    hi = sum(1 for u in suit_unseen if STRENGTH[u] > STRENGTH[c])
    lo = len(suit_unseen) - hi
    active = [o for o in opps if s not in voids[o] and o != info.esp]
    void_opps = [o for o in opps if s in voids[o] or o == info.esp]
    k = len(active)
    p_win = _win_chance(hi, lo, k)
    score = -p_win * _cost_of_winning(c, suit_unseen, k, lo, void_opps, info)
    # shedding a dangerous card is worth something too
    score += danger(c, hand, unseen) * (1 - p_win) * 0.6
    score = _fishing(score, c, suit_unseen, k, p_win, info, opps, tune)
    return _shape(score, c, p_win, info, tune)


def lead(info: Known, cards: list[str], tune: Tuning) -> str:
    opps = [s for s in range(SEATS) if s != info.seat]
    chosen = _reversis_lead(info, cards)
    if chosen is not None:
        return chosen
    if tune.lead_bare_jh and _lead_bare_jh(info, cards, opps):
        return JH
    scored = [(_score(c, info, opps, tune), -STRENGTH[c], c) for c in cards]
    scored.sort(reverse=True)
    return scored[0][2]
