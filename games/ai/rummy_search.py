"""A search over a rummy turn's big choices (draw or take the pile; which card to discard) for the
strong players of Burraco and Samba.

The small steps of a turn (which meld to lay first) hardly matter; what does is whether to take the
pile and what to throw. For those the strong player tries each candidate (every way to draw or take;
the few discards ``RummyBot`` likes best, none that feeds the opponents where a safe card exists) on
determinizations of what it can't see, plays the next ``turns`` turns out with the quick rule-based
play for all four seats, and scores the table (``evaluate``). The candidate with the best mean wins;
the number of determinizations is fixed (tests) and a clock, when given, cuts the search short.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.game import Game

from .policy import Policy
from .rummy import Knobs, RummyBot, Spec, Table, danger, keep_value
from .search import Strength

#: How much a card held mid-deal counts against its team (1 at the deal's end): a card in hand is
#: also a chance to meld, so a big pile just taken must not look like a loss.
HELD = 0.5


def evaluate(state: Any, team: int, spec: Spec) -> float:
    """The table from ``team``'s side: melded points and books (with part of a book's bonus for a
    meld close to one), less half the points held in hand, plus the game's ``Spec.extra``; the same
    for the opponents, subtracted."""
    def side(t: int) -> float:
        total = 0.0
        for m in state.melds[t]:
            total += sum(spec.value(c) for c in m.cards)
            n = len(m.cards)
            bonus = spec.book_bonus(m)
            total += bonus if n >= spec.rules.book else bonus * 0.15 * max(0, n - 3)
        for s in range(t, len(state.hands), 2):
            total -= HELD * sum(spec.value(c) for c in state.hands[s])
        return total + spec.extra(state, t)

    return side(team) - side(1 - team)


class PlayoutBot(RummyBot):
    """The quick rule-based play inside a play-out: it reads the determinized state directly (a
    play-out's state is made up of what the searching seat knows, so nothing leaks), which spares
    rendering a view at every step."""

    def table(self, game: Game, state: Any, seat: int) -> Table:
        t = seat % 2
        pile = state.pile
        return Table(seat, state.hands[seat], pile[-1] if pile else "", len(pile), state.melds[t], state.melds[1 - t])


class SearchingBot(RummyBot):
    """``RummyBot`` whose take-or-draw and discard choices are searched (see the module's docstring)."""

    def __init__(
        self, spec: Spec, knobs: Knobs, *, samples: int, turns: int = 4, width: int = 3,
        budget: float = 1.0, clock: Callable[[], float] | None = None, margin: float = 0.0,
    ) -> None:
        super().__init__(spec, knobs)
        self.samples, self.turns, self.width = samples, turns, width
        self.margin = margin
        self.budget, self.clock = budget, clock
        self.quick = PlayoutBot(spec, Knobs("quick", caution=knobs.caution, big_pile=knobs.big_pile))

    def draw_or_take(
        self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random
    ) -> str:
        options = [*(("draw",) if "draw" in legal else ()), *self.takes(game, state, legal, seat, rng)]
        if len(options) < 2:
            return super().draw_or_take(game, state, table, legal, seat, rng)
        rule = super().draw_or_take(game, state, table, legal, seat, rng) if self.margin > 0 else None
        return self._best(game, state, seat, options, rng, rule)

    def discard(self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random) -> str:
        options = [a for a in legal if a.startswith("discard:")]
        if len(options) < 2:
            return super().discard(game, state, table, legal, seat, rng)
        cards = [a[len("discard:"):] for a in options]
        risk = self.risks(game, state, table, cards, seat, rng)
        safe = [c for c in cards if danger(c, table.theirs, self.spec) == 0] or cards
        ranked = sorted(safe, key=lambda c: keep_value(c, table.hand, table.mine, self.spec) + risk[c])
        shortlist = [f"discard:{c}" for c in ranked[: self.width]]
        return shortlist[0] if len(shortlist) == 1 else self._best(game, state, seat, shortlist, rng, shortlist[0])

    def _best(
        self, game: Game, state: Any, seat: int, options: Sequence[str], rng: random.Random, rule: str | None = None,
    ) -> str:
        """The option with the best mean play-out; with ``margin`` the rule's own choice (``rule``) stands
        unless another beats it, on the same determinizations, by ``margin`` standard errors."""
        clock = self.clock
        stop = clock() + self.budget if clock is not None else None
        values: list[list[float]] = [[] for _ in options]
        for _ in range(self.samples):
            world = game.sample_hidden(state, seat, rng)
            for i, action in enumerate(options):
                values[i].append(self._rollout(game, world, seat, action, rng))
            if stop is not None and clock is not None and clock() >= stop:
                break
        means = [sum(v) / len(v) if v else float("-inf") for v in values]
        if self.margin <= 0 or rule not in options:
            return options[max(range(len(options)), key=means.__getitem__)]
        base = options.index(rule)
        clear = [i for i in range(len(options)) if i != base and beats(values[i], values[base], self.margin)]
        return options[max(clear, key=means.__getitem__) if clear else base]

    def _rollout(self, game: Game, world: Any, seat: int, action: str, rng: random.Random) -> float:
        """``action`` in ``world``, then ``turns`` turn changes of quick play; the table's score (or
        the deal's, if it ends) from ``seat``'s team's side."""
        team, deal = seat % 2, world.deal_no
        state, _events = game.apply(world, seat, action)
        changes, turn = 0, state.turn
        for _ in range(400):
            if game.outcome(state) is not None or state.deal_no != deal:
                row = state.sheet.rows[-1]
                return float(row[team] - row[1 - team])
            if state.turn != turn:
                changes, turn = changes + 1, state.turn
                if changes > self.turns:
                    break
            who = min(game.to_act(state))
            state, _events = game.apply(state, who, self.quick.choose(game, state, who, rng))
        return evaluate(state, team, self.spec)


def beats(these: Sequence[float], those: Sequence[float], margin: float) -> bool:
    """Whether ``these`` beat ``those`` (paired: the same determinizations) by more than ``margin`` standard
    errors of the mean difference: a few play-outs are noisy, and a noisy winner is often worse than the rule's
    choice it would replace."""
    diffs = [a - b for a, b in zip(these, those, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)


#: Seconds the strong search may take per choice with a clock (the issue's strong p99 target is 1.5 s).
BUDGET = 1.0


def rummy_player(
    spec: Spec, knobs: Mapping[str, Mapping[str, Any]], search: Mapping[str, int], strength: Strength,
    clock: Callable[[], float] | None, margin: float = 0.0,
) -> Policy:
    """A game's player at ``strength``: ``knobs[name]`` for its ``Knobs``; with ``search[name]``
    determinizations a ``SearchingBot`` (cut at ``BUDGET`` when a clock is given; ``margin``: see
    ``SearchingBot._best``), else a ``RummyBot``."""
    made = Knobs(strength.name, **knobs[strength.name])
    samples = search.get(strength.name, 0)
    if samples:
        return SearchingBot(spec, made, samples=samples, budget=BUDGET, clock=clock, margin=margin)
    return RummyBot(spec, made)
