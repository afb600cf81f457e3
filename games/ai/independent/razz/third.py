"""3rd street is played by the classic starting-hand rules, with the equity as a tiebreak.

Three cards say little to the equity sum, and the door cards say a lot about who is likely to
fold: so steal with a low door against high ones, don't chase with three big cards, and bring in
cheaply with a high door card.
"""

from __future__ import annotations

from .spot import Spot


def third(spot: Spot) -> str:
    """My action on 3rd street: bringing in, completing, calling or raising a completion."""
    eq, fair, legal, level = spot.eq, spot.fair, spot.legal, spot.level
    door = spot.my_up[0] if spot.my_up else 13
    low3 = sorted(spot.my_ranks)
    distinct = len(set(low3)) == 3
    top = max(low3)
    other_doors = [b[0] for b in spot.boards.values() if b]
    lowest_other = min(other_doors) if other_doors else 13
    steal = door <= 7 and all(d >= 9 for d in other_doors) and lowest_other > door
    premium = distinct and top <= 6
    good = distinct and top <= 7
    playable = distinct and top <= 8
    two_low = len({r for r in low3 if r <= 7}) >= 2

    if "bring-in" in legal:  # I have the worst door card
        if good and eq > fair * 1.4:
            return "complete"
        return "bring-in"

    if "complete" in legal:  # only the bring-in so far
        if premium or (good and eq > fair * 1.1) or (steal and (two_low or eq > fair)):
            return "complete"
        if playable or eq > fair * 0.95 or (two_low and door <= 6):
            return "call"
        return "fold" if "fold" in legal else "call"

    # facing a completion or raises
    need = spot.to_call / (spot.pot + spot.to_call) if spot.pot + spot.to_call else 1.0
    if "raise" in legal and level < 3 and (premium and eq > fair * 1.25):
        return "raise"
    if "raise" in legal and level < 2 and good and steal and door < lowest_other:
        return "raise"  # re-steal: my door is lower than every other
    if playable and level < 2 and eq >= fair * 0.8:
        return "call"
    if eq >= max(need, fair * 0.75):  # pot odds, but no chasing with junk: four streets to come
        return "call"
    return "fold" if "fold" in legal else "call"
