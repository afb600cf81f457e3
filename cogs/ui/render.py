"""The ONE adapter from the engines' render model to Discord objects.

Every game describes its table and its prompts with ``games.core.views``; this
module turns them into embeds, buttons, selects and modals. Nothing here knows
a particular game, so a new engine gets a Discord UI for free. Everything is
clamped to Discord's limits (embed sizes, 25 components in 5 rows, 25 select
options, 80-char labels, 100-char custom ids) because a limit error means a
table that can no longer be shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

import discord

from games.core.i18n import _
from games.core.views import (
    AskAmount,
    Choice,
    PickCards,
    Pile,
    Prompt,
    ScoreSheet,
    SeatView,
    TableView,
    resolve_seats,
    seat_name,
)

from . import components as c
from .embeds import (
    BUTTON_LABEL,
    COLOUR_DONE,
    COLOUR_HAND,
    COLOUR_LOBBY,
    COLOUR_PLAYING,
    EMBED_TITLE,
    FIELD_VALUE,
    OPTION_LABEL,
    ROW_BUTTONS,
    ROWS,
    SELECT_OPTIONS,
    SELECT_PLACEHOLDER,
    STYLES,
    EmbedBudget,
    clip,
    relative_time,
)


def named(text: str, names: Sequence[str]) -> str:
    """An engine text with the players in place of its seat placeholders (mentions render as names)."""
    if not text:
        return text
    return resolve_seats(text, lambda s: names[s] if 0 <= s < len(names) else _("a player"))


def chips_text(n: int) -> str:
    return _("{n} chips").format(n=n) if n != 1 else _("1 chip")


def _seat_lines(view: TableView, names: Sequence[str], chips: Sequence[int] = ()) -> str:
    lines = []
    for line in view.seats:
        who = names[line.seat] if 0 <= line.seat < len(names) else _("a player")
        mark = "▶" if line.to_act else ("·" if not line.out else "✕")
        body = line.text
        own = seat_name(line.seat)
        if body.startswith(own):  # the line starts with the seat itself: the name is already there
            body = body[len(own) :].lstrip(" ·—-:")
        body = named(body, names)
        if 0 <= line.seat < len(chips):
            stack = chips_text(chips[line.seat])
            body = f"{body} · {stack}" if body else stack
        text = f"{mark} **{who}** — {body}" if body else f"{mark} **{who}**"
        if line.out:
            text = f"~~{text}~~" if not line.to_act else text
        lines.append(text)
    return "\n".join(lines)


def pile_text(pile: Pile, names: Sequence[str]) -> str:
    """A pile's cards; a trick also says who played each card and who is winning or took it."""
    if not pile.plays:
        return named(pile.text, names) or " ".join(pile.cards) or "—"
    plays = [
        f"**{named(seat_name(seat), names)}** {label}" if seat == pile.winner else f"{named(seat_name(seat), names)} {label}"
        for seat, label in pile.plays
    ]
    parts = [" · ".join(plays)]
    if pile.winner is not None:
        who = named(seat_name(pile.winner), names)
        parts.append(
            _("Taken by {who}").format(who=who) if pile.taken else _("{who} is winning").format(who=who)
        )
    rest = pile.text
    for _seat, label in pile.plays:
        rest = rest.replace(label, "", 1)
    rest = rest.strip(" ,·—-:\n")
    if rest:  # a note beside the cards (e.g. a trick nobody took)
        parts.append(named(rest, names))
    return "\n".join(parts)


def sheet_text(sheet: ScoreSheet, names: Sequence[str]) -> tuple[str, str]:
    """(field name, value): one line per player (their column of the sheet), deals left to right."""
    first, last = (sheet.rows[0][0], sheet.rows[-1][0]) if sheet.rows else ("", "")
    title = sheet.title if not sheet.rows else f"{sheet.title} ({first} – {last})" if first != last else f"{sheet.title} ({first})"
    lines = []
    for seat, total in enumerate(sheet.totals):
        who = names[seat] if seat < len(names) else _("a player")
        cells = " · ".join("–" if row[1][seat] is None else str(row[1][seat]) for row in sheet.rows[-10:])
        more = "… " if len(sheet.rows) > 10 else ""
        lines.append(f"{who}: {more}{cells} → **{total}**" if cells else f"{who}: **{total}**")
    return title, "\n".join(lines)


