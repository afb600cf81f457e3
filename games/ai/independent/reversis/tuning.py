"""The player's knobs, as a protocol: the decision modules read them from the player without
importing it, and a caller can still tune one instance by setting its attributes."""

from __future__ import annotations

from typing import Protocol


class Tuning(Protocol):
    keep_threshold: float  # the exchange: keep the hand when no card is worse than this
    jh_void_bonus: float  # extra for leading a singleton side card while holding the J♥
    fish: float  # weight of fishing for the Quinola with low hearts
    stop_from: int  # take a trick from a player who has them all, from this many tricks on
    last_win_highest: bool  # a trick won anyway: shed the highest card (else the most dangerous)
    jh_keep_weight: float  # the exchange: how much the J♥'s worth kept counts against dropping it
    lead_bare_jh: bool  # lead a bare J♥ rather than wait to be forced to play it to a heart lead
