"""The one failure every engine may raise that is nobody's mistake: the database is away for now.

A module of its own, importing nothing, so the leases, the engines and the bot can all name it."""

from __future__ import annotations


class DatabaseUnavailable(Exception):
    """The database server can't be reached right now (restarting, down, a connection cut).

    Nothing this call asked for was acknowledged (in the rare case of a connection lost while its
    COMMIT was under way, the change may still have been made: tables are read back from the
    database before they are driven again). The engine reconnects on the next call (with backoff
    in the background), so the caller may simply try again later. Players are told so in
    one line (``bot.service.errors.DatabaseUnreachable``)."""


__all__ = ["DatabaseUnavailable"]
