"""Playing a card: following suit, the espagnolette's renounces, and the special payments as cards fall.

Aces and the Quinola (J♥) pay as they are played (``games.core.pots`` records each
payment); the reversis, once the first nine tricks are one seat's, refunds them all
and stops them for the rest of the hand.
"""

from __future__ import annotations

from ..core.game import Event
from ..core.i18n import _
from ..core.pots import Pots
from ..core.sheet import remember
from ..core.tricks import Trick, must_follow
from ..core.views import seat_name
from ..core.wording import sentences
from .cards import QUINOLA, SUIT_OF, ace_value, is_ace, label
from .ending import finish
from .state import (
    ACE,
    ACE_FORCED,
    FIRST_NINE,
    QUINOLA_FORCED,
    QUINOLA_POT,
    REMISE,
    SEATS,
    Events,
    ReversisState,
    evolve,
    reform_antes,
    trick_winner,
)
from .state import QUINOLA as QUINOLA_TAG


def legal_cards(state: ReversisState, seat: int) -> tuple[str, ...]:
    """Follow suit if you can; a player who may go for the espagnolette may renounce during the
    first nine tricks (the cards that follow come first, so a timeout never renounces)."""
    play = state.play
    hand = play.hands[seat]
    plays = play.trick.plays
    if not plays:
        return hand
    follow = must_follow(hand, SUIT_OF[plays[0][1]], SUIT_OF.get)
    if seat == state.eligible and state.tricks_done < FIRST_NINE and len(follow) < len(hand):
        return follow + tuple(c for c in hand if c not in follow)
    return follow


def play_card(state: ReversisState, seat: int, card: str) -> tuple[ReversisState, Events]:
    """The card played, what it pays at once, and the trick's end if it completes one."""
    play = state.play
    trick = play.trick
    events: Events = [Event(_("{who} plays {card}.").format(who=seat_name(seat), card=label(card)), seat)]
    changes: dict[str, object] = {}
    if trick.plays:
        led = SUIT_OF[trick.plays[0][1]]
        if SUIT_OF[card] != led and seat == state.eligible and state.espagnolette < 0 and any(
            SUIT_OF[c] == led for c in play.hands[seat]
        ):
            changes["espagnolette"] = seat
            events.append(Event(_("{who} renounces and goes for the espagnolette.").format(who=seat_name(seat)), seat))
    if card == QUINOLA:
        changes.update(quinola_seat=seat, quinola_trick=state.tricks_done, quinola_led=not trick.plays)
    if not trick.plays and is_ace(card):
        changes["led_aces"] = (*state.led_aces, (seat, card))
    pots = state.pots
    if trick.plays and state.reversis < 0 and SUIT_OF[card] == SUIT_OF[trick.plays[0][1]]:
        pots = _forced(state, pots, seat, card, trick.leader, events)
    after = play.play(seat, card, trick_winner)
    if after.trick.plays:
        return evolve(state, play=after, pots=pots, recent=remember(state.recent, events), **changes), events
    new, events = _trick_done(evolve(state, play=after, pots=pots, **changes), events)
    if after.done:
        new, events = finish(new, events)
    return evolve(new, recent=remember(state.recent, events)), events


def _forced(state: ReversisState, pots: Pots, seat: int, card: str, leader: int, events: Events) -> Pots:
    """An ace or the J♥ played to its own suit's lead: its player pays the leader (RV-4)."""
    if is_ace(card):
        n = ace_value(card)
        events.append(
            Event(
                _("{who} has to play {card} and pays {leader} {n}.").format(
                    who=seat_name(seat), card=label(card), leader=seat_name(leader), n=n
                ),
                seat,
            )
        )
        return pots.pay(seat, leader, n, ACE_FORCED)
    if card != QUINOLA:  # played to its own suit: a heart lead
        return pots
    pots = pots.pay(seat, leader, 10, QUINOLA_FORCED)
    others = [s for s in range(SEATS) if s not in (seat, leader)]
    for s in others:
        pots = pots.pay(s, leader, 5, QUINOLA_FORCED)
    pots, remise = pots.remise(seat, REMISE)
    events.append(
        Event(
            _(
                "Quinola forced: {who} pays {leader} 10, {a} and {b} pay {leader} 5 each, "
                "and {who} pays a remise of {r} to Pot {k}."
            ).format(
                who=seat_name(seat), leader=seat_name(leader), a=seat_name(others[0]), b=seat_name(others[1]),
                r=remise, k=pots.journal[-1].pot,
            ),
            seat,
        )
    )
    return pots


