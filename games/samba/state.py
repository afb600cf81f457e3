"""Samba's options, card values, meld rules and state: the whole game, deal after deal."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.rummy.cards import JOKER, deck_ids
from ..core.rummy.melds import Meld, MeldRules
from ..core.sheet import ScoreSheet

SEATS = 4
HAND = 15
DECK = deck_ids(3, 6)  # 162 cards: three decks with their jokers
RED_THREES = frozenset({"3H", "3D"})
BLACK_THREES = frozenset({"3S", "3C"})
#: A set of black 3s, melded only when going out: 3-4 cards, no wilds (§4.4).
BLACK_SET_MAX = 4
CLEAN_BONUS, MIXED_BONUS, OUT_BONUS = 500, 300, 200
RED3_EACH, RED3_ALL, ASK_PENALTY = 100, 1000, -100
#: Melds of seven closed (canastas and sambas); two of them let a team go out.
BOOK, BOOKS_TO_GO_OUT = 7, 2

#: Sets of 3-7 with at most two wilds (jokers and 2s); escaleras of 3-7 from 4 up to the ace, no
#: wilds; several sets of a rank and several escaleras of a suit; black 3s only when going out.
RULES = MeldRules(
    sets=True,
    runs=True,
    min_size=3,
    max_size=7,
    max_wilds=2,
    run_wilds=0,
    min_naturals=1,
    wild_ranks=frozenset({"2"}),
    wild_natural_in_runs=False,
    aces="high",
    run_lowest=4,
    forbidden=BLACK_THREES,
    forbidden_going_out=True,
    one_set_per_rank=False,
    book=BOOK,
)

_VALUES = {"A": 20, "2": 20, "3": 5, **dict.fromkeys("89TJQK", 10), **dict.fromkeys("4567", 5)}


def value(card: str) -> int:
    """Joker 50, 2 and ace 20, K-8 10, 7-4 5, black 3 5 (a red 3 is a bonus card, never counted)."""
    return 50 if card[:2] == JOKER else _VALUES[card[0]]


def is_wild(card: str) -> bool:
    return card[:2] == JOKER or card[0] == "2"


def is_red3(card: str) -> bool:
    return card[:2] in RED_THREES


def is_black3(card: str) -> bool:
    return card[:2] in BLACK_THREES


def minimum(score: int) -> int:
    """The initial meld's minimum by the team's score at the start of the deal (the text's table)."""
    if score < 0:
        return 15
    for below, need in ((1500, 50), (3000, 90), (7000, 120)):
        if score < below:
            return need
    return 160


class SambaOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    draw: int = Field(1, ge=1, le=2, title=N_("Cards drawn"), description=N_("Cards drawn from the stock (the text: 1; standard Samba: 2)."))
    samba_bonus: int = Field(
        500, ge=500, le=1500, description=N_("Bonus for a samba, a seven-card escalera (the text: 500; standard: 1,500).")
    )
    target: int = Field(
        10000, ge=500, le=20000, description=N_("The game ends once a team reaches this (10,000)."), json_schema_extra=labels(changed=N_("First team to {value} points")),
    )
    max_deals: int = Field(
        20, ge=1, le=100,
        description=N_("A safeguard the rules lack: after this many deals the higher team wins anyway."),
    )


@dataclass(frozen=True)
class SambaState:
    options: SambaOptions
    seed: int
    deal_no: int  # 0-based
    dealer: int
    phase: str  # "draw", "play" (meld and discard), "ask" (the partner answers) or "over"
    turn: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # top first
    pile: tuple[str, ...]  # the discard pile, bottom first (the top card is last)
    frozen: bool
    melds: tuple[tuple[Meld, ...], ...]  # per team
    red3s: tuple[tuple[str, ...], ...]  # per team: red 3s laid out
    sheet: ScoreSheet  # per seat; partners always share the same figures
    dead: tuple[str, ...] = ()  # a red 3 turned up as the upcard, set aside once the pile is taken (SB-5)
    selection: tuple[str, ...] = ()  # the cards the seat to play has picked for a meld
    staged: tuple[Meld, ...] = ()  # an initial meld being built, unseen until it reaches the minimum
    taking: bool = False  # the pile is being taken for the initial meld: its top card is in ``staged``
    asked: str = ""  # this turn's answer to "May I go out?": "", "yes" or "no"
    penalties: tuple[int, ...] = (0, 0)  # per team: asked, told yes, and did not go out
    no_discard: bool = False  # the stock's last card was a red 3: meld, then the hand ends
    out_by: int = -1  # the seat that went out
    winner: int = -1  # the winning team once the game is over
    recent: tuple[str, ...] = ()


def evolve(state: SambaState, **changes: object) -> SambaState:
    """``dataclasses.replace`` without re-running ``__init__`` (a deal takes hundreds of steps)."""
    fields = state.__dict__.copy()
    fields.update(changes)
    new = _NEW(SambaState)
    _SET(new, "__dict__", fields)
    return new


def copied(state: SambaState) -> tuple[SambaState, dict[str, object]]:
    """A copy of ``state`` and its fields, to be changed in place before anyone sees it (hot paths)."""
    fields = state.__dict__.copy()
    new = _NEW(SambaState)
    _SET(new, "__dict__", fields)
    return new, fields


_NEW = object.__new__
_SET = object.__setattr__


def team(seat: int) -> int:
    return seat % 2
