"""Per-server settings, stored as JSON and validated by ``GuildSettings`` (synchronous helpers)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from data.store import Conn
from games.core.i18n import N_

from .errors import NotAllowed
from .models import GuildSettings


def load_settings(conn: Conn, guild_id: int) -> GuildSettings:
    row = conn.execute("SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    if row is None:
        return GuildSettings()
    return GuildSettings.model_validate_json(row[0])


def save_settings(conn: Conn, guild_id: int, changes: dict[str, Any], at: str) -> GuildSettings:
    """Applies ``changes``; a bad key or value is refused with one readable line."""
    current = load_settings(conn, guild_id)
    unknown = sorted(set(changes) - set(GuildSettings.model_fields))
    if unknown:
        raise NotAllowed(N_("Unknown setting: {names}."), names=", ".join(unknown))
    try:
        new = GuildSettings.model_validate({**current.model_dump(), **changes})
    except ValidationError as err:
        first = err.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ())) or "value"
        raise NotAllowed(N_("{field}: {problem}."), field=field, problem=first.get("msg", "invalid value")) from err
    conn.execute(
        "INSERT INTO guild_settings (guild_id, settings_json, updated_at) VALUES (?,?,?)"
        " ON CONFLICT(guild_id) DO UPDATE SET settings_json = excluded.settings_json,"
        " updated_at = excluded.updated_at",
        (guild_id, json.dumps(new.model_dump(), separators=(",", ":")), at),
    )
    return new
