"""The public table as an embed: seats, piles, facts, the score sheet, recent events.

Part of the one adapter (``cogs.ui.render`` re-exports it). Piles that belong
together (``Pile.group``, a team's melds) share one field, and piles or facts
too many for Discord's 25 fields are packed into a few: nothing is dropped
silently (a shortened text ends "(+N more)").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from games.core.i18n import _
from games.core.views import Pile, ScoreSheet, TableView, resolve_seats, seat_name
from games.core.wording import money, number

from .embeds import COLOUR_PLAYING, EMBED_FIELDS, FIELD_VALUE, EmbedBudget, relative_time
from .fit import pack


def named(text: str, names: Sequence[str]) -> str:
    """An engine text with the players in place of its seat placeholders (mentions render as names)."""
    if not text:
        return text
    return resolve_seats(text, lambda s: names[s] if 0 <= s < len(names) else _("a player"))


def chips_text(n: int) -> str:
    return money(n, "chip")


def pot_facts(view: TableView) -> list[tuple[str, str]]:
    """The pot (and side pots) as the table's first fact, in chips like the seats' stacks."""
    if not view.pots:
        return []
    main, *side = view.pots
    parts = [money(main, view.unit), *(_("side pot {n}").format(n=money(x, view.unit)) for x in side)]
    return [(_("Pot"), " · ".join(parts))]


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
        now = line.stack_now(chips)  # what is in front of the seat now
        if now is not None:
            stack = money(now, view.unit)
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
    rest = _after_cards(pile.text, [label for _seat, label in pile.plays])
    if rest:  # a note beside the cards (e.g. a trick nobody took)
        parts.append(named(rest, names))
    return "\n".join(parts)


def _after_cards(text: str, labels: Sequence[str]) -> str:
    """What a trick pile's text says beside its cards ("nobody took it"): a text that lists the
    cards is stripped of them (they are shown with their players); a sentence with cards inside
    it (a station's result) is kept whole."""
    if not any(text.lstrip().startswith(label) for label in labels):
        return text.strip()
    rest = text
    for label in labels:
        rest = rest.replace(label, "", 1)
    return rest.strip(" ,·—-:\n")


def _cell(value: int | None) -> str:
    return "–" if value is None else number(value)


def sheet_text(sheet: ScoreSheet, names: Sequence[str]) -> tuple[str, str]:
    """(field name, value): one line per player (their column of the sheet), deals left to right."""
    first, last = (sheet.rows[0][0], sheet.rows[-1][0]) if sheet.rows else ("", "")
    title = sheet.title if not sheet.rows else f"{sheet.title} ({first} – {last})" if first != last else f"{sheet.title} ({first})"
    lines = []
    for seat, total in enumerate(sheet.totals):
        who = names[seat] if seat < len(names) else _("a player")
        cells = " · ".join(_cell(row[1][seat]) for row in sheet.rows[-10:])
        more = "… " if len(sheet.rows) > 10 else ""
        shown = number(total)
        lines.append(f"{who}: {more}{cells} → **{shown}**" if cells else f"{who}: **{shown}**")
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
    plain_names: Sequence[str] = (),
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
    tail = int(bool(seats)) + int(view.sheet is not None) + int(bool(view.recent))
    for name, value, inline in pile_and_fact_fields(view, names, EMBED_FIELDS - tail, plain_names):
        b.field(name, value, inline=inline)
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
    b.footer(footer)  # also says how many fields were left out, if any
    return b.embed


Field = tuple[str, str, bool]  # name, value, inline


def _packed(fields: Sequence[Field], title: str) -> list[Field]:
    """Many small fields as lines of as few fields as they need (``**name** value``)."""
    values = pack([(name, value) for name, value, _inline in fields], FIELD_VALUE)
    return [(title if i == 0 else _("{title} (cont.)").format(title=title), v, False) for i, v in enumerate(values)]


def pile_fields(
    piles: Sequence[Pile], names: Sequence[str], plain_names: Sequence[str] = ()
) -> list[tuple[Field, bool]]:
    """Each pile's field in the game's order, and whether it is a loose one (may be packed).

    Tricks keep their own field. A group (``Pile.group``: a team's melds) is one
    field where its first pile is, its piles as lines, continued in another
    field past 1,024 characters; a field's name can't show a mention, so a
    group named after players gets ``plain_names``. Other piles: one field each.
    """
    groups: dict[str, list[Pile]] = {}
    for pile in piles:
        if pile.group:
            groups.setdefault(pile.group, []).append(pile)
    out: list[tuple[Field, bool]] = []
    for pile in piles:
        if not pile.group:
            out.append(((named(pile.name, plain_names or names), pile_text(pile, names), not pile.plays), not pile.plays))
        elif groups[pile.group][0] is pile:
            lines = [(named(p.name, names), pile_text(p, names), False) for p in groups[pile.group]]
            out.extend((f, False) for f in _packed(lines, named(pile.group, plain_names or names)))
    return out


def pile_and_fact_fields(
    view: TableView, names: Sequence[str], room: int, plain_names: Sequence[str] = ()
) -> list[Field]:
    """The piles and facts as at most ``room`` fields when they can be: loose piles (where the
    first of them was), then facts, are packed into shared fields once one field each is too many."""
    piles = pile_fields(view.piles, names, plain_names)
    facts: list[Field] = [(label, named(value, names), True) for label, value in [*pot_facts(view), *view.facts]]
    loose = [f for f, is_loose in piles if is_loose]
    fields = [f for f, _is_loose in piles]
    if len(fields) + len(facts) > room and loose:
        at = next(i for i, (_f, is_loose) in enumerate(piles) if is_loose)
        kept = [f for f, is_loose in piles if not is_loose]
        fields = [*kept[:at], *_packed(loose, _("On the table")), *kept[at:]]
    if len(fields) + len(facts) > room and facts:
        facts = _packed(facts, _("Facts"))
    return [*fields, *facts]
