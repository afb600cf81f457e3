"""The six tricks of a Renfield-family hand: leading, following, folding, and settling a trick.

Following suit and the winner by a key are ``games/core/tricks.py``'s; what is
the family's own stays here: wild cards declared as any playable card, Death
Cards (a trick holding one is taken by nobody, and they can't be led),
Flatline (ranks only; a led key card makes its suit high), and paying for a
trick the moment it is taken. A playout spends most of its time in
``apply_play``, so the common path builds the next state directly.
"""

from __future__ import annotations

from dataclasses import replace

from games.core.game import Event
from games.core.i18n import _, language
from games.core.tricks import Trick, follow_plays, must_follow, next_seat, strongest, winning_index, without

from .common import SEATS, TRICKS
from .lookups import Lookups, OptionsTable
from .options import FamilyOptions
from .settlement import finish
from .state import (
    PLAY,
    FamilyState,
    Score,
    Side,
    add,
    evolve,
    log,
    logged,
    make_past,
    make_score,
    make_trick,
    put,
)

NO_TRICK = Trick(-1)
_LEADS = tuple(Trick(s) for s in range(8))  # an empty trick led by each seat
_NO_CARDS: frozenset[str] = frozenset()

Step = tuple[FamilyState, tuple[Event, ...]]


# ------------------------------------------------------------ legal plays
def legal_for(
    lk: Lookups, hand: tuple[str, ...], played_as: tuple[str, ...], bugs: int, options: FamilyOptions
) -> tuple[str, ...]:
    """The plays of ``hand`` after ``played_as`` (the trick so far), and the way out of the hand.

    A seat with a bug may fold; with none, Buying the Trick lets it pay its way out.
    """
    if not options.wild_cards and not options.death_cards:
        acts = follow_plays(hand, lk.follow[played_as[0]] if played_as else None, lk.play)
    else:
        acts = tuple(_special_legal(lk, hand, played_as, lk.table(options)))
    if bugs >= 1:
        return (*acts, "fold")
    if options.buy_the_trick:
        return (*acts, "buy")
    return acts


def _special_legal(lk: Lookups, hand: tuple[str, ...], played_as: tuple[str, ...], t: OptionsTable) -> list[str]:
    """Following suit with wild cards (declared as the led suit) and Death Cards."""
    suit = lk.suit
    acts: list[str] = []
    if not played_as:  # leading: anything but a Death Card
        for c in hand:
            if c in t.wild:
                acts.extend(f"play:{c}={x}" for x in t.wild_ids)
            elif c not in t.death:
                acts.append(lk.play[c])
        return acts
    led = suit[played_as[0]]
    naturals = [c for c in hand if c not in t.wild and c not in t.death]
    follow = must_follow(naturals, led, suit.__getitem__)
    void = not any(suit[c] == led for c in naturals)
    for c in hand:
        if c in t.death:
            if void or t.death_all:
                acts.append(lk.play[c])
        elif c in t.wild:
            acts.extend(f"play:{c}={x}" for x in t.wild_ids if void or suit[x] == led)
        elif c in follow:
            acts.append(lk.play[c])
    return acts


# ------------------------------------------------------------------ leads
def lead(lk: Lookups, state: FamilyState, seat: int) -> Step:
    """``seat`` is to lead; a leader holding only Death Cards must fold."""
    events: list[Event] = []
    death = lk.table(state.options).death if state.options.death_cards else _NO_CARDS
    while death and all(c in death for c in state.hands[seat]):
        text = _("{who} can't lead a Death Card and must fold.").format(who=SEATS[seat])
        events.append(Event(text, seat))
        state = log(evolve(state, active=put(state.active, seat, False)), text)
        if sum(state.active) == 1 or (state.options.blaze and seat == state.bidder):
            return finish(lk, state, events)
        seat = next_seat(seat, state.n, state.active.__getitem__)
    s = state
    legal = legal_for(lk, s.hands[seat], (), s.score.bugs[seat], s.options)
    first = s.make(PLAY, seat, legal, s.hands, s.active, _LEADS[seat], (), s.recent, None, s.score, s.side, s.options)
    return first, tuple(events)