def table_embed(
    view: TableView,
    *,
    names: Sequence[str] = (),
    chips: Sequence[int] = (),
    deadline: datetime | None = None,
    footer: str = "",
    colour: discord.Colour | None = COLOUR_PLAYING,
    header: str = "",
) -> discord.Embed:
    """The public table: title, summary, seats (▶ = to act), piles, facts, the sheet, recent events."""
    b = EmbedBudget(view.title, colour)
    parts = [header] if header else []
    if view.summary:
        parts.append(named(view.summary, names))
    if deadline is not None:
        parts.append(_("Turn ends {when}.").format(when=relative_time(deadline)))
    b.description("\n".join(parts))
    seats = _seat_lines(view, names, chips)
    if seats:
        b.field(_("Seats"), seats)
    for pile in view.piles:
        b.field(pile.name, pile_text(pile, names), inline=not pile.plays)
    for label, value in view.facts:
        b.field(label, named(value, names), inline=True)
    if view.sheet is not None:
        b.field(*sheet_text(view.sheet, names))
    if view.recent:
        # Newest last; if space is short, keep the newest lines.
        recent = [named(r, names) for r in list(view.recent)[-6:]]
        text = "\n".join(recent)
        while len(text) > FIELD_VALUE and len(recent) > 1:
            recent.pop(0)
            text = "\n".join(recent)
        b.field(_("Recent"), text)
    if footer:
        b.footer(footer)
    return b.embed


# ------------------------------------------------------------------ hand panel


@dataclass(frozen=True, slots=True)
class _Layout:
    """Which prompts become buttons and which become selects."""

    card_buttons: tuple[Choice, ...]
    action_buttons: tuple[Choice, ...]
    amounts: tuple[AskAmount, ...]
    picks: tuple[PickCards, ...]
    card_selects: tuple[tuple[Choice, ...], ...]
    action_selects: tuple[tuple[Choice, ...], ...]


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


def plan_layout(prompt: Sequence[object]) -> _Layout:
    """Fit the prompts into 5 rows: buttons while they fit, selects when they don't."""
    cards = _unique([p for p in prompt if isinstance(p, Choice) and p.group == "cards"])
    actions = _unique([p for p in prompt if isinstance(p, Choice) and p.group != "cards"])
    amounts = [p for p in prompt if isinstance(p, AskAmount)]
    picks = [p for p in prompt if isinstance(p, PickCards)][:ROWS]
    rows_left = ROWS - len(picks)
    # Amount buttons share rows with the other actions.
    action_row_items = len(actions) + len(amounts)
    if _rows_for(len(cards)) + _rows_for(action_row_items) <= rows_left:
        return _Layout(tuple(cards), tuple(actions), tuple(amounts), tuple(picks), (), ())
    # Cards go to selects (playable ones only: disabled cards stay visible in the hand text).
    playable = [ch for ch in cards if ch.enabled]
    card_selects = _chunks(playable, SELECT_OPTIONS)
    rows_left_after_cards = rows_left - len(card_selects)
    if _rows_for(action_row_items) <= rows_left_after_cards:
        return _Layout((), tuple(actions), tuple(amounts), tuple(picks), tuple(card_selects), ())
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
    return _Layout((), (), tuple(amounts), tuple(picks), tuple(card_selects), tuple(action_selects))


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
    for i, pick in enumerate(lay.picks):
        options = [
            discord.SelectOption(label=clip(label, OPTION_LABEL) or code, value=code)
            for code, label in list(zip(pick.cards, pick.labels, strict=False))[:SELECT_OPTIONS]
        ]
        if not options:
            continue
        high = max(1, min(pick.max_count, len(options)))
        low = max(0, min(pick.min_count, high))
        view.add_item(
            c.PickSelect(
                table_id, seq, i, pick.kind,
                options=options, min_values=low, max_values=high,
                placeholder=clip(pick.label, SELECT_PLACEHOLDER),
                row=row,
            )
        )
        row += 1
    return view if view.children else None


