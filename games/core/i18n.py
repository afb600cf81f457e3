"""Marks player-facing text for translation.

Engines wrap every sentence a player reads in ``_()``; today it returns the
English text unchanged, and a catalogue (the rules also exist in Japanese) can
be plugged in here later without touching any game.
"""

from __future__ import annotations


def _(text: str) -> str:
    return text
