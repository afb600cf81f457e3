"""The ledger's accounts: their kinds, finding and creating them, balances, and the ledger's errors.

Shared by the chip movements (``ledger``) and the hand settlement
(``settlement``), which ``ledger`` re-exports: callers use ``data.ledger``.
All functions take a ``Conn`` already inside a transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from .store import Conn

ISSUER = "issuer"
USER = "user"
ESCROW = "escrow"
POT = "pot"

#: The house: the server's account that buys computer players in and takes their chips back.
#: It is the wallet of user 0 (no Discord id is 0), funded by recorded grants from the issuer.
HOUSE = 0


#: A tournament's prize pool is a ``user``-kind account of the server, the wallet of the reserved id
#: ``POOL_BASE - tournament_id`` (``pool_user``). Discord ids are positive and computer players are
#: -1, -2, … (one per seat, ``bot.service.computers``), so ids at or below ``POOL_BASE`` are nobody's:
#: everything that counts people (leaderboards, holdings, season resets) already skips ids <= 0.
POOL_BASE = -(10**12)


def pool_user(tournament_id: int) -> int:
    """The reserved user id whose wallet on the server is the tournament's prize pool."""
    if tournament_id < 1:
        raise ValueError("tournament ids start at 1")
    return POOL_BASE - tournament_id


def scope_of(tournament_id: int) -> int:
    """The ledger scope (a synthetic ``guild_id``) of a tournament's own chips: ``-tournament_id``.

    Servers' ids are positive, so a scope never meets a server's books; a scope has its own issuer,
    wallets and audit like any server (``data.ledger.audit(conn, scope)``)."""
    if tournament_id < 1:
        raise ValueError("tournament ids start at 1")
    return -tournament_id


def wallet_owner(user_id: int) -> int:
    """Whose wallet pays a seat's buy-in and receives its cash-out: the house for a computer
    player (a negative user id), the player's own otherwise."""
    return HOUSE if user_id < 0 else user_id

#: A transfer row; ``INSERT`` is the idempotent form (a used key inserts nothing).
PLAIN_INSERT = (
    "INSERT INTO transfers (guild_id, debit_id, credit_id, amount, code, idem_key, table_id, hand_no, memo,"
    " created_at) VALUES (?,?,?,?,?,?,?,?,?,?)"
)
INSERT = PLAIN_INSERT + " ON CONFLICT(idem_key) DO NOTHING"


# The name of the CHECK on accounts that keeps every balance but the issuer's at 0 or more. Only a
# failure of that CHECK is an overdraft; any other constraint failure (a bad code…) stays an IntegrityError.
# Both engines name the constraint in their error text.
OVERDRAFT = "no_overdraft"


class LedgerError(RuntimeError):
    """An operation that contradicts the books (a bug, not a player's mistake)."""


class Overdraft(LedgerError):
    """A non-issuer account would go negative; nothing was written."""

    def __init__(self, account_id: int | None = None, needed: int = 0, available: int = 0) -> None:
        super().__init__(f"account {account_id}: needs {needed}, has {available}")
        self.account_id = account_id
        self.needed = needed
        self.available = available


# ------------------------------------------------------------------ accounts
def find(conn: Conn, kind: str, guild_id: int, user_id: int | None, table_id: int | None) -> int | None:
    """The account's id, or None (never creates one)."""
    if kind == ISSUER:
        row = conn.execute("SELECT id FROM accounts WHERE kind='issuer' AND guild_id=?", (guild_id,)).fetchone()
    elif kind == USER:
        row = conn.execute(
            "SELECT id FROM accounts WHERE kind='user' AND guild_id=? AND user_id=?", (guild_id, user_id)
        ).fetchone()
    elif kind == ESCROW:
        row = conn.execute(
            "SELECT id FROM accounts WHERE kind='escrow' AND table_id=? AND user_id=?", (table_id, user_id)
        ).fetchone()
    elif kind == POT:
        row = conn.execute("SELECT id FROM accounts WHERE kind='pot' AND table_id=?", (table_id,)).fetchone()
    else:
        raise LedgerError(f"unknown account kind {kind!r}")
    return None if row is None else int(row[0])


def account(
    conn: Conn,
    kind: str,
    guild_id: int,
    *,
    user_id: int | None = None,
    table_id: int | None = None,
    at: str = "",
) -> int:
    """The account's id, created (empty) on first use."""
    found = find(conn, kind, guild_id, user_id, table_id)
    if found is not None:
        return found
    row = conn.execute(
        "INSERT INTO accounts (kind, guild_id, user_id, table_id, created_at) VALUES (?,?,?,?,?) RETURNING id",
        (kind, guild_id, user_id, table_id, at),
    ).fetchone()
    return int(row[0])


def issuer(conn: Conn, guild_id: int, at: str = "") -> int:
    return account(conn, ISSUER, guild_id, at=at)


def escrow(conn: Conn, guild_id: int, table_id: int, user_id: int, at: str = "") -> int:
    """A player's seat at a table: holds their chips there across hands."""
    return account(conn, ESCROW, guild_id, user_id=user_id, table_id=table_id, at=at)


def pot(conn: Conn, guild_id: int, table_id: int, at: str = "") -> int:
    """The table's pot: holds a pot carried between hands (0 otherwise)."""
    return account(conn, POT, guild_id, table_id=table_id, at=at)


def balance(conn: Conn, account_id: int) -> int:
    row = conn.execute("SELECT balance FROM accounts WHERE id=?", (account_id,)).fetchone()
    if row is None:
        raise LedgerError(f"no account {account_id}")
    return int(row[0])


def balance_of(
    conn: Conn, kind: str, guild_id: int, *, user_id: int | None = None, table_id: int | None = None
) -> int:
    """The balance of an account, 0 if it doesn't exist yet (reads never create accounts)."""
    found = find(conn, kind, guild_id, user_id, table_id)
    return 0 if found is None else balance(conn, found)


def escrow_balances(conn: Conn, guild_id: int, user_id: int) -> list[tuple[int, int]]:
    """``(table_id, chips)`` of each table where the player has chips in escrow, oldest table first.

    A read (creates nothing): it lets a player see the chips that left their wallet for a seat.
    """
    rows = conn.execute(
        "SELECT table_id, balance FROM accounts WHERE kind='escrow' AND guild_id=? AND user_id=? AND balance > 0"
        " ORDER BY table_id",
        (guild_id, user_id),
    ).fetchall()
    return [(int(t), int(b)) for t, b in rows]


def pro_rata(total: int, weights: Sequence[int]) -> list[int]:
    """Splits ``total`` in proportion to ``weights`` (largest remainder; ties to the lower index)."""
    whole = sum(weights)
    if total <= 0 or whole <= 0:
        return [0] * len(weights)
    shares = [total * w // whole for w in weights]
    rest = total - sum(shares)
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[:rest]:
        shares[i] += 1
    return shares
