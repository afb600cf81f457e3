"""The render model as plain text: the table, a seat's hand and its choices, for a terminal.

It reads the same ``SeatView`` the Discord adapter turns into embeds and
components, so a game that renders in Discord renders here with no extra code;
only the choices become numbered lines instead of buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.i18n import _
from games.core.views import AskAmount, Choice, PickCards, Prompt, SeatView, TableView, resolve_seats

Names = Callable[[int], str]


def table_text(view: TableView, name_of: Names) -> str:
    """Everything everyone may see, one block."""
    lines = [f"== {view.title} ==", resolve_seats(view.summary, name_of)]
    lines += [f"{label}: {resolve_seats(value, name_of)}" for label, value in view.facts]
    for pile in view.piles:
        shown = resolve_seats(pile.text, name_of) or " ".join(pile.cards)
        lines.append(f"[{pile.name}] {shown}")
    for seat in view.seats:
        mark = "▶" if seat.to_act else ("·" if seat.out else " ")
        lines.append(f" {mark} {name_of(seat.seat)}: {resolve_seats(seat.text, name_of)}")
    if view.sheet is not None:
        lines.append(_("Totals: {totals}").format(totals=", ".join(
            f"{name_of(s)} {t}" for s, t in enumerate(view.sheet.totals))))
    return "\n".join(line for line in lines if line)


def hand_text(view: SeatView, name_of: Names) -> str:
    """The seat's own cards and private notes."""
    lines = []
    if view.hand_text or view.hand:
        lines.append(_("Your hand: {cards}").format(cards=view.hand_text or " ".join(view.hand)))
    lines += [resolve_seats(note, name_of) for note in view.notes]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Menu:
    """The seat's choices, numbered: what to print and how a typed answer maps to an action."""

    lines: tuple[str, ...]
    choices: tuple[Choice, ...]
    amount: AskAmount | None
    pick: PickCards | None


def menu_of(prompt: tuple[Prompt, ...], name_of: Names) -> Menu:
    choices = tuple(p for p in prompt if isinstance(p, Choice) and p.enabled)
    amount = next((p for p in prompt if isinstance(p, AskAmount)), None)
    pick = next((p for p in prompt if isinstance(p, PickCards)), None)
    lines = [f"  {i}. {resolve_seats(c.label, name_of)}" for i, c in enumerate(choices, 1)]
    if amount is not None:
        lines.append(_("  {label}: type {kind} and a number from {low} to {high}").format(
            kind=amount.kind, label=amount.label, low=amount.minimum, high=amount.maximum))
    if pick is not None:
        cards = ", ".join(f"{chr(97 + i) if i < 26 else i}) {label}" for i, label in enumerate(pick.labels))
        lines.append(_("  {label}: type pick and {low} to {high} letters (pick a c) — {cards}").format(
            label=pick.label, low=pick.min_count, high=pick.max_count, cards=cards))
    return Menu(tuple(lines), choices, amount, pick)


def answer_to_action(menu: Menu, answer: str) -> str | None:
    """The action a typed answer stands for, or None when it means nothing here."""
    words = answer.strip().split()
    if not words:
        return None
    if words[0].isdigit() and len(words) == 1:
        i = int(words[0])
        return menu.choices[i - 1].action if 1 <= i <= len(menu.choices) else None
    if menu.amount is not None and words[0] == menu.amount.kind and len(words) == 2 and words[1].isdigit():
        return f"{menu.amount.kind}:{int(words[1])}"
    if menu.pick is not None and words[0] == "pick":
        return _pick(menu.pick, words[1:])
    return None


def _pick(pick: PickCards, letters: list[str]) -> str | None:
    chosen: list[str] = []
    for letter in letters:
        i = ord(letter) - 97 if len(letter) == 1 and letter.isalpha() else (int(letter) if letter.isdigit() else -1)
        if not 0 <= i < len(pick.cards) or pick.cards[i] in chosen:
            return None
        chosen.append(pick.cards[i])
    return f"{pick.kind}:{','.join(chosen)}"
