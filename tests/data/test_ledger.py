"""The chip ledger on both real engines (a SQLite file, a PostgreSQL database): examples, then hypothesis
sequences against every invariant."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from data import ledger, settlement
from data.engines import open_database
from data.groupcommit import run_in_transaction
from data.store import INTEGRITY_ERRORS
from tests.support.stores import open_sync

G = 1  # guild
AT = "2026-11-21T00:00:00+00:00"


def tx(conn: Any, fn, *args, **kwargs):
    return run_in_transaction(conn, lambda c: fn(c, *args, **kwargs))


def wallet(conn: Any, user: int) -> int:
    return ledger.balance_of(conn, ledger.USER, G, user_id=user)


def seat(conn: Any, table: int, user: int) -> int:
    return ledger.balance_of(conn, ledger.ESCROW, G, user_id=user, table_id=table)


def pot(conn: Any, table: int) -> int:
    return ledger.balance_of(conn, ledger.POT, G, table_id=table)


def books(conn: Any) -> tuple[object, ...]:
    """Everything the ledger holds, for 'nothing changed' checks."""
    return (
        tuple(tuple(r) for r in conn.execute("SELECT * FROM accounts ORDER BY id")),
        tuple(tuple(r) for r in conn.execute("SELECT * FROM transfers ORDER BY idem_key")),
    )


@pytest.fixture
def conn(sync_conn: Any) -> Any:
    return sync_conn


def test_new_wallet_gets_starting_chips_once(conn: Any) -> None:
    tx(conn, ledger.open_wallet, G, 10, 100, AT)
    tx(conn, ledger.open_wallet, G, 10, 100, AT)
    assert wallet(conn, 10) == 100
    assert ledger.balance_of(conn, ledger.ISSUER, G) == -100
    assert [tuple(r) for r in conn.execute("SELECT code FROM transfers")] == [("start",)]


def test_retried_grant_never_pays_twice(conn: Any) -> None:
    assert tx(conn, ledger.grant, G, 10, 50, "daily:1:10:2026-11-21", at=AT, code="daily", starting_chips=100)
    assert not tx(conn, ledger.grant, G, 10, 50, "daily:1:10:2026-11-21", at=AT, code="daily")
    assert wallet(conn, 10) == 150


def test_overdraft_rolls_back_the_whole_transaction(conn: Any) -> None:
    tx(conn, ledger.open_wallet, G, 10, 100, AT)
    before = books(conn)

    def two_steps(c: Any) -> None:
        ledger.buy_in(c, G, 5, 10, 60, "buyin:5:10:1", at=AT)  # fine on its own
        ledger.buy_in(c, G, 6, 10, 60, "buyin:6:10:1", at=AT)  # overdraws the wallet

    with pytest.raises(ledger.Overdraft):
        run_in_transaction(conn, two_steps)
    assert books(conn) == before
    assert wallet(conn, 10) == 100 and seat(conn, 5, 10) == 0
    assert ledger.audit(conn).ok


def test_transfers_and_balances_cannot_be_edited(conn: Any) -> None:
    tx(conn, ledger.open_wallet, G, 10, 100, AT)
    with pytest.raises(INTEGRITY_ERRORS, match="append-only"):
        conn.execute("UPDATE transfers SET amount = 1000")
    with pytest.raises(INTEGRITY_ERRORS, match="append-only"):
        conn.execute("DELETE FROM transfers")
    with pytest.raises(INTEGRITY_ERRORS):
        conn.execute("UPDATE accounts SET balance = -5 WHERE kind = 'user'")
    conn.execute("UPDATE accounts SET balance = 7 WHERE kind = 'user'")  # a forged cache…
    report = ledger.audit(conn)
    assert not report.ok  # …is caught twice: conservation and cache == history
    assert any("sum to" in p for p in report.problems)
    assert any("cached 7" in p for p in report.problems)


def test_settlement_moves_losses_to_winners_and_keeps_carry(conn: Any) -> None:
    users = [1, 2, 3]
    for u in users:
        tx(conn, ledger.buy_in, G, 9, u, 50, f"buyin:9:{u}:1", at=AT, starting_chips=100)
    # Hand 1: seat 0 loses 20, seat 1 wins 12, 8 chips stay in the pot for the next hand.
    s = tx(conn, ledger.settle_hand, G, 9, 1, users, [-20, 12, 0], at=AT, carried_in=0)
    assert s.nets == (-20, 12, 0) and s.pot_after == 8 and s.shortfall == 0
    assert [seat(conn, 9, u) for u in users] == [30, 62, 50] and pot(conn, 9) == 8
    # Hand 2 carries the 8 in; seat 2 takes it all plus 5 from seat 1.
    s = tx(conn, ledger.settle_hand, G, 9, 2, users, [0, -5, 13], at=AT, carried_in=8)
    assert s.pot_after == 0 and [seat(conn, 9, u) for u in users] == [30, 57, 63]
    # Retrying a settled hand books nothing and reports the same nets.
    before = books(conn)
    again = tx(conn, ledger.settle_hand, G, 9, 2, users, [0, -5, 13], at=AT, carried_in=8)
    assert books(conn) == before and again.nets == (0, -5, 13)
    # A pot that doesn't match the engine's carry is refused, and nothing is written.
    with pytest.raises(ledger.LedgerError):
        tx(conn, ledger.settle_hand, G, 9, 3, users, [1, -1, 0], at=AT, carried_in=4)
    assert books(conn) == before
    assert ledger.audit(conn).ok


def test_short_loser_is_topped_up_then_winners_absorb_the_rest(conn: Any) -> None:
    tx(conn, ledger.buy_in, G, 9, 1, 20, "b1", at=AT, starting_chips=25)  # wallet keeps 5
    tx(conn, ledger.buy_in, G, 9, 2, 50, "b2", at=AT, starting_chips=100)
    tx(conn, ledger.buy_in, G, 9, 3, 50, "b3", at=AT, starting_chips=100)
    # Seat 0 owes 40: 20 escrow + 5 wallet top-up; 15 short, taken pro rata (2:1) from the winners.
    s = tx(conn, ledger.settle_hand, G, 9, 1, [1, 2, 3], [-40, 26, 14], at=AT, carried_in=0)
    assert s.topups == (5, 0, 0) and s.shortfall == 15 and s.writeoff == 0
    assert s.nets == (-25, 16, 9) and sum(s.nets) == 0
    assert (wallet(conn, 1), seat(conn, 9, 1), seat(conn, 9, 2), seat(conn, 9, 3)) == (0, 0, 66, 59)
    assert pot(conn, 9) == 0 and ledger.audit(conn).ok


def test_shortfall_beyond_the_winners_is_written_off_by_the_issuer(conn: Any) -> None:
    tx(conn, ledger.buy_in, G, 9, 1, 10, "b1", at=AT, starting_chips=10)
    tx(conn, ledger.buy_in, G, 9, 2, 10, "b2", at=AT, starting_chips=10)
    issued = -ledger.balance_of(conn, ledger.ISSUER, G)
    # Both lose into a pot that carries 30 to the next hand; seat 0 can only pay 10.
    s = tx(conn, ledger.settle_hand, G, 9, 1, [1, 2], [-20, -10], at=AT, carried_in=0)
    assert s.shortfall == 10 and s.writeoff == 10 and s.nets == (-10, -10)
    assert pot(conn, 9) == 30  # the pot still equals the engine's carry
    assert -ledger.balance_of(conn, ledger.ISSUER, G) == issued + 10  # recorded, never silent
    assert ledger.audit(conn).ok


def test_carried_pot_split_at_table_end(conn: Any) -> None:
    for u in (1, 2, 3):
        tx(conn, ledger.buy_in, G, 9, u, 10, f"b{u}", at=AT, starting_chips=10)
    tx(conn, ledger.settle_hand, G, 9, 1, [1, 2, 3], [-10, -10, 0], at=AT)
    shares = tx(conn, ledger.distribute_pot, G, 9, [1, 2, 3], "end:9", at=AT)
    assert shares == [7, 7, 6] and pot(conn, 9) == 0
    for u in (1, 2, 3):
        tx(conn, ledger.cash_out, G, 9, u, f"out:{u}", at=AT)
    assert [wallet(conn, u) for u in (1, 2, 3)] == [7, 7, 16]
    assert ledger.audit(conn).ok


CODES = ("start", "daily", "grant", "buy_in", "topup", "stake", "payout", "writeoff", "cash_out", "refund",
         "correction")


def test_every_documented_code_is_accepted_and_no_other(conn: Any) -> None:
    tx(conn, ledger.open_wallet, G, 10, 1000, AT)
    mint = ledger.balance_of(conn, ledger.ISSUER, G)
    wallet_id = ledger.account(conn, ledger.USER, G, user_id=10)
    issuer_id = ledger.issuer(conn, G)
    for code in CODES:
        assert tx(conn, ledger.transfer, wallet_id, issuer_id, 1, code, f"code:{code}", guild_id=G, at=AT)
    before = books(conn)
    for bad in ("Stake", "stake ", "", "bonus", "payout:1"):
        with pytest.raises(INTEGRITY_ERRORS, match=r"(?i)check"):
            tx(conn, ledger.transfer, wallet_id, issuer_id, 1, bad, f"bad:{bad}", guild_id=G, at=AT)
    assert books(conn) == before
    assert wallet(conn, 10) == 1000 - len(CODES)
    assert ledger.balance_of(conn, ledger.ISSUER, G) == mint + len(CODES)
    assert ledger.audit(conn).ok


def test_settlement_books_exactly_these_rows(conn: Any) -> None:
    users = [1, 2, 3, 4]
    for u in users:
        tx(conn, ledger.buy_in, G, 9, u, 50, f"b{u}", at=AT, starting_chips=100)
    esc = {u: ledger.escrow(conn, G, 9, u) for u in users}
    pot_id = ledger.pot(conn, G, 9)
    s = tx(conn, ledger.settle_hand, G, 9, 7, users, [-5, 9, 0, -7], at=AT, carried_in=0, key="settle:000042")
    assert s == ledger.Settlement((-5, 9, 0, -7), (0, 0, 0, 0), 0, 0, 3)
    rows = [tuple(r) for r in conn.execute(
        "SELECT idem_key, guild_id, debit_id, credit_id, amount, code, table_id, hand_no, memo, created_at"
        " FROM transfers WHERE hand_no = 7 ORDER BY idem_key"
    )]
    assert rows == [
        ("settle:000042:0:stake", G, esc[1], pot_id, 5, "stake", 9, 7, None, AT),
        ("settle:000042:1:payout", G, pot_id, esc[2], 9, "payout", 9, 7, None, AT),
        ("settle:000042:3:stake", G, esc[4], pot_id, 7, "stake", 9, 7, None, AT),
    ]
    assert [seat(conn, 9, u) for u in users] == [45, 59, 50, 43] and pot(conn, 9) == 3
    # A hand where nobody wins or loses books nothing and leaves the carry where it is.
    before = books(conn)
    s = tx(conn, ledger.settle_hand, G, 9, 8, users, [0, 0, 0, 0], at=AT, carried_in=3)
    assert s.pot_after == 3 and s.nets == (0, 0, 0, 0) and books(conn) == before
    assert ledger.audit(conn).ok


def test_a_settlements_rows_stand_or_fall_together(conn: Any) -> None:
    """One multi-row INSERT: if its last row overdraws, its first rows and their balance updates
    are undone too (SQLite keeps the caller's transaction open; PostgreSQL fails all of it)."""
    for u in (1, 2):
        tx(conn, ledger.buy_in, G, 9, u, 10, f"b{u}", at=AT, starting_chips=10)
    e1, e2, pot_id = ledger.escrow(conn, G, 9, 1), ledger.escrow(conn, G, 9, 2), ledger.pot(conn, G, 9)
    before = books(conn)
    row = (G, 0, 0, 0, "stake", "", 9, 1, None, AT)

    def rows(*moves: tuple[int, int, int, str]) -> list[tuple[object, ...]]:
        return [(G, d, c, a, row[4], k, *row[6:]) for d, c, a, k in moves]

    with pytest.raises(ledger.Overdraft):
        run_in_transaction(conn, settlement._insert_settlement,
                           rows((e1, pot_id, 10, "x:0"), (e2, pot_id, 11, "x:1")), 9, 1)
    assert books(conn) == before
    with pytest.raises(ledger.LedgerError, match="already used"):  # a used key: nothing from this statement
        run_in_transaction(conn, settlement._insert_settlement,
                           rows((e1, pot_id, 1, "y:0"), (e2, pot_id, 1, "b1")), 9, 1)
    assert books(conn) == before


def test_every_insert_path_keeps_the_balances(conn: Any) -> None:
    """The balance cache is kept by the database, not by the ledger's code: a transfer written
    with plain SQL still moves the balances (and is refused if it overdraws)."""
    tx(conn, ledger.open_wallet, G, 10, 100, AT)
    mint, wallet_id = ledger.issuer(conn, G), ledger.account(conn, ledger.USER, G, user_id=10)
    sql = ("INSERT INTO transfers (idem_key, guild_id, debit_id, credit_id, amount, code, created_at)"
           " VALUES (?, ?, ?, ?, ?, 'correction', ?)")
    conn.execute(sql, ("by-hand", G, wallet_id, mint, 30, AT))
    assert wallet(conn, 10) == 70 and ledger.balance_of(conn, ledger.ISSUER, G) == -70
    with pytest.raises(INTEGRITY_ERRORS, match=r"(?i)check"):
        conn.execute(sql, ("by-hand-2", G, wallet_id, mint, 71, AT))
    with pytest.raises(INTEGRITY_ERRORS, match=r"(?i)foreign key"):  # no transfer to a missing account
        conn.execute(sql, ("by-hand-3", G, wallet_id, 999_999, 1, AT))
    assert wallet(conn, 10) == 70 and ledger.audit(conn).ok


async def test_async_transaction_and_run_roll_back(store_target: str) -> None:
    db = await open_database(store_target)
    try:
        await db.run(ledger.open_wallet, G, 10, 100, AT)
        with pytest.raises(ledger.Overdraft):
            await db.run(ledger.buy_in, G, 1, 10, 500, "too-much", at=AT)
        with pytest.raises(RuntimeError):
            async with db.transaction() as t:
                await t.execute("INSERT INTO guild_settings VALUES (5, '{}', 'now')")
                raise RuntimeError("boom")
        assert await db.scalar("SELECT COUNT(*) FROM guild_settings") == 0
        assert await db.scalar("SELECT COUNT(*) FROM transfers") == 1
        assert (await db.read_sync(ledger.audit)).ok
    finally:
        await db.close()


# ------------------------------------------------------------- property tests
USERS = st.integers(1, 4)
TABLES = st.integers(1, 2)
op = st.one_of(
    st.tuples(st.just("grant"), USERS, st.integers(-60, 120), st.integers(0, 5)),
    st.tuples(st.just("buy_in"), TABLES, USERS, st.integers(0, 150)),
    st.tuples(st.just("settle"), TABLES, st.lists(st.integers(-250, 250), min_size=4, max_size=4),
              st.integers(0, 40)),
    st.tuples(st.just("buy_in"), TABLES, USERS, st.integers(0, 60)),
    st.tuples(st.just("settle"), TABLES, st.lists(st.integers(-40, 40), min_size=4, max_size=4),
              st.integers(0, 10)),
    st.tuples(st.just("cash_out"), TABLES, USERS),
    st.tuples(st.just("fail"), TABLES, USERS, st.integers(1, 50)),
)


def _has_wallet(conn: Any, user: int) -> bool:
    return conn.execute("SELECT 1 FROM accounts WHERE kind='user' AND user_id=?", (user,)).fetchone() is not None


def _check(conn: Any, issued: int) -> None:
    report = ledger.audit(conn)
    assert report.ok, report.problems
    assert conn.execute("SELECT COUNT(*) FROM accounts WHERE kind <> 'issuer' AND balance < 0").fetchone()[0] == 0
    assert -ledger.balance_of(conn, ledger.ISSUER, G) == issued  # chips only come from recorded grants


# PostgreSQL runs fewer sequences: each needs a database of its own (a clone, ~25 ms) and every
# statement is a round trip; 50 still reach every operation and failure path many times.
@pytest.mark.parametrize(("engine", "examples"), [("sqlite", 150), ("postgresql", 50)])
def test_random_sequences_keep_every_invariant(engine: str, examples: int, request: pytest.FixtureRequest) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(ops=st.lists(op, min_size=8, max_size=40))
    def sequences(ops: list[tuple]) -> None:
        _sequence(engine, request, ops)

    sequences()


def _sequence(engine: str, request: pytest.FixtureRequest, ops: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as tmp, open_sync(engine, request, Path(tmp)) as conn:
        issued = 0
        hand = {1: 0, 2: 0}
        for step, o in enumerate(ops):
            before = books(conn)
            kind = o[0]
            if kind == "grant":
                _, user, amount, key = o
                # Small key space: repeated keys are retries and must be no-ops.
                new_wallet = not _has_wallet(conn, user)
                retry = conn.execute("SELECT 1 FROM transfers WHERE idem_key=?", (f"g:{user}:{key}",)).fetchone()
                try:
                    paid = tx(conn, ledger.grant, G, user, amount, f"g:{user}:{key}", at=AT, starting_chips=100)
                except ledger.Overdraft:
                    assert books(conn) == before
                    continue
                issued += (100 if new_wallet else 0) + (amount if paid else 0)
                if retry:
                    assert not paid and len(books(conn)[1]) == len(before[1]) + (1 if new_wallet else 0)
            elif kind == "buy_in":
                _, table, user, amount = o
                fresh = not _has_wallet(conn, user)
                had = 100 if fresh else wallet(conn, user)
                try:
                    tx(conn, ledger.buy_in, G, table, user, amount, f"buy:{table}:{user}:{step}", at=AT,
                       starting_chips=100)
                except ledger.Overdraft:
                    assert amount > had and books(conn) == before
                    continue
                issued += 100 if fresh else 0
                assert wallet(conn, user) == had - amount
            elif kind == "settle":
                _, table, raw, carry = o
                users = [u for u in range(1, 5) if seat(conn, table, u) > 0]
                if not users:
                    continue
                payoffs = raw[: len(users)]
                start = pot(conn, table)
                # Make the engine's books balance: what leaves the pot is at most what it holds + carried_out.
                excess = sum(payoffs) - start + carry
                payoffs[-1] -= excess
                hand[table] += 1
                wallets_before = {u: wallet(conn, u) for u in range(1, 5)}
                s = tx(conn, ledger.settle_hand, G, table, hand[table], users, payoffs, at=AT, carried_in=start)
                event(f"settled (shortfall={s.shortfall > 0}, writeoff={s.writeoff > 0})")
                issued += s.writeoff
                assert pot(conn, table) == start - sum(payoffs) == carry
                assert sum(s.nets) - s.writeoff == start - carry  # a write-off tops the pot up
                for u in range(1, 5):
                    if u not in users:
                        assert wallet(conn, u) == wallets_before[u]
                retry = tx(conn, ledger.settle_hand, G, table, hand[table], users, payoffs, at=AT, carried_in=start)
                assert retry.nets == s.nets
            elif kind == "cash_out":
                _, table, user = o
                had, held = wallet(conn, user), seat(conn, table, user)
                tx(conn, ledger.cash_out, G, table, user, f"out:{table}:{user}:{step}", at=AT)
                assert seat(conn, table, user) == 0 and wallet(conn, user) == had + held
            else:  # a valid step followed by an overdraft in one transaction: nothing may stick
                _, table, user, amount = o

                def doomed(c: Any, table=table, user=user, amount=amount, step=step) -> None:
                    ledger.grant(c, G, user, amount, f"f:{step}", at=AT, starting_chips=100)
                    ledger.buy_in(c, G, table, user, 10**9, f"fb:{step}", at=AT)

                with pytest.raises(ledger.Overdraft):
                    run_in_transaction(conn, doomed)
                assert books(conn) == before
            _check(conn, issued)


async def test_group_commit_isolates_a_failing_call(store_target: str) -> None:
    db = await open_database(store_target)
    try:
        await db.run(ledger.open_wallet, G, 10, 100, AT)
        commits = db.commits
        calls = [db.run(ledger.grant, G, u, 5, f"g:{u}", at=AT, starting_chips=100) for u in range(20, 30)]
        calls.insert(5, db.run(ledger.buy_in, G, 1, 10, 1000, "too-much", at=AT))  # overdraws: fails alone
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
        assert db.commits - commits < len(calls)  # they really shared commits
        assert isinstance(outcomes[5], ledger.Overdraft)
        assert all(o is True for i, o in enumerate(outcomes) if i != 5)
        assert await db.scalar("SELECT COUNT(*) FROM transfers WHERE code='grant'") == 10
        assert await db.scalar("SELECT COUNT(*) FROM transfers WHERE idem_key='too-much'") == 0
        assert await db.read_sync(lambda c: ledger.balance_of(c, ledger.USER, G, user_id=10)) == 100
        assert (await db.read_sync(ledger.audit)).ok
    finally:
        await db.close()