def lead_at_once(lk: Lookups, state: FamilyState, seat: int, score: Score, recent: tuple[str, ...]) -> FamilyState:
    """The first state of a trick led by ``seat``, when no Death Card can force the leader out."""
    s = state
    legal = legal_for(lk, s.hands[seat], (), score.bugs[seat], s.options)
    return s.make(PLAY, seat, legal, s.hands, s.active, _LEADS[seat], (), recent, None, score, s.side, s.options)


# ------------------------------------------------------------------ plays
def apply_play(lk: Lookups, state: FamilyState, seat: int, action: str) -> Step:
    """A card played (or a fold): the hot path of every playout, so the next state is built directly."""
    card = lk.card_of.get(action)
    if card is None:
        if action == "fold" or action == "buy":
            return _fold(lk, state, seat, action == "buy")
        card, ident = action[5:].split("=")  # a wild declaration
        events: tuple[Event, ...] = (Event(f"{SEATS[seat]}: {lk.label_play(card, ident)}", seat),)
    else:
        ident = card
        events = lk.play_events[seat][card]
    held = list(state.hands)
    hand = held[seat]
    i = hand.index(card)  # one copy: decks with duplicates need a multiset
    held[seat] = hand[:i] + hand[i + 1 :]
    hands = tuple(held)
    trick = state.trick
    plays = (*trick.plays, (seat, card))
    trick = make_trick(trick.leader, plays)
    played_as = (*state.played_as, ident)
    side = state.side
    up = side.up[seat]
    if up and card in up:
        side = replace(side, up=put(side.up, seat, without(up, card)))
    active = state.active
    live, nexts = lk.seats.get(active) or lk.seating(active)
    if len(plays) == live:
        st, evs = resolve(lk, state, hands, trick, played_as, side)
        return st, events + evs
    nxt = nexts[seat]
    score = state.score
    options = state.options
    legal = legal_for(lk, hands[nxt], played_as, score.bugs[nxt], options)
    return state.make(PLAY, nxt, legal, hands, active, trick, played_as, state.recent, None, score, side, options), events


def _fold(lk: Lookups, state: FamilyState, seat: int, buy: bool) -> Step:
    """Folding (with a bug) or buying out (without): the seat is out; the trick goes on without it."""
    s = state
    score = s.score
    active = put(s.active, seat, False)
    if buy:
        price = lk.trick_cost(s.trick.cards)
        text = _("{who} buys out of the hand for {m}.").format(who=SEATS[seat], m=lk.profile.money(price))
        sc = score
        score = make_score(
            add(sc.net, seat, -price), sc.pot + price, sc.taken, sc.bugs, sc.tricks_done, sc.last,
            sc.bidder, sc.bid, sc.order,
        )
        events: tuple[Event, ...] = (Event(text, seat),)
    else:
        text = _("{who} folds.").format(who=SEATS[seat])
        events = (Event(text, seat),)
    recent = logged(s.recent, text)
    live, nexts = lk.seating(active)
    trick = s.trick
    plays = len(trick.plays)
    o = s.options
    if live == 1 or not plays or plays == live or (o.blaze and seat == score.bidder):
        state = s.make(PLAY, s.turn, s.legal, s.hands, active, trick, s.played_as, recent, s.auction, score, s.side, o)
        if live == 1 or (o.blaze and seat == score.bidder):
            return finish(lk, state, list(events))
        if not plays:  # a folding leader passes the lead to the left
            st, evs = lead(lk, state, nexts[seat])
        else:
            st, evs = resolve(lk, state, state.hands, trick, state.played_as, state.side)
        return st, (*events, *evs)
    nxt = nexts[seat]
    legal = legal_for(lk, s.hands[nxt], s.played_as, score.bugs[nxt], o)
    return s.make(PLAY, nxt, legal, s.hands, active, trick, s.played_as, recent, None, score, s.side, o), events


