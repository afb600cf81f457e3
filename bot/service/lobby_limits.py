"""Limits that keep one member from holding channels with lobbies: the idle close and the per-member cap.

A lobby nobody starts would hold its channel forever (``/play`` is refused
where a table is open), so every lobby carries a deadline in
``tables.deadline`` — the column that drives turn timers, so a restart keeps it
and the timer task wakes for it. Every committed change to a lobby (a join, a
leave, an option, a computer player added or removed) counts as activity and
moves the deadline on by the server's ``lobby_idle_minutes``; a lobby closed
for idling refunds nothing because a lobby holds no chips (buy-ins move at
**Start**).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from data.store import Conn
from games.core.i18n import N_, _

from .errors import TooManyLobbies
from .guilds import load_settings
from .handflow import Change
from .live import Live, iso, log
from .models import GuildSettings

#: At most this many of a member's lobbies are named in the refusal (the message stays one line).
NAMED_LOBBIES = 10


def idle_deadline(settings: GuildSettings, now: str) -> datetime:
    """When a lobby touched at ``now`` closes if nothing else happens."""
    return datetime.fromisoformat(now) + timedelta(minutes=settings.lobby_idle_minutes)


def keep_lobby_open(conn: Conn, live: Live, now: str) -> None:
    """After a committed change to a lobby: its idle deadline starts again from ``now``."""
    if live.core.status == "lobby":
        settings = load_settings(conn, live.core.guild_id)
        live.core = replace(live.core, deadline=idle_deadline(settings, now))


def give_old_lobby_a_deadline(conn: Conn, live: Live, now: str) -> None:
    """A lobby opened before lobbies had deadlines (found at a restart) gets one from now, kept in its row."""
    keep_lobby_open(conn, live, now)
    conn.execute("UPDATE tables SET deadline=? WHERE id=? AND deadline IS NULL", (iso(live.core.deadline), live.core.id))
    live._snap = None


def close_idle(conn: Conn, live: Live, now: str, change: Change) -> None:
    """The lobby's deadline passed with nobody starting it: it closes and says why."""
    minutes = load_settings(conn, live.core.guild_id).lobby_idle_minutes
    live.core = replace(live.core, status="void", deadline=None)
    log(conn, live, "system", "idle", now)
    live.add_recent(
        _("Nobody started this table for {n} minutes, so it closed. Use /play to open a new one.").format(n=minutes)
    )
    change.reason = "end"


def check_lobby_quota(conn: Conn, guild_id: int, host_id: int, settings: GuildSettings) -> None:
    """``TooManyLobbies`` naming where the member's open lobbies are, once they hold the server's maximum."""
    rows = conn.execute(
        "SELECT channel_id FROM tables WHERE guild_id=? AND host_id=? AND status='lobby' ORDER BY id",
        (guild_id, host_id),
    ).fetchall()
    if len(rows) < settings.max_lobbies_per_user:
        return
    where = ", ".join(f"<#{int(r[0])}>" for r in rows[:NAMED_LOBBIES])
    raise TooManyLobbies(
        N_("Your open tables ({where}) are as many as this server allows ({n}). Start or cancel one of them first."),
        n=settings.max_lobbies_per_user, where=where,
    )


__all__ = ["check_lobby_quota", "close_idle", "give_old_lobby_a_deadline", "idle_deadline", "keep_lobby_open"]
