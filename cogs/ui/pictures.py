"""Card pictures on Discord messages: ``hand.png`` on a player's panel, ``table.png`` on the table embed.

The generic adapter for every game: the pictures come from the render model
(``SeatView``/``TableView``) and the game's deck family (``cogs.pictures``), so
no game has Discord code. Payloads carry a picture as ``attachments`` (what an
edit takes); ``for_send`` turns that into ``files`` for a new message. An edit
always says what the message's attachments are (a picture, or none), so a
message never keeps a stale picture beside an embed that stopped showing it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.service.models import GuildSettings, TableSnapshot
from cogs.pictures import (
    HandPicture,
    TablePicture,
    UnknownCard,
    deck_of,
    grouped_hand_picture,
    png,
    table_picture,
)
from games.core.views import SeatView, TableView

from .handtext import SortBy, hand_groups

log = logging.getLogger("cardroom.pictures")

HAND_FILE = "hand.png"
TABLE_FILE = "table.png"


class ImageSwitch:
    """Each server's ``card_images`` setting, read once per process and kept in step by ``/admin settings``.

    Payloads are drawn synchronously, so the setting must be at hand: the async
    paths that first show a server's table or panel call ``ensure`` before drawing.
    """

    def __init__(self, load: Callable[[int], Awaitable[GuildSettings]] | None = None) -> None:
        self._load = load
        self._on: dict[int, bool] = {}

    def enabled(self, guild_id: int) -> bool:
        return self._on.get(guild_id, True)

    async def ensure(self, guild_id: int) -> None:
        if guild_id not in self._on and self._load is not None:
            self._on[guild_id] = (await self._load(guild_id)).card_images

    def set(self, guild_id: int, on: bool) -> None:
        self._on[guild_id] = on


def _png(pic: HandPicture | TablePicture | None) -> bytes | None:
    """The picture's PNG; none for a card no deck knows (a game without a mapping keeps its text view)."""
    if pic is None:
        return None
    try:
        return png(pic)
    except UnknownCard as exc:
        log.warning("no picture: %s", exc)
        return None


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def hand_pic(game_id: str, sv: SeatView, sort: SortBy) -> HandPicture | None:
    """The hand picture of ``sv``: the cards in the order and groups the panel's text lists them."""
    return grouped_hand_picture(deck_of(game_id), hand_groups(sv, sort))


def hand_files(
    snap: TableSnapshot, sv: SeatView, sort: SortBy, embed: discord.Embed, images: ImageSwitch | None
) -> list[discord.File]:
    """The hand as the panel lists it, as ``hand.png`` shown in ``embed``; none when pictures are off."""
    if images is None or not images.enabled(snap.guild_id) or not sv.hand:
        return []
    data = _png(hand_pic(snap.game_id, sv, sort))
    if data is None:
        return []
    embed.set_image(url=f"attachment://{HAND_FILE}")
    return [_file(data, HAND_FILE)]


def table_pic(snap: TableSnapshot, public: TableView, names: list[str], images: ImageSwitch | None) -> TablePicture | None:
    """What the table picture shows (None: no picture); equal values draw equal pictures."""
    if images is None or not images.enabled(snap.guild_id):
        return None
    return table_picture(deck_of(snap.game_id), public, names)


def table_files(pic: TablePicture | None, embed: discord.Embed) -> list[discord.File]:
    data = _png(pic)
    if data is None:
        return []
    embed.set_image(url=f"attachment://{TABLE_FILE}")
    return [_file(data, TABLE_FILE)]


def for_send(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit payload as ``send`` kwargs: a picture goes up as ``files``."""
    out = {k: v for k, v in payload.items() if k not in ("attachments", "picture")}
    files = payload.get("attachments") or []
    if files:
        out["files"] = files
    return out


__all__ = ["HAND_FILE", "TABLE_FILE", "ImageSwitch", "for_send", "hand_files", "hand_pic", "table_files", "table_pic"]
