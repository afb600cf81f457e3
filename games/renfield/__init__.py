"""The Renfield family: Renfield (Cheapass Games) and Scurro (Crab Fragment Labs), one engine."""

from __future__ import annotations

from typing import ClassVar

from .options import RENFIELD_PRESETS, SCURRO_PRESETS, RenfieldOptions, ScurroOptions
from .profile import RENFIELD, SCURRO, DeckProfile
from .rules import RenfieldFamily
from .state import RenfieldState, ScurroState


class Renfield(RenfieldFamily):
    id = "renfield"
    title = "Renfield"
    profile: ClassVar[DeckProfile] = RENFIELD
    Options = RenfieldOptions
    presets = RENFIELD_PRESETS
    state_type = RenfieldState
    rules_summary = (
        "Take the fewest bugs, but at least one. Bid once around for the lead (dealer takes it for $5 if "
        "nobody bids); the winner pays the bid into the pot, orders the suits and leads. Follow suit; the "
        "highest card of the highest suit takes the trick and pays its cost (each 2 doubles it). Each 12 "
        "you take doubles your bugs. With a bug you may fold when it is your turn to play. After six tricks "
        "the fewest bugs (at least one) among those still in wins the pot; the last player left always wins."
    )


class Scurro(RenfieldFamily):
    id = "scurro"
    title = "Scurro"
    profile: ClassVar[DeckProfile] = SCURRO
    Options = ScurroOptions
    presets = SCURRO_PRESETS
    state_type = ScurroState
    rules_summary = (
        "Renfield on the Fairmarket deck. Ante 1 coin. Bid at least 5 coins once around for the lead "
        "(dealer takes it for 5 if nobody bids); the winner orders the suits with the Aces and leads. 2-10 "
        "score face value, 30-60 score 10, faces 0; each 20 doubles all your points. Taking a trick costs "
        "1 coin per 3-9, 2 per 10-60, 3 per face card, doubled by each 2. Fewest points (at least one) "
        "among those still in wins the pot."
    )


__all__ = ["Renfield", "RenfieldOptions", "Scurro", "ScurroOptions"]
