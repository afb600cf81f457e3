"""The render model as plain text: the table, a seat's hand and its choices, for a terminal.

It reads the same ``SeatView`` the Discord adapter turns into embeds and
components, so a game that renders in Discord renders here with no extra code;
only the choices become numbered lines instead of buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.core.i18n import _
from games.core.views import AskAmount, Choice, PickCards, Pile, Prompt, SeatView, TableView, resolve_seats
from games.core.wording import money

Names = Callable[[int], str]


def table_text(view: TableView, name_of: Names, chips: Sequence[int] = ()) -> str:
    """Everything everyone may see, one block; ``chips`` are the stacks at the deal, shown where
    the game does not say what is in front of a seat now (``SeatLine.stack``)."""
    lines = [f"== {view.title} ==", resolve_seats(view.summary, name_of)]
    facts = [*_pot_facts(view), *view.facts]
    lines += [f"{label}: {resolve_seats(value, name_of)}" for label, value in facts]
    for pile in view.piles:
        lines.append(f"[{pile.name}] {_pile(pile, name_of)}")
    for seat in view.seats:
        mark = "▶" if seat.to_act else ("·" if seat.out else " ")
        body = resolve_seats(seat.text, name_of)
        stack = seat.stack if seat.stack is not None else (
            chips[seat.seat] - seat.staked if seat.seat < len(chips) else None)
        if stack is not None:
            body = " · ".join(part for part in (body, money(stack, view.unit)) if part)
        lines.append(f" {mark} {name_of(seat.seat)}: {body}")
    if view.sheet is not None:
        lines.append(_("Totals: {totals}").format(totals=", ".join(
            f"{name_of(s)} {t}" for s, t in enumerate(view.sheet.totals))))
    return "\n".join(line for line in lines if line)


def _pot_facts(view: TableView) -> list[tuple[str, str]]:
    """The pot and side pots, written as the Discord table writes them."""
    if not view.pots:
        return []
    main, *side = view.pots
    parts = [money(main, view.unit), *(_("side pot {n}").format(n=money(x, view.unit)) for x in side)]
    return [(_("Pot"), " · ".join(parts))]


def _pile(pile: Pile, name_of: Names) -> str:
    """A pile's cards; a trick says who played each card and who took it (or is winning it)."""
    if not pile.plays:
        return resolve_seats(pile.text, name_of) or " ".join(pile.cards)
    text = " · ".join(f"{name_of(seat)} {label}" for seat, label in pile.plays)
    if pile.winner is not None:
        who = name_of(pile.winner)
        won = _("taken by {who}") if pile.taken else _("{who} is winning")
        text = f"{text} — {won.format(who=who)}"
    return text


def hand_text(view: SeatView, name_of: Names) -> str:
    """The seat's own cards and private notes. A game's hand text that names itself already
    ("Your cards: …", "Down: … · Up: …") is printed as it is, not under a second label."""
    lines = []
    if view.hand_text or view.hand:
        cards = view.hand_text or " ".join(view.hand)
        labelled = any(mark in cards.split("\n")[0] for mark in (":", "："))
        lines.append(cards if labelled else _("Your hand: {cards}").format(cards=cards))
    lines += [resolve_seats(note, name_of) for note in view.notes]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Menu:
    """The seat's choices, numbered: what to print and how a typed answer maps to an action.

    An amount to choose (a bid) is one more numbered line; picking it asks "How much?"
    (``amount_number`` is its number, 0 when there is none)."""

    lines: tuple[str, ...]
    choices: tuple[Choice, ...]
    amount: AskAmount | None
    pick: PickCards | None
    amount_number: int = 0


AMOUNT = "amount?"  # what ``answer_to_action`` returns for the amount's line: ask how much next


def menu_of(prompt: tuple[Prompt, ...], name_of: Names) -> Menu:
    choices = tuple(p for p in prompt if isinstance(p, Choice) and p.enabled)
    amount = next((p for p in prompt if isinstance(p, AskAmount)), None)
    pick = next((p for p in prompt if isinstance(p, PickCards)), None)
    lines = [f"  {i}. {resolve_seats(c.label, name_of)}" for i, c in enumerate(choices, 1)]
    number = 0
    if amount is not None:
        number = len(choices) + 1
        lines.append(_("  {n}. {label} — then type a number from {low} to {high}").format(
            n=number, label=amount.label, low=amount.minimum, high=amount.maximum))
    if pick is not None:
        cards = ", ".join(f"{chr(97 + i) if i < 26 else i}) {label}" for i, label in enumerate(pick.labels))
        lines.append(_("  {label}: type pick and {low} to {high} letters (pick a c) — {cards}").format(
            label=pick.label, low=pick.min_count, high=pick.max_count, cards=cards))
    return Menu(tuple(lines), choices, amount, pick, number)


def how_much(menu: Menu) -> str:
    """The question after the amount's line was chosen."""
    assert menu.amount is not None
    return _("How much? A number from {low} to {high}:").format(low=menu.amount.minimum, high=menu.amount.maximum)


def amount_action(menu: Menu, answer: str) -> str | None:
    """The action for a typed amount, or None when it is not a whole number in range."""
    words = answer.strip().split()
    if menu.amount is None or len(words) != 1 or not words[0].isdigit():
        return None
    n = int(words[0])
    return f"{menu.amount.kind}:{n}" if menu.amount.minimum <= n <= menu.amount.maximum else None


def answer_to_action(menu: Menu, answer: str) -> str | None:
    """The action a typed answer stands for (``AMOUNT``: ask how much), or None when it means nothing here."""
    words = answer.strip().split()
    if not words:
        return None
    if words[0].isdigit() and len(words) == 1:
        i = int(words[0])
        if menu.amount_number and i == menu.amount_number:
            return AMOUNT
        return menu.choices[i - 1].action if 1 <= i <= len(menu.choices) else None
    if menu.amount is not None and words[0] == menu.amount.kind and len(words) == 2:  # "bid 14" still works
        return amount_action(menu, words[1])
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
