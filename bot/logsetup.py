"""Logging for the bot process: one line per record, to stderr."""

from __future__ import annotations

import logging


def setup_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's gateway chatter is useful only when debugging.
    logging.getLogger("discord").setLevel(max(level, logging.INFO))
