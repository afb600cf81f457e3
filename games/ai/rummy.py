"""Rule-based play of a partnership rummy (Burraco, Samba), shared by both games' baselines and players.

Everything here reads only what a seat sees: its hand and the table (``game.view``) and its legal
actions. A game describes itself with a ``Spec`` (its meld rules, card values, whether a card is
wild); the rest is the same for both games:

- ``Table``: the seat's hand, the discard pile's top and size, both teams' melds, rebuilt from the view;
- ``plan``: the melds the hand can make now (lay-offs first, then new sets and runs), greedily;
- ``keep_value``/``danger``: how much a card is worth keeping, and how much it gives the next player;
- ``RummyBot``: a ``Policy`` that turns those into the engine's small steps (pick one card at a time,
  then a meld target; draw or take; discard). A game's baseline and its computer players are
  ``RummyBot``s with different knobs (``Knobs``).

The engine's legal actions are fine-grained (pick, pick, meld:new …); the bot plans a whole meld and
walks it one legal step at a time, remembering melds the engine refused so it never loops.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core.game import Game
from games.core.rummy.cards import JOKER, POSITION
from games.core.rummy.melds import SET, Meld, MeldRules, check_add, check_new
from games.core.rummy.turns import CLEAR, NEW, add_action, discard_action, pick_action
from games.core.views import SeatView

SEATS = 4


@dataclass(frozen=True, slots=True)
class Spec:
    """What the shared play needs to know of one game."""

    rules: MeldRules
    value: Callable[[str], int]
    is_wild: Callable[[str], bool]
    #: Cards never worth keeping for a meld (Samba's black 3s: melded only when going out).
    dead: Callable[[str], bool] = lambda _c: False
    #: Cards laid out beside the melds, never in one (Samba's red 3s).
    laid_out: Callable[[str], bool] = lambda _c: False
    #: The bonus a meld earns once it is a book (a burraco, a canasta, a samba).
    book_bonus: Callable[[Meld], int] = lambda _m: 0
    #: What else a team's table is worth mid-deal, beyond its melds and hands (a state, a team; Samba's
    #: red 3s and going-out bonus): the strong search's table score adds it (``rummy_search.evaluate``).
    extra: Callable[[Any, int], float] = lambda _s, _t: 0.0


@dataclass(frozen=True, slots=True)
class Table:
    """One seat's picture of the table: its hand, the pile, and each team's melds (own team first)."""

    seat: int
    hand: tuple[str, ...]
    top: str  # "" when the pile is empty
    pile_size: int
    mine: tuple[Meld, ...]
    theirs: tuple[Meld, ...]


def read_table(view: SeatView, seat: int, spec: Spec) -> Table:
    """Rebuild the seat's ``Table`` from its view: the first pile is the discard pile, the last two the
    teams' melds (split by ``runs``; laid-out cards such as red 3s are no meld and are skipped)."""
    rules = spec.rules
    piles = view.public.piles
    top, size = "", 0
    if piles and piles[0].cards:
        top = piles[0].cards[-1]
        words = piles[0].text.split()
        size = int(words[0]) if words and words[0].isdigit() else 1
    teams: list[tuple[Meld, ...]] = []
    for pile in piles[-2:]:
        melds, at = [], 0
        for n in pile.runs:
            chunk = pile.cards[at : at + n]
            at += n
            if all(spec.laid_out(c) for c in chunk):
                continue
            meld = check_new(chunk, rules, (), going_out=True)
            if meld is None:  # a set of 3s, laid-out red 3s: rebuilt loosely, or skipped
                meld = _loose(chunk)
            if meld is not None:
                melds.append(meld)
        teams.append(tuple(melds))
    while len(teams) < 2:
        teams.append(())
    return Table(seat, tuple(view.hand), top, size, teams[seat % 2], teams[1 - seat % 2])


def _loose(chunk: Sequence[str]) -> Meld | None:
    ranks = {c[0] for c in chunk if c[:2] != JOKER and c[0] != "2"}
    if len(ranks) == 1 and len(chunk) >= 3:
        rank = next(iter(ranks))
        if rank != "3" or any(c[1] in "SC" for c in chunk):
            return Meld(SET, tuple(chunk), rank)
    return None


