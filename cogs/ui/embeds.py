"""Discord's size limits and an embed builder that never breaks them.

A limit error means a table that can no longer be shown, so every text goes
through ``EmbedBudget`` (or ``clip``) on its way into an embed or a label.
"""

from __future__ import annotations

from datetime import datetime

import discord

from .fit import fit_text, more_note

# Discord limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150
SELECT_OPTIONS = 25
ROWS = 5
ROW_BUTTONS = 5
CONTENT = 2000

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

# Colours: lobby blue, playing green, finished grey.
COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAYING = discord.Colour.green()
COLOUR_DONE = discord.Colour.light_grey()
COLOUR_HAND = discord.Colour.gold()


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut with an ellipsis."""
    text = text or ""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


def relative_time(when: datetime) -> str:
    """A Discord timestamp that every client renders as "in 42 seconds"."""
    return f"<t:{int(when.timestamp())}:R>"


class EmbedBudget:
    """Builds an embed while keeping the 6000-character total (and every part) in bounds.

    Parts are added in order of importance; once the budget runs low, later
    parts are shortened (at a line or word, ending "(+N more)") or dropped rather
    than making the whole message fail; ``dropped`` counts the fields left out,
    and the footer says so.
    """

    def __init__(self, title: str, colour: discord.Colour | None = None) -> None:
        self.title = clip(title, EMBED_TITLE)
        self.used = len(self.title)
        self.embed = discord.Embed(title=self.title, colour=colour)
        self.dropped = 0

    def left(self) -> int:
        return EMBED_TOTAL - self.used

    def description(self, text: str) -> None:
        text = fit_text(text, min(EMBED_DESCRIPTION, max(0, self.left() - 200)))
        if text:
            self.embed.description = text
            self.used += len(text)

    def field(self, name: str, value: str, *, inline: bool = False) -> bool:
        if len(self.embed.fields) >= EMBED_FIELDS:
            self.dropped += 1
            return False
        name = clip(name, FIELD_NAME) or "\u200b"
        room = self.left() - len(name) - 60  # keep room for a footer
        if room < 20:
            self.dropped += 1
            return False
        value = fit_text(value or "\u200b", min(FIELD_VALUE, room))
        self.embed.add_field(name=name, value=value, inline=inline)
        self.used += len(name) + len(value)
        return True

    def footer(self, text: str) -> None:
        if self.dropped:
            note = more_note(self.dropped)
            text = f"{note} · {text}" if text else note
        text = clip(text, min(EMBED_FOOTER, max(0, self.left())))
        if text:
            self.embed.set_footer(text=text)
            self.used += len(text)
