"""The Razz engine: seven-card stud, A-5 low, fixed limit with a bring-in.

The state is a frozen value; betting is the shared ``BettingRound``. Each seat's
cards are kept in the order dealt (down, down, up, up, up, up, down), so which
cards are face up never needs storing. PHH lines are written as the hand goes,
so a finished hand exports as a pokerkit hand history without replaying it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from games.core.betting import BettingRound
from games.core.cards import STANDARD_DECK
from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _
from games.core.poker import phh
from games.core.poker.lowball import LOW_RANK, board_key, low_key, low_name
from games.core.poker.pots import side_pots, split_amount
from games.core.rng import Rng
from games.core.views import Choice, Pile, SeatLine, SeatView, TableView

from .options import PRESETS, RazzOptions

UP = (False, False, True, True, True, True, False)  # face up by position dealt
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}  # spades > hearts > diamonds > clubs
STREET_NAMES = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street", 7: "7th street"}
OVER = 8
RECENT = 6


@dataclass(frozen=True, slots=True)
class RazzState:
    options: RazzOptions
    n: int
    dealer: int
    street: int  # 3..7 while playing; OVER when the hand is finished
    cards: tuple[tuple[str, ...], ...]  # each seat's cards in the order dealt
    community: str  # the shared 7th-street card when the stub ran short, else ""
    queues: tuple[tuple[str, ...], ...]  # stacked cards not dealt yet (tests, replays)
    stock: tuple[str, ...]
    live: tuple[bool, ...]
    stacks: tuple[int, ...] | None  # chips behind; None = unlimited
    start_stacks: tuple[int, ...] | None
    contributed: tuple[int, ...]  # chips put in this hand (antes and bets)
    round: BettingRound | None
    opener: int  # who brought in / opened this street
    payoffs: tuple[int, ...] | None = None  # net per seat once the hand is over
    shown: tuple[bool, ...] = ()  # hands revealed at showdown
    summary: str = ""
    phh: tuple[str, ...] = ()  # PHH action lines so far
    recent: tuple[str, ...] = ()


def _name(seat: int) -> str:
    return _("Seat {n}").format(n=seat + 1)


def _label(card: str) -> str:
    return STANDARD_DECK.label(card)


def _labels(cards: Sequence[str]) -> str:
    return " ".join(_label(c) for c in cards)


class Razz(Game):
    id: ClassVar[str] = "razz"
    title: ClassVar[str] = "Razz"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    uses_chips: ClassVar[bool] = True
    uses_stacks: ClassVar[bool] = True
    hand_by_hand: ClassVar[bool] = True
    Options: ClassVar[type[RazzOptions]] = RazzOptions
    presets: ClassVar = PRESETS
    state_type: ClassVar[type] = RazzState
    history_suffix: ClassVar[str] = ".phh"
    rules_summary: ClassVar[str] = _(
        "Seven-card stud where the LOWEST hand wins (ace-to-five: aces are low, straights and "
        "flushes don't count, pairs are bad; best is A-2-3-4-5). Everyone antes; you get two cards "
        "down and one up. The highest up card must bring in (small forced bet) or complete; "
        "on later streets the best (lowest) showing board opens. Three more up cards, then one "
        "down, with a betting round after each. Fixed limit: small bet on 3rd/4th street, big bet "
        "from 5th. A bet and three raises per round. Best five-card low of seven wins; ties split."
    )
    action_help: ClassVar = {
        "bring-in": "Post the forced bring-in (lowest door card's duty is the highest card).",
        "complete": "Make the bring-in a full small bet.",
        "check": "Pass without betting.",
        "bet": "Bet the fixed amount for this street.",
        "call": "Match the current bet.",
        "raise": "Raise by the fixed amount.",
        "fold": "Give up the hand (only when facing a bet).",
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
    ) -> RazzState:
        opts = self.options_from(options)
        self.check_seats(opts, seats)
        queues, deck = _deal_plan(seats, seed, hands, stock)
        if stacks is not None:
            if len(stacks) != seats or any(s < 1 for s in stacks):
                raise IllegalAction(_("Every seat needs at least one chip to play."))
            stacks = tuple(int(s) for s in stacks)
        start = stacks
        n = seats
        dealer %= n
        antes = tuple(opts.ante if stacks is None else min(opts.ante, stacks[s]) for s in range(n))
        if stacks is not None:
            stacks = tuple(s - a for s, a in zip(stacks, antes, strict=False))
        order = [(dealer + 1 + i) % n for i in range(n)]
        cards: list[tuple[str, ...]] = [()] * n
        lines: list[str] = []
        for s in order:
            got, queues, deck = _take(queues, deck, s, 3)
            cards[s] = got
            lines.append(f"d dh p{_pk(s, dealer, n)} {''.join(got)}")
        live = (True,) * n
        state = RazzState(
            opts, n, dealer, 3, tuple(cards), "", queues, deck, live, stacks, start, antes, None, -1,
            phh=tuple(lines),
        )
        return self._open_street(state, ())[0]

    # ------------------------------------------------------------ turn
    def to_act(self, state: RazzState) -> frozenset[int]:
        r = state.round
        if r is None or not r.pending:
            return frozenset()
        return frozenset((r.pending[0],))

    def _legal_actions(self, state: RazzState, seat: int) -> tuple[str, ...]:
        return state.round.legal(seat) if state.round is not None else ()

    def timeout_action(self, state: RazzState, seat: int) -> str:
        legal = self._legal_actions(state, seat)
        for gentle in ("check", "fold"):
            if gentle in legal:
                return gentle
        return legal[0]

    def _apply(self, state: RazzState, seat: int, action: str) -> tuple[RazzState, tuple[Event, ...]]:
        r = state.round
        assert r is not None
        new_round, put = r.act(seat, action)
        contributed = state.contributed
        if put:
            contributed = tuple(c + put if s == seat else c for s, c in enumerate(contributed))
        pk = _pk(seat, state.dealer, state.n)
        if action == "fold":
            line, text = f"p{pk} f", _("{who} folds.")
        elif action in ("check", "call"):
            line = f"p{pk} cc"
            text = _("{who} checks.") if action == "check" else _("{who} calls {amount}.")
        elif action == "bring-in":
            line, text = f"p{pk} pb", _("{who} brings in for {amount}.")
        else:
            line = f"p{pk} cbr {new_round.committed[seat]}"
            text = {
                "bet": _("{who} bets {amount}."),
                "raise": _("{who} raises to {total}."),
                "complete": _("{who} completes to {total}."),
            }[action]
        text = text.format(who=_name(seat), amount=put, total=new_round.committed[seat])
        if new_round.stacks is not None and new_round.stacks[seat] == 0 and put:
            text += " " + _("All in.")
        event = Event(text, seat)
        state = RazzState(
            state.options, state.n, state.dealer, state.street, state.cards, state.community, state.queues,
            state.stock, new_round.live, new_round.stacks, state.start_stacks, contributed, new_round,
            state.opener, None, (), "", (*state.phh, line), (*state.recent[-RECENT + 1:], text),
        )
        if sum(new_round.live) == 1:
            return self._finish(state, (event,))
        if new_round.done:
            return self._next_street(state, (event,))
        return state, (event,)

    # ------------------------------------------------------------ streets
    def _can_bet(self, state: RazzState) -> int:
        """How many live seats still have chips to bet."""
        if state.stacks is None:
            return sum(state.live)
        return sum(1 for s in range(state.n) if state.live[s] and state.stacks[s] > 0)

    def _next_street(self, state: RazzState, events: tuple[Event, ...]) -> tuple[RazzState, tuple[Event, ...]]:
        if state.street == 7:
            return self._finish(state, events)
        if self._can_bet(state) <= 1:
            return self._run_out(state, events)
        return self._open_street(self._deal(state), events)

    def _run_out(self, state: RazzState, events: tuple[Event, ...]) -> tuple[RazzState, tuple[Event, ...]]:
        """Nobody can bet any more: show down now and deal the rest (pokerkit's order)."""
        state = _with(state, phh=(*state.phh, *self._show_lines(state)))
        text = _("No more betting: the rest of the cards are dealt.")
        events = (*events, Event(text))
        while state.street < 7:
            state = self._deal(state)
        state = _with(state, recent=(*state.recent[-RECENT + 1:], text))
        return self._finish(state, events)

    def _deal(self, state: RazzState) -> RazzState:
        """Deal the next street to every live seat, from the dealer's left."""
        n, dealer = state.n, state.dealer
        street = state.street + 1
        order = [s for s in ((dealer + 1 + i) % n for i in range(n)) if state.live[s]]
        queues, deck = state.queues, state.stock
        cards = list(state.cards)
        community = state.community
        lines = list(state.phh)
        pk_board = False
        if street == 7:
            need = sum(1 for s in order if not queues[s])
            if len(deck) < need:  # not enough cards: one face-up card shared by all
                community, deck = deck[0], deck[1:]
                # pokerkit deals a board card only when the muck can't make up the stub
                # either; otherwise the shared card goes to each player's hand in the PHH
                undealt = len(state.stock) + sum(len(q) for q in queues)
                mucked = sum(len(state.cards[s]) for s in range(n) if not state.live[s])
                pk_board = len(order) > undealt + mucked
                if pk_board:
                    lines.append(f"d db {community}")
        for s in order:
            if community:
                got: tuple[str, ...] = (community,)
            else:
                got, queues, deck = _take(queues, deck, s, 1)
            cards[s] = cards[s] + got
            if not pk_board:
                lines.append(f"d dh p{_pk(s, dealer, n)} {got[0]}")
        return _with(state, street=street, cards=tuple(cards), community=community, queues=queues,
                     stock=deck, phh=tuple(lines))

    def _open_street(self, state: RazzState, events: tuple[Event, ...]) -> tuple[RazzState, tuple[Event, ...]]:
        opts, n = state.options, state.n
        live = state.live
        order = [(state.dealer + 1 + i) % n for i in range(n)]
        if state.street == 3:
            opener = max(
                (s for s in order if live[s]),
                key=lambda s: (LOW_RANK[state.cards[s][2][0]], SUIT_ORDER[state.cards[s][2][1]]),
            )
            door = state.cards[opener][2]
            text = _("{who} has the highest door card ({card}) and must bring in.").format(
                who=_name(opener), card=_label(door)
            )
            bet, bring_in = opts.small_bet, opts.bring_in
        else:
            best = None
            opener = -1
            for s in order:
                if live[s]:
                    key = board_key(_up(state, s))
                    if best is None or key < best:
                        best, opener = key, s
            shown = _labels(_up(state, opener))
            if state.street == 7 and state.community:
                text = _("7th street: not enough cards left, so {card} is dealt face up for everyone. "
                         "{who} ({board}) opens.").format(card=_label(state.community), who=_name(opener), board=shown)
            else:
                text = _("{street}: {who} shows the best board ({board}) and opens.").format(
                    street=STREET_NAMES[state.street], who=_name(opener), board=shown
                )
            bet, bring_in = (opts.small_bet if state.street == 4 else opts.big_bet), 0
        r = BettingRound.open(
            n, opener, live, bet, opts.cap, stacks=state.stacks, bring_in=bring_in,
            heads_up_uncapped=opts.heads_up_uncapped,
        )
        state = _with(state, round=r, opener=opener, recent=(*state.recent[-RECENT + 1:], text))
        events = (*events, Event(text, opener))
        if len(r.pending) <= 1:  # at most one seat can still bet: nothing to decide
            return self._run_out(state, events)
        return state, events

    # ------------------------------------------------------------ the end
    def _show_lines(self, state: RazzState) -> list[str]:
        n, dealer = state.n, state.dealer
        board = state.community if f"d db {state.community}" in state.phh else ""
        return [
            f"p{_pk(s, dealer, n)} sm {''.join(c for c in state.cards[s] if c != board)}"
            for s in ((dealer + 1 + i) % n for i in range(n))
            if state.live[s]
        ]

    def _finish(self, state: RazzState, events: tuple[Event, ...]) -> tuple[RazzState, tuple[Event, ...]]:
        n, dealer = state.n, state.dealer
        contributed = state.contributed
        winnings = [0] * n
        lines = list(state.phh)
        texts: list[str] = []
        live_seats = [s for s in ((dealer + 1 + i) % n for i in range(n)) if state.live[s]]
        if len(live_seats) == 1:
            w = live_seats[0]
            winnings[w] = sum(contributed)
            texts.append(_("{who} wins {pot}: everyone else folded.").format(who=_name(w), pot=winnings[w]))
            shown = (False,) * n
        else:
            # after an all-in run-out pokerkit asks again for the hole cards dealt since
            # (unless the last card was a board card, which it needs no showing of)
            if not (lines[-1].startswith("d db") and any(" sm " in line for line in lines)):
                lines.extend(self._show_lines(state))
            keys = {s: low_key(self._seven(state, s)) for s in live_seats}
            for s in live_seats:
                texts.append(_("{who} shows {cards}: {low}.").format(
                    who=_name(s), cards=_labels(self._seven(state, s)), low=low_name(keys[s])))
            pots = side_pots(contributed, state.live)
            position = {s: i for i, s in enumerate((dealer + 1 + i) % n for i in range(n))}
            for i, pot in enumerate(pots):
                best = min(keys[s] for s in pot.eligible)
                winners = sorted((s for s in pot.eligible if keys[s] == best), key=position.__getitem__)
                for s, share in split_amount(pot.amount, winners, state.options.odd_chips):
                    winnings[s] += share
                names = ", ".join(_name(s) for s in winners)
                label = _("the pot") if len(pots) == 1 else (_("the main pot") if i == 0 else _("a side pot"))
                texts.append(_("{names} win{s} {label} of {amount}.").format(
                    names=names, s="" if len(winners) > 1 else "s", label=label, amount=pot.amount))
            shown = tuple(state.live)
        payoffs = tuple(w - c for w, c in zip(winnings, contributed, strict=False))
        stacks = state.stacks
        if stacks is not None:
            stacks = tuple(s + w for s, w in zip(stacks, winnings, strict=False))
        summary = " ".join(texts)
        state = _with(
            state, street=OVER, round=None, payoffs=payoffs, shown=shown, summary=summary, stacks=stacks,
            phh=tuple(lines), recent=(*state.recent[-RECENT + 1:], summary),
        )
        return state, (*events, Event(summary))

    def _seven(self, state: RazzState, seat: int) -> tuple[str, ...]:
        return state.cards[seat]

    def outcome(self, state: RazzState) -> Outcome | None:
        if state.payoffs is None:
            return None
        return Outcome(
            state.payoffs,
            placings_from(state.payoffs),
            summary=state.summary,
            extra={"stacks": state.stacks} if state.stacks is not None else {},
        )

    # ------------------------------------------------------------ views
    def private_cards(self, state: RazzState, seat: int) -> frozenset[str]:
        if state.shown and state.shown[seat]:
            return frozenset()
        return frozenset(c for c, up in zip(state.cards[seat], UP, strict=False) if not up and c != state.community)

    def view(self, state: RazzState, seat: int | None) -> SeatView:
        n = state.n
        r = state.round
        acting = r.to_act if r is not None else None
        pot = sum(state.contributed)
        lines = []
        for s in range(n):
            revealed = bool(state.shown) and state.shown[s]
            showing = state.cards[s] if revealed else _up(state, s)
            bits = [_name(s), _("in {x}").format(x=state.contributed[s])]
            if state.stacks is not None:
                bits.append(_("stack {x}").format(x=state.stacks[s]))
            if r is not None and r.committed[s]:
                bits.append(_("bet {x}").format(x=r.committed[s]))
            if not state.live[s]:
                bits.append(_("folded"))
            elif state.stacks is not None and state.stacks[s] == 0 and state.payoffs is None:
                bits.append(_("all in"))
            if s == state.opener and state.payoffs is None:
                bits.append(_("brought in") if state.street == 3 else _("opened"))
            text = " · ".join(bits) + (" — " + _labels(showing) if showing else "")
            lines.append(SeatLine(s, text, to_act=s == acting, out=not state.live[s], cards=tuple(showing)))
        opts = state.options
        facts = [
            (_("Pot"), str(pot)),
            (_("Street"), STREET_NAMES.get(state.street, _("Showdown"))),
            (_("Stakes"), _("ante {a} · bring-in {b} · {s}/{g}").format(
                a=opts.ante, b=opts.bring_in, s=opts.small_bet, g=opts.big_bet)),
        ]
        if r is not None:
            facts.append((_("Bet to match"), str(r.current)))
            facts.append((_("Bets this round"), f"{r.level}/{opts.cap}"))
        piles = (Pile(_("Community card"), (state.community,), _label(state.community)),) if state.community else ()
        if state.payoffs is not None:
            summary = state.summary
            title = _("Razz — hand over")
        else:
            title = _("Razz — {street}").format(street=STREET_NAMES[state.street])
            summary = _("{who} to act.").format(who=_name(acting)) if acting is not None else ""
        table = TableView(title, summary, tuple(lines), tuple(facts), piles, state.recent)
        if seat is None:
            return SeatView(table)
        down = tuple(c for c, up in zip(state.cards[seat], UP, strict=False) if not up and c != state.community)
        mine = state.cards[seat] + ((state.community,) if state.community and state.community not in state.cards[seat] else ())
        hand_text = _("Down: {down}").format(down=_labels(down) or "—")
        if len(mine) >= 5:
            hand_text += " · " + _("best low so far: {low}").format(low=low_name(low_key(mine)))
        prompt: tuple[Choice, ...] = ()
        if r is not None and seat == acting and state.payoffs is None:
            prompt = tuple(self._choice(r, seat, a) for a in r.legal(seat))
        return SeatView(table, seat, down, hand_text, (), prompt)

    def _choice(self, r: BettingRound, seat: int, action: str) -> Choice:
        amount, total = r.amount_for(seat, action), r.total_for(seat, action)
        label = {
            "bring-in": _("Bring in {amount}"),
            "complete": _("Complete to {total}"),
            "check": _("Check"),
            "bet": _("Bet {amount}"),
            "call": _("Call {amount}"),
            "raise": _("Raise to {total}"),
            "fold": _("Fold"),
        }[action].format(amount=amount, total=total)
        style = {"fold": "danger", "check": "primary", "call": "primary", "bring-in": "primary"}.get(action, "success")
        return Choice(action, label, style)

    def default_prompt(self, state: RazzState, seat: int) -> tuple[Choice, ...]:
        r = state.round
        if r is None or seat != r.to_act:
            return ()
        return tuple(self._choice(r, seat, a) for a in r.legal(seat))

    # ------------------------------------------------------------ history
    def history_text(self, state: RazzState) -> str | None:
        """The finished hand as PHH (pokerkit's "FR" variant); seats from the dealer's left."""
        if state.payoffs is None:
            return None
        opts, n = state.options, state.n
        order = [(state.dealer + 1 + i) % n for i in range(n)]
        start = [phh.UNLIMITED] * n if state.start_stacks is None else [state.start_stacks[s] for s in order]
        finish = [start[i] + state.payoffs[s] for i, s in enumerate(order)]
        return phh.dumps(
            variant="FR",
            antes=[opts.ante] * n,
            fields={"bring_in": opts.bring_in, "small_bet": opts.small_bet, "big_bet": opts.big_bet},
            starting_stacks=start,
            actions=state.phh,
            players=[_name(s) for s in order],
            finishing_stacks=finish,
        )


# ---------------------------------------------------------------- helpers
def _pk(seat: int, dealer: int, n: int) -> int:
    """PHH player number: 1 is the dealer's left."""
    return (seat - dealer - 1) % n + 1


def _up(state: RazzState, seat: int) -> tuple[str, ...]:
    return tuple(c for c, up in zip(state.cards[seat], UP, strict=False) if up)


def _with(state: RazzState, **changes: Any) -> RazzState:
    return replace(state, **changes)


def _take(
    queues: tuple[tuple[str, ...], ...], deck: tuple[str, ...], seat: int, k: int
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """``k`` cards for ``seat``: its stacked cards first, then the stock."""
    q = queues[seat]
    if q:
        got, rest = q[:k], q[k:]
        queues = tuple(rest if s == seat else x for s, x in enumerate(queues))
    else:
        got = ()
    more = k - len(got)
    if more:
        if len(deck) < more:
            raise IllegalAction(_("The deck ran out."))
        got, deck = got + deck[:more], deck[more:]
    return got, queues, deck


def _deal_plan(
    seats: int, seed: int, hands: Sequence[Sequence[str]] | None, stock: Sequence[str] | None
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Stacked cards per seat and the stock, checked to be distinct real cards."""
    queues = tuple(tuple(h) for h in hands) if hands is not None else ((),) * seats
    if len(queues) != seats:
        raise IllegalAction(_("Need one hand per seat."))
    used = [c for q in queues for c in q]
    if stock is None:
        rest = [c for c in STANDARD_DECK.cards if c not in set(used)]
        deck, _rng = Rng(seed).shuffled(rest)
    else:
        deck = tuple(stock)
    every = used + list(deck)
    if any(c not in STANDARD_DECK for c in every) or len(set(every)) != len(every):
        raise IllegalAction(_("Those aren't distinct cards of a standard deck."))
    return queues, tuple(deck)