# ------------------------------------------------------------------ planning melds


@dataclass(frozen=True, slots=True)
class Step:
    """One meld of the plan: the cards to pick and where they go (``meld:new`` or ``meld:<k>``)."""

    cards: tuple[str, ...]
    target: str


def fits(card: str, melds: Sequence[Meld], rules: MeldRules) -> int:
    """The index of a meld ``card`` extends (-1: none)."""
    for k, m in enumerate(melds):
        if (m.kind == SET and m.key != card[0]) or (m.kind != SET and m.key != card[1] and card[:2] not in rules.wild_faces):
            continue
        if check_add(m, (card,), rules) is not None:
            return k
    return -1


def plan(hand: Sequence[str], mine: Sequence[Meld], spec: Spec, *, wilds_on_melds: bool = False) -> tuple[Step, ...]:
    """``_plan``, kept for the latest hands (a turn walks one plan a card at a time)."""
    return _plan(tuple(hand), tuple(mine), spec, wilds_on_melds)


@lru_cache(maxsize=2048)
def _plan(hand: tuple[str, ...], mine: tuple[Meld, ...], spec: Spec, wilds_on_melds: bool) -> tuple[Step, ...]:
    """The melds worth making now, best first: naturals laid off on the team's melds, new sets of
    three or more naturals, new runs of three or more in a row, then a pair with a spare wild."""
    rules = spec.rules
    steps: list[Step] = []
    wild = [c for c in hand if spec.is_wild(c)]
    naturals = [c for c in hand if not spec.is_wild(c) and not spec.dead(c)]
    for c in naturals:
        k = fits(c, mine, rules)
        if k >= 0:
            steps.append(Step((c,), add_action(k)))
    used = {c for s in steps for c in s.cards}
    rest = [c for c in naturals if c not in used]
    by_rank: dict[str, list[str]] = {}
    for c in rest:
        by_rank.setdefault(c[0], []).append(c)
    for cards in by_rank.values():
        if len(cards) >= rules.min_size:
            chosen = tuple(cards[: rules.max_size] if rules.max_size else cards)
            if check_new(chosen, rules, mine) is not None:
                steps.append(Step(chosen, NEW))
                used.update(chosen)
    if rules.runs:
        for run in _runs([c for c in rest if c not in used]):
            if check_new(run, rules, mine) is not None:
                steps.append(Step(run, NEW))
                used.update(run)
    if wild and rules.max_wilds:
        for cards in by_rank.values():
            pair = tuple(c for c in cards if c not in used)[:2]
            if len(pair) == 2 and check_new((*pair, wild[0]), rules, mine) is not None:
                steps.append(Step((*pair, wild[0]), NEW))
                used.update((*pair, wild[0]))
                wild = wild[1:]
                if not wild:
                    break
    # A wild goes on a meld one short of a book, or anywhere once the hand is nearly gone (to go out);
    # a meld it closes as a book first even then (Samba goes out only with two books).
    endgame = len(hand) - len(used) <= 2
    if wild and (wilds_on_melds or endgame):
        for k in sorted(range(len(mine)), key=lambda k: len(mine[k].cards) != rules.book - 1):
            m = mine[k]
            if (endgame or len(m.cards) == rules.book - 1) and check_add(m, (wild[0],), rules) is not None:
                steps.append(Step((wild[0],), add_action(k)))
                break
    return tuple(steps)


