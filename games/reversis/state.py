"""Reversis options and the state of one hand (one deal): a frozen value, cheap to copy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.i18n import N_
from games.core.options import labels

from ..core.fastvalue import builder
from ..core.game import Event
from ..core.pots import Pots
from ..core.tricks import Trick, TrickPlay
from .cards import STRENGTH, SUIT_OF

SEATS = 4
HAND = 11
FIRST_NINE = 9
# phases
EXCHANGE = "exchange"
PLAY = "play"
DONE = "done"
# journal tags of the special payments (games.core.pots)
ANTE = "ante"
ACE = "ace"  # an ace discarded on another suit: the trick's winner pays
ACE_FORCED = "ace-forced"  # an ace played to its own suit: its player pays the leader
QUINOLA = "quinola"  # the J♥ discarded on another suit: the trick's winner pays 5
QUINOLA_POT = "quinola-pot"  # ... and its player takes the most recent pot
QUINOLA_FORCED = "quinola-forced"  # the J♥ played to a heart lead: the leader is paid
REMISE = "remise"
LED_ACE = "led-ace"
LED_QUINOLA = "led-quinola"
PARTY = "party"
REVERSIS = "reversis"
ESPAGNOLETTE = "espagnolette"
SHARE = "share"
Events = list[Event]
#: The payments an espagnolette player who takes a trick pays back double.
ACE_AND_QUINOLA = frozenset({ACE, ACE_FORCED, QUINOLA, QUINOLA_FORCED})


def reform_antes(dealer: int) -> tuple[int, ...]:
    """A new pot's antes: 5 from each player, 10 from the dealer."""
    return tuple(10 if s == dealer else 5 for s in range(SEATS))


class ReversisOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    deals: Literal[4, 8, 12, 16, 20, 24] = Field(
        8, description=N_("Deals the table plays (a multiple of 4, so everyone deals as often); then the pots are shared."),
        json_schema_extra=labels(changed=N_("{value} deals")),
    )
    historical_talon: bool = Field(
        False, description=N_("Historical talon count: in the talon the A♦ counts 5 and the J♥ 4.")
    )


@dataclass(frozen=True, slots=True)
class ReversisState:
    options: ReversisOptions
    seed: int
    dealer: int
    deal_no: int  # this deal's number at the table, from 1
    phase: str
    turn: int  # the seat to exchange; -1 once the play begins
    play: TrickPlay  # the hands live here from the deal on
    face_down: tuple[str, ...]  # per seat: its face-down card ("" for the dealer, or once used)
    talon: tuple[str, ...]  # the dealer's discard, the others' discards and undrawn cards
    discarded: tuple[str, ...]  # per seat: the card it discarded ("" none yet, or kept its hand)
    peeked: tuple[str, ...]  # per seat: the face-down card it looked at after keeping its hand
    pots: Pots
    mark: int = 0  # the pots' journal position when the play began (reversis refunds go back to it)
    eligible: int = -1  # who holds four aces, or three and the J♥, when the play begins
    espagnolette: int = -1  # who renounced during the first nine tricks
    reversis: int = -1  # who took the first nine tricks
    broken_by: int = -1  # who broke the reversis
    quinola_seat: int = -1  # who played the J♥
    quinola_trick: int = -1  # in which trick (0-based)
    quinola_led: bool = False
    led_aces: tuple[tuple[int, str], ...] = ()  # (leader, ace) of aces led
    winner: int = -1  # of the party (or who made/broke the reversis)
    loser: int = -1
    summary: str = ""
    details: tuple[str, ...] = ()
    recent: tuple[str, ...] = ()
    last: bool = False  # the table's last deal

    @property
    def tricks_done(self) -> int:
        return sum(self.play.tricks)


def trick_winner(trick: Trick) -> int:
    """The highest card of the suit led wins."""
    seat, best = trick.plays[0]
    led = SUIT_OF[best]
    for other, card in trick.plays[1:]:
        if SUIT_OF[card] == led and STRENGTH[card] > STRENGTH[best]:
            seat, best = other, card
    return seat


def _evolver() -> Callable[..., ReversisState]:
    """``dataclasses.replace`` for the state, written out (replace was most of a hand's cost)."""
    names = [f.name for f in fields(ReversisState)]
    args = ", ".join(f"g({n!r}, s.{n})" for n in names)
    env: dict[str, Any] = {"_build": builder(ReversisState)}
    exec(f"def evolve(s, **ch):\n    g = ch.get\n    return _build({args})", env)  # as fastvalue does
    fn: Callable[..., ReversisState] = env["evolve"]
    return fn


#: ``evolve(state, field=value, …)``: a new state with those fields changed.
evolve = _evolver()