def _trick_done(state: ReversisState, events: Events) -> tuple[ReversisState, Events]:
    """A finished trick: its taker pays for discarded aces and Quinola, then the reversis checks."""
    play = state.play
    taker = play.last_winner
    trick = play.last
    assert trick is not None
    events.append(Event(_("{who} takes the trick.").format(who=seat_name(taker)), taker))
    if state.reversis < 0:
        state = evolve(state, pots=_discards(state, trick, taker, events))
    done = state.tricks_done
    if done == FIRST_NINE and state.reversis < 0 and max(play.tricks) == FIRST_NINE:
        return _reversis_begins(state, taker, events), events
    if done > FIRST_NINE and state.reversis >= 0 and state.broken_by < 0 and taker != state.reversis:
        return _reversis_broken(state, taker, trick, events), events
    return state, events


def _discards(state: ReversisState, trick: Trick, taker: int, events: Events) -> Pots:
    """Aces and the J♥ played on another suit: the taker pays their players; the J♥ takes a pot."""
    pots = state.pots
    led = SUIT_OF[trick.plays[0][1]]
    for seat, card in trick.plays[1:]:
        if SUIT_OF[card] == led:
            continue
        if is_ace(card):
            n = ace_value(card)
            pots = pots.pay(taker, seat, n, ACE)
            events.append(
                Event(
                    _("{taker} pays {who} {n} for the {card} discarded.").format(
                        taker=seat_name(taker), who=seat_name(seat), n=n, card=label(card)
                    ),
                    seat,
                )
            )
        elif card == QUINOLA:
            pots = pots.pay(taker, seat, 5, QUINOLA_TAG)
            k = len(pots.pots)
            pots, won = pots.capture(seat, QUINOLA_POT, reform_antes(state.dealer))
            events.append(Event(_quinola_dumped(seat, taker, won, k, pots, state.dealer), seat))
    return pots


def _quinola_dumped(seat: int, taker: int, won: int, k: int, pots: Pots, dealer: int) -> str:
    text = _("Quinola! {taker} pays {who} 5, and {who} takes Pot {k} ({n} chips).").format(
        taker=seat_name(taker), who=seat_name(seat), k=k, n=won
    )
    if k == 1:
        text = sentences(text, _("A new pot is formed: 5 from each player and 10 from {dealer}, {n} chips.").format(
            dealer=seat_name(dealer), n=pots.latest
        ))
    return text


def _reversis_begins(state: ReversisState, seat: int, events: Events) -> ReversisState:
    refunded = state.pots.refund(state.mark)
    text = _("{who} has taken the first nine tricks: the reversis is on.").format(who=seat_name(seat))
    if refunded is not state.pots:
        text = sentences(text, _("Every ace and Quinola payment of this hand is refunded."))
    events.append(Event(text, seat))
    return evolve(state, reversis=seat, pots=refunded)


def _reversis_broken(state: ReversisState, taker: int, trick: Trick, events: Events) -> ReversisState:
    """An opponent takes the tenth or eleventh trick: the reversis player pays 64 (54 if the J♥ took it)."""
    rev = state.reversis
    won_with = dict(trick.plays)[taker]
    n = 54 if won_with == QUINOLA else 64
    pots = state.pots.pay(rev, taker, n, "reversis")
    text = _("{who} breaks the reversis: {rev} pays {who} {n}.").format(
        who=seat_name(taker), rev=seat_name(rev), n=n
    )
    if state.quinola_seat == rev and 0 <= state.quinola_trick < FIRST_NINE:
        pots, remise = pots.remise(rev, REMISE)
        text = sentences(text, _("{rev} played the Quinola and pays a remise of {r} to Pot {k}.").format(
            rev=seat_name(rev), r=remise, k=pots.journal[-1].pot
        ))
    events.append(Event(text, taker))
    return evolve(state, broken_by=taker, pots=pots)
