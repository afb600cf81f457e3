"""Fairmarket's state and the sentences players read, kept apart from the rules.

One state is one hand (``hand_by_hand``): the antes, the deal, every seat setting its
five cards in station order (all at once, in secret), then the five stations played
out. Coins a station carries (a table low or a table high) wait there for the next
hand, so the carry is per station (``Outcome.carry["stations"]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.i18n import N_

from .options import FairmarketOptions

STATIONS = 5  # stations, table cards and cards per hand
TABLE = -1  # the table card's "seat" in a station result
JACK = -2  # Seaside Jack's "seat" in a station result (he is no seat of the table)
RECENT = 8  # lines of the table's recent log


@dataclass(frozen=True, slots=True)
class StationResult:
    """One station played out: what was shown and who took what."""

    station: int  # 0..4
    table_card: str
    plays: tuple[tuple[int, str], ...]  # (seat, card) for every player in seat order, then Jack (JACK)
    pot: int  # coins in the pot when it was played (antes + carried in)
    low: tuple[int, ...]  # seats (or TABLE) holding the low card(s)
    low_paid: tuple[int, ...]  # what each low took (1, or less if the pot ran dry)
    high: int  # the seat (or TABLE) holding the high card
    high_paid: int  # the rest of the pot
    carried: int  # coins this station carries to the next hand (with a Consort's cut)
    cut: int = 0  # coins a Consort deferred to the next hand (Allben)
    tithes: tuple[tuple[int, int], ...] = ()  # (quitter, coins) taken before low and high (Allben)
    notes: tuple[str, ...] = ()  # story-card lines read before the low and high (Allben)


@dataclass(frozen=True, slots=True)
class FairmarketState:
    options: FairmarketOptions
    n: int
    dealer: int
    ante: int  # coins per station per player (1; 2 with two players)
    hands: tuple[tuple[str, ...], ...]  # the five cards each seat was dealt
    table: tuple[str, ...]  # the five table cards, station 1 first
    stock: tuple[str, ...]  # the undealt cards, top first
    carried_in: tuple[int, ...]  # coins each station carried into this hand
    hands_played: int  # hands finished before this one (kept in the carry)
    order: tuple[tuple[str, ...], ...]  # per seat, the cards placed so far, station 1 first
    confirmed: tuple[bool, ...]  # a confirmed order is final
    results: tuple[StationResult, ...] = ()
    taken: tuple[int, ...] = ()  # coins each seat took this hand
    carried_out: tuple[int, ...] = ()  # coins each station carries to the next hand
    recent: tuple[str, ...] = ()
    jackpot: int = 0  # the Jackpot this round, after its growth step
    won: tuple[int, ...] = ()  # what each seat won from the Jackpot and the carried pots
    jackpot_out: int = 0  # the Jackpot left for the next hand
    summary: str = ""
    details: tuple[str, ...] = ()
    jack: tuple[str, ...] = ()  # Seaside Jack's five cards in the order dealt (he plays them in reverse)
    jack_in: int = 0  # Jack's purse before this hand
    jack_took: int = 0  # what Jack took this hand
    jack_out: int = 0  # Jack's purse for the next hand
    fees: tuple[int, ...] = ()  # what each seat paid to enter ("pay the pots"), 0 for the others
    fee_in: tuple[int, ...] = (0,) * 5  # the fees each station's pot got
    voters: tuple[bool, ...] = ()  # who may vote for a last hand
    votes: tuple[bool, ...] = ()  # who votes for it now
    last_hand: bool = False  # this hand is the last (agreed in the hand before)
    agreed: bool = False  # every voter voted: the next hand is the last
    shares: tuple[int, ...] = ()  # the last hand: each seat's share of the leftovers

    @property
    def over(self) -> bool:
        return len(self.results) == STATIONS

    def pot(self, station: int) -> int:
        """The coins in a station's pot once the antes (and any entry fees) are in and its carry is back."""
        return self.ante * self.n + self.carried_in[station] + self.fee_in[station]

    @property
    def seaside(self) -> bool:
        return bool(self.jack)

    def jack_order(self) -> tuple[str, ...]:
        """Jack plays blind in reverse deal order: his last card dealt is station 1's."""
        return tuple(reversed(self.jack))

    def paid(self, seat: int) -> int:
        """What a seat put in this hand: the ante, and an entry fee."""
        return self.ante * STATIONS + (self.fees[seat] if self.fees else 0)


# ---------------------------------------------------------------- texts (whole sentences)
DEALT = (
    N_("Everyone antes one coin into each station and gets five cards; the table cards are dealt face up."),
    N_("Everyone antes two coins into each station and gets five cards; the table cards are dealt face up."),
)
CARRIED_BACK = N_("Carried coins return to their stations: {carry}.")
SETS = N_("{who} has set their hand.")
PLACED = N_("You put {card} on station {k}.")
ORDER_CLEARED = N_("You took your cards back to set them again.")
ALL_SET = N_("Every hand is set. The stations are revealed one by one.")

STATION_SHOWN = N_("Station {k} (table card {card}, pot {pot}):")
LOW_ONE = N_("{who} has the low card, {card}, and takes {n}.")
LOW_TIE = N_("{who} tie for low with {card} and take {n} each.")
LOW_JACK = N_("Jack has the low card, {card}, and takes {n}.")
LOW_TABLE = N_("The table card is low: {n} carries over.")
HIGH_ONE = N_("{who} has the high card, {card}, and takes {n}.")
HIGH_JACK = N_("Jack has the high card, {card}, and takes {n}.")
HIGH_TABLE = N_("The table card is high: {n} carries over.")
NOTHING_LEFT = N_("Nothing is left for the high card.")

BEST_ONE = N_("{who} comes out best this hand, {net}.")
BEST_SEVERAL = N_("{who} come out best this hand, {net} each.")
CARRY_NONE = N_("Nothing carries to the next hand.")
CARRY_SOME = N_("{n} coins carry to the next hand.")
CARRY_ONE = N_("1 coin carries to the next hand.")

DETAIL = N_("took {taken} for an ante of {ante}")
DETAIL_JACKPOT = N_("took {taken} and won {won} from the Jackpot, for an ante of {ante}")
DETAIL_JACK = N_("took {taken} and won {won} from Jack's purse, for an ante of {ante}")
DETAIL_FEE = N_(" and an entry fee of {n}")
DETAIL_SHARE = N_("; {n} from the leftovers")
