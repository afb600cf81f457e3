"""Logging for the bot process: one line per record, to stderr.

``CARDROOM_LOG_FORMAT=json`` makes each line one JSON object, for a log
collector fed by several processes: each record names the process's shards
(and pid), so "which process drove table 42?" is one query. In text, a
process running only some shards prefixes its lines with them
(``[shards 0,1/4]``); a single process's lines stay as they were.

Also keeps discord.py quiet about voice: Cardroom never joins a voice channel,
so "PyNaCl / davey is not installed, voice will NOT be supported" (and the
``audioop`` deprecation on Python 3.11–3.12) would only alarm an operator
about something that does not matter. Exactly those are silenced, nothing else.
"""

from __future__ import annotations

import json
import logging
import warnings
from datetime import UTC, datetime
from typing import Any

from bot.shards import ShardPlan

#: Attributes a call may pass in ``extra=`` that the JSON line carries as fields of their own.
EXTRA_FIELDS = ("table", "guild")


class JsonFormatter(logging.Formatter):
    """One JSON object per record, with the fields an operator filters on across processes."""

    def __init__(self, shards: ShardPlan) -> None:
        super().__init__()
        self._shards: list[int] | str = list(shards.ids) if shards.ids is not None and shards.is_partial else "all"
        self._count = shards.count

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "shards": self._shards,
            "shard_count": self._count,
            "process": record.process,
        }
        for name in EXTRA_FIELDS:
            if name in record.__dict__:
                line[name] = record.__dict__[name]
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def text_formatter(shards: ShardPlan) -> logging.Formatter:
    """The readable line; a process running only some shards says which, so merged journals stay clear."""
    where = f"[shards {shards.label()}] " if shards.is_partial else ""
    return logging.Formatter(f"%(asctime)s %(levelname)-7s {where}%(name)s: %(message)s")


def setup_logging(level: int = logging.INFO, *, fmt: str = "text", shards: ShardPlan | None = None) -> None:
    """Root logging for ``python -m bot``: ``fmt`` is CARDROOM_LOG_FORMAT (``text`` or ``json``)."""
    plan = shards or ShardPlan()
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(plan) if fmt == "json" else text_formatter(plan))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's gateway chatter is useful only when debugging.
    logging.getLogger("discord").setLevel(max(level, logging.INFO))
    # asyncpg's pool retries a lost server every few seconds with a traceback each time; the bot's
    # own database keeper already says the server is away, so one line per retry is plenty.
    pool = logging.getLogger("asyncpg.pool")
    if not any(isinstance(f, OneLineErrors) for f in pool.filters):
        pool.addFilter(OneLineErrors())


class OneLineErrors(logging.Filter):
    """Folds a record's exception into its message (its type and text) instead of a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_voice_support() -> None:
    """Silence discord.py's voice-library notices; call before creating the client.

    The audioop filter must be in place before discord.py is first imported
    (``discord.player`` imports it); the two "not installed" warnings are
    logged by ``Client.__init__`` only while these class flags are true.
    """
    warnings.filterwarnings("ignore", message=r"'audioop' is deprecated", category=DeprecationWarning)
    import discord

    for flag in ("warn_nacl", "warn_dave"):  # warn_dave exists since discord.py 2.7
        if hasattr(discord.VoiceClient, flag):
            setattr(discord.VoiceClient, flag, False)
