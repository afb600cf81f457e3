"""Shared rummy mechanics: cards with identity, melds with the rules as data, turns in phases.

Used by Burraco and Samba (and any rummy after them); see ``cards``, ``melds`` and ``turns``.
Partnerships live in ``games.core.teams``; scores across deals in ``games.core.sheet``.
"""
