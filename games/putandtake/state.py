"""Put and Take's state and the sentences players read, kept apart from the rules.

A hand is one dealer, the non-dealers' five cards each, and the ten cards the
dealer turns (the first five: the put round; the last five: the take round).
Chips move as each card is turned, so the state keeps what every seat has put
in and taken out, the pot, and what the dealer paid out of their own chips.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.i18n import N_

from .options import PutTakeOptions

ROUND = 5  # cards turned in each round
RECENT = 6  # lines of the table's recent log


@dataclass(frozen=True, slots=True)
class PutTakeState:
    options: PutTakeOptions
    n: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]  # five cards per non-dealer dealt in; () for the dealer and sitters-out
    stock: tuple[str, ...]  # the cards still to turn, top first
    turned: tuple[str, ...]  # cards turned so far: 0..5 the put round, 6..10 the take round
    start_stacks: tuple[int, ...] | None  # chips at the table when dealt; None = unlimited
    pot: int = 0
    put: tuple[int, ...] = ()  # chips each seat has put into the pot
    took: tuple[int, ...] = ()  # chips each seat has taken (from the pot or the dealer)
    dealer_paid: int = 0  # chips the dealer paid takers out of their own stack
    unpaid: int = 0  # take money nobody could pay (the pot empty and the dealer out of chips)
    short: tuple[bool, ...] = ()  # seats that could not pay a put in full (PT-2)
    recent: tuple[str, ...] = ()
    payoffs: tuple[int, ...] | None = None  # net per seat once the hand is over
    summary: str = ""
    details: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.payoffs is not None

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        return tuple(bool(h) for h in self.hands)

    def stack(self, seat: int) -> int | None:
        """Chips ``seat`` has at the table now (None: unlimited)."""
        if self.start_stacks is None:
            return None
        if seat == self.dealer:
            return self.start_stacks[seat] - self.dealer_paid + (self.pot if self.over else 0)
        return self.start_stacks[seat] - self.put[seat] + self.took[seat]


def from_left(dealer: int, n: int) -> tuple[int, ...]:
    """Every seat but the dealer, from the dealer's left: the order of dealing and of paying."""
    return tuple((dealer + i) % n for i in range(1, n))


# ---------------------------------------------------------------- texts (whole sentences)
PUT_CARD = N_("Put round, card {k} of 5: {card}, {stake} a card.")
TAKE_CARD = N_("Take round, card {k} of 5: {card}, {stake} a card.")
NO_MATCH = N_("Nobody holds that rank.")
PUTS = N_("{who} puts {n} in the pot.")
PUTS_ALL = N_("{who} owes {owed} but has only {n} at the table, and puts all of it in.")
PUTS_NONE = N_("{who} owes {owed} but has no chips left at the table, and puts in nothing.")
TAKES = N_("{who} takes {n} from the pot.")
TAKES_SPLIT = N_("{who} takes {n}: {pot} from the pot and {rest} from the dealer, {dealer}.")
TAKES_DEALER = N_("The pot is empty: {who} takes {n} from the dealer, {dealer}.")
TAKES_SHORT = N_("{who} is owed {owed} but gets only {n}: the pot is empty and the dealer, {dealer}, has no chips left.")
TAKE_ROUND = N_("The put round's five cards are discarded. The take round begins with {pot} in the pot.")
OVER = N_("The take round is over.")
NO_HAND = N_("Not enough players with chips to deal a hand.")

# the headline, by how the pot came out
KEEPS = (N_("{dealer} keeps the 1 chip left in the pot."), N_("{dealer} keeps the {n} chips left in the pot."))
COVERED = (
    N_("The pot ran dry: {dealer} paid the takers 1 chip of their own."),
    N_("The pot ran dry: {dealer} paid the takers {n} chips of their own."),
)
UNCOVERED = N_("The pot ran dry: {dealer} paid the takers all {n} of their chips, and {m} went unpaid.")
EVEN = N_("The pot came out even: {dealer} keeps nothing and pays nothing.")

# per seat, what decided its result (no names: the result line carries the player's)
DEALER_KEPT = N_("dealer: kept {n} left in the pot")
DEALER_PAID = N_("dealer: paid {n} to the takers")
DEALER_EVEN = N_("dealer: the pot came out even")
PLAYER = N_("put in {put}, took {took}")
PLAYER_SHORT = N_("put in {put} (all they had), took {took}")
SAT_OUT = N_("sat out (no chips)")
NO_HAND_DEALER = N_("dealer: nobody else had chips to play")
