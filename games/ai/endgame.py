"""An exact solver for the card play of a trick game on one determinized (perfect-information) world.

The determinized search (``games.ai.search``, ``players/_guided.py``) guesses the hidden cards,
then scores each action by a playout: near the end of a hand, with few cards left, a playout's
guess of how the others play is the noisiest part of the estimate, while the whole game tree of
that world is small. So on each sampled world this module plays every line out exactly:

* **alpha-beta, paranoid**: the seat maximises its result, every seat not on its side minimises it
  (``sides``: partnerships count as one side); the value at the end is ``advantage`` (the seat's
  result less the others' average, as the search scores), from the world it started in;
* a **transposition table** keyed on what decides the rest of the hand (``key``: the hands left,
  the cards on the table, who is to play, the scores so far; ``state_key`` builds one from the
  state's fields, a game may hand a tighter one) holding bounds and the best action found;
* **move ordering**: the table's best action first, then the game's ``order`` (cheap rules:
  e.g. the highest card first);
* a **node cap**: a call never runs away; past the cap it answers None, as it does where the
  position is not card play (``playing``) or several seats act at once;
* a **deadline** (the caller's, asked every ``CHECK_EVERY`` nodes): past it the call answers None
  too, so one solve never carries a decision far past its time budget. ``GuidedSearch`` hands its
  own to every solve its hooks make (``within``), so a game's ``solver`` needs no clock of its own.

It plays through the engine's own ``legal_actions`` and ``apply`` (one source of rules): the
engines' play paths are already the hot path of every playout, and a second model of each
game's rules would be a second place for them to be wrong (docs/ai.md, "The endgame solver",
has the timings that made this the choice).

Pure: no randomness, and no clock but the caller's deadline.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from games.core.game import Game, Outcome

from .search import deal_mark, reward

#: Nodes (positions searched) a call may visit before it gives up and answers None.
NODE_CAP = 20_000
#: Nodes between two looks at the deadline (a look is a clock read; a node costs ~0.1 ms).
CHECK_EVERY = 32

Key = Callable[[Any], "Hashable | None"]
Order = Callable[[Any, int, Sequence[str]], Sequence[str]]
Sides = Callable[[int], int]
Value = Callable[[Any], float]
Solve = Callable[[Any, int, Sequence[str]], "list[float] | None"]
Deadline = Callable[[], bool]

#: The deadline of the decision being made (``within``): every solve made meanwhile stops at it.
_DEADLINE: ContextVar[Deadline | None] = ContextVar("endgame_deadline", default=None)


@contextmanager
def within(deadline: Deadline | None) -> Iterator[None]:
    """Every ``solve`` inside the block (that names no deadline itself) answers None once
    ``deadline()`` is True: a search hands its time budget to the solves its hooks make."""
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)

#: State fields that never change what happens next (logs, the table's last trick, cached actions).
SKIPPED = frozenset({"recent", "log", "history", "last", "legal", "events", "rng", "summary", "pending_events"})
#: State fields whose order does not matter (a hand, the cards taken): keyed as sets.
AS_SETS = frozenset({"hands", "taken", "won", "captured"})

_INF = float("inf")


class _Stop(Exception):
    """The node cap was hit, or the position left the card play: the call answers None."""


def state_key(state: Any) -> Hashable | None:
    """A transposition key built from a dataclass state's fields, less those that don't matter.

    Logs and the last trick (``SKIPPED``) are left out and hands and taken cards (``AS_SETS``)
    become sets, so two orders of play that reach the same hands, table and scores meet in the
    table. None (no transposition for that state) when a field is not hashable.
    """
    try:
        key = _fields_key(state)
        hash(key)
    except TypeError:
        return None
    return key


_KEPT: dict[type, tuple[str, ...] | None] = {}


def _kept(cls: type) -> tuple[str, ...] | None:
    """The fields of a dataclass type that go into its key (None: not a dataclass), once per type."""
    if cls not in _KEPT:
        dc = dataclasses.is_dataclass(cls)
        _KEPT[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name not in SKIPPED) if dc else None
    return _KEPT[cls]


def _fields_key(value: Any) -> Hashable:
    names = _kept(type(value))
    if names is None:
        return value  # type: ignore[no-any-return]
    parts: list[Hashable] = [type(value).__qualname__]
    for name in names:
        item = getattr(value, name)
        if name in AS_SETS and isinstance(item, tuple):
            parts.append(tuple(frozenset(x) if isinstance(x, tuple) else x for x in item))
        else:
            parts.append(_fields_key(item))
    return tuple(parts)


def seats_of(game: Game, state: Any) -> int:
    """How many seats play ``state`` (its ``n`` or its hands, else the table's seat lines)."""
    n = getattr(state, "n", None)
    if isinstance(n, int):
        return n
    hands = getattr(state, "hands", None)
    if isinstance(hands, tuple):
        return len(hands)
    return len(game.view(state, None).public.seats)


class _Search:
    """One solve: the seat, where it started, the table of bounds and the nodes spent."""

    def __init__(
        self, game: Game, world: Any, seat: int, playing: Callable[[Any], bool], key: Key,
        sides: Sides, value: Value | None, order: Order | None, cap: int, deadline: Deadline | None = None,
    ) -> None:
        self.game, self.seat, self.playing, self.key, self.order, self.cap = game, seat, playing, key, order, cap
        self.deadline = deadline
        self.mark = deal_mark(world)
        self.side = sides(seat)
        self.sides = sides
        n = seats_of(game, world)
        start = [reward(game, world, s) for s in range(n)]

        def advantage(state: Any) -> float:
            out: Outcome | None = self.ended[1] if self.ended[0] is state else game.outcome(state)
            if out is not None and any(out.payoffs):  # the common end: chips, one outcome for every seat
                each = [float(p) - start[s] for s, p in enumerate(out.payoffs)]
            else:
                each = [reward(game, state, s) - start[s] for s in range(n)]
            others = [r for s, r in enumerate(each) if s != seat]
            return each[seat] - (sum(others) / len(others) if others else 0.0)

        self.value = value or advantage
        self.ended: tuple[Any, Any] = (None, None)  # the last state ``over`` saw end, and its outcome
        self.nodes = 0
        self.table: dict[Hashable, tuple[float, float, str | None]] = {}

    def over(self, state: Any) -> bool:
        out = self.game.outcome(state)
        if out is not None:
            self.ended = (state, out)  # the value reads it, rather than settling the hand again
            return True
        return self.mark is not None and deal_mark(state) != self.mark

    def actor(self, state: Any) -> int:
        seats = self.game.to_act(state)
        if len(seats) != 1 or not self.playing(state):
            raise _Stop  # several at once (a simultaneous phase) or no longer card play
        (seat,) = seats
        return seat

    def child(self, state: Any, actor: int, action: str) -> float:
        after, _events = self.game.apply(state, actor, action)
        return self.search(after, -_INF, _INF)

    def search(self, state: Any, alpha: float, beta: float) -> float:
        if self.over(state):
            return self.value(state)
        self.nodes += 1
        if self.nodes > self.cap:
            raise _Stop
        if self.deadline is not None and self.nodes % CHECK_EVERY == 0 and self.deadline():
            raise _Stop  # the decision's time is up: this world is left to the caller
        actor = self.actor(state)
        k = self.key(state)
        best_action: str | None = None
        if k is not None and (entry := self.table.get(k)) is not None:
            low, high, best_action = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        a0, b0 = alpha, beta
        maximise = self.sides(actor) == self.side
        actions = self.ordered(state, actor, best_action)
        best = -_INF if maximise else _INF
        chosen = actions[0]
        game = self.game
        for action in actions:
            after, _events = game.apply(state, actor, action)
            v = self.search(after, alpha, beta)
            if maximise:
                if v > best:
                    best, chosen = v, action
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, chosen = v, action
                beta = min(beta, v)
            if alpha >= beta:
                break
        if k is not None:
            low, high, _old = self.table.get(k, (-_INF, _INF, None))
            if best <= a0:
                high = min(high, best)
            elif best >= b0:
                low = max(low, best)
            else:
                low = high = best
            self.table[k] = (low, high, chosen)
        return best

    def ordered(self, state: Any, actor: int, first: str | None) -> list[str]:
        legal = self.game.legal_actions(state, actor)
        actions = list(self.order(state, actor, legal) if self.order is not None else legal)
        if first is not None and first in actions and actions[0] != first:
            actions.remove(first)
            actions.insert(0, first)
        return actions


def _alone(seat: int) -> int:
    return seat


def _always(state: Any) -> bool:
    return True


def solve(
    game: Game,
    world: Any,
    seat: int,
    actions: Sequence[str],
    *,
    playing: Callable[[Any], bool] = _always,
    key: Key = state_key,
    sides: Sides = _alone,
    value: Value | None = None,
    order: Order | None = None,
    cap: int = NODE_CAP,
    deadline: Deadline | None = None,
) -> list[float] | None:
    """Each of ``actions``' exact value for ``seat`` on ``world`` (to the end of the deal), or None.

    ``playing(state)``: whether a state is still card play (the search stops, answering None, if
    a line leaves it before the deal ends); ``sides(seat)``: a side id (partners share one);
    ``value(state)``: the seat's result at the end (default: ``advantage`` since ``world``);
    ``order``: the actions in a promising order; ``cap``: the most nodes, shared by all actions;
    ``deadline``: None once it is True (default: the one ``within`` set, if any).
    """
    if not actions or game.outcome(world) is not None:
        return None
    run = _Search(game, world, seat, playing, key, sides, value, order, cap,
                  deadline if deadline is not None else _DEADLINE.get())
    try:
        if run.actor(world) != seat:
            return None
        return [run.child(world, seat, a) for a in actions]
    except _Stop:
        return None


def solver(
    game: Game,
    left: Callable[[Any], int],
    most: int,
    **options: Any,
) -> Solve:
    """A ``solve(world, seat, actions)`` for ``GuidedSearch`` (or any per-world hook): exact when
    ``left(world)`` (cards still to play) is at most ``most``, else None (the caller plays out)."""

    def solve_world(world: Any, seat: int, actions: Sequence[str]) -> list[float] | None:
        if left(world) > most:
            return None
        return solve(game, world, seat, actions, **options)

    return solve_world


def cards_left(state: Any) -> int:
    """The cards still in the hands of a state with ``hands`` (a tuple of hands)."""
    return sum(len(h) for h in state.hands)