def _runs(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Runs of three or more naturals in a row of one suit (one card per place; the ace high)."""
    out: list[tuple[str, ...]] = []
    by_suit: dict[str, dict[int, str]] = {}
    for c in cards:
        by_suit.setdefault(c[1], {}).setdefault(_place(c), c)
    for places in by_suit.values():
        row: list[str] = []
        last = -9
        for p in sorted(places):
            if p != last + 1:
                if len(row) >= 3:
                    out.append(tuple(row))
                row = []
            row.append(places[p])
            last = p
        if len(row) >= 3:
            out.append(tuple(row))
    return out


def _place(card: str) -> int:
    return 14 if card[0] == "A" else POSITION[card[0]]


# ------------------------------------------------------------------ judging cards


def keep_value(card: str, hand: Sequence[str], mine: Sequence[Meld], spec: Spec) -> float:
    """How much ``card`` is worth keeping in ``hand``: wilds most, then cards that fit the team's
    melds, pairs and near-runs; a lone card least (its points break ties: dump the heavy ones)."""
    if spec.is_wild(card):
        return 100.0
    if spec.dead(card):
        return -5.0
    rules = spec.rules
    score = 0.0
    if fits(card, mine, rules) >= 0:
        score += 40.0
    same = sum(1 for c in hand if c != card and c[0] == card[0] and not spec.is_wild(c))
    score += 18.0 * min(same, 2)
    if rules.runs:
        here = _place(card)
        near = {_place(c) - here for c in hand if c != card and c[1] == card[1] and not spec.is_wild(c)}
        score += 9.0 * len(near & {-1, 1}) + 4.0 * len(near & {-2, 2})
    return score - spec.value(card) / 10.0


def danger(card: str, theirs: Sequence[Meld], spec: Spec) -> float:
    """How plainly ``card`` helps the opponents: a wild always, a card their melds take."""
    if spec.is_wild(card):
        return 60.0
    return 50.0 if fits(card, theirs, spec.rules) >= 0 else 0.0


def top_use(top: str, hand: Sequence[str], mine: Sequence[Meld], spec: Spec) -> float:
    """How much the pile's top card does for this hand: fits a team meld, makes a set or a run."""
    if not top or spec.is_wild(top) or spec.dead(top):
        return 0.0
    if fits(top, mine, spec.rules) >= 0:
        return 2.0
    same = sum(1 for c in hand if c[0] == top[0] and not spec.is_wild(c))
    if same >= 2:
        return 2.0
    if spec.rules.runs:
        here = _place(top)
        near = {_place(c) - here for c in hand if c[1] == top[1] and not spec.is_wild(c)}
        if {-1, 1} <= near or {1, 2} <= near or {-1, -2} <= near:
            return 1.5
    return 0.5 if same == 1 else 0.0


def feasible(game: Game, state: Any, seat: int, cards: Sequence[str], target: str, legal: Sequence[str]) -> bool:
    """Whether picking ``cards`` one by one, then ``target``, is legal: tried on the seat's own picks
    (nothing hidden is involved), so a plan the rules refuse is never started."""
    for c in cards:
        action = pick_action(c)
        if action not in legal:
            return False
        state, _events = game.apply(state, seat, action)
        legal = game.legal_actions(state, seat)
    return target in legal


# ------------------------------------------------------------------ the policy


@dataclass(slots=True)
class Knobs:
    """What tells one ``RummyBot`` from another."""

    name: str
    #: Weight of what a discard gives the next player (0: blind to it).
    caution: float = 1.0
    #: Determinizations used to judge what the next player could do with a discard (0: none).
    samples: int = 0
    #: Take the pile when it is at least this big, useful or not (Burraco's pile is free to take).
    big_pile: int = 99
    #: Discard at random among this many least useful cards (1: always the least useful).
    sloppy: int = 1
    #: Lay a wild on a meld one short of a book.
    wilds_on_melds: bool = True
    #: How much more the sampled risk of a discard weighs per card in the pile (the pile is the prize).
    pile_weight: float = 0.0


class RummyBot:
    """A ``Policy`` for a partnership rummy that sees only its seat (and, with ``samples``, determinizations)."""

    def __init__(self, spec: Spec, knobs: Knobs) -> None:
        self.spec = spec
        self.knobs = knobs
        self.name = knobs.name

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError("no legal action for this seat")
        if len(legal) == 1:
            return legal[0]
        table = self.table(game, state, seat)
        if "yes" in legal:
            return self.answer(table)
        if "draw" in legal or any(a == "take" or a.startswith("take:") for a in legal):
            return self.draw_or_take(game, state, table, legal, seat, rng)
        return self.play(game, state, table, legal, seat, rng)

    def table(self, game: Game, state: Any, seat: int) -> Table:
        """The seat's picture of the table, from its view (nothing else: it must not peek)."""
        return read_table(game.view(state, seat), seat, self.spec)

    # ---------------------------------------------------------------- decisions
    def answer(self, table: Table) -> str:
        """May my partner go out? Yes unless this hand would be caught with many points."""
        return "yes" if sum(self.spec.value(c) for c in table.hand) <= 60 else "no"

    def takes(self, game: Game, state: Any, legal: Sequence[str], seat: int, rng: random.Random) -> list[str]:
        """The ways to take the pile that can be seen through (Samba's pile taken for an initial meld
        must reach the minimum, else it is given back: trying it would go round in circles)."""
        return [a for a in legal if (a == "take" or a.startswith("take:")) and self._works(game, state, seat, a, rng)]

    def draw_or_take(
        self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random
    ) -> str:
        takes = self.takes(game, state, legal, seat, rng)
        if takes:
            use = top_use(table.top, table.hand, table.mine, self.spec)
            if use >= 1.5 or takes[0] != "take" or table.pile_size >= self.knobs.big_pile:
                return "take:new" if "take:new" in takes else takes[0]
        return "draw" if "draw" in legal else (takes or [a for a in legal if a.startswith("take")])[0]

    def play(self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random) -> str:
        """The next step of the first feasible meld of the plan; else discard (or give a pile back)."""
        picked = tuple(getattr(state, "selection", ()))
        for step in plan(table.hand, table.mine, self.spec, wilds_on_melds=self.knobs.wilds_on_melds):
            if picked and not set(picked) <= set(step.cards):
                continue
            missing = [c for c in step.cards if c not in picked]
            if feasible(game, state, seat, missing, step.target, legal):
                return pick_action(missing[0]) if missing else step.target
        if picked and CLEAR in legal:
            return CLEAR
        if "undo" in legal and not any(a.startswith("discard:") or a == "end" for a in legal):
            return "undo"
        return self.discard(game, state, table, legal, seat, rng)

    def _works(self, game: Game, state: Any, seat: int, action: str, rng: random.Random) -> bool:
        """Whether ``action`` (a take) leads, by this player's own melds, to a turn it can finish
        without giving the pile back. Only the seat's own cards and the pile are involved."""
        after, _events = game.apply(state, seat, action)
        for _ in range(60):
            legal = game.legal_actions(after, seat)
            if "undo" not in legal or after.phase != "play" or seat not in game.to_act(after):
                return True
            step = self.play(game, after, self.table(game, after, seat), legal, seat, rng)
            if step == "undo":
                return False
            if step.startswith("discard:") or step == "end":
                return True
            after, _events = game.apply(after, seat, step)
        return False

    def discard(self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random) -> str:
        options = [a for a in legal if a.startswith("discard:")]
        if not options:
            return "end" if "end" in legal else legal[0]
        cards = [a[len("discard:") :] for a in options]
        risk = self.risks(game, state, table, cards, seat, rng)
        scored = sorted(
            (keep_value(c, table.hand, table.mine, self.spec) + self.knobs.caution * risk[c], c) for c in cards
        )
        k = min(self.knobs.sloppy, len(scored))
        return discard_action(scored[rng.randrange(k)][1] if k > 1 else scored[0][1])

    def risks(self, game: Game, state: Any, table: Table, cards: Sequence[str], seat: int, rng: random.Random) -> dict[str, float]:
        """What each discard gives the next player: plain danger from the table, plus (with
        ``samples``) how often a likely hand of theirs makes a meld with it."""
        out = {c: danger(c, table.theirs, self.spec) for c in cards}
        n = self.knobs.samples
        if n <= 0:
            return out
        nxt = (seat + 1) % SEATS
        hits = dict.fromkeys(cards, 0.0)
        for _ in range(n):
            world = game.sample_hidden(state, seat, rng)
            hand = world.hands[nxt]
            for c in cards:
                hits[c] += top_use(c, hand, table.theirs, self.spec) >= 1.5
        weight = 30.0 * (1.0 + self.knobs.pile_weight * table.pile_size)
        for c in cards:
            out[c] += weight * hits[c] / n
        return out
