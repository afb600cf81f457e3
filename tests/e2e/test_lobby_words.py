"""The lobby speaks words, not ids: every game's lobby, each of its menus and modals, through SimCord.

For every registered game, in English and in Japanese, the host opens a lobby, reads every menu
and the numbers modal, then picks a value in each menu and submits a number, and reads the lobby
again. Nothing a player sees may be an option's key (``first_left``, ``best_of_three``, ``text``)
or read like one (``buy-the-trick``, ``target=11``). And no menu of a lobby offers choices another
menu already offers: one menu per choice.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
from cogs.ui.messages import number_fields
from games.core.game import Game
from tests.e2e.conftest import World
from tests.e2e.test_japanese import locales  # noqa: F401  (a fixture)
from tests.i18n.test_option_labels import ID_LIKE, keys_of
from tools.simtable import components_of

HINTS = "@hints"  # the 💡 option of the house-rules menu, on every table


def lobby_texts(message: Any) -> list[str]:
    """Every text of a lobby message a player reads: content, embed, buttons, menus and their options."""
    out = [message.content or ""]
    for embed in message.embeds:
        d = embed.to_dict()
        out += [d.get("title", ""), d.get("description", "")]
        for f in d.get("fields", []):
            out += [f["name"], f["value"]]
    for c in components_of(message):
        out += [c.get("label") or "", c.get("placeholder") or ""]
        for o in c.get("options", []):
            out += [o.get("label") or "", o.get("description") or ""]
    return [t for t in out if t]


def modal_texts(modal: dict[str, Any]) -> list[str]:
    out = [modal.get("title", "")]
    for row in modal["components"]:
        for c in row["components"]:
            out += [c.get("label") or "", c.get("placeholder") or "", c.get("value") or ""]
    return [t for t in out if t]


def pieces(text: str) -> list[str]:
    """The parts of a text that could be a value on their own: lines, list items, what follows a colon."""
    out = []
    for line in text.replace("**", "").splitlines():
        for part in re.split(r": |：| · |・|、|, ", line):
            out.append(part.strip().rstrip(".。").strip())
    return out


def ids_in(texts: list[str], game: Game) -> list[str]:
    keys = keys_of(game)
    found = []
    for text in texts:
        found += [f"{m[0]!r} in {text!r}" for m in ID_LIKE.finditer(text)]
        found += [f"the key {p!r} in {text!r}" for p in pieces(text) if p in keys]
    return found


def cid_of(message: Any, what: str) -> str | None:
    return next((c["custom_id"] for c in components_of(message) if c.get("custom_id", "").endswith(f":{what}")), None)


async def open_lobby(w: World, game_id: str) -> Any:
    await w.alice.slash(w.channel, "play", game=game_id)
    return w.channel.last_message


@pytest.mark.parametrize("code", ["en", "ja"])
@pytest.mark.parametrize("game_id", list(games.game_ids()))
async def test_no_lobby_message_shows_an_option_id(
    world: World, locales: dict[int, str], game_id: str, code: str  # noqa: F811
) -> None:
    w = world
    game = games.get_game(game_id)
    if code == "ja":
        locales[w.alice.id] = "ja"
        await w.mod.slash(w.channel, "admin settings", language="ja")
    lobby = await open_lobby(w, game_id)
    seen = lobby_texts(lobby)
    # each menu: pick its last value (another variant, the other odd-chips rule…), read the lobby again
    menus = [c["custom_id"].split(":", 3)[3] for c in components_of(lobby) if c.get("custom_id", "").startswith("cr:o:")]
    for what in [m for m in menus if m not in ("bool", "computer")]:
        cid = cid_of(w.channel.last_message, what)
        assert cid is not None
        menu = next(c for c in components_of(w.channel.last_message) if c.get("custom_id") == cid)
        await w.alice.select(w.channel.last_message, [menu["options"][-1]["value"]], custom_id=cid)
        seen += lobby_texts(w.channel.last_message)
    # the numbers modals (each page), read, then submitted with one number at its top ("First to 200 points")
    tops = {f.name: f.maximum for f in number_fields(game)}
    for c in [c for c in components_of(lobby) if c.get("custom_id", "").split(":")[-1].startswith("num")]:
        shown = await w.alice.click(w.channel.last_message, custom_id=c["custom_id"])
        assert shown.modal is not None
        seen += modal_texts(shown.modal)
        values = {i["custom_id"]: i.get("value") or "" for row in shown.modal["components"] for i in row["components"]}
        first = next(iter(values))
        await w.alice.submit_modal(shown, {**values, first: str(int(tops[first] or 1))})
        seen += lobby_texts(w.channel.last_message)
    found = ids_in(seen, game)
    assert not found, f"{game_id} ({code}) shows ids:\n" + "\n".join(found[:20])


def outcomes(game: Game, message: Any) -> dict[str, set[Any]]:
    """Each option menu of a lobby → what picking each of its choices does (the options it leaves)."""
    base = game.Options()
    out: dict[str, set[Any]] = {}
    for c in components_of(message):
        cid = c.get("custom_id", "")
        what = cid.split(":", 3)[3] if cid.startswith("cr:o:") else ""
        if what in ("", "computer"):
            continue
        picks: set[Any] = set()
        for o in c["options"]:
            value = o["value"]
            if what == "preset":
                options = game.presets[value]
            elif what == "bool":
                if value == HINTS:
                    picks.add(HINTS)
                    continue
                options = _changed(game, {value: not getattr(base, value)})
            else:
                field = what.removeprefix("f:")
                options = _changed(game, {field: type(getattr(base, field))(value)})
            if options is not None and options != base:
                picks.add(options.model_dump_json())
        out[what] = picks
    return out


def _changed(game: Game, change: dict[str, Any]) -> Any:
    try:
        return game.Options.model_validate({**game.Options().model_dump(), **change})
    except ValueError:  # a rule that needs another one first (Flatline's keys)
        return None


@pytest.mark.parametrize("game_id", list(games.game_ids()))
async def test_no_two_menus_of_a_lobby_offer_the_same_choices(world: World, game_id: str) -> None:
    game = games.get_game(game_id)
    menus = outcomes(game, await open_lobby(world, game_id))
    for a, offered in menus.items():
        for b, other in menus.items():
            if a != b and offered:
                assert not offered <= other, f"{game_id}: every choice of the {a!r} menu is in the {b!r} menu too"
