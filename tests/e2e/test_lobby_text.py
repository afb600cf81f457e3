"""The lobby says how many players a game takes: "1 of 4" for a fixed count, "1 (3–8)" for a range."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.test_card_room import fields


async def test_the_lobby_counts_players_against_what_the_game_takes(world: World) -> None:
    w = world
    host, guest = w.players[:2]
    await host.slash(w.channel, "play", game="reversis")
    lobby = w.channel.last_message
    assert fields(lobby)["Players"] == "1 of 4"
    await guest.click(lobby, label="Join")
    assert fields(w.channel.last_message)["Players"] == "2 of 4"
    await host.click(w.channel.last_message, label="Cancel")
    await host.slash(w.channel, "play", game="renfield")
    assert fields(w.channel.last_message)["Players"] == "1 (3–8)"
