"""The end of a hand: the party (winner, loser and the talon payment), the espagnolette, the
reversis, the led aces and Quinola collected by the party's winner, and the last deal's pots."""

from __future__ import annotations

from ..core.game import Event
from ..core.i18n import _
from ..core.pots import Pots
from ..core.tricks import seats_from
from ..core.views import seat_name
from ..core.wording import count_of
from .cards import POINTS, QUINOLA, ace_value, label, talon_points
from .state import (
    ACE_AND_QUINOLA,
    DONE,
    ESPAGNOLETTE,
    FIRST_NINE,
    LED_ACE,
    LED_QUINOLA,
    PARTY,
    QUINOLA_POT,
    REMISE,
    REVERSIS,
    SEATS,
    SHARE,
    Events,
    ReversisState,
    evolve,
    reform_antes,
)


def points(state: ReversisState) -> tuple[int, ...]:
    """Points captured in tricks: aces 4, kings 3, queens 2, jacks 1."""
    return tuple(sum(POINTS[c] for c in taken) for taken in state.play.taken)


def party_seats(state: ReversisState) -> tuple[int, int]:
    """(winner, loser) of the party. Fewest points win, most lose (DECISIONS §4.2); ties go to
    fewer tricks, then the dealer, then on to the left (RV-9). The espagnolette decides alone
    (RV-10). One seat cannot both win and lose: the loser is then the next in line."""
    pts, tricks = points(state), state.play.tricks
    pos = [(s - state.dealer) % SEATS for s in range(SEATS)]

    def win_key(s: int) -> tuple[int, int, int]:
        return (pts[s], tricks[s], pos[s])

    def lose_key(s: int) -> tuple[int, int, int]:
        return (-pts[s], tricks[s], pos[s])

    esp = state.espagnolette
    if esp >= 0:
        others = [s for s in range(SEATS) if s != esp]
        if tricks[esp] == 0:
            return esp, min(others, key=lose_key)
        return min(others, key=win_key), esp
    winner = min(range(SEATS), key=win_key)
    return winner, min((s for s in range(SEATS) if s != winner), key=lose_key)


def party_stake(state: ReversisState, winner: int, loser: int) -> int:
    """4 plus the talon's points, doubled when winner and loser sit across from each other."""
    n = 4 + sum(talon_points(c, state.options.historical_talon) for c in state.talon)
    return 2 * n if (winner - loser) % SEATS == 2 else n


def finish(state: ReversisState, events: Events) -> tuple[ReversisState, Events]:
    if state.reversis >= 0:
        pots, winner, loser, headline = _reversis_end(state, events)
    else:
        pots, winner, loser, headline = _party(state, events)
    events.append(Event(headline, winner))
    if state.last:
        pots = _share(state, pots, events)
    pts = points(state)
    details = tuple(_detail(state, s, pts[s], winner, loser) for s in range(SEATS))
    done = evolve(
        state, phase=DONE, turn=-1, pots=pots, winner=winner, loser=loser, summary=headline, details=details
    )
    return done, events


def _detail(state: ReversisState, seat: int, pts: int, winner: int, loser: int) -> str:
    text = _("{points} in {tricks}").format(
        points=count_of(pts, _("{n} point"), _("{n} points")),
        tricks=count_of(state.play.tricks[seat], _("{n} trick"), _("{n} tricks")),
    )
    if seat == state.reversis:
        return text + " · " + (_("reversis broken") if state.broken_by >= 0 else _("reversis made"))
    if seat == state.broken_by:
        return text + " · " + _("broke the reversis")
    if state.reversis >= 0:
        return text
    if seat == winner:
        return text + " · " + _("won the party")
    if seat == loser:
        return text + " · " + _("lost the party")
    return text


def _party(state: ReversisState, events: Events) -> tuple[Pots, int, int, str]:
    winner, loser = party_seats(state)
    pots = state.pots
    esp = state.espagnolette
    if esp >= 0 and esp == loser:
        pots = _espagnolette_failed(state, pots, events)
    n = party_stake(state, winner, loser)
    pots = pots.pay(loser, winner, n, PARTY)
    pots = _led_collections(state, pots, winner, events)
    names = {"winner": seat_name(winner), "loser": seat_name(loser), "n": n}
    if esp == winner:
        text = _("{winner} makes the espagnolette and wins the party: {loser} pays {winner} {n}.")
    elif esp == loser:
        text = _("{loser} took a trick and fails the espagnolette, so loses the party: {loser} pays {winner} {n}.")
    elif (winner - loser) % SEATS == 2:
        text = _("{winner} wins the party and {loser} loses it: sitting across, {loser} pays {winner} double, {n}.")
    else:
        text = _("{winner} wins the party and {loser} loses it: {loser} pays {winner} {n}.")
    return pots, winner, loser, text.format(**names)