def hand_embed(
    sv: SeatView,
    *,
    names: Sequence[str] = (),
    deadline: datetime | None = None,
    waiting_for: str = "",
) -> discord.Embed:
    """The private panel: the table in brief, then this seat's cards, notes and what to do."""
    pub = sv.public
    b = EmbedBudget(pub.title, COLOUR_HAND)
    parts = []
    if pub.summary:
        parts.append(named(pub.summary, names))
    if waiting_for:
        parts.append(
            _("Waiting for {who}. This panel updates itself when it's your turn.").format(who=waiting_for)
        )
    elif deadline is not None and sv.prompt:
        parts.append(_("Your turn ends {when}.").format(when=relative_time(deadline)))
    hand = named(sv.hand_text, names) or " ".join(sv.hand)
    parts.append(_("**Your hand**\n{cards}").format(cards=hand or "—"))
    b.description("\n".join(parts))
    for pile in pub.piles:
        b.field(pile.name, pile_text(pile, names), inline=not pile.plays)
    for label, value in pub.facts[:6]:
        b.field(label, named(value, names), inline=True)
    if sv.notes:
        b.field(_("Notes"), "\n".join(named(n, names) for n in sv.notes))
    amounts = [p for p in sv.prompt if isinstance(p, AskAmount)]
    for a in amounts:
        b.field(a.label, _("from {lo} to {hi}").format(lo=a.minimum, hi=a.maximum), inline=True)
    if pub.recent:
        b.field(_("Last"), named(pub.recent[-1], names))
    return b.embed


def labelled(prompt: Sequence[Prompt], plain_names: Sequence[str]) -> tuple[Prompt, ...]:
    """The prompts with players' plain names in their labels (a button shows no mention)."""
    out: list[Prompt] = []
    for p in prompt:
        if isinstance(p, PickCards):
            out.append(replace(p, label=named(p.label, plain_names),
                               labels=tuple(named(x, plain_names) for x in p.labels)))
        else:
            out.append(replace(p, label=named(p.label, plain_names)))
    return tuple(out)


def hand_panel(
    sv: SeatView,
    table_id: int,
    seq: int,
    *,
    names: Sequence[str] = (),
    plain_names: Sequence[str] = (),
    deadline: datetime | None = None,
    waiting_for: str = "",
) -> tuple[discord.Embed, discord.ui.View]:
    """(embed, view) for the ephemeral hand panel; the view always has a Refresh button.

    Labels can't render mentions, so a seat named in a button gets the plain name.
    """
    embed = hand_embed(sv, names=names, deadline=deadline, waiting_for=waiting_for)
    view = prompt_view(table_id, seq, labelled(sv.prompt, plain_names)) or discord.ui.View(timeout=None)
    used_rows = {item.row for item in view.children}
    if len(view.children) < ROWS * ROW_BUTTONS:
        # Refresh lives in the last row that still has room for a button.
        for row in range(ROWS - 1, -1, -1):
            in_row = [i for i in view.children if i.row == row]
            if row not in used_rows or (
                all(isinstance(i, discord.ui.Button) for i in in_row) and len(in_row) < ROW_BUTTONS
            ):
                view.add_item(c.HandButton(table_id, label=_("Refresh"), row=row))
                break
    return embed, detached(view)


# The cogs reach Discord's limits and the embed builder through this module too.
__all__ = [
    "BUTTON_LABEL", "COLOUR_DONE", "COLOUR_HAND", "COLOUR_LOBBY", "COLOUR_PLAYING", "EMBED_TITLE",
    "FIELD_VALUE", "OPTION_LABEL", "ROWS", "ROW_BUTTONS", "SELECT_OPTIONS", "SELECT_PLACEHOLDER",
    "STYLES", "EmbedBudget", "chips_text", "clip", "detached", "hand_embed", "hand_panel", "labelled",
    "named", "pile_text", "plan_layout", "prompt_view", "relative_time", "sheet_text", "table_embed",
]
