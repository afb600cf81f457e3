"""The house's chips through SimCord: ``/admin economy`` and the refusal of a computer past the limit.

A moderator sets the house's daily loss limit in ``/admin settings``; Alice seats computers
from the lobby's menu until the house can't pay for one more, and is told why in private;
the moderator reads the house's net per game (in English and in Japanese). The world
fixture checks the ledger audit at the end.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.test_computers import computer_menu
from tests.e2e.test_japanese import ja, locales
from tests.e2e.test_play import refusal

__all__ = ["locales"]

LIMIT = (
    "The house has reached today's limit of chips it may lose to players (100), so computer players"
    " can't play for chips until 00:00 UTC."
)


def seated(lobby: Any) -> str:
    return str(next(f["value"] for f in lobby.embeds[0].to_dict()["fields"] if f["name"] == "Seated"))


async def add_computer(w: World) -> Any:
    lobby = w.channel.last_message
    return await w.alice.select(lobby, ["add:easy"], custom_id=computer_menu(lobby))


async def test_computers_past_the_limit_are_refused_and_admin_economy_shows_the_house_net(world: World) -> None:
    w = world
    r = await w.mod.slash(w.channel, "admin settings", house_daily_loss_limit=100)
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["The house's daily loss limit"] == "100"
    await w.alice.slash(w.channel, "play", game="renfield", buy_in=50)
    for _ in range(2):
        assert not (await add_computer(w)).ephemeral
    refused = await add_computer(w)
    assert refusal(refused) == LIMIT
    assert seated(w.channel.last_message).count("🤖") == 2  # the refusal seated nobody
    await w.alice.click(w.channel.last_message, label="Start")

    admin = next(c for c in await w.bot.tree.fetch_commands() if c.name == "admin")
    w.guild.set_command_permissions(admin, {w.erin: True})  # shown to her: the bot still checks
    r = await w.erin.slash(w.channel, "admin economy")
    assert r.ephemeral and "Manage Server" in refusal(r)
    r = await w.mod.slash(w.channel, "admin economy")
    assert r.ephemeral
    embed = r.response.embeds[0]
    assert embed.title == "The house's chips"
    fields = {f.name: f.value for f in embed.fields}
    today = next(name for name in fields if name.startswith("Today ("))
    assert today.endswith(": +100") and fields[today] == "Renfield: +100"
    assert fields["In total: +100"] == "Renfield: +100"
    assert fields["The house's daily loss limit"] == "100 chips a day (0 left today)"
    economy = w.bot.economy
    assert fields["Chips in circulation"] == f"{(await economy.house(w.guild.id)).circulation:,}"


async def test_a_limit_of_zero_keeps_computers_off_chip_tables(world: World) -> None:
    w = world
    await w.mod.slash(w.channel, "admin settings", house_daily_loss_limit=0)
    await w.alice.slash(w.channel, "play", game="renfield")
    refused = await add_computer(w)
    assert refusal(refused) == (
        "Computer players don't play for chips on this server; they can join tables that play for no chips."
    )
    assert "🤖" not in seated(w.channel.last_message)
    r = await w.mod.slash(w.channel, "admin economy")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["In total: +0"] == "Nothing yet."
    assert fields["The house's daily loss limit"] == "0: computer players play for no chips"


async def test_admin_economy_in_japanese(world: World, locales: dict[int, str]) -> None:
    w = world
    locales[w.mod.id] = "ja"
    r = await w.mod.slash(w.channel, "admin economy")
    embed = r.response.embeds[0]
    assert embed.title == ja("The house's chips")
    names = [f.name for f in embed.fields]
    assert ja("In total: {n:+,}").format(n=0) in names and ja("Chips in circulation") in names
    assert ja("Nothing yet.") in [f.value for f in embed.fields]