def _espagnolette_failed(state: ReversisState, pots: Pots, events: Events) -> Pots:
    """Double back what each player paid for aces and the J♥; a pot taken goes back, with a remise."""
    esp = state.espagnolette
    for s in range(SEATS):
        back = 2 * pots.paid(s, esp, ACE_AND_QUINOLA, since=state.mark) if s != esp else 0
        if back:
            pots = pots.pay(esp, s, back, ESPAGNOLETTE)
            events.append(
                Event(_("{who} pays {other} back double: {n}.").format(who=seat_name(esp), other=seat_name(s), n=back))
            )
    for taken in pots.taken(esp, QUINOLA_POT, since=state.mark):
        pots = pots.give_back(esp, taken.amount, ESPAGNOLETTE)
        k = len(pots.pots)
        pots, r = pots.remise(esp, REMISE)
        events.append(
            Event(
                _("{who} returns the pot of {n} (now Pot {k}) and pays a remise of {r}.").format(
                    who=seat_name(esp), n=taken.amount, k=k, r=r
                )
            )
        )
    return pots


def _led_collections(state: ReversisState, pots: Pots, winner: int, events: Events) -> Pots:
    """Aces and the J♥ led: the party's winner collects, automatically (DECISIONS §4.2; RV-6)."""
    for leader, ace in state.led_aces:
        if leader != winner:
            n = ace_value(ace)
            pots = pots.pay(leader, winner, n, LED_ACE)
            events.append(
                Event(
                    _("{who} led {card}: {winner} collects {n} from {who}.").format(
                        who=seat_name(leader), card=label(ace), winner=seat_name(winner), n=n
                    )
                )
            )
    q = state.quinola_seat
    if state.quinola_led and q != winner:
        pots = pots.pay(q, winner, 10, LED_QUINOLA)
        others = [s for s in range(SEATS) if s not in (q, winner)]
        for s in others:
            pots = pots.pay(s, winner, 5, LED_QUINOLA)
        events.append(
            Event(
                _("{who} led the Quinola: {winner} collects 10 from {who} and 5 each from {a} and {b}.").format(
                    who=seat_name(q), winner=seat_name(winner), a=seat_name(others[0]), b=seat_name(others[1])
                )
            )
        )
    return pots


def _reversis_end(state: ReversisState, events: Events) -> tuple[Pots, int, int, str]:
    """No party after a reversis (RV-7): a broken one was paid when broken; a made one is paid here."""
    rev, pots = state.reversis, state.pots
    if state.broken_by >= 0:
        n = pots.paid(rev, state.broken_by, {REVERSIS})
        text = _("{who} broke the reversis of {rev} and was paid {n}.").format(
            who=seat_name(state.broken_by), rev=seat_name(rev), n=n
        )
        return pots, state.broken_by, rev, text
    esp = state.espagnolette
    if esp >= 0:
        pots = pots.pay(esp, rev, 64, REVERSIS)
        loser = esp
        text = _("{rev} makes the reversis: {esp}, who went for the espagnolette, pays all 64.").format(
            rev=seat_name(rev), esp=seat_name(esp)
        )
    else:
        loser = (rev + 2) % SEATS
        a, b = [s for s in range(SEATS) if s not in (rev, loser)]
        pots = pots.pay(loser, rev, 32, REVERSIS).pay(a, rev, 16, REVERSIS).pay(b, rev, 16, REVERSIS)
        text = _("{rev} makes the reversis: {opp} pays 32, {a} and {b} 16 each.").format(
            rev=seat_name(rev), opp=seat_name(loser), a=seat_name(a), b=seat_name(b)
        )
    if state.quinola_seat == rev and 0 <= state.quinola_trick < FIRST_NINE:
        k = len(pots.pots)
        pots, won = pots.capture(rev, QUINOLA_POT, reform_antes(state.dealer))
        events.append(
            Event(
                _("{rev} played the {card} in the first nine tricks and takes Pot {k} ({n} chips).").format(
                    rev=seat_name(rev), card=label(QUINOLA), k=k, n=won
                )
            )
        )
    return pots, rev, loser, text


def _share(state: ReversisState, pots: Pots, events: Events) -> Pots:
    """The table's last deal: the pots are shared equally, odd chips one each from the dealer's left."""
    total = pots.total
    if not total:
        return pots
    order = seats_from((state.dealer + 1) % SEATS, SEATS)
    shared = pots.share_out(order, SHARE)
    gains = [e for e in shared.journal[pots.mark :]]
    parts = ", ".join(f"{seat_name(e.payee)} {e.amount}" for e in gains)
    events.append(
        Event(_("That was the last deal: the {n} chips left in the pots are shared out ({parts}).").format(
            n=total, parts=parts
        ))
    )
    return shared
