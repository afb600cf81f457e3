"""The bad-decision scan of the partnership rummies (Burraco, Samba): plainly bad decisions, judged
with the whole state (the judge may look; the players may not), and the games that feed the scan.

A decision is plainly bad (docs/ai.md lists them per game) when a competent player would never make it:
discarding a wild, or a card the opponents' melds take, while a harmless card could go; discarding
the card that makes a team meld a book (burraco, canasta) when it could be laid there; not going out
when the team can and is ahead on the table.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.ai.baselines import baseline_for
from games.ai.policy import Policy
from games.ai.rummy import RummyBot, Spec, Table, fits
from games.ai.search import computer_player
from games.core.game import Game

#: The event text that says a seat went out (Burraco "closes the hand", Samba "goes out").
OUT_WORDS = ("closes the hand", "goes out")


def decisions(
    game: Game, tested: Policy, other: Policy, seeds: range, *, limit: int = 4000
) -> Iterator[tuple[Any, int, str]]:
    """(state, seat, action) of every decision ``tested`` makes in the first deal of each seed,
    sitting at seats 0 and 2 against ``other`` at 1 and 3 (then the other way round)."""
    for seed, side in itertools.product(seeds, (0, 1)):
        rng = random.Random(seed * 2 + side)
        state = game.new_state(None, 4, seed, dealer=seed % 4)
        for _ in range(limit):
            if game.outcome(state) is not None or state.deal_no != 0:
                break
            seat = min(game.to_act(state))
            player = tested if seat % 2 == side else other
            action = player.choose(game, state, seat, rng)
            if player is tested:
                yield state, seat, action
            state, _events = game.apply(state, seat, action)


def goes_out(game: Game, state: Any, seat: int, action: str) -> bool:
    _after, events = game.apply(state, seat, action)
    return any(e.seat == seat and any(w in e.text for w in OUT_WORDS) for e in events)


def can_go_out(game: Game, state: Any, seat: int, depth: int = 2) -> bool:
    """Whether ``seat`` can go out this turn with at most ``depth`` more melds (small hands only)."""
    hand = state.hands[seat]
    if len(hand) > 3 or state.selection:
        return False
    legal = game.legal_actions(state, seat)
    if any(a.startswith("discard:") and goes_out(game, state, seat, a) for a in legal):
        return True
    if depth == 0:
        return False
    for n in range(1, len(hand) + 1):
        for cards in itertools.combinations(hand, n):
            picked, _events = game.apply(state, seat, "pick:" + ",".join(cards))
            for target in game.legal_actions(picked, seat):
                if not target.startswith("meld:"):
                    continue
                after, events = game.apply(picked, seat, target)
                if any(any(w in e.text for w in OUT_WORDS) for e in events):
                    return True
                if after.turn == seat and after.phase == state.phase and can_go_out(game, after, seat, depth - 1):
                    return True
    return False


def table_points(state: Any, team: int, value: Callable[[str], int]) -> int:
    return sum(value(c) for m in state.melds[team] for c in m.cards)


def blunders(game: Game, state: Any, seat: int, action: str, spec: Spec) -> list[str]:
    """What is plainly wrong with ``action`` (an empty list: nothing)."""
    if not action.startswith("discard:"):
        return []
    card = action[len("discard:"):]
    team = seat % 2
    mine, theirs = state.melds[team], state.melds[1 - team]
    legal = game.legal_actions(state, seat)
    options = [a[len("discard:"):] for a in legal if a.startswith("discard:")]
    safe = [c for c in options if not spec.is_wild(c) and fits(c, theirs, spec.rules) < 0]
    found = []
    if spec.is_wild(card) and safe:
        found.append(f"discards the wild {card} while {safe[0]} could go")
    if not spec.is_wild(card) and fits(card, theirs, spec.rules) >= 0 and safe:
        found.append(f"discards {card}, which the opponents' melds take, while {safe[0]} could go")
    k = fits(card, mine, spec.rules)
    if k >= 0 and len(mine[k].cards) == spec.rules.book - 1 and len(options) > 1:
        picked, _events = game.apply(state, seat, f"pick:{card}")
        if f"meld:{k}" in game.legal_actions(picked, seat):
            found.append(f"discards {card}, which makes meld {k + 1} a book")
    out = table_points(state, team, spec.value) >= table_points(state, 1 - team, spec.value)
    if out and not goes_out(game, state, seat, action) and can_go_out(game, state, seat):
        found.append("does not go out while the team can and is ahead")
    return found


class Careless(RummyBot):
    """Melds like the game's baseline, then throws its most useful card (a wild first): the scan must see it."""

    def __init__(self, game_id: str) -> None:
        base = baseline_for(game_id)
        assert isinstance(base, RummyBot)
        super().__init__(base.spec, base.knobs)
        self.name = "careless"

    def discard(self, game: Game, state: Any, table: Table, legal: Sequence[str], seat: int, rng: random.Random) -> str:
        chosen = super().discard(game, state, table, legal, seat, rng)
        options = [a for a in legal if a.startswith("discard:")]
        wild = [a for a in options if self.spec.is_wild(a[len("discard:"):])]
        return wild[0] if wild else options[-1] if options else chosen


def scan(game: Game, tested: Policy, seeds: range, spec: Spec) -> tuple[int, list[str]]:
    """How many decisions ``tested`` made against the game's baseline, and what was bad in them."""
    base = baseline_for(game.id)
    assert base is not None
    seen, bad = 0, []
    for state, seat, action in decisions(game, tested, base, seeds):
        seen += 1
        bad.extend(f"seat {seat}, {action}: {b}" for b in blunders(game, state, seat, action, spec))
    return seen, bad


def decides_blind(game: Game, who: str, seeds: range, every: int = 1) -> int:
    """Checks ``who`` (a strength, or "baseline") decides the same when the others' hidden cards are
    redealt, at every ``every``-th decision of baseline games; returns how many were checked."""
    base = baseline_for(game.id)
    assert base is not None
    checked = 0
    for k, (state, seat, _action) in enumerate(decisions(game, base, base, seeds)):
        if k % every:
            continue
        player = base if who == "baseline" else computer_player(game, who)
        other = game.sample_hidden(state, seat, random.Random(checked))  # the others hold something else
        first = player.choose(game, state, seat, random.Random(5))
        assert player.choose(game, other, seat, random.Random(5)) == first, (seat, first)
        checked += 1
    return checked


def fresh_players_finish(game: Game, who: str, seed: int, limit: int = 3000) -> int:
    """Plays a first deal with a new player made for every decision, as the bot's worker pool does
    (nothing carries over between decisions), and returns how many actions it took (``limit``: stuck)."""
    rng = random.Random(seed)
    state = game.new_state(None, 4, seed)
    for n in range(limit):
        if game.outcome(state) is not None or state.deal_no != 0:
            return n
        seat = min(game.to_act(state))
        player = baseline_for(game.id) if who == "baseline" else computer_player(game, who)
        assert player is not None
        state, _events = game.apply(state, seat, player.choose(game, state, seat, rng))
    return limit
