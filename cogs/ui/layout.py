"""Prompts to components: buttons while they fit, selects when they don't (Discord's 5 rows × 5).

Part of the one adapter (``cogs.ui.render`` re-exports it); ``cogs.ui.paging``
takes over when even selects can't show every card at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from games.core.i18n import _
from games.core.views import AskAmount, Choice, PickCards, Prompt

from . import components as c
from .embeds import (
    BUTTON_LABEL,
    OPTION_LABEL,
    ROW_BUTTONS,
    ROWS,
    SELECT_OPTIONS,
    SELECT_PLACEHOLDER,
    STYLES,
    clip,
)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Which prompts become buttons and which become selects."""

    card_buttons: tuple[Choice, ...]
    action_buttons: tuple[Choice, ...]
    amounts: tuple[AskAmount, ...]
    picks: tuple[PickCards, ...]
    card_selects: tuple[tuple[Choice, ...], ...]
    action_selects: tuple[tuple[Choice, ...], ...]
    listed_amounts: tuple[AskAmount, ...] = ()


def _chunks(items: Sequence[Choice], size: int) -> list[tuple[Choice, ...]]:
    return [tuple(items[i : i + size]) for i in range(0, len(items), size)]


def _rows_for(n: int) -> int:
    return -(-n // ROW_BUTTONS)


def _unique(choices: Sequence[Choice]) -> list[Choice]:
    """One control per action string: Discord forbids duplicate custom ids in a message."""
    seen: set[str] = set()
    out = []
    for ch in choices:
        if ch.action in seen:
            continue
        seen.add(ch.action)
        out.append(ch)
    return out


def amount_count(ask: AskAmount) -> int:
    return max(0, ask.maximum - ask.minimum + 1)


def small_amounts_as_choices(prompt: Sequence[Prompt]) -> tuple[Prompt, ...]:
    """An amount with a handful of values (a Rage bid of 0–1) as buttons, one click each, instead of a
    form to type it in; the choice's action is what the form would submit (``kind:n``)."""
    out: list[Prompt] = []
    for p in prompt:
        if isinstance(p, AskAmount) and 0 < amount_count(p) <= ROW_BUTTONS:
            out += [Choice(f"{p.kind}:{n}", str(n)) for n in range(p.minimum, p.maximum + 1)]
        else:
            out.append(p)
    return tuple(out)


def listed(ask: AskAmount) -> bool:
    """Whether an amount is offered as a select of its values (it fits one) rather than a form."""
    return 0 < amount_count(ask) <= SELECT_OPTIONS


def plan_layout(prompt: Sequence[object]) -> _Layout:
    """Fit the prompts into 5 rows: buttons while they fit, selects when they don't (an amount with
    few enough values is a select of them, a row of its own; a bigger one is a button opening a form)."""
    cards = _unique([p for p in prompt if isinstance(p, Choice) and p.group == "cards"])
    actions = _unique([p for p in prompt if isinstance(p, Choice) and p.group != "cards"])
    every_amount = [p for p in prompt if isinstance(p, AskAmount)]
    listed_amounts = [p for p in every_amount if listed(p)]
    amounts = [p for p in every_amount if not listed(p)]
    picks = [p for p in prompt if isinstance(p, PickCards)][:ROWS]
    rows_left = ROWS - len(picks) - len(listed_amounts)
    if rows_left < 1:  # no room for the lists: every amount is a form again
        rows_left, listed_amounts, amounts = ROWS - len(picks), [], every_amount
    # Amount buttons share rows with the other actions.
    action_row_items = len(actions) + len(amounts)
    if _rows_for(len(cards)) + _rows_for(action_row_items) <= rows_left:
        return _Layout(tuple(cards), tuple(actions), tuple(amounts), tuple(picks), (), (), tuple(listed_amounts))
    # Cards go to selects (playable ones only: disabled cards stay visible in the hand text).
    playable = [ch for ch in cards if ch.enabled]
    card_selects = _chunks(playable, SELECT_OPTIONS)
    rows_left_after_cards = rows_left - len(card_selects)
    if _rows_for(action_row_items) <= rows_left_after_cards:
        return _Layout((), tuple(actions), tuple(amounts), tuple(picks), tuple(card_selects), (), tuple(listed_amounts))
    # Even the actions don't fit: they become selects too; amount buttons keep one row.
    amount_rows = _rows_for(len(amounts))
    enabled_actions = [a for a in actions if a.enabled]
    action_selects = _chunks(enabled_actions, SELECT_OPTIONS)
    selects = card_selects + action_selects
    room = max(0, rows_left - amount_rows)
    selects = selects[:room]
    card_selects = [s for s in selects if s in card_selects]
    action_selects = [s for s in selects if s not in card_selects]
    amounts = amounts[: ROW_BUTTONS * max(0, rows_left - len(selects))]
    return _Layout((), (), tuple(amounts), tuple(picks), tuple(card_selects), tuple(action_selects),
                   tuple(listed_amounts))


def detached(view: discord.ui.View) -> discord.ui.View:
    """Mark a view of DynamicItems as finished before it is sent.

    Every click is dispatched by custom-id pattern (``add_dynamic_items``), so
    discord.py need not keep the view object; otherwise it would start a
    15-minute timeout task for each ephemeral panel, thousands at a busy time.
    """
    view.stop()
    return view


_ItemT = TypeVar("_ItemT", bound=discord.ui.Item[Any])


def _at(item: _ItemT, row: int) -> _ItemT:
    item.row = row
    return item


def _button(table_id: int, seq: int, choice: Choice) -> c.ActionButton:
    return c.ActionButton(
        table_id,
        seq,
        choice.action,
        label=clip(choice.label, BUTTON_LABEL) or choice.action[:BUTTON_LABEL],
        style=STYLES.get(choice.style, discord.ButtonStyle.secondary),
        disabled=not choice.enabled,
    )


def _select(table_id: int, seq: int, index: int, choices: Sequence[Choice], placeholder: str) -> c.ActionSelect:
    options = [
        discord.SelectOption(label=clip(ch.label, OPTION_LABEL) or ch.action[:OPTION_LABEL], value=ch.action)
        for ch in choices[:SELECT_OPTIONS]
    ]
    return c.ActionSelect(table_id, seq, index, options=options, placeholder=clip(placeholder, SELECT_PLACEHOLDER))


def prompt_view(table_id: int, seq: int, prompt: Sequence[object]) -> discord.ui.View | None:
    """The components for a seat's prompts, or None when there is nothing to do."""
    lay = plan_layout(prompt)
    view = discord.ui.View(timeout=None)
    row = 0
    for chunk in _chunks(lay.card_buttons, ROW_BUTTONS):
        for ch in chunk:
            view.add_item(_at(_button(table_id, seq, ch), row))
        row += 1
    for i, chunk in enumerate(lay.card_selects):
        view.add_item(_at(_select(table_id, seq, i, chunk, _("Play a card…")), row))
        row += 1
    buttons: list[c.ActionButton | c.AmountButton] = [_button(table_id, seq, ch) for ch in lay.action_buttons]
    buttons += [
        c.AmountButton(table_id, seq, a.kind, label=clip(a.label, BUTTON_LABEL) or a.kind)
        for a in lay.amounts
    ]
    for i in range(0, len(buttons), ROW_BUTTONS):
        for item in buttons[i : i + ROW_BUTTONS]:
            view.add_item(_at(item, row))
        row += 1
    offset = len(lay.card_selects)
    for i, chunk in enumerate(lay.action_selects):
        view.add_item(_at(_select(table_id, seq, offset + i, chunk, _("Choose…")), row))
        row += 1
    offset += len(lay.action_selects)
    for i, ask in enumerate(lay.listed_amounts):
        values = [Choice(f"{ask.kind}:{n}", str(n)) for n in range(ask.minimum, ask.maximum + 1)]
        view.add_item(_at(_select(table_id, seq, offset + i, values, ask.label), row))
        row += 1
    for i, pick in enumerate(lay.picks):
        options = [
            discord.SelectOption(label=clip(label, OPTION_LABEL) or code, value=code)
            for code, label in list(zip(pick.cards, pick.labels, strict=False))[:SELECT_OPTIONS]
        ]
        if not options:
            continue
        high = max(1, min(pick.max_count, len(options)))
        low = max(0, min(pick.min_count, high))
        pick_select = c.PickSelect(
            table_id, seq, i, pick.kind,
            options=options, min_values=low, max_values=high,
            placeholder=clip(pick.label, SELECT_PLACEHOLDER),
        )
        view.add_item(_at(pick_select, row))  # a row given to the constructor is not kept: set it
        row += 1
    return view if view.children else None
