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
from dataclasses import replace
from datetime import datetime
from typing import Any

import discord

from games.core.i18n import _
from games.core.views import AskAmount, PickCards, Prompt, SeatView

from . import components as c
from . import paging
from .drafts import Draft
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
from .handtext import SortBy, grouped_lines, hand_heading, sort_button_label
from .layout import detached, plan_layout, prompt_view
from .tablerender import chips_text, named, pile_and_fact_fields, pile_text, sheet_text, table_embed


def hand_text(sv: SeatView, names: Sequence[str], sort: SortBy) -> str:
    """The hand as the panel shows it: grouped and sorted when the game gives faces, else its text."""
    if sv.faces:
        return hand_heading(len(sv.faces), sort) + "\n" + "\n".join(grouped_lines(sv.faces, sort))
    hand = named(sv.hand_text, names) or " ".join(sv.hand)
    return _("**Your hand**\n{cards}").format(cards=hand or "—")


def hand_embed(
    sv: SeatView,
    *,
    names: Sequence[str] = (),
    deadline: datetime | None = None,
    waiting_for: str = "",
    sort: SortBy = "suit",
    picked: tuple[str, str] | None = None,
    plain_names: Sequence[str] = (),
) -> discord.Embed:
    """The private panel: the table in brief, then this seat's cards, notes and what to do.

    The hand comes first (it is never cut: grouped, a 108-card hand takes a few
    hundred characters); then the cards picked so far on a paged pick, the
    piles, a few facts, notes and the last event.
    """
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
    parts.append(hand_text(sv, names, sort))
    b.description("\n".join(parts))
    if picked is not None:
        b.field(*picked)
    facts = replace(pub, facts=pub.facts[:6])
    for name, value, inline in pile_and_fact_fields(facts, names, 20, plain_names):
        b.field(name, value, inline=inline)
    if sv.notes:
        b.field(_("Notes"), "\n".join(named(n, names) for n in sv.notes))
    amounts = [p for p in sv.prompt if isinstance(p, AskAmount)]
    for a in amounts:
        b.field(a.label, _("from {lo} to {hi}").format(lo=a.minimum, hi=a.maximum), inline=True)
    if pub.recent:
        b.field(_("Last"), named(pub.recent[-1], names))
    b.footer("")  # says how many fields were left out, if any
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
    draft: Draft | None = None,
    hint: bool = False,
) -> tuple[discord.Embed, discord.ui.View]:
    """(embed, view) for the ephemeral hand panel; the view always has a Refresh button when there is room,
    and ``hint``: a 💡 Hint button (hints on at the table, and the player has a decision).

    Labels can't render mentions, so a seat named in a button gets the plain name.
    ``draft`` is the player's panel state (sort order, page, picks: ``cogs.ui.drafts``).
    """
    draft = draft or Draft()
    prompt = paging.sorted_prompt(labelled(sv.prompt, plain_names), sv.faces, draft.sort)
    big = paging.needs_paging(prompt)
    embed = hand_embed(
        sv, names=names, deadline=deadline, waiting_for=waiting_for, sort=draft.sort,
        picked=paging.picked_field(prompt, draft) if big else None, plain_names=plain_names,
    )
    if big:
        return embed, detached(paging.paged_view(table_id, seq, prompt, draft, sortable=bool(sv.faces), hint=hint))
    view = prompt_view(table_id, seq, prompt) or discord.ui.View(timeout=None)
    extras: list[c.HandButton | c.PanelButton] = [c.HandButton(table_id, label=_("Refresh"))]
    if sv.faces:
        extras.append(c.PanelButton(table_id, seq, "sort", label=sort_button_label(draft.sort)))
    if hint:
        extras.insert(0, paging.hint_button(table_id, seq))
    for item in extras:
        row = _free_row(view)
        if row is None:
            break
        item.row = row
        view.add_item(item)
    return embed, detached(view)


def _row_of(item: discord.ui.Item[Any]) -> int | None:
    """The row an item was put in (a DynamicItem keeps it on the item it wraps)."""
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    return inner.row


def _free_row(view: discord.ui.View) -> int | None:
    """The last unused row, else the last row of buttons with room for one more; None if neither."""
    if len(view.children) >= ROWS * ROW_BUTTONS:
        return None
    rows: dict[int | None, list[discord.ui.Item[Any]]] = {}
    for item in view.children:
        rows.setdefault(_row_of(item), []).append(item)
    for row in range(ROWS - 1, -1, -1):
        if row not in rows:
            return row
    for row in range(ROWS - 1, -1, -1):
        inner = [i.item if isinstance(i, discord.ui.DynamicItem) else i for i in rows[row]]
        if all(isinstance(i, discord.ui.Button) for i in inner) and len(inner) < ROW_BUTTONS:
            return row
    return None


# The cogs reach Discord's limits and the embed builder through this module too.
__all__ = [
    "BUTTON_LABEL",
    "COLOUR_DONE",
    "COLOUR_HAND",
    "COLOUR_LOBBY",
    "COLOUR_PLAYING",
    "EMBED_TITLE",
    "FIELD_VALUE",
    "OPTION_LABEL",
    "ROWS",
    "ROW_BUTTONS",
    "SELECT_OPTIONS",
    "SELECT_PLACEHOLDER",
    "STYLES",
    "EmbedBudget",
    "chips_text",
    "clip",
    "detached",
    "hand_embed",
    "hand_panel",
    "hand_text",
    "labelled",
    "named",
    "pile_text",
    "plan_layout",
    "prompt_view",
    "relative_time",
    "sheet_text",
    "table_embed",
]
