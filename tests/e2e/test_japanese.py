"""A game played in Japanese through SimCord: public messages in the table's language, private ones in the reader's.

SimCord always sends ``locale: en-US``; the ``locales`` fixture makes its
interaction payloads carry each user's Discord language and the server's
preferred locale, as Discord does. Expected texts are read from the Japanese
catalogue itself, so the test checks the wiring (which language reaches which
reader), and ``tests/i18n`` checks the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.i18n import load_language
from tests.e2e.conftest import World
from tests.e2e.test_computers import computer_menu
from tools.simtable import Table

JA = load_language("ja")


def ja(text: str) -> str:
    """The Japanese of an English text of the code (the test fails if it has none)."""
    assert JA.get(text), f"no Japanese for {text!r}"
    return JA[text]


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    """user id → Discord locale of their client; the guild's preferred locale goes in ``guild_locale``."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def with_locale(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = chosen.get(kwargs["user_id"], "en-US")
        if kwargs.get("guild_id") is not None:
            guild = backend.get_guild(kwargs["guild_id"])
            payload["guild_locale"] = getattr(guild, "preferred_locale", None) or "en-US"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    yield chosen


def texts_of(message: Any) -> str:
    """Every string of the message's content and embeds, one per line (real line breaks)."""
    embeds = [e.to_dict() if hasattr(e, "to_dict") else e for e in message.embeds]
    out: list[str] = [message.content or ""]

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(embeds)
    return "\n".join(out)


def lobby_table_id(message: Any) -> int:
    from tools.simtable import components_of

    return next(int(c["custom_id"].split(":")[2]) for c in components_of(message) if c.get("custom_id", "").startswith("cr:l:"))


def labels(message: Any) -> list[str]:
    from tools.simtable import components_of

    return [c.get("label") or c.get("placeholder") or "" for c in components_of(message)]


async def test_a_japanese_table_and_a_reader_in_each_language(world: World, locales: dict[int, str]) -> None:
    w = world
    locales[w.alice.id] = "ja"  # alice's Discord is in Japanese; bob's in English
    await w.mod.slash(w.channel, "admin settings", language="ja")
    r = await w.alice.slash(w.channel, "play", game="renfield")
    lobby = w.channel.last_message
    table_id = lobby_table_id(lobby)
    # The public lobby is in Japanese, whoever reads it.
    assert lobby.embeds[0].title == ja("{game} — table #{id}").format(game=ja("Renfield"), id=table_id)
    assert ja("Join") in labels(lobby) and ja("Start") in labels(lobby)
    # The variant reads in Japanese, by its label (never its key).
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields[ja("Variant")] == ja("Standard") == "標準"
    assert "opened" not in (r.response.content or "")
    # bob reads English in private: his Join answer, and his errors.
    await w.bob.click(lobby, label=ja("Join"))
    refused = await w.bob.click(w.channel.last_message, label=ja("Start"))
    assert refused.ephemeral and refused.response.content == "Only the table's host can do that."
    await w.alice.select(w.channel.last_message, ["add:easy"], custom_id=computer_menu(w.channel.last_message))
    await w.alice.click(w.channel.last_message, label=ja("Start"))
    table = Table(w.env, w.channel, {w.alice.id: w.alice, w.bob.id: w.bob})

    alice_panel = (await table.open_hand(w.alice)).response
    bob_panel = (await table.open_hand(w.bob)).response
    mine = ja("**Your hand**\n{cards}").split("{cards}")[0]
    assert mine in texts_of(alice_panel), texts_of(alice_panel)
    assert "**Your hand**" in texts_of(bob_panel) and mine not in texts_of(bob_panel)

    # Play the hand to its end: bob's turns too, in English, while the table stays Japanese.
    table.players = {w.alice.id: w.alice, w.bob.id: w.bob}
    snap = await play_pair_until_result(w, table)
    assert snap.result is not None
    result = w.channel.last_message
    for message in (result, table.table_message()):
        shown = texts_of(message)
        assert ja("{game} — hand {n} result").format(game=ja("Renfield"), n=1) in shown or ja(
            "Result of hand {n}"
        ).format(n=1) in shown, shown
        assert "Result of hand" not in shown
    # A refusal worded on the database's thread still reads in each reader's language.
    missing_ja = await w.alice.slash(w.channel, "history", table=999)
    missing_en = await w.bob.slash(w.channel, "history", table=999)
    assert missing_ja.response.content == ja("There's no table #{id}.").format(id=999)
    assert missing_en.response.content == "There's no table #999."
    # /rules in each reader's language.
    rules_ja = await w.alice.slash(w.channel, "rules", game="renfield")
    rules_en = await w.bob.slash(w.channel, "rules", game="renfield")
    assert rules_ja.response.embeds[0].title == ja("{game} — rules").format(game=ja("Renfield"))
    assert rules_en.response.embeds[0].title == "Renfield — rules"


async def play_pair_until_result(w: World, table: Table, limit: int = 400) -> Any:
    """alice and bob play their turns on their panels (the computer its own) until a result is up."""
    table_id = table.table_id()
    for _ in range(limit):
        snap = await w.bot.tables.get(table_id)
        if not snap.is_open or snap.paused or snap.result is not None:
            return snap
        await w.bot.publisher.idle()
        people = [p for p in (w.alice, w.bob) if p.id in snap.to_act_users]
        if not people:
            await w.env.settle()
            continue
        who = people[0]
        kept = table.panels.get(who.id)
        from tools.simtable import action_controls

        if kept is None or not action_controls(kept):
            kept = (await table.open_hand(who)).response
        await table.act(who, kept)
        await table.check_privacy()
    raise AssertionError(f"no result after {limit} steps")


async def test_a_server_whose_preferred_locale_is_japanese_opens_japanese_tables(
    simcord_env: simcord.Env, locales: dict[int, str]
) -> None:
    env = simcord_env
    guild = env.create_guild("カードルーム", preferred_locale="ja")
    channel = guild.create_text_channel("tables")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "play", game="razz")
    lobby = channel.last_message
    assert ja("Join") in labels(lobby)
    assert ja("Razz") in lobby.embeds[0].title


async def test_slash_commands_are_synced_with_japanese_names_and_descriptions(world: World) -> None:
    synced = [
        req.json
        for req in world.env.http_requests
        if req.method == "PUT" and req.path.startswith("/applications/") and isinstance(req.json, list)
    ]
    assert synced, "the bot never synced its commands"
    commands = {c["name"]: c for c in synced[-1]}
    play = commands["play"]
    assert play["name_localizations"]["ja"] == JA["command name\x04play"]
    assert play["description_localizations"]["ja"] == JA["command description\x04Open a card table in this channel."]
    game_option = next(o for o in play["options"] if o["name"] == "game")
    assert game_option["name_localizations"]["ja"] == JA["option name\x04game"]
    renfield = next(c for c in game_option["choices"] if c["value"] == "renfield")
    assert renfield["name_localizations"]["ja"] == JA["choice\x04Renfield"]
