"""A Discord message as the lines a player reads, in Markdown.

Mentions become ``@name`` and Discord timestamps become "in 30 seconds" ("30 秒後" in a Japanese
client), as a client shows them; custom ids are never printed (players don't see them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_datetime, format_timedelta

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
CHANNEL = re.compile(r"<#(\d+)>")
TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def humanize(text: str, names: Mapping[int, str], now: datetime, locale: str = "en") -> str:
    """Mentions and timestamps as a Discord client in ``locale`` renders them (times in UTC)."""
    text = USER.sub(lambda m: "@" + names.get(int(m[1]), "someone"), text)
    text = ROLE.sub("@role", text)
    text = CHANNEL.sub("#channel", text)

    def stamp(m: re.Match[str]) -> str:
        when = datetime.fromtimestamp(int(m[1]), UTC)
        if (m[2] or "f") == "R":
            return format_timedelta(when - now, threshold=2, add_direction=True, locale=locale)
        return format_datetime(when, "long", tzinfo=UTC, locale=locale)

    return TIMESTAMP.sub(stamp, text)


def _button(comp: Mapping[str, Any]) -> str:
    emoji = (comp.get("emoji") or {}).get("name") or ""
    label = " ".join(x for x in (emoji, comp.get("label") or "") if x) or "(no label)"
    return f"[{label} — disabled]" if comp.get("disabled") else f"[{label}]"


def _select(comp: Mapping[str, Any]) -> str:
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    count = f"choose {low}" if low == high else f"choose {low}–{high}"
    options = [("✓ " if o.get("default") else "") + (o.get("label") or "") for o in comp.get("options") or []]
    shown = " · ".join(options) if options else "(people, roles or channels)"
    state = ", disabled" if comp.get("disabled") else ""
    return f"Menu “{comp.get('placeholder') or '…'}” ({count}{state}): {shown}"


def component_lines(components: list[Mapping[str, Any]]) -> list[str]:
    """One line per row: its buttons side by side, or its menu with the options it offers."""
    lines: list[str] = []
    for row in components:
        children = row.get("components", []) if row.get("type") == 1 else [row]
        buttons = [_button(c) for c in children if c.get("type") == 2]
        if buttons:
            lines.append("Buttons: " + " ".join(buttons))
        for c in children:
            if c.get("type") in (3, 5, 6, 7, 8):
                lines.append(_select(c))
            elif c.get("type") == 10:  # a text display of the newer layouts
                lines.extend((c.get("content") or "").split("\n"))
    return lines


def embed_lines(embed: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    author = (embed.get("author") or {}).get("name")
    if author:
        lines.append(f"*{author}*")
    if embed.get("title"):
        lines.append(f"**{embed['title']}**")
    if embed.get("description"):
        lines.extend(embed["description"].split("\n"))
    for f in embed.get("fields") or []:
        name, value = f.get("name") or "", f.get("value") or ""
        if "\n" in value:
            lines.append(f"**{name}:**")
            lines.extend(value.split("\n"))
        else:
            lines.append(f"**{name}:** {value}")
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        lines.append(f"_{footer}_")
    return lines


def message_lines(message: Any, names: Mapping[int, str], now: datetime, locale: str = "en") -> list[str]:
    """Content, each embed (title, description, fields, footer), then the controls, row by row."""
    blocks: list[list[str]] = []
    if message.content:
        blocks.append(message.content.split("\n"))
    for embed in message.embeds or []:
        blocks.append(embed_lines(embed))
    for attachment in getattr(message, "attachments", None) or []:
        blocks.append([f"📎 {attachment.get('filename', 'a file')}"])
    controls = component_lines(message.components or [])
    if controls:
        blocks.append(controls)
    lines: list[str] = []
    for block in blocks:
        if lines:
            lines.append("")
        lines.extend(humanize(line, names, now, locale) for line in block)
    return lines or ["(empty)"]


def modal_lines(modal: Mapping[str, Any]) -> list[str]:
    """A form the bot opened: its title and each box with its hint."""
    lines = [f"**{modal.get('title') or 'Form'}**"]
    for row in modal.get("components") or []:
        for box in row.get("components", []) if row.get("type") == 1 else [row.get("component") or row]:
            hint = box.get("placeholder") or ""
            value = box.get("value") or ""
            label = box.get("label") or (row.get("label") if isinstance(row, dict) else "") or "…"
            extra = ", ".join(x for x in (f"hint {hint}" if hint else "", f"prefilled {value}" if value else "") if x)
            lines.append(f"Box “{label}”" + (f" ({extra})" if extra else ""))
    return lines


def quote(lines: list[str]) -> str:
    """A blockquote whose lines stay lines (a hard break after each)."""
    out = []
    for line in lines:
        out.append(">" if not line else "> " + line.replace("\n", " ") + "  ")
    return "\n".join(out)


def shown_strings(message: Any) -> list[str]:
    """Every string a player reads in a message, raw (mentions and timestamps left as Discord sends them):
    content, embed author/title/description/fields/footer, button labels, menu placeholders and options."""
    out: list[str] = [message.content or ""]
    for embed in message.embeds or []:
        out += [(embed.get("author") or {}).get("name") or "", embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields") or []:
            out += [f.get("name") or "", f.get("value") or ""]
        out.append((embed.get("footer") or {}).get("text") or "")
    for row in message.components or []:
        for c in row.get("components", []) if row.get("type") == 1 else [row]:
            out += [c.get("label") or "", c.get("placeholder") or "", c.get("content") or ""]
            for o in c.get("options") or []:
                out += [o.get("label") or "", o.get("description") or ""]
    return [s for s in out if s]


def modal_strings(modal: Mapping[str, Any]) -> list[str]:
    """Every string a player reads in a form: its title, each box's label, hint and prefilled value."""
    out: list[str] = [modal.get("title") or ""]
    for row in modal.get("components") or []:
        for box in row.get("components", []) if row.get("type") == 1 else [row.get("component") or row]:
            out += [box.get("label") or "", box.get("placeholder") or "", box.get("value") or ""]
        if row.get("type") != 1:
            out.append(row.get("label") or "")
    return [s for s in out if s]