# ------------------------------------------------------------- the winner
def winner(
    lk: Lookups, options: FamilyOptions, order: str, cards: tuple[str, ...], ids: tuple[str, ...], death: frozenset[str]
) -> int:
    """Index of the card that takes the trick (Death Cards never do).

    ``cards`` are the cards played, ``ids`` what they were played as (a wild card's
    declaration). The view judges the running trick with this too.
    """
    if options.flatline:  # ranks only, a later equal rank wins; a led key card makes its suit high
        led = ids[0]
        high = lk.suit[led] if led in lk.profile.keys else ""
        rank, suit = lk.rank, lk.suit

        def key(i: int, x: str) -> tuple[int, int, int]:
            if cards[i] in death:
                return (-1, 0, i)
            return (suit[x] == high, rank[x], i)

        return winning_index(ids, key)
    strength = lk.key_of(order)
    if not death:
        if not options.wild_cards:  # distinct cards, distinct strengths: no tie to break
            return strongest(ids, strength)
        return winning_index(ids, lambda i, x: (strength[x], i))
    return winning_index(ids, lambda i, x: (-1 if cards[i] in death else strength[x], i))


# ------------------------------------------------------- settling a trick
def resolve(
    lk: Lookups,
    state: FamilyState,
    hands: tuple[tuple[str, ...], ...],
    trick: Trick,
    played_as: tuple[str, ...],
    side: Side,
) -> Step:
    """Settle a full trick (the taker pays at once) and start the next one.

    ``state`` is the position before the trick's last card; the other
    arguments are the trick's final parts, passed apart to spare a state.
    """
    options = state.options
    death = lk.table(options).death if options.death_cards else _NO_CARDS
    sc = state.score
    cards = trick.cards if options.wild_cards else played_as  # without wild cards, identities are the cards
    taker = trick.plays[winner(lk, options, sc.order, cards, played_as, death)][0]
    if death and any(c in death for c in cards):
        side = replace(side, discards=(*side.discards, *cards))
        score = _nobody_takes(sc, trick, played_as)
        text = _("The Death Card: nobody takes the trick; {who} leads next.").format(who=SEATS[taker])
        events: tuple[Event, ...] = (Event(text, taker),)
    else:
        score, events = _taken(lk, sc, trick, played_as, cards, taker)
        text = events[0].text
    recent = logged(state.recent, text)
    s = state
    if score.tricks_done < TRICKS and not death:  # the common case: the taker leads at once
        legal = legal_for(lk, hands[taker], (), score.bugs[taker], options)
        return s.make(PLAY, taker, legal, hands, s.active, _LEADS[taker], (), recent, None, score, side, options), events
    between = s.make(PLAY, -1, (), hands, s.active, NO_TRICK, (), recent, None, score, side, options)
    if score.tricks_done == TRICKS:
        return finish(lk, between, list(events))
    st, evs = lead(lk, between, taker)
    return st, events + evs


def _nobody_takes(sc: Score, trick: Trick, played_as: tuple[str, ...]) -> Score:
    past = make_past(trick.plays, played_as, -1)
    return make_score(sc.net, sc.pot, sc.taken, sc.bugs, sc.tricks_done + 1, past, sc.bidder, sc.bid, sc.order)


def _taken(
    lk: Lookups, sc: Score, trick: Trick, played_as: tuple[str, ...], cards: tuple[str, ...], taker: int
) -> tuple[Score, tuple[Event, ...]]:
    """The score once ``taker`` takes ``cards`` and pays for them, and the event that says so."""
    cost = lk.trick_cost(cards)
    net, taken, bugs = list(sc.net), list(sc.taken), list(sc.bugs)
    net[taker] -= cost
    mine = taken[taker] = taken[taker] + cards
    bugs[taker] = lk.score_of(mine)
    past = make_past(trick.plays, played_as, taker)
    score = make_score(
        tuple(net), sc.pot + cost, tuple(taken), tuple(bugs), sc.tricks_done + 1, past, sc.bidder, sc.bid, sc.order
    )
    key = (taker, cost, language())  # a Japanese table and an English one share these lookups
    events = lk.take_events.get(key)
    if events is None:
        text = _("{who} takes the trick and pays {m}.").format(who=SEATS[taker], m=lk.profile.money(cost))
        events = lk.take_events[key] = (Event(text, taker),)
    return score, events
