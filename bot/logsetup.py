"""Logging for the bot process: one line per record, to stderr.

Also keeps discord.py quiet about voice: Cardroom never joins a voice channel,
so "PyNaCl / davey is not installed, voice will NOT be supported" (and the
``audioop`` deprecation on Python 3.11–3.12) would only alarm an operator
about something that does not matter. Exactly those are silenced, nothing else.
"""

from __future__ import annotations

import logging
import warnings


def setup_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's gateway chatter is useful only when debugging.
    logging.getLogger("discord").setLevel(max(level, logging.INFO))


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
