"""The Renfield family engine: one set of rules, parametrised by a deck profile.

Phases run in the order of the texts: (Draw: betting, discards) or (Auction),
then the bid for the lead, the suit order, six tricks, and the settlement.
Each phase stores the actions its seat may take in ``state.legal`` when it
starts, so a random playout computes them once per move, not three times.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import Any, ClassVar

from games.core.betting import BettingRound
from games.core.bidding import Auction
from games.core.errors import IllegalAction
from games.core.game import Carry, Event, Game, Outcome, placings_from
from games.core.i18n import _
from games.core.rng import Rng
from games.core.tricks import Trick, must_follow, next_seat, seats_from, winning_index, without
from games.core.views import SeatView, seat_name
from games.core.wording import seat_list

from . import results
from .options import AUCTION_CEILING, AUCTION_PACK, FamilyOptions
from .profile import DeckProfile
from .state import AUCTION, BETTING, BID, DISCARD, DONE, OFFER, ORDER, PLAY, FamilyState, Score, Side
from .state import PastTrick as Past

TRICKS = 6
_SHIFT = 20  # card values sum far below 2**20 (≤ 54 cards of at most 10)
_LOW = (1 << _SHIFT) - 1
MAX_DISCARD = 4
RECENT = 8
_ONE = tuple(frozenset({i}) for i in range(8))
_NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True)
class _Table:
    """Per-options lookups, built once: which cards are wild or deadly."""

    wild: frozenset[str]
    death: frozenset[str]
    death_all: bool
    wild_ids: tuple[str, ...]  # identities a wild card may take
    max_players: int
    plain: bool  # no wild or Death Cards and a suit order: the base game's fast paths


class RenfieldFamily(Game):
    """Shared engine; ``Renfield`` and ``Scurro`` only choose the profile."""

    profile: ClassVar[DeckProfile]
    min_players = 3
    max_players = 8
    uses_chips = True
    hand_by_hand = True
    action_help: ClassVar[dict[str, str]] = {
        "bid:N": "Bid N for the lead (dollars, or bugs in Blaze), or N for the card on auction.",
        "pass": "Pass in any auction.",
        "order:TPS": "Order the suits, highest first.",
        "play:T7": "Play a card.",
        "play:T7=S17": "Play the wild card T7 as the 17 of Stones.",
        "fold": "Fold (needs at least one bug; in Draw's betting round, fold as in poker).",
        "buy": "Buying the Trick: fold with no bugs, paying for the cards already in the trick.",
        "offer:T7": "Auction: put a card from your hand up for auction.",
        "discard:T3,P4": "Draw: discard up to four cards ('discard:' keeps them all).",
        "check/bet/call/raise": "Draw: the poker betting round.",
    }

    def __init__(self) -> None:
        p = self.profile
        deck = p.deck.cards
        self._suit = dict(p.deck.suit)
        self._rank = dict(p.rank)
        self._play = {c: f"play:{c}" for c in deck}
        self._labels = {c: p.deck.label(c) for c in deck}
        self._bids = tuple(f"bid:{b}" for b in range(201))  # bid strings by amount
        # Events are values: the one for "seat s plays card c" is built once and shared.
        self._play_events = tuple(
            {c: (Event(f"{seat_name(s)}: {self._labels[c]}", s),) for c in deck} for s in range(8)
        )
        self._orders_from: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}  # (dealer, in) → order
        self._seating: dict[tuple[bool, ...], tuple[int, tuple[int, ...]]] = {}  # active → (live, next seats)
        self._card_of = {f"play:{c}": c for c in deck}
        # a card's printed value plus one high unit if it is a doubler: one sum gives both totals
        self._cost_code = {c: p.cost[c] + ((c in p.cost_doublers) << _SHIFT) for c in deck}
        self._bug_code = {c: p.bugs[c] + ((c in p.bug_doublers) << _SHIFT) for c in deck}
        # led card → the plays of its suit: following suit is one lookup per card held
        by_suit = {s: {c: self._play[c] for c in deck if self._suit[c] == s} for s in set(self._suit.values())}
        self._follow = {led: by_suit[self._suit[led]] for led in deck}
        self._take_events: dict[tuple[int, int], tuple[Event]] = {}  # (taker, cost) → the trick's event
        self._bid_events: dict[tuple[int, str, bool], tuple[Event]] = {}  # (seat, action, blaze) → event
        self._won_events: dict[tuple[int, int, bool], tuple[Event]] = {}  # (seat, amount, blaze) → event
        self._order_events: dict[tuple[int, str], tuple[Event]] = {}  # (seat, suit order) → event
        self._win_texts: dict[tuple[tuple[int, ...], int, int], str] = {}  # (winners, k, left) → summary
        self._bid_legal: dict[tuple[int, int], tuple[str, ...]] = {}  # (lowest, highest) → bid actions
        self._tables: dict[int, tuple[FamilyOptions, _Table]] = {}
        self._keys: dict[str, dict[str, int]] = {}
        self._orders = tuple("order:" + "".join(o) for o in permutations(p.suits))

    # ------------------------------------------------------------ lookups
    def _table(self, options: FamilyOptions) -> _Table:
        hit = self._tables.get(id(options))
        if hit is not None and hit[0] is options:
            return hit[1]
        table = _Table(
            wild=frozenset(options.wild_cards),
            death=frozenset(options.death_cards),
            death_all=options.death_suits == "all",
            wild_ids=self.profile.playable,
            max_players=options.max_players(),
            plain=not (options.wild_cards or options.death_cards or options.flatline),
        )
        if len(self._tables) > 256:
            self._tables.clear()
        self._tables[id(options)] = (options, table)
        return table

    def _key_of(self, order: str) -> dict[str, int]:
        """Card → strength for a suit order: every card of a higher suit beats every lower one."""
        keys = self._keys.get(order)
        if keys is None:
            strength = {s: len(order) - i for i, s in enumerate(order)}
            keys = {c: strength.get(self._suit[c], 0) * 64 + self._rank[c] for c in self.profile.deck.cards}
            self._keys[order] = keys
        return keys

    def seat_limits(self, options: Any) -> tuple[int, int]:
        return self.min_players, self._table(options).max_players

    def _clockwise(self, dealer: int, active: tuple[bool, ...]) -> tuple[int, ...]:
        """The seats in ``active`` from the dealer's left (dealing and speaking order)."""
        key = (dealer, active)
        order = self._orders_from.get(key)
        if order is None:
            n = len(active)
            order = self._orders_from[key] = seats_from((dealer + 1) % n, n, active.__getitem__)
        return order

    # ---------------------------------------------------------- new hand
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
    ) -> FamilyState:
        opts: FamilyOptions = self.options_from(options)  # type: ignore[assignment]
        self.check_seats(opts, seats)
        n = seats
        dealer %= n
        carry = carry or {}
        carried_in = int(carry.get("pot", 0))
        sitting: tuple[int, ...] = ()
        if opts.blaze:
            sitting = tuple(sorted({int(s) for s in carry.get("sitting_out", ()) if 0 <= int(s) < n}))
            if n - len(sitting) < 2:  # nobody to play against: everyone is dealt back in
                sitting = ()
        dealt_in = tuple(s not in sitting for s in range(n)) if sitting else (True,) * n
        rng = Rng(seed)
        size = opts.hand_size
        deck = opts.deck_cards()
        order = self._clockwise(dealer, dealt_in)
        if hands is None:
            if stock is None:
                cards, rng = rng.shuffled_batched(deck)
            else:
                cards = self._check_cards(stock, deck)
            need = size * len(order)
            if len(cards) < need:
                raise IllegalAction(_("Not enough cards to deal."))
            dealt: list[tuple[str, ...]] = [()] * n
            step = len(order)
            for k, seat in enumerate(order):  # one card at a time, from the dealer's left
                dealt[seat] = cards[k:need:step]
            hand_t = tuple(dealt)
            rest = tuple(cards[need:])
        else:
            if len(hands) != n:
                raise IllegalAction(_("Give one hand per seat."))
            hand_t = tuple(tuple(h) for h in hands)
            for s in range(n):
                if len(hand_t[s]) != (size if dealt_in[s] else 0):
                    raise IllegalAction(_("Each hand needs {n} cards.").format(n=size))
            used = set(self._check_cards([c for h in hand_t for c in h], deck))
            unused = [c for c in deck if c not in used]
            if stock is None:
                rest, rng = rng.shuffled_batched(unused)
            else:
                rest = self._check_cards(stock, unused)
        # Stud: the first three cards of a hand are face down, the other four face up.
        up = tuple(h[3:] for h in hand_t) if opts.stud else ((),) * n
        ante = max(self.profile.ante, 1 if opts.blaze else 0)
        net = tuple(-ante if dealt_in[s] else 0 for s in range(n)) if ante else (0,) * n
        pot = carried_in + ante * len(order)
        side = Side(
            n=n, dealer=dealer, rng=rng, stock=tuple(rest), up=up, dealt_in=dealt_in, carried_in=carried_in,
            sitting_out=sitting,
        )
        recent = []
        if carried_in:
            recent.append(_("{pot} carried into the pot.").format(pot=self.profile.money(carried_in)))
        if ante:
            recent.append(_("Everyone antes {a}.").format(a=self.profile.money(ante)))
        if sitting:
            recent.append(_("Sitting out until the pot is won: {seats}.").format(seats=_seats(sitting)))
        state = self.state_type(
            phase=BID,
            turn=-1,
            legal=(),
            hands=hand_t,
            active=dealt_in,
            trick=_NO_TRICK,
            played_as=(),
            recent=tuple(recent),
            auction=None,
            score=Score(net=net, pot=pot, taken=((),) * n, bugs=(0,) * n),
            side=side,
            options=opts,
        )
        if opts.draw:
            return self._start_betting(state)
        if opts.auction:
            return self._after_draw(state)[0]
        return self._start_bidding(state, order)

    def _after_draw(self, state: FamilyState) -> tuple[FamilyState, tuple[Event, ...]]:
        """After the deal (and Draw's refill): the Auction's pack, or straight to the bidding."""
        if state.options.auction:
            side = state.side
            pack, stock = side.stock[:AUCTION_PACK], side.stock[AUCTION_PACK:]
            return self._reveal(_evolve(state, side=replace(side, pack=pack, stock=stock)))
        return self._start_bidding(state), ()

    def _check_cards(self, cards: Sequence[str], allowed: Sequence[str]) -> tuple[str, ...]:
        ok = set(allowed)
        out = tuple(cards)
        if len(set(out)) != len(out) or any(c not in ok for c in out):
            raise IllegalAction(_("Those cards aren't a valid deal for these options."))
        return out

    # -------------------------------------------------------- contract
    def to_act(self, state: FamilyState) -> frozenset[int]:
        if state.turn >= 0:
            return _ONE[state.turn]
        if state.phase == DISCARD:
            done = state.side.discarded
            return frozenset(s for s in range(state.n) if state.active[s] and not done[s])
        return _NOBODY

    def _legal_actions(self, state: FamilyState, seat: int) -> tuple[str, ...]:
        if state.turn == seat:
            return state.legal
        if state.phase == DISCARD:
            hand = state.hands[seat]
            acts = ["discard:"]
            for k in range(1, min(MAX_DISCARD, len(hand)) + 1):
                acts.extend("discard:" + ",".join(combo) for combo in combinations(hand, k))
            return tuple(acts)
        return ()

    def is_legal(self, state: FamilyState, seat: int, action: str) -> bool:
        if state.turn == seat:
            return action in state.legal
        if state.phase == DISCARD:
            return self._parse_discard(state, seat, action) is not None
        return False

    def _parse_discard(self, state: FamilyState, seat: int, action: str) -> tuple[str, ...] | None:
        if not action.startswith("discard:"):
            return None
        cards = tuple(c for c in action[8:].split(",") if c)
        hand = state.hands[seat]
        if len(cards) > MAX_DISCARD or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            return None
        return cards

    def timeout_action(self, state: FamilyState, seat: int) -> str:
        legal = self._legal_actions(state, seat)
        if state.phase == DISCARD:
            return "discard:"
        if state.phase == BETTING:
            return "check" if "check" in legal else "fold"
        if state.phase == ORDER:
            return "order:" + "".join(self.profile.suits)
        if state.phase == PLAY:
            plays = [a for a in legal if a.startswith("play:")]
            plain = [a for a in plays if "=" not in a]
            if plain:
                return min(plain, key=lambda a: (self._rank[a[5:]], a))
            if plays:  # only wild cards left: play one as itself if allowed, else the lowest identity
                return min(plays, key=lambda a: (a[5:].split("=")[0] != a[5:].split("=")[1], self._rank[a.split("=")[1]], a))
        if "pass" in legal:
            return "pass"
        return legal[0]

    def outcome(self, state: FamilyState) -> Outcome | None:
        if state.phase != DONE:
            return None
        side, sc = state.side, state.score
        carry: dict[str, Any] | None = None
        if side.carried_out or side.sitting_out:
            carry = {"pot": side.carried_out, "sitting_out": list(side.sitting_out)}
        return Outcome(
            payoffs=sc.net,
            placings=placings_from(sc.net),
            carry=carry,
            carried_in=side.carried_in,
            carried_out=side.carried_out,
            summary=side.summary,
            scores=sc.bugs,
            details=results.details(self.profile, state),
            extra={"winners": side.winners, "bidder": sc.bidder, "bid": sc.bid},
        )

    def private_cards(self, state: FamilyState, seat: int) -> frozenset[str]:
        up = state.side.up[seat]
        return frozenset(c for c in state.hands[seat] if c not in up)

    def view(self, state: FamilyState, seat: int | None) -> SeatView:
        from .render import render

        return render(self, state, seat)

    # ------------------------------------------------------------ apply
    def _apply(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        phase = state.phase
        if phase == PLAY:
            return self._apply_play(state, seat, action)
        if phase == BID:
            return self._apply_bid(state, seat, action)
        if phase == ORDER:
            return self._apply_order(state, seat, action)
        if phase == BETTING:
            return self._apply_betting(state, seat, action)
        if phase == DISCARD:
            return self._apply_discard(state, seat, action)
        if phase == AUCTION:
            return self._apply_auction(state, seat, action)
        if phase == OFFER:
            return self._apply_offer(state, seat, action)
        raise IllegalAction(_("This hand is already over."))

    # -------------------------------------------------------------- Draw
    def _start_betting(self, state: FamilyState) -> FamilyState:
        o = state.options
        br = BettingRound.open(state.n, (state.dealer + 1) % state.n, state.active, o.draw_bet, o.draw_cap)
        turn = br.to_act
        assert turn is not None
        return _evolve(state, phase=BETTING, turn=turn, legal=br.legal(turn), side=replace(state.side, betting=br))

    def _apply_betting(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        br, put = state.side.betting.act(seat, action)  # type: ignore[union-attr]
        net, pot = state.net, state.pot
        if put:
            net = _add(net, seat, -put)
            pot += put
        word = {"check": _("checks"), "bet": _("bets"), "call": _("calls"), "raise": _("raises"), "fold": _("folds")}
        text = f"{_seat(seat)} {word[action]}" + (f" {self.profile.money(put)}" if put else "") + "."
        state = _evolve(state, net=net, pot=pot, active=br.live, side=replace(state.side, betting=br))
        state = _log(state, text)
        events = [Event(text, seat)]
        if sum(state.active) == 1:
            return self._finish(state, events)
        if not br.done:
            turn = br.to_act
            assert turn is not None
            return _evolve(state, turn=turn, legal=br.legal(turn)), tuple(events)
        state = replace(
            state, phase=DISCARD, turn=-1, legal=(), side=replace(state.side, discarded=(False,) * state.n)
        )
        events.append(Event(_("Everyone still in may discard up to four cards.")))
        return state, tuple(events)

    def _apply_discard(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        cards = self._parse_discard(state, seat, action)
        assert cards is not None
        side = state.side
        hand = tuple(c for c in state.hands[seat] if c not in cards)
        side = replace(side, discarded=_put(side.discarded, seat, True), pending=side.pending + cards)
        text = _("{who} discards {k}.").format(who=_seat(seat), k=len(cards))
        state = _log(_evolve(state, hands=_put(state.hands, seat, hand), side=side), text)
        events = [Event(text, seat)]
        if any(state.active[s] and not side.discarded[s] for s in range(state.n)):
            return state, tuple(events)
        # everyone has discarded: shuffle the discards into the stock and refill to six
        pool, rng = side.rng.shuffled_batched(side.stock + side.pending)
        hands = list(state.hands)
        top = 0
        size = state.options.hand_size
        for s in seats_from((state.dealer + 1) % state.n, state.n, lambda x: state.active[x]):
            need = size - len(hands[s])
            hands[s] = hands[s] + pool[top : top + need]
            top += need
        side = replace(side, rng=rng, stock=pool[top:], pending=())
        state = _evolve(state, hands=tuple(hands), side=side)
        events.append(Event(_("Discards are shuffled into the deck; hands are refilled.")))
        state, more = self._after_draw(state)
        return state, (*events, *more)

    # ----------------------------------------------------------- Auction
    def _reveal(self, state: FamilyState) -> tuple[FamilyState, tuple[Event, ...]]:
        side = state.side
        if not side.pack:
            ev = Event(_("The auction is over."))
            return self._start_bidding(_log(state, ev.text)), (ev,)
        lot = side.pack[0]
        side = replace(side, pack=side.pack[1:], lot=lot, seller=-1, bought=(), just_bought="")
        text = _("Up for auction from the pack: {card}.").format(card=self.profile.deck.label(lot))
        state = _log(_evolve(state, side=side), text)
        st, evs = self._open_lot(state)
        return st, (Event(text), *evs)

    def _open_lot(self, state: FamilyState) -> tuple[FamilyState, tuple[Event, ...]]:
        side = state.side
        n = state.n
        order = tuple(
            s
            for s in seats_from((state.dealer + 1) % n, n, lambda x: state.active[x])
            if s != side.seller and s not in side.bought
        )
        if not order:
            return self._unsold(state)
        auction = Auction(order, 1, AUCTION_CEILING, until_all_pass=True)
        state = _evolve(state, phase=AUCTION, auction=auction)
        return self._auction_turn(state), ()

    def _auction_turn(self, state: FamilyState) -> FamilyState:
        a = state.auction
        assert a is not None and a.to_act is not None
        bids = tuple(f"bid:{b}" for b in a.bid_range(AUCTION_CEILING))
        return _evolve(state, turn=a.to_act, legal=(*bids, "pass"))

    def _unsold(self, state: FamilyState) -> tuple[FamilyState, tuple[Event, ...]]:
        side = state.side
        text = _("Nobody buys {card}; it is discarded.").format(card=self.profile.deck.label(side.lot))
        state = _log(_evolve(state, auction=None, side=replace(side, discards=(*side.discards, side.lot), lot="")), text)
        st, evs = self._reveal(state)
        return st, (Event(text), *evs)

    def _apply_auction(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        side = state.side
        a = state.auction
        assert a is not None
        if action == "pass":
            a = a.pass_(seat)
            text = _("{who} passes.").format(who=_seat(seat))
        else:
            amount = int(action[4:])
            a = a.bid(seat, amount)
            text = _("{who} bids {m}.").format(who=_seat(seat), m=self.profile.money(amount))
        state = _log(_evolve(state, auction=a), text)
        events: tuple[Event, ...] = (Event(text, seat),)
        if not a.done:
            return self._auction_turn(state), events
        if a.high_seat is None:
            st, evs = self._unsold(state)
            return st, events + evs
        buyer, price = a.high_seat, a.high or 0
        side = state.side
        net, pot = _add(state.net, buyer, -price), state.pot + price
        if side.seller >= 0:  # the seller's half, odd dollar to the pot
            half = price // 2
            net = _add(net, side.seller, half)
            pot -= half
        hands = _put(state.hands, buyer, (*state.hands[buyer], side.lot))
        # everyone saw the lot: once bought it lies face up in front of its buyer
        up = _put(side.up, buyer, (*side.up[buyer], side.lot))
        side = replace(
            side, up=up, bought=(*side.bought, buyer), just_bought=side.lot, lot="", seller=-1
        )
        text = _("{who} buys {card} for {m}.").format(
            who=_seat(buyer), card=self.profile.deck.label(hands[buyer][-1]), m=self.profile.money(price)
        )
        state = _log(_evolve(state, hands=hands, net=net, pot=pot, side=side, phase=OFFER, auction=None), text)
        offers = tuple(f"offer:{c}" for c in hands[buyer] if c != side.just_bought)
        return _evolve(state, turn=buyer, legal=offers), (*events, Event(text, buyer))

    def _apply_offer(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        card = action[6:]
        side = state.side
        hands = _put(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
        up = _put(side.up, seat, tuple(c for c in side.up[seat] if c != card))
        side = replace(side, up=up, lot=card, seller=seat, just_bought="")
        text = _("{who} puts {card} up for auction.").format(who=_seat(seat), card=self.profile.deck.label(card))
        state = _log(_evolve(state, hands=hands, side=side), text)
        st, evs = self._open_lot(state)
        return st, (Event(text, seat), *evs)

    # ------------------------------------------------- bidding for the lead
    def _start_bidding(self, state: FamilyState, order: tuple[int, ...] | None = None) -> FamilyState:
        """``order``: the seats still in from the dealer's left, when the caller knows them."""
        o = state.options
        if order is None:
            order = self._clockwise(state.dealer, state.active)
        if o.blaze:
            auction = Auction(order, 1, until_all_pass=True)
        else:
            low = self.profile.flatline_min_bid if o.flatline else self.profile.min_bid
            auction = Auction(order, low)
        return self._bid_turn(state, auction, state.recent)[0]

    def _forced_bid(self, state: FamilyState) -> int:
        o = state.options
        if o.blaze:
            return 1
        return self.profile.flatline_forced_bid if o.flatline else self.profile.forced_bid

    def _bid_turn(
        self, state: FamilyState, a: Auction, recent: tuple[str, ...]
    ) -> tuple[FamilyState, tuple[Event, ...]]:
        """The bidding state after ``a``'s last call: next bidder, forced lead, or the winner."""
        s = state
        if a.done or (a.high is None and len(a.out) == len(a.order) - 1):
            if a.done:
                assert a.high_seat is not None and a.high is not None
                return self._won_bid(s, a.high_seat, a.high, (), recent)
            # everyone else passed: the last to speak (the dealer) must take the lead
            forced = a.to_act
            assert forced is not None
            amount = self._forced_bid(state)
            text = _("Nobody bids: {who} must take the lead for {m}.").format(
                who=_seat(forced), m=self._bid_text(state, amount)
            )
            return self._won_bid(s, forced, amount, (Event(text, forced),), (*recent[-(RECENT - 1) :], text))
        turn = a.order[a.turn]  # ``a.to_act`` of a running auction
        key = (a.minimum if a.high is None else a.high + a.step, s.options.max_bid)  # (next minimum, top)
        legal = self._bid_legal.get(key)
        if legal is None:
            legal = self._bid_legal[key] = (*self._bids[key[0] : key[1] + 1], "pass")
        return type(s)(BID, turn, legal, s.hands, s.active, s.trick, (), recent, a, s.score, s.side, s.options), ()

    def _bid_text(self, state: FamilyState, amount: int) -> str:
        return self.profile.points(amount) if state.options.blaze else self.profile.money(amount)

    def _apply_bid(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        a = state.auction
        assert a is not None
        blaze = state.options.blaze
        a = a.pass_(seat) if action == "pass" else a.bid(seat, int(action[4:]))
        key = (seat, action, blaze)
        events = self._bid_events.get(key)
        if events is None:
            if action == "pass":
                text = _("{who} passes.").format(who=_seat(seat))
            else:
                text = _("{who} bids {m}.").format(who=_seat(seat), m=self._bid_text(state, int(action[4:])))
            events = self._bid_events[key] = (Event(text, seat),)
        st, evs = self._bid_turn(state, a, (*state.recent[-(RECENT - 1) :], events[0].text))
        return st, (events + evs if evs else events)

    def _won_bid(
        self, state: FamilyState, seat: int, amount: int, events: tuple[Event, ...], recent: tuple[str, ...]
    ) -> tuple[FamilyState, tuple[Event, ...]]:
        """``state`` is the last bidding position; ``recent`` its log with the last call."""
        o = state.options
        sc = state.score
        net, pot = sc.net, sc.pot
        if not o.blaze:  # the winner puts the bid in the pot
            net = _add(net, seat, -amount)
            pot += amount
        key = (seat, amount, o.blaze)
        won = self._won_events.get(key)
        if won is None:
            text = _("{who} wins the lead with {m}.").format(who=_seat(seat), m=self._bid_text(state, amount))
            won = self._won_events[key] = (Event(text, seat),)
        events = events + won if events else won
        score = Score(net, pot, sc.taken, sc.bugs, sc.tricks_done, sc.last, seat, amount, sc.order)
        recent = (*recent[-(RECENT - 1) :], won[0].text)
        s = state
        if o.flatline:
            st = type(s)(PLAY, -1, (), s.hands, s.active, s.trick, (), recent, None, score, s.side, o)
            st, evs = self._lead(st, seat)
            return st, events + evs
        return type(s)(ORDER, seat, self._orders, s.hands, s.active, s.trick, (), recent, None, score, s.side, o), events

    def _apply_order(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        order = action[6:]
        key = (seat, order)
        events = self._order_events.get(key)
        if events is None:
            text = _("{who} orders the suits: {o}.").format(who=_seat(seat), o=self.profile.order_text(order))
            events = self._order_events[key] = (Event(text, seat),)
        sc = state.score
        score = Score(sc.net, sc.pot, sc.taken, sc.bugs, sc.tricks_done, sc.last, sc.bidder, sc.bid, order)
        s = state
        o = s.options
        recent = (*s.recent[-(RECENT - 1) :], events[0].text)
        if not o.death_cards:  # nobody can be forced out: ``_lead`` without the intermediate state
            legal = self._legal_for(s.hands[seat], (), score.bugs[seat], o)
            return type(s)(PLAY, seat, legal, s.hands, s.active, _LEADS[seat], (), recent, None, score, s.side, o), events
        st = type(s)(PLAY, s.turn, s.legal, s.hands, s.active, s.trick, s.played_as, recent, s.auction, score, s.side, o)
        st, evs = self._lead(st, seat)
        return st, (events + evs if evs else events)

    # ------------------------------------------------------------ tricks
    def _lead(self, state: FamilyState, seat: int) -> tuple[FamilyState, tuple[Event, ...]]:
        """``seat`` is to lead; a leader holding only Death Cards must fold."""
        events: list[Event] = []
        death = self._table(state.options).death if state.options.death_cards else _NO_CARDS
        while death and all(c in death for c in state.hands[seat]):
            text = _("{who} can't lead a Death Card and must fold.").format(who=_seat(seat))
            events.append(Event(text, seat))
            state = _log(_evolve(state, active=_put(state.active, seat, False)), text)
            if sum(state.active) == 1 or (state.options.blaze and seat == state.bidder):
                return self._finish(state, events)
            seat = next_seat(seat, state.n, state.active.__getitem__)
        legal = self._legal_for(state.hands[seat], (), state.score.bugs[seat], state.options)
        s = state
        lead = type(s)(
            PLAY, seat, legal, s.hands, s.active, Trick(seat), (), s.recent, None, s.score, s.side, s.options
        )
        return lead, tuple(events)

    def _play_legal(self, state: FamilyState, seat: int) -> tuple[str, ...]:
        return self._legal_for(state.hands[seat], state.played_as, state.score.bugs[seat], state.options)

    def _legal_for(
        self, hand: tuple[str, ...], played_as: tuple[str, ...], bugs: int, options: FamilyOptions
    ) -> tuple[str, ...]:
        if not options.wild_cards and not options.death_cards:
            # follow suit if you can (``must_follow`` as lookups: the led suit's plays, in hand order)
            acts = played_as and tuple(filter(None, map(self._follow[played_as[0]].get, hand)))
            if not acts:
                acts = tuple(map(self._play.__getitem__, hand))
        else:
            acts = tuple(self._special_legal(hand, played_as, self._table(options)))
        if bugs >= 1:
            return (*acts, "fold")
        if options.buy_the_trick:
            return (*acts, "buy")
        return acts

    def _special_legal(self, hand: tuple[str, ...], played_as: tuple[str, ...], t: _Table) -> list[str]:
        """Following suit with wild cards (declared as the led suit) and Death Cards."""
        suit = self._suit
        acts: list[str] = []
        if not played_as:  # leading: anything but a Death Card
            for c in hand:
                if c in t.wild:
                    acts.extend(f"play:{c}={x}" for x in t.wild_ids)
                elif c not in t.death:
                    acts.append(self._play[c])
            return acts
        led = suit[played_as[0]]
        naturals = [c for c in hand if c not in t.wild and c not in t.death]
        follow = must_follow(naturals, led, suit.__getitem__)
        void = not any(suit[c] == led for c in naturals)
        for c in hand:
            if c in t.death:
                if void or t.death_all:
                    acts.append(self._play[c])
            elif c in t.wild:
                acts.extend(f"play:{c}={x}" for x in t.wild_ids if void or suit[x] == led)
            elif c in follow:
                acts.append(self._play[c])
        return acts

    def _seats_of(self, active: tuple[bool, ...]) -> tuple[int, tuple[int, ...]]:
        """How many seats are in, and each seat's next active seat to the left (few distinct tuples)."""
        hit = self._seating.get(active)
        if hit is None:
            n = len(active)
            hit = (sum(active), tuple(next_seat(s, n, active.__getitem__) for s in range(n)))
            self._seating[active] = hit
        return hit

    def _apply_play(self, state: FamilyState, seat: int, action: str) -> tuple[FamilyState, tuple[Event, ...]]:
        # the hot path of every random playout: the next state is built directly
        card = self._card_of.get(action)
        if card is None:
            if action == "fold" or action == "buy":
                return self._fold(state, seat, action == "buy")
            card, ident = action[5:].split("=")  # a wild declaration
            events: tuple[Event, ...] = (Event(f"{_SEATS[seat]}: {self._label_play(card, ident)}", seat),)
        else:
            ident = card
            events = self._play_events[seat][card]
        hands = state.hands
        hand = hands[seat]
        i = hand.index(card)  # one copy: decks with duplicates need a multiset
        hands = (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :])
        trick = state.trick
        plays = (*trick.plays, (seat, card))
        trick = Trick(trick.leader, plays)
        played_as = (*state.played_as, ident)
        side = state.side
        up = side.up[seat]
        if up and card in up:
            side = replace(side, up=_put(side.up, seat, without(up, card)))
        active = state.active
        live, nexts = self._seating.get(active) or self._seats_of(active)
        if len(plays) == live:
            st, evs = self._resolve(state, hands, trick, played_as, side)
            return st, events + evs
        nxt = nexts[seat]
        score = state.score
        options = state.options
        legal = self._legal_for(hands[nxt], played_as, score.bugs[nxt], options)
        return (
            type(state)(PLAY, nxt, legal, hands, active, trick, played_as, state.recent, None, score, side, options),
            events,
        )

    def _label_play(self, card: str, ident: str) -> str:
        label = self.profile.deck.label
        return label(card) if card == ident else _("{card} as {ident}").format(card=label(card), ident=label(ident))

    def _trick_cost(self, cards: Sequence[str]) -> int:
        """Printed costs, doubled once per cost doubler (compounding)."""
        v = sum(map(self._cost_code.__getitem__, cards))
        return (v & _LOW) << (v >> _SHIFT)

    def _score(self, taken: Sequence[str]) -> int:
        """Printed bugs of everything taken, doubled once per bug doubler (compounding)."""
        v = sum(map(self._bug_code.__getitem__, taken))
        return (v & _LOW) << (v >> _SHIFT)

    def _fold(self, state: FamilyState, seat: int, buy: bool) -> tuple[FamilyState, tuple[Event, ...]]:
        s = state
        score = s.score
        active = _put(s.active, seat, False)
        if buy:
            price = self._trick_cost(s.trick.cards)
            text = _("{who} buys out of the hand for {m}.").format(who=_seat(seat), m=self.profile.money(price))
            sc = score
            score = Score(
                _add(sc.net, seat, -price), sc.pot + price, sc.taken, sc.bugs, sc.tricks_done, sc.last,
                sc.bidder, sc.bid, sc.order,
            )
            events: tuple[Event, ...] = (Event(text, seat),)
        else:
            events = _FOLD_EVENTS[seat]
            text = events[0].text
        recent = (*s.recent[-(RECENT - 1) :], text)
        live, nexts = self._seats_of(active)
        trick = s.trick
        plays = len(trick.plays)
        if live == 1 or not plays or plays == live or (s.options.blaze and seat == score.bidder):
            state = type(s)(
                PLAY, s.turn, s.legal, s.hands, active, trick, s.played_as, recent, s.auction, score, s.side, s.options
            )
            if live == 1 or (state.options.blaze and seat == state.bidder):
                return self._finish(state, list(events))
            if not plays:  # a folding leader passes the lead to the left
                st, evs = self._lead(state, nexts[seat])
                return st, (*events, *evs)
            st, evs = self._resolve(state, state.hands, trick, state.played_as, state.side)
            return st, (*events, *evs)
        nxt = nexts[seat]
        legal = self._legal_for(s.hands[nxt], s.played_as, score.bugs[nxt], s.options)
        nxt_state = type(s)(
            PLAY, nxt, legal, s.hands, active, trick, s.played_as, recent, None, score, s.side, s.options
        )
        return nxt_state, events

    def _winner(
        self,
        options: FamilyOptions,
        order: str,
        cards: tuple[str, ...],
        ids: tuple[str, ...],
        death: frozenset[str],
    ) -> int:
        """Index of the card that takes the trick (Death Cards never do)."""
        if options.flatline:
            led = ids[0]
            high = self._suit[led] if led in self.profile.keys else ""
            rank, suit = self._rank, self._suit

            def key(i: int, x: str) -> tuple[int, int, int]:
                if cards[i] in death:
                    return (-1, 0, i)
                return (suit[x] == high, rank[x], i)

            return winning_index(ids, key)
        strength = self._key_of(order)
        if not death:
            if not options.wild_cards:  # distinct cards, distinct strengths: no tie to break
                return ids.index(max(ids, key=strength.__getitem__))
            return winning_index(ids, lambda i, x: (strength[x], i))
        return winning_index(ids, lambda i, x: (-1 if cards[i] in death else strength[x], i))

    def _resolve(
        self,
        state: FamilyState,
        hands: tuple[tuple[str, ...], ...],
        trick: Trick,
        played_as: tuple[str, ...],
        side: Side,
    ) -> tuple[FamilyState, tuple[Event, ...]]:
        """Settle a full trick (the taker pays at once) and start the next one.

        ``state`` is the position before the trick's last card; the other
        arguments are the trick's final parts, passed apart to spare a state.
        """
        options = state.options
        table = self._table(options)
        death = table.death
        sc = state.score
        if table.plain:  # distinct cards under a suit order: the strongest takes, no tie to break
            cards = played_as
            taker = trick.plays[cards.index(max(cards, key=self._key_of(sc.order).__getitem__))][0]
        else:
            cards = trick.cards if options.wild_cards else played_as  # without wild cards, identities are the cards
            taker = trick.plays[self._winner(options, sc.order, cards, played_as, death)][0]
        done = sc.tricks_done + 1
        if death and any(c in death for c in cards):
            side = replace(side, discards=(*side.discards, *cards))
            past = Past(trick.plays, played_as, -1)  # nobody takes it
            score = Score(sc.net, sc.pot, sc.taken, sc.bugs, done, past, sc.bidder, sc.bid, sc.order)
            text = _("The Death Card: nobody takes the trick; {who} leads next.").format(who=_SEATS[taker])
            events = (Event(text, taker),)
        else:
            cost = self._trick_cost(cards)
            t, b, net = sc.taken, sc.bugs, sc.net
            mine = t[taker] + cards
            after = taker + 1
            score = Score(
                (*net[:taker], net[taker] - cost, *net[after:]),
                sc.pot + cost,
                (*t[:taker], mine, *t[after:]),
                (*b[:taker], self._score(mine), *b[after:]),
                done, Past(trick.plays, played_as, taker), sc.bidder, sc.bid, sc.order,
            )
            events = self._take_events.get((taker, cost))
            if events is None:
                text = _("{who} takes the trick and pays {m}.").format(who=_SEATS[taker], m=self.profile.money(cost))
                events = self._take_events[(taker, cost)] = (Event(text, taker),)
            text = events[0].text
        recent = (*state.recent[-(RECENT - 1) :], text)
        cls = type(state)
        if done < TRICKS and not death:  # the common case: the taker leads at once
            legal = self._legal_for(hands[taker], (), score.bugs[taker], options)
            lead = cls(PLAY, taker, legal, hands, state.active, _LEADS[taker], (), recent, None, score, side, options)
            return lead, events
        state = cls(PLAY, -1, (), hands, state.active, _NO_TRICK, (), recent, None, score, side, options)
        if done == TRICKS:
            return self._finish(state, list(events))
        st, evs = self._lead(state, taker)
        return st, events + evs

    # ---------------------------------------------------------- settle
    def _finish(self, state: FamilyState, events: list[Event]) -> tuple[FamilyState, tuple[Event, ...]]:
        o = state.options
        p = self.profile
        side = state.side
        n = side.n
        sc = state.score
        bugs, active = sc.bugs, state.active  # read once: the state's shortcuts are properties
        net = list(sc.net)
        pot = sc.pot
        live = [s for s in range(n) if active[s]]
        winners: tuple[int, ...] = ()
        sitting: tuple[int, ...] = ()
        if o.blaze and sc.bidder >= 0:
            b = sc.bidder
            if active[b] and bugs[b] >= sc.bid:
                winners = (b,)
                text = results.blaze_made(p, b, sc.bid)
            else:
                penalty = o.blaze_penalty or pot
                net[b] -= penalty
                pot += penalty
                sitting = tuple(s for s in range(n) if not active[s])
                text = results.blaze_missed(p, b, sc.bid, pot)
        elif len(live) == 1:
            winners = (live[0],)
            text = results.folded_to(live[0])
        else:
            eligible = [s for s in live if bugs[s] >= 1]
            if eligible:
                best = min([bugs[s] for s in eligible])
                winners = tuple([s for s in eligible if bugs[s] == best])
                key = (winners, best, pot % len(winners))  # (winners, bugs, what stays in the pot)
                text = self._win_texts.get(key)
                if text is None:
                    if len(self._win_texts) > 4096:
                        self._win_texts.clear()
                    text = self._win_texts[key] = results.won_with(p, winners, best, key[2])
            else:
                text = results.nobody_won(p, pot)
        if winners:
            share = pot // len(winners)
            for w in winners:
                net[w] += share
            pot -= share * len(winners)
        d = side  # written out rather than ``replace``: every hand ends here
        side = Side(
            n=d.n, dealer=d.dealer, rng=d.rng, stock=d.stock, up=d.up, dealt_in=d.dealt_in,
            carried_in=d.carried_in, betting=d.betting, discarded=d.discarded, pending=d.pending, pack=d.pack,
            lot=d.lot, seller=d.seller, bought=d.bought, just_bought=d.just_bought, discards=d.discards,
            winners=winners, carried_out=pot, sitting_out=sitting, summary=text,
        )
        s = state
        score = Score(tuple(net), pot, sc.taken, bugs, sc.tricks_done, sc.last, sc.bidder, sc.bid, sc.order)
        recent = (*s.recent[-(RECENT - 1) :], text)
        state = type(s)(DONE, -1, (), s.hands, s.active, s.trick, s.played_as, recent, s.auction, score, side, o)
        events.append(Event(text))
        return state, tuple(events)


# ------------------------------------------------------------------ helpers
def _put(values: tuple, i: int, value: Any) -> tuple:
    return (*values[:i], value, *values[i + 1 :])


def _add(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return (*values[:i], values[i] + delta, *values[i + 1 :])


def _seat(seat: int) -> str:
    return seat_name(seat)


_SEATS = tuple(seat_name(s) for s in range(8))
_NO_TRICK = Trick(-1)
_LEADS = tuple(Trick(s) for s in range(8))  # an empty trick led by each seat
_NO_CARDS: frozenset[str] = frozenset()
_FOLD_EVENTS = tuple((Event(_("{who} folds.").format(who=seat_name(s)), s),) for s in range(8))


def _seats(seats: Sequence[int]) -> str:
    return seat_list(seats)


def _log(state: FamilyState, text: str) -> FamilyState:
    return _evolve(state, recent=(*state.recent[-(RECENT - 1) :], text))


_TOP = frozenset({"phase", "turn", "legal", "hands", "active", "trick", "played_as", "recent", "auction"})
_SCORE = frozenset({"net", "pot", "taken", "bugs", "bidder", "bid", "order"})


def _evolve(state: FamilyState, **ch: Any) -> FamilyState:
    """``replace`` that also reaches into the nested ``score`` part.

    Written out field by field: ``dataclasses.replace`` was the top cost of a playout.
    """
    sc = state.score
    if not _SCORE.isdisjoint(ch):
        sc = Score(
            ch.pop("net", sc.net),
            ch.pop("pot", sc.pot),
            ch.pop("taken", sc.taken),
            ch.pop("bugs", sc.bugs),
            sc.tricks_done,
            sc.last,
            ch.pop("bidder", sc.bidder),
            ch.pop("bid", sc.bid),
            ch.pop("order", sc.order),
        )
    side = ch.pop("side", state.side)
    if not _TOP.issuperset(ch):
        raise TypeError(f"unknown state fields: {set(ch) - _TOP}")
    g = ch.get
    return type(state)(
        g("phase", state.phase),
        g("turn", state.turn),
        g("legal", state.legal),
        g("hands", state.hands),
        g("active", state.active),
        g("trick", state.trick),
        g("played_as", state.played_as),
        g("recent", state.recent),
        g("auction", state.auction),
        sc,
        side,
        state.options,
    )
