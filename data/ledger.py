"""The chip ledger: double-entry, append-only, per server (TigerBeetle's shape on SQLite).

Every chip movement is one immutable ``transfers`` row between two accounts,
with a unique idempotency key, so a retried operation inserts nothing and never
pays twice. A trigger keeps the cached ``accounts.balance`` and a CHECK keeps
every account except the server's issuer from going negative; the failing
statement aborts, and the caller's transaction is rolled back as a whole.

All functions are synchronous and take a ``Conn`` already inside
a transaction (``Database.run`` calls them on the connection's own thread).
Chips are created only by explicit, recorded grants from the issuer
(starting chips, daily, admin grants, and the rare write-off documented in
``docs/runtime.md``); everything else moves existing chips.

This module is the ledger's one entry point: the accounts (``accounts``) and
the hand settlement (``settlement``) live in modules of their own and are
re-exported here, so callers keep writing ``ledger.settle_hand`` etc.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .accounts import (
    ESCROW,
    HOUSE,
    INSERT,
    ISSUER,
    OVERDRAFT,
    POT,
    USER,
    LedgerError,
    Overdraft,
    account,
    balance,
    balance_of,
    escrow,
    escrow_balances,
    find,
    issuer,
    pool_user,
    pot,
    pro_rata,
    scope_of,
    wallet_owner,
)
from .settlement import Settlement, settle_hand
from .store import INTEGRITY_ERRORS, Conn, execute_recoverable


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The result of ``audit``: conservation, cache == history, no overdraft."""

    ok: bool
    problems: tuple[str, ...]
    accounts: int
    transfers: int


# ----------------------------------------------------------------- transfers
def transfer(
    conn: Conn,
    debit_id: int,
    credit_id: int,
    amount: int,
    code: str,
    key: str,
    *,
    guild_id: int,
    at: str,
    table_id: int | None = None,
    hand_no: int | None = None,
    memo: str | None = None,
) -> bool:
    """Moves ``amount`` chips; returns False when ``key`` was already used (or amount is 0).

    ``Overdraft`` if the debit account may not go that low; the statement is undone.
    """
    if amount < 0:
        raise LedgerError("transfer amounts are positive; swap the accounts instead")
    if amount == 0:
        return False
    try:
        cur = execute_recoverable(
            conn, INSERT, (guild_id, debit_id, credit_id, amount, code, key, table_id, hand_no, memo, at)
        )
    except INTEGRITY_ERRORS as err:
        if OVERDRAFT in str(err):
            raise Overdraft(debit_id, amount, balance(conn, debit_id)) from err
        raise
    return cur.rowcount == 1


def open_wallet(conn: Conn, guild_id: int, user_id: int, starting_chips: int, at: str) -> int:
    """The user's wallet; a new one receives the server's starting chips (a recorded grant)."""
    found = find(conn, USER, guild_id, user_id, None)
    if found is not None:
        return found
    wallet = account(conn, USER, guild_id, user_id=user_id, at=at)
    transfer(
        conn, issuer(conn, guild_id, at), wallet, starting_chips, "start", f"start:{guild_id}:{user_id}",
        guild_id=guild_id, at=at,
    )
    return wallet


def grant(
    conn: Conn, guild_id: int, user_id: int, amount: int, key: str, *, at: str,
    code: str = "grant", starting_chips: int = 0, memo: str | None = None,
) -> bool:
    """Issuer → wallet (a negative amount takes chips back to the issuer; never below 0)."""
    wallet = open_wallet(conn, guild_id, user_id, starting_chips, at)
    mint = issuer(conn, guild_id, at)
    if amount >= 0:
        return transfer(conn, mint, wallet, amount, code, key, guild_id=guild_id, at=at, memo=memo)
    return transfer(conn, wallet, mint, -amount, code, key, guild_id=guild_id, at=at, memo=memo)


def buy_in(
    conn: Conn, guild_id: int, table_id: int, user_id: int, amount: int, key: str, *,
    at: str, hand_no: int | None = None, starting_chips: int = 0,
) -> bool:
    """Wallet → the player's escrow at the table (``Overdraft`` if the wallet is short)."""
    wallet = open_wallet(conn, guild_id, user_id, starting_chips, at)
    seat = escrow(conn, guild_id, table_id, user_id, at)
    return transfer(
        conn, wallet, seat, amount, "buy_in", key, guild_id=guild_id, at=at, table_id=table_id, hand_no=hand_no
    )


