"""``with discord_locale("ja"): ...``: every SimCord interaction carries that Discord client language.

SimCord always sends ``locale: en-US``; a Japanese player's client sends ``ja``, and the
bot answers each reader in their language. This patches SimCord's interaction payloads for
the block, as ``tests/e2e/test_japanese.py``'s fixture does per user; the guild's preferred
locale (which a table's language follows by default) comes from the guild itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import simcord.interactions


@contextlib.contextmanager
def discord_locale(locale: str) -> Iterator[None]:
    """Interactions made inside the block carry ``locale`` and their guild's preferred locale."""
    original = simcord.interactions.base_payload

    def with_locale(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = locale
        if kwargs.get("guild_id") is not None:
            guild = backend.get_guild(kwargs["guild_id"])
            payload["guild_locale"] = getattr(guild, "preferred_locale", None) or "en-US"
        return record, payload

    simcord.interactions.base_payload = with_locale
    try:
        yield
    finally:
        simcord.interactions.base_payload = original
