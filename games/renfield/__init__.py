"""The Renfield family: Renfield (Cheapass Games) and Scurro (Crab Fragment Labs), one engine."""

from __future__ import annotations

from typing import ClassVar

from games.core.i18n import N_

from .options import PRESET_LABELS, RENFIELD_PRESETS, SCURRO_PRESETS, RenfieldOptions, ScurroOptions
from .profile import RENFIELD, SCURRO, DeckProfile
from .rules import RenfieldFamily
from .state import RenfieldState, ScurroState


class Renfield(RenfieldFamily):
    id = "renfield"
    title = "Renfield"
    card_faces = "renfield"
    profile: ClassVar[DeckProfile] = RENFIELD
    Options = RenfieldOptions
    presets = RENFIELD_PRESETS
    preset_labels = PRESET_LABELS
    state_type = RenfieldState
    unit_note = N_("$1 = 1 chip")


class Scurro(RenfieldFamily):
    id = "scurro"
    title = "Scurro"
    card_faces = "fairmarket"
    profile: ClassVar[DeckProfile] = SCURRO
    Options = ScurroOptions
    presets = SCURRO_PRESETS
    preset_labels = PRESET_LABELS
    state_type = ScurroState
    unit_note = N_("1 coin = 1 chip")


__all__ = ["Renfield", "RenfieldOptions", "Scurro", "ScurroOptions"]