def house_buy_in(
    conn: Conn, guild_id: int, table_id: int, user_id: int, amount: int, key: str, *,
    at: str, hand_no: int | None = None,
) -> bool:
    """House → a computer player's escrow. A house short of the buy-in is first funded by the
    issuer with exactly what it lacks (a recorded ``grant``): chips in circulation stay ``-issuer``."""
    house = account(conn, USER, guild_id, user_id=HOUSE, at=at)
    lacking = amount - balance(conn, house)
    if lacking > 0:
        transfer(
            conn, issuer(conn, guild_id, at), house, lacking, "grant", f"{key}:float", guild_id=guild_id, at=at,
            table_id=table_id, hand_no=hand_no, memo="house float",
        )
    seat = escrow(conn, guild_id, table_id, user_id, at)
    return transfer(
        conn, house, seat, amount, "buy_in", key, guild_id=guild_id, at=at, table_id=table_id, hand_no=hand_no
    )


def cash_out(
    conn: Conn, guild_id: int, table_id: int, user_id: int, key: str, *,
    at: str, hand_no: int | None = None, code: str = "cash_out",
) -> int:
    """Escrow → wallet for the whole escrow (a computer player's goes to the house); returns the amount moved."""
    seat = find(conn, ESCROW, guild_id, user_id, table_id)
    if seat is None:
        return 0
    amount = balance(conn, seat)
    wallet = account(conn, USER, guild_id, user_id=wallet_owner(user_id), at=at)
    moved = transfer(
        conn, seat, wallet, amount, code, key, guild_id=guild_id, at=at, table_id=table_id, hand_no=hand_no
    )
    return amount if moved else 0


def distribute_pot(
    conn: Conn, guild_id: int, table_id: int, users: Sequence[int], key: str, *, at: str,
    hand_no: int | None = None,
) -> list[int]:
    """Splits what the pot holds equally between ``users``' escrows (odd chips to the first ones)."""
    pot_id = find(conn, POT, guild_id, None, table_id)
    if pot_id is None or not users:
        return [0] * len(users)
    amount = balance(conn, pot_id)
    shares = pro_rata(amount, [1] * len(users))
    for i, (user, share) in enumerate(zip(users, shares, strict=True)):
        transfer(
            conn, pot_id, escrow(conn, guild_id, table_id, user, at), share, "payout", f"{key}:{i}",
            guild_id=guild_id, at=at, table_id=table_id, hand_no=hand_no, memo="carried pot",
        )
    return shares


# --------------------------------------------------------------------- audit
def audit(conn: Conn, guild_id: int | None = None) -> AuditReport:
    """Checks conservation, cache == history, no overdraft and per-server books."""
    where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    problems: list[str] = []
    accounts = conn.execute(f"SELECT COUNT(*) FROM accounts {where}", params).fetchone()[0]
    transfers = conn.execute(f"SELECT COUNT(*) FROM transfers {where}", params).fetchone()[0]
    for gid, total in conn.execute(
        f"SELECT guild_id, SUM(balance) FROM accounts {where} GROUP BY guild_id", params
    ):
        if total != 0:
            problems.append(f"guild {gid}: balances sum to {total}, not 0")
    for acc, kind, cached, actual in conn.execute(
        # One pass over the transfers (no per-account index needed on the hot insert path).
        f"""
        WITH moves(account, delta) AS (
            SELECT credit_id, amount FROM transfers UNION ALL SELECT debit_id, -amount FROM transfers
        ), sums AS (SELECT account, SUM(delta) AS total FROM moves GROUP BY account)
        SELECT a.id, a.kind, a.balance, COALESCE(s.total, 0)
        FROM accounts a LEFT JOIN sums s ON s.account = a.id {where.replace('guild_id', 'a.guild_id')}
        """,
        params,
    ):
        if cached != actual:
            problems.append(f"account {acc} ({kind}): cached {cached}, transfers say {actual}")
        if kind != ISSUER and cached < 0:
            problems.append(f"account {acc} ({kind}) is overdrawn: {cached}")
    for tid, g, dg, cg in conn.execute(
        f"""
        SELECT t.idem_key, t.guild_id, d.guild_id, c.guild_id FROM transfers t
        JOIN accounts d ON d.id = t.debit_id JOIN accounts c ON c.id = t.credit_id
        {where.replace('guild_id', 't.guild_id')}
        """,
        params,
    ):
        if not g == dg == cg:
            problems.append(f"transfer {tid} crosses servers")
    return AuditReport(not problems, tuple(problems), int(accounts), int(transfers))


__all__ = [
    "ESCROW", "HOUSE", "ISSUER", "POT", "USER", "AuditReport", "LedgerError", "Overdraft", "Settlement", "account", "audit",
    "balance", "balance_of", "buy_in", "cash_out", "distribute_pot", "escrow", "escrow_balances", "grant", "house_buy_in", "issuer",
    "open_wallet", "pool_user", "pot", "scope_of", "settle_hand", "transfer", "wallet_owner",
]
