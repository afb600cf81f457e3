"""The Frankenstein engine: five-card draw where the discards make a Zombie hand.

Ante, a betting round, one draw (discards go face down to the Zombie), a second
betting round, showdown. The Zombie plays its best five cards (or what it has);
if it strictly beats the best player hand, that player matches the pot and the
whole pot carries to the next deal (``Outcome.carry``). Betting is the shared
``BettingRound`` with folding only when facing a bet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, ClassVar, cast

from games.core.betting import BettingRound
from games.core.errors import IllegalAction
from games.core.exchange import parse_pick
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _
from games.core.poker.deal import take
from games.core.poker.highhand import high_key
from games.core.poker.ui import LABELS, bet_choice, card_labels, high_order, seat_name
from games.core.rng import RNG_ALGO
from games.core.views import Choice, PickCards, SeatView
from games.core.wording import sentences

from .deal import first_deal
from .options import PRESET_LABELS, PRESETS, FrankensteinOptions
from .showdown import hand_name, settle, shown_texts
from .state import RECENT, FrankensteinState, Phase

_name = seat_name
_labels = card_labels


class Frankenstein(Game):
    id: ClassVar[str] = "frankenstein"
    title: ClassVar[str] = "Frankenstein"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    uses_chips: ClassVar[bool] = True
    uses_stacks: ClassVar[bool] = True
    versioned_deal: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[FrankensteinOptions]] = FrankensteinOptions
    presets: ClassVar = PRESETS
    preset_labels: ClassVar = PRESET_LABELS
    state_type: ClassVar[type] = FrankensteinState
    action_help: ClassVar = {
        "check": "Pass without betting.",
        "bet": "Bet the fixed amount.",
        "call": "Match the current bet.",
        "raise": "Raise by the fixed amount.",
        "fold": "Give up for this deal (only when facing a bet).",
        "discard:As,Kd": "Throw these cards (up to three) to the Zombie and draw as many.",
        "discard:": "Stand pat.",
    }

    # ------------------------------------------------------------ setup
    def new_state(
        self,
        options: Any,
        seats: int,
        seed: int,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        stock: Sequence[str] | None = None,
        dealer: int = 0,
        carry: Carry | None = None,
        stacks: Sequence[int] | None = None,
        rng_algo: int = RNG_ALGO,
    ) -> FrankensteinState:
        """A deal from ``seed`` by generator version ``rng_algo`` (the table's: ``tables.rng_algo``)."""
        opts = cast(FrankensteinOptions, self.options_from(options))
        self.check_seats(opts, seats)
        n = seats
        dealer %= n
        carried_in = int((carry or {}).get("pot", 0))
        if carried_in < 0:
            raise IllegalAction(_("A carried pot can't be negative."))
        if stacks is not None:
            if len(stacks) != n or any(s < 0 for s in stacks):
                raise IllegalAction(_("Every seat needs a stack of 0 or more chips."))
            stacks = tuple(int(s) for s in stacks)
        start = stacks
        # a seat with no chips sits this deal out: no ante, no cards
        dealt_in = (True,) * n if stacks is None else tuple(s > 0 for s in stacks)
        dealt, queues, deck = first_deal(
            n, seed, dealer, dealt_in, hands, stock, max_discard=opts.max_discard, algo=rng_algo
        )
        antes = tuple(opts.ante if stacks is None else min(opts.ante, stacks[s]) for s in range(n))
        if stacks is not None:
            stacks = tuple(s - a for s, a in zip(stacks, antes, strict=True))
        opener = (dealer + 1) % n
        if sum(dealt_in) < 2:  # nothing to play; a carried pot keeps waiting
            text = _("Not enough players with chips to deal a hand.")
            idle = BettingRound(opts.small_bet, opts.cap, (0,) * n, dealt_in, (), 0, start)
            return FrankensteinState(
                opts, n, dealer, opener, "over", ((),) * n, ((),) * n, queues, deck, carried_in, (0,) * n, idle,
                start, payoffs=(0,) * n, carried_out=carried_in, shown=(False,) * n, summary=text, recent=(text,),
                details=(_("sat out"),) * n,
            )
        r = _open(n, opener, dealt_in, opts.small_bet, opts.cap, stacks)
        text = _("{who} opens: first to bet and first to draw this deal.").format(who=_name(opener))
        if carried_in:
            text = _("The Zombie's pot of {pot} carries over. ").format(pot=carried_in) + text
        state = FrankensteinState(
            opts, n, dealer, opener, "bet1", dealt, ((),) * n, queues, deck, carried_in, antes, r, start,
            recent=(text,),
        )
        return self._settle(state, ())[0]

    # ------------------------------------------------------------ turn
    def to_act(self, state: FrankensteinState) -> frozenset[int]:
        if state.payoffs is not None:
            return frozenset()
        if state.phase == "draw":
            return frozenset(state.drawing[:1])
        pending = state.round.pending
        return frozenset(pending[:1])

    def _legal_actions(self, state: FrankensteinState, seat: int) -> tuple[str, ...]:
        if state.phase == "draw":
            hand = state.hands[seat]
            return tuple(
                "discard:" + ",".join(combo)
                for k in range(state.options.max_discard + 1)
                for combo in combinations(hand, k)
            )
        return state.round.legal(seat)

    def is_legal(self, state: FrankensteinState, seat: int, action: str) -> bool:
        if state.phase == "draw":
            return self._parse_discard(state, seat, action) is not None
        return action in state.round.legal(seat)

    def timeout_action(self, state: FrankensteinState, seat: int) -> str:
        if state.phase == "draw":
            return "discard:"
        legal = state.round.legal(seat)
        return "check" if "check" in legal else "fold"

    def _parse_discard(self, state: FrankensteinState, seat: int, action: str) -> tuple[str, ...] | None:
        hand = state.hands[seat]
        cards = parse_pick(action, "discard", hand, 0, state.options.max_discard)
        if cards is None:
            return None
        return tuple(c for c in hand if c in cards)  # in hand order

    def _apply(self, state: FrankensteinState, seat: int, action: str) -> tuple[FrankensteinState, tuple[Event, ...]]:
        if state.phase == "draw":
            return self._draw(state, seat, action)
        r, put = state.round.step(seat, action)
        total = r.committed[seat]
        text = {
            "fold": _("{who} folds and is out for this deal."),
            "check": _("{who} checks."),
            "call": _("{who} calls {amount}."),
            "bet": _("{who} bets {amount}."),
            "raise": _("{who} raises to {total}."),
        }[action].format(who=_name(seat), amount=put, total=total)
        if put and r.stacks is not None and r.stacks[seat] == 0:
            text = sentences(text, _("All in."))
        state = replace(state, round=r, recent=(*state.recent[1 - RECENT:], text))
        return self._settle(state, (Event(text, seat),))

    def _draw(self, state: FrankensteinState, seat: int, action: str) -> tuple[FrankensteinState, tuple[Event, ...]]:
        thrown = self._parse_discard(state, seat, action)
        assert thrown is not None
        queues, deck = state.queues, state.stock
        new_cards: tuple[str, ...] = ()
        if thrown:
            new_cards, queues, deck = take(queues, deck, seat, len(thrown))
        hand = tuple(c for c in state.hands[seat] if c not in thrown) + new_cards
        hands = tuple(hand if s == seat else h for s, h in enumerate(state.hands))
        discards = tuple(d + thrown if s == seat else d for s, d in enumerate(state.discards))
        if thrown:
            text = _("{who} throws {k} to the Zombie and draws {k}.").format(who=_name(seat), k=len(thrown))
        else:
            text = _("{who} stands pat.").format(who=_name(seat))
        state = replace(
            state, hands=hands, discards=discards, queues=queues, stock=deck, drawing=state.drawing[1:],
            recent=(*state.recent[1 - RECENT:], text),
        )
        events: tuple[Event, ...] = (Event(text, seat),)
        if new_cards:
            events += (Event(_("You draw {cards}.").format(cards=_labels(new_cards)), seat, private_to=seat),)
        return self._settle(state, events)

    # ------------------------------------------------------------ flow
    def _settle(
        self, state: FrankensteinState, events: tuple[Event, ...]
    ) -> tuple[FrankensteinState, tuple[Event, ...]]:
        """Move on until someone must act or the hand is over."""
        while True:
            r = state.round
            if sum(r.live) == 1:
                return self._showdown(state, events)
            if state.phase == "draw":
                if state.drawing:
                    return state, events
                state = self._open_round(state, "bet2", state.options.big_bet)
                continue
            if r.pending:
                return state, events
            # the betting round is over (or nobody is left who can bet)
            if state.phase == "bet1":
                order = tuple(s for s in _from(state.opener, state.n) if r.live[s])
                banked = state.contributed
                idle = BettingRound(r.bet_size, r.cap, (0,) * state.n, r.live, (), 0, r.stacks)
                text = _("The draw: {who} draws first.").format(who=_name(order[0]))
                state = replace(state, phase="draw", drawing=order, banked=banked, round=idle,
                                recent=(*state.recent[1 - RECENT:], text))
                events = (*events, Event(text))
                continue
            return self._showdown(state, events)

    def _open_round(self, state: FrankensteinState, phase: Phase, bet: int) -> FrankensteinState:
        r = state.round
        new = _open(state.n, state.opener, r.live, bet, state.options.cap, r.stacks)
        return replace(state, phase=phase, round=new, banked=state.contributed)

    def _showdown(
        self, state: FrankensteinState, events: tuple[Event, ...]
    ) -> tuple[FrankensteinState, tuple[Event, ...]]:
        live = state.round.live
        live_seats = [s for s in _from(state.opener, state.n) if live[s]]
        keys = {s: high_key(state.hands[s]) for s in live_seats}
        alone = len(live_seats) == 1
        texts = shown_texts(state, live_seats, keys, alone)
        settled = settle(state, live_seats, keys, alone)
        texts.append(settled.headline)
        text = sentences(*texts)
        shown = tuple(live[s] and (not alone or bool(state.zombie)) for s in range(state.n))
        state = replace(
            state, phase="over", payoffs=settled.payoffs, carried_out=settled.carried_out, shown=shown,
            zombie_shown=bool(state.zombie), summary=settled.headline, drawing=(),
            recent=(*state.recent[1 - RECENT:], text), details=_details(state, keys, shown, settled.beaten),
        )
        return state, (*events, Event(text))

    def outcome(self, state: FrankensteinState) -> Outcome | None:
        if state.payoffs is None:
            return None
        carry = {"pot": state.carried_out} if state.carried_out else None
        extra: dict[str, Any] = {"zombie_won": bool(state.carried_out)}
        if state.start_stacks is not None:
            extra["stacks"] = tuple(s + p for s, p in zip(state.start_stacks, state.payoffs, strict=True))
        return Outcome(
            state.payoffs,
            placings_from(state.payoffs),
            carry=carry,
            carried_in=state.carried_in,
            carried_out=state.carried_out,
            summary=state.summary,
            extra=extra,
            details=state.details,
        )

    # ------------------------------------------------------------ views
    def sample_hidden(self, state: FrankensteinState, seat: int, rng: random.Random) -> FrankensteinState:
        from .hidden import sample_hidden

        return sample_hidden(state, seat, rng)

    def rollout_action(self, state: FrankensteinState, seat: int, rng: random.Random) -> str | None:
        from games.ai.rollouts import passive

        return passive(self.legal_actions(state, seat), rng)

    def private_cards(self, state: FrankensteinState, seat: int) -> frozenset[str]:
        hidden = set(state.discards[seat]) if not state.zombie_shown else set()
        if not (state.shown and state.shown[seat]):
            hidden.update(state.hands[seat])
        return frozenset(hidden)

    def view(self, state: FrankensteinState, seat: int | None) -> SeatView:
        from .view import render

        return render(self, state, seat)

    def _prompt(self, state: FrankensteinState, seat: int) -> tuple[Choice | PickCards, ...]:
        if seat not in self.to_act(state):
            return ()
        if state.phase == "draw":
            hand = state.hands[seat]
            k = state.options.max_discard
            shown = high_order(hand)  # display order; the state keeps the order dealt
            return (
                PickCards("discard", _("Throw up to {k} cards to the Zombie").format(k=k), shown,
                          tuple(LABELS[c] for c in shown), 0, k),
                Choice("discard:", _("Stand pat"), "primary"),
            )
        r = state.round
        return tuple(bet_choice(r, seat, a) for a in r.legal(seat))

    def default_prompt(self, state: FrankensteinState, seat: int) -> tuple[Choice, ...]:
        return tuple(p for p in self._prompt(state, seat) if isinstance(p, Choice))


# ---------------------------------------------------------------- helpers
def _details(
    state: FrankensteinState, keys: dict[int, tuple[int, ...]], shown: tuple[bool, ...], beaten: Sequence[int]
) -> tuple[str, ...]:
    """Per seat, what decided its deal (``Outcome.details``): the hand it showed, and whether
    the Zombie beat it; or why it showed none."""
    out = []
    for s in range(state.n):
        if not state.hands[s]:
            out.append(_("sat out"))
        elif not state.round.live[s]:
            out.append(_("folded"))
        elif s in beaten:
            out.append(_("{hand}, beaten by the Zombie").format(hand=hand_name(keys[s])))
        elif shown[s]:
            out.append(hand_name(keys[s]))
        else:  # the last one in, with no Zombie to beat: nothing to show
            out.append(_("not shown"))
    return tuple(out)


def _open(
    n: int, opener: int, live: tuple[bool, ...], bet: int, cap: int, stacks: tuple[int, ...] | None
) -> BettingRound:
    """A betting round from the open seat; with at most one seat able to bet there is none."""
    r = BettingRound.open(n, opener, live, bet, cap, stacks=stacks)
    return r if len(r.pending) > 1 else replace(r, pending=())


def _from(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]
