"""Chips as players see them, through SimCord: /balance names the chips sitting at tables,
and every "not enough chips for the buy-in" answer says what you have and how to get more.

The expected numbers come from the ledger itself (wallet and escrow accounts),
so the answers are checked against the books, not against themselves.
"""

from __future__ import annotations

import re

import simcord

from bot.service.economy import Holdings, TableChips
from cogs.economy import balance_text
from data import ledger
from tests.e2e.conftest import World
from tests.e2e.test_play import open_table, refusal

START = 100  # the server's default starting chips (and default buy-in)


async def ledger_chips(w: World, user_id: int, table_id: int) -> tuple[int, int]:
    """(wallet, escrow at the table) read straight from the ledger."""
    guild = w.guild.id

    def read(conn):
        return (
            ledger.balance_of(conn, ledger.USER, guild, user_id=user_id),
            ledger.balance_of(conn, ledger.ESCROW, guild, user_id=user_id, table_id=table_id),
        )

    return await w.bot.db.read_sync(read)


def amount(text: str, label: str) -> int:
    found = re.search(rf"^{label}: \*\*(\d+)\*\* chips?\b", text, re.MULTILINE)
    assert found, f"no {label!r} line in {text!r}"
    return int(found.group(1))


async def drain(w: World, who: simcord.MemberActor, keep: int) -> None:
    """Leaves ``who`` with ``keep`` chips in the wallet (an admin grant back to the issuer)."""
    have = await w.bot.economy.balance(w.guild.id, who.id)
    await w.mod.slash(w.channel, "admin grant", user=who, amount=keep - have)
    assert await w.bot.economy.balance(w.guild.id, who.id) == keep


# ------------------------------------------------------------------ /balance
async def test_balance_while_seated_shows_wallet_table_and_total(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol])  # the default buy-in: 100
    table_id = table.table_id()
    wallet, escrow = await ledger_chips(w, w.alice.id, table_id)
    assert escrow > 0 and wallet == START - 100 == 0  # the old answer read "You have 0 chips."

    r = await w.alice.slash(w.channel, "balance")
    text = r.response.content
    assert r.ephemeral
    assert amount(text, "Wallet") == wallet
    at_tables = re.search(r"^At tables: \*\*(\d+)\*\* chips? — Renfield #(\d+) in <#(\d+)>$", text, re.MULTILINE)
    assert at_tables, text
    assert (int(at_tables[1]), int(at_tables[2]), int(at_tables[3])) == (escrow, table_id, w.channel.id)
    assert amount(text, "Total") == wallet + escrow
    assert "/daily" not in text  # chips on the table are chips: no hint


async def test_balance_of_another_player_is_in_the_third_person(world: World) -> None:
    w = world
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol], buy_in=30)
    wallet, escrow = await ledger_chips(w, w.alice.id, table.table_id())

    r = await w.erin.slash(w.channel, "balance", user=w.alice)
    text = r.response.content
    assert r.ephemeral and text.startswith(f"Chips of <@{w.alice.id}>:")
    assert "You" not in text and "your" not in text.lower()
    assert amount(text, "Wallet") == wallet == START - 30
    assert f"Renfield #{table.table_id()} in <#{w.channel.id}>" in text
    assert amount(text, "Total") == wallet + escrow

    r = await w.alice.slash(w.channel, "balance", user=w.erin)  # never seated: the one-line answer
    assert r.response.content == f"<@{w.erin.id}> has **{START}** chips."


async def test_balance_lists_every_table_and_hints_daily_when_broke(world: World) -> None:
    w = world
    other = w.guild.create_text_channel("scurro")
    table = await open_table(w, "renfield", [w.alice, w.bob, w.carol], buy_in=30)
    r = await w.alice.slash(other, "play", game="scurro", buy_in=20)
    assert not r.ephemeral
    for p in (w.dave, w.erin):
        await p.click(other.last_message, label="Join")
    await w.alice.click(other.last_message, label="Start")
    scurro = await w.bot.tables.in_channel(other.id)
    assert scurro is not None and scurro.status == "playing"

    text = (await w.alice.slash(w.channel, "balance")).response.content
    wallet, renfield_escrow = await ledger_chips(w, w.alice.id, table.table_id())
    _wallet, scurro_escrow = await ledger_chips(w, w.alice.id, scurro.id)
    assert amount(text, "Wallet") == wallet == START - 30 - 20
    assert amount(text, "At tables") == renfield_escrow + scurro_escrow
    assert f"- **{renfield_escrow}** chips — Renfield #{table.table_id()} in <#{w.channel.id}>" in text
    assert f"- **{scurro_escrow}** chips — Scurro #{scurro.id} in <#{other.id}>" in text
    assert amount(text, "Total") == wallet + renfield_escrow + scurro_escrow

    broke = w.guild.add_member(w.env.create_user("frank"))
    await drain(w, broke, 0)
    r = await broke.slash(w.channel, "balance")
    assert r.response.content == "You have **0** chips. Claim free chips with /daily."
    r = await w.bob.slash(w.channel, "balance", user=broke)
    assert r.response.content == f"<@{broke.id}> has **0** chips. They can claim free chips with /daily."


def test_balance_text_counts_one_chip_in_the_singular() -> None:
    held = Holdings(1, (TableChips(7, "renfield", 42, 1),))
    assert balance_text(held, 5, yours=True) == (
        "Wallet: **1** chip\nAt tables: **1** chip — Renfield #7 in <#42>\nTotal: **2** chips"
    )


# ------------------------------------------------------- short of the buy-in
def says_how_to_get_chips(text: str) -> bool:
    return "/daily" in text and "/play … buy_in:" in text


async def test_opening_with_too_few_chips_says_what_you_have_and_how_to_get_more(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "play", game="renfield", buy_in=500)
    text = refusal(r)
    assert text == (
        "The buy-in is 500 chips and you have 100. Claim free chips with /daily,"
        " or choose a smaller buy-in (/play … buy_in:)."
    )


async def test_joining_with_too_few_chips_says_what_you_have_and_how_to_get_more(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield", buy_in=50)
    await drain(w, w.bob, 40)
    r = await w.bob.click(w.channel.last_message, label="Join")
    text = refusal(r)
    assert "you have 40" in text and "ask the host for a smaller buy-in" in text and says_how_to_get_chips(text)


async def test_start_tells_the_host_who_could_not_pay_and_how_they_get_chips(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield", buy_in=50)
    lobby = w.channel.last_message
    for p in (w.bob, w.carol, w.dave):
        await p.click(lobby, label="Join")
    await drain(w, w.dave, 10)  # joined with enough, spent it before the start
    r = await w.alice.click(lobby, label="Start")
    text = refusal(r)
    assert text.startswith("Started. Not seated:")
    assert f"<@{w.dave.id}>: They have 10 chips and the buy-in is 50." in text and says_how_to_get_chips(text)


async def test_start_that_cannot_seat_enough_players_says_how_to_get_chips(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "play", game="renfield", buy_in=50)
    lobby = w.channel.last_message
    for p in (w.bob, w.carol):
        await p.click(lobby, label="Join")
    await drain(w, w.carol, 0)
    r = await w.alice.click(lobby, label="Start")
    text = refusal(r)
    assert text.startswith(f"Not enough players could pay the 50-chip buy-in (<@{w.carol.id}>).")
    assert "/table end" in text and says_how_to_get_chips(text)
    snap = await w.bot.tables.in_channel(w.channel.id)
    assert snap is not None and snap.status == "lobby"
