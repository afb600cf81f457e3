"""Card menus for hands too big for one message: pages of selects, picks kept across pages.

Discord allows 5 rows and 25 options per select. When a prompt's cards don't
fit (a ``PickCards`` of more than 25 cards, or more playable ``cards``
choices than the free rows can list), the panel shows one "big" control at a
time as pages of selects, with buttons to turn pages, confirm or clear the
picks, and switch to another big control. What the player picked so far is
kept in their ``Draft`` (``cogs.ui.drafts``): a select on a page only changes
the picks, Confirm sends ``kind:c1,c2,…`` like a one-menu pick does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from games.core.i18n import _
from games.core.views import AskAmount, CardFace, Choice, PickCards, Prompt

from . import components as c
from .drafts import Draft
from .embeds import BUTTON_LABEL, OPTION_LABEL, ROW_BUTTONS, ROWS, SELECT_OPTIONS, SELECT_PLACEHOLDER, clip
from .handtext import ordered, sort_button_label
from .layout import _at, _button, _unique, plan_layout, small_amounts_as_choices

PAGE = SELECT_OPTIONS
CARDS = "cards"


@dataclass(frozen=True, slots=True)
class Big:
    """A control too big for one menu: a pick (``key`` "pick:<kind>") or the playable cards ("cards")."""

    key: str
    label: str
    options: tuple[tuple[str, str], ...]  # (value, label): card codes for a pick, actions for cards
    pick: PickCards | None = None


def card_code(action: str) -> str:
    """The card an action names (``discard:QS.2`` → ``QS.2``)."""
    return action.split(":", 1)[1] if ":" in action else action


def sorted_prompt(prompt: Sequence[Prompt], faces: Sequence[CardFace], by: str) -> tuple[Prompt, ...]:
    """The prompt as the panel shows it: its cards (card choices, pick options) in the order the hand
    is shown, and an amount of a handful of values as one button each (``small_amounts_as_choices``)."""
    prompt = small_amounts_as_choices(prompt)
    if not faces:
        return tuple(prompt)
    rank = {f.code: i for i, f in enumerate(ordered(faces, "rank" if by == "rank" else "suit"))}
    last = len(rank)
    cards = [p for p in prompt if isinstance(p, Choice) and p.group == CARDS]
    in_order = iter(sorted(cards, key=lambda ch: rank.get(card_code(ch.action), last)))
    out: list[Prompt] = []
    for p in prompt:
        if isinstance(p, Choice) and p.group == CARDS:
            out.append(next(in_order))
        elif isinstance(p, PickCards):
            pairs = sorted(zip(p.cards, p.labels, strict=False), key=lambda cl: rank.get(cl[0], last))
            out.append(replace(p, cards=tuple(x for x, _l in pairs), labels=tuple(y for _c, y in pairs)))
        else:
            out.append(p)
    return tuple(out)


def needs_paging(prompt: Sequence[Prompt]) -> bool:
    """True when the one-page layout (``plan_layout``) would leave a choice out."""
    picks = [p for p in prompt if isinstance(p, PickCards)]
    if any(len(p.cards) > PAGE for p in picks):
        return True
    lay = plan_layout(prompt)
    shown = {ch.action for ch in (*lay.card_buttons, *lay.action_buttons)}
    shown |= {ch.action for sel in (*lay.card_selects, *lay.action_selects) for ch in sel[:PAGE]}
    wanted = {p.action for p in prompt if isinstance(p, Choice) and p.enabled}
    amounts = [p for p in prompt if isinstance(p, AskAmount)]
    return not wanted <= shown or len(lay.amounts) + len(lay.listed_amounts) < len(amounts) or len(lay.picks) < len(picks)


def bigs(prompt: Sequence[Prompt]) -> list[Big]:
    out = [
        Big(f"pick:{p.kind}", p.label, tuple(zip(p.cards, p.labels, strict=False)), p)
        for p in prompt
        if isinstance(p, PickCards) and len(p.cards) > PAGE
    ]
    cards = [p for p in _unique([p for p in prompt if isinstance(p, Choice)]) if p.group == CARDS and p.enabled]
    if len(cards) > PAGE:
        out.append(Big(CARDS, _("Play a card…"), tuple((ch.action, ch.label) for ch in cards)))
    return out


def focused(prompt: Sequence[Prompt], draft: Draft) -> tuple[Big | None, list[Big]]:
    """The big control the pages show (the draft's, else the first) and all of them."""
    every = bigs(prompt)
    if not every:
        return None, every
    return next((b for b in every if b.key == draft.focus), every[0]), every


def picked(pick: PickCards, draft: Draft) -> list[str]:
    """The draft's picks that the pick still offers, in the pick's order."""
    chosen = set(draft.picks.get(pick.kind, ()))
    return [card for card in pick.cards if card in chosen]


def picked_field(prompt: Sequence[Prompt], draft: Draft) -> tuple[str, str] | None:
    """(name, value) of the panel's "picked so far" field, when a big pick has the focus."""
    big, _every = focused(prompt, draft)
    if big is None or big.pick is None:
        return None
    pick = big.pick
    cards = picked(pick, draft)
    label = dict(zip(pick.cards, pick.labels, strict=False))
    rule = (
        _("Pick {n}.").format(n=pick.min_count) if pick.min_count == pick.max_count
        else _("Pick {lo} to {hi}.").format(lo=pick.min_count, hi=pick.max_count)
    )
    shown = " ".join(label[x] for x in cards) or "—"
    return _("{what} — picked {n}").format(what=pick.label, n=len(cards)), f"{rule}\n{shown}"


def _nav(table_id: int, seq: int, big: Big, every: list[Big], count: int) -> list[discord.ui.Item[Any]]:
    """Confirm/Clear for a pick and the switch to the next big control (page buttons come later)."""
    items: list[discord.ui.Item[Any]] = []
    if big.pick is not None:
        ok = _("Confirm ({n} picked)").format(n=count)
        items.append(c.PanelButton(table_id, seq, "ok", label=ok, style=discord.ButtonStyle.success))
        items.append(c.PanelButton(table_id, seq, "clear", label=_("Clear picks"), disabled=not count))
    if len(every) > 1:
        nxt = every[(every.index(big) + 1) % len(every)]
        items.append(c.PanelButton(table_id, seq, "focus", label=clip(f"↔ {nxt.label}", BUTTON_LABEL)))
    return items


def hint_button(table_id: int, seq: int) -> c.PanelButton:
    """The 💡 Hint button of a player's panel (answered by ``cogs.ui.hintflow``)."""
    return c.PanelButton(table_id, seq, "hint", label=_("💡 Hint"))


def paged_view(
    table_id: int, seq: int, prompt: Sequence[Prompt], draft: Draft, *, sortable: bool, hint: bool = False
) -> discord.ui.View:
    """The panel's components when the cards need pages (see the module's text); ``hint``: a 💡 Hint
    button too (the last extra to give way to the cards)."""
    big, every = focused(prompt, draft)
    assert big is not None, "paged_view is for prompts with a big control"
    small_picks = [p for p in prompt if isinstance(p, PickCards) and len(p.cards) <= PAGE][: ROWS - 2]
    choices = _unique([p for p in prompt if isinstance(p, Choice)])
    small_cards = [] if any(b.key == CARDS for b in every) else [p for p in choices if p.group == CARDS and p.enabled]
    actions: list[discord.ui.Item[Any]] = [
        _button(table_id, seq, ch) for ch in choices if ch.group != CARDS
    ]
    actions += [
        c.AmountButton(table_id, seq, a.kind, label=clip(a.label, BUTTON_LABEL) or a.kind)
        for a in prompt if isinstance(a, AskAmount)
    ]
    count = len(picked(big.pick, draft)) if big.pick is not None else 0
    nav: list[discord.ui.Item[Any]] = _nav(table_id, seq, big, every, count)
    paging = len(big.options) > PAGE
    extras: list[discord.ui.Item[Any]] = []
    if sortable:
        extras.append(c.PanelButton(table_id, seq, "sort", label=sort_button_label(draft.sort)))
    extras.append(c.HandButton(table_id, label=_("Refresh")))
    if hint:
        extras.insert(0, hint_button(table_id, seq))

    def rows_for(n: int) -> int:
        return -(-n // ROW_BUTTONS)

    fixed = len(small_picks) + (1 if small_cards else 0)

    def button_rows() -> int:  # page buttons, the rest of the nav, the actions, then sort and Refresh
        return rows_for(2 * paging + len(nav) + len(actions) + len(extras))

    while extras and ROWS - fixed - button_rows() < 1:
        extras.pop()  # Refresh goes first, then the sort toggle: the cards matter more
    select_rows = max(1, ROWS - fixed - button_rows())
    page_size = select_rows * PAGE
    pages = -(-len(big.options) // page_size)
    page = max(0, min(draft.page, pages - 1))
    view = discord.ui.View(timeout=None)
    row = _page_selects(view, table_id, seq, big, draft, page * select_rows, select_rows)
    row = _small_selects(view, table_id, seq, small_picks, small_cards, row)
    if paging and pages > 1:
        nav = [
            c.PanelButton(table_id, seq, "prev", label=_("◀ Previous"), disabled=page == 0),
            c.PanelButton(table_id, seq, "next", label=_("Next ▶ ({i}/{n})").format(i=page + 1, n=pages),
                          disabled=page >= pages - 1),
            *nav,
        ]
    buttons = [*nav, *actions, *extras]
    for i in range(0, len(buttons), ROW_BUTTONS):
        for item in buttons[i : i + ROW_BUTTONS]:
            view.add_item(_at(item, row))
        row += 1
    return view


def _page_selects(
    view: discord.ui.View, table_id: int, seq: int, big: Big, draft: Draft, first: int, count: int
) -> int:
    """Selects ``first`` … ``first + count - 1`` of ``big`` (25 options each); returns the next free row."""
    chosen = set(draft.picks.get(big.pick.kind, ())) if big.pick is not None else set()
    row = 0
    for index in range(first, first + count):
        part = big.options[index * PAGE : (index + 1) * PAGE]
        if not part:
            break
        where = _("{what} · {a}–{b} of {n}").format(
            what=big.label, a=index * PAGE + 1, b=index * PAGE + len(part), n=len(big.options)
        )
        options = [
            discord.SelectOption(label=clip(lab, OPTION_LABEL) or val, value=val, default=val in chosen)
            for val, lab in part
        ]
        holder = clip(where, SELECT_PLACEHOLDER)
        if big.pick is not None:
            high = max(1, min(len(options), big.pick.max_count))
            view.add_item(_at(c.PageSelect(table_id, seq, index, big.pick.kind, options=options, max_values=high,
                                       placeholder=holder), row))
        else:
            view.add_item(_at(c.ActionSelect(table_id, seq, index, options=options, placeholder=holder), row))
        row += 1
    return row


def _small_selects(
    view: discord.ui.View, table_id: int, seq: int, picks: Sequence[PickCards], cards: Sequence[Choice], row: int
) -> int:
    """Picks of at most 25 cards (one menu each, sent at once) and a short list of playable cards."""
    for i, pick in enumerate(picks):
        options = [
            discord.SelectOption(label=clip(lab, OPTION_LABEL) or code, value=code)
            for code, lab in zip(pick.cards, pick.labels, strict=False)
        ]
        if options:
            high = max(1, min(pick.max_count, len(options)))
            view.add_item(_at(c.PickSelect(table_id, seq, i, pick.kind, options=options, max_values=high,
                                       min_values=max(0, min(pick.min_count, high)),
                                       placeholder=clip(pick.label, SELECT_PLACEHOLDER)), row))
            row += 1
    if cards:
        options = [discord.SelectOption(label=clip(ch.label, OPTION_LABEL) or ch.action, value=ch.action)
                   for ch in cards]
        view.add_item(_at(c.ActionSelect(table_id, seq, 24, options=options, placeholder=_("Play a card…")), row))
        row += 1
    return row


__all__ = ["PAGE", "Big", "bigs", "card_code", "focused", "hint_button", "needs_paging", "paged_view", "picked", "picked_field",
           "sorted_prompt"]
