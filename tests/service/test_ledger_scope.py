"""A table with a ledger scope of its own plays for that scope's chips, never the server's (issue 27).

A tournament's tables play for tournament chips: every ledger call the table makes (buy-ins, the
house's computer buy-ins, settlement, cash-outs) goes to ``core.ledger_guild``, the tournament's
synthetic negative scope. The scope's issuer grants the stacks, so its audit balances like a
server's. On both engines (``env``), with a restart in the middle.
"""

from __future__ import annotations

import random

from data import ledger
from tests.service.test_computers import play_hand
from tests.service.test_tables import CH, HOST, P1, Env, G, env

__all__ = ["env"]

SCOPE = -7  # the scope of tournament 7 (``tournaments.scope_of``)
STACK = 300


async def grant_stacks(env: Env, *users: int) -> None:
    now = "2026-11-21T12:00:00+00:00"

    def work(conn) -> None:
        for u in users:
            ledger.grant(conn, SCOPE, u, STACK, f"test-stack:{u}", at=now, code="grant")

    await env.db.run(work)


async def count(env: Env, sql: str, *args: object) -> int:
    return int(await env.db.scalar(sql, args))


async def test_a_scoped_table_moves_only_its_scopes_chips_and_survives_a_restart(env: Env) -> None:
    # The house may lose nothing on this server: an ordinary chip table would refuse a computer.
    await env.eco.update_settings(G, house_daily_loss_limit=0, starting_chips=1000)
    await grant_stacks(env, HOST, P1)
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=100, ledger_scope=SCOPE)
    assert (snap.guild_id, snap.ledger_guild, snap.scoped) == (G, SCOPE, True)
    snap = await env.svc.add_computer(snap.id, HOST, "easy")  # the house limit is the server's, not the scope's
    snap = await env.svc.join(snap.id, P1)
    assert (await env.svc.start(snap.id, HOST)).refused == ()
    rng = random.Random(3)
    await play_hand(env, snap.id, rng)
    await env.restart()
    again = await env.svc.get(snap.id)
    assert again.ledger_guild == SCOPE  # read back from tables.ledger_guild
    for _ in range(2):
        await play_hand(env, snap.id, rng)

    # Nothing of the server's moved: no wallet was opened with its starting chips, no transfer booked.
    assert await count(env, "SELECT COUNT(*) FROM accounts WHERE guild_id=?", G) == 0
    assert await count(env, "SELECT COUNT(*) FROM transfers WHERE guild_id=?", G) == 0
    # Everything the table did is in the scope, and the scope balances like a server.
    assert await count(env, "SELECT COUNT(*) FROM transfers WHERE guild_id=? AND table_id=?", SCOPE, snap.id) > 3
    assert await count(env, "SELECT COUNT(*) FROM accounts WHERE guild_id=? AND table_id IS NOT NULL", SCOPE) >= 3
    scope_report = await env.eco.audit(SCOPE)
    assert scope_report.ok, scope_report.problems
    await env.audit_ok()
    # Chips were created in the scope only by the stacks and the house's float for its computer.
    issued = -await count(env, "SELECT balance FROM accounts WHERE guild_id=? AND kind='issuer'", SCOPE)
    floats = await count(env, "SELECT SUM(amount) FROM transfers WHERE guild_id=? AND memo='house float'", SCOPE)
    assert issued == 2 * STACK + floats and floats == 100


async def test_an_ordinary_table_keeps_its_servers_scope(env: Env) -> None:
    snap = await env.svc.open_table(G, CH, HOST, "razz", buy_in=50)
    assert (snap.ledger_guild, snap.scoped) == (G, False)
    assert await count(env, "SELECT ledger_guild FROM tables WHERE id=?", snap.id) == G
