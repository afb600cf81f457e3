"""Sentences about one seat or several, written once for every game.

Results read "⟦seat:3⟧ wins with 24 bugs." or "⟦seat:0⟧ and ⟦seat:2⟧ tie with
24 bugs and share the pot.": the verb, and often the whole sentence, changes
with the number of seats. Games therefore pass a whole-sentence template per
case (translators get complete sentences, never fragments glued together),
and the seats are listed by ``seat_list`` ("A", "A and B", "A, B and C").
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import _
from .views import seat_name


def seat_list(seats: Sequence[int]) -> str:
    """The seats' placeholders as a list: ``A``, ``A and B``, ``A, B and C``."""
    names = [seat_name(s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return _("{rest} and {last}").format(rest=_(", ").join(names[:-1]), last=names[-1])


def by_count(seats: Sequence[int], one: str, several: str, **values: object) -> str:
    """``one`` (a single seat) or ``several``, filled in: ``{who}`` is the seat or the list.

    Both are complete sentences already passed through ``_()`` by the caller, so a
    language can word the single and the shared case differently.
    """
    return (one if len(seats) == 1 else several).format(who=seat_list(seats), **values)


def sentences(*texts: str) -> str:
    """Whole sentences said one after the other ("A wins. 3 stays in the pot.").

    Each is translated whole by its caller; how sentences follow each other is
    itself a text (a space in English, nothing in Japanese), so it is never a
    bare ``" "`` glued between translations.
    """
    if not texts:
        return ""
    text = texts[0]
    for sentence in texts[1:]:
        text = _("{first} {second}").format(first=text, second=sentence)
    return text


def count_of(n: int, one: str, many: str) -> str:
    """``one`` for exactly one, else ``many`` with ``{n}`` filled ("1 point", "3 points")."""
    return one.format(n=n) if n == 1 else many.format(n=n)


def signed(n: int) -> str:
    """A change with its sign, as results write it: ``+4``, ``−8`` (a real minus), ``±0``."""
    if n > 0:
        return f"+{n}"
    return f"−{-n}" if n < 0 else "±0"


#: The one minus sign players read (U+2212, as ``signed`` writes it): never "-600" beside "−600".
MINUS = "\u2212"


def number(n: int, *, grouped: bool = False) -> str:
    """A score as players read it: ``−600`` with the real minus; ``grouped``: ``2,150``."""
    text = f"{abs(n):,}" if grouped else str(abs(n))
    return f"{MINUS}{text}" if n < 0 else text


def plus_minus(n: int) -> str:
    """A deal's points with their sign always shown: ``+3``, ``+0``, ``−2`` (the real minus)."""
    return f"+{n}" if n >= 0 else f"{MINUS}{-n}"


#: The unit a game counts its money in, as its rules name it: the adapter writes stacks and pots
#: in it (``TableView.unit``), so one game never says "$5" in one place and "5 chips" in another.
UNITS = ("chip", "dollar", "coin")


def money(n: int, unit: str = "chip") -> str:
    """An amount in a game's unit, the one way it is written everywhere: ``5 chips``, ``$5``, ``5 coins``."""
    if unit == "dollar":
        return f"{MINUS if n < 0 else ''}${abs(n)}"
    if unit == "coin":
        return _("1 coin") if n == 1 else _("{n} coins").format(n=number(n))
    return _("1 chip") if n == 1 else _("{n} chips").format(n=number(n))
