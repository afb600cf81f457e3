"""A tournament's books on its server: buy-ins into the prize pool, refunds, prizes (issue 27).

The buy-in is paid in the server's chips: the entrant's wallet → the pool (code ``buy_in``), the
pool being the wallet of a reserved user id (``accounts.pool_user``), so the server's audit keeps
balancing and every chip of the pool is a recorded transfer. Leaving before the start or a
cancelled tournament moves it back (``refund``); the prizes go pool → winners (``payout``).

Keys are chosen by the caller (``bot.service.tournaments``): one per tournament, entrant and entry
for buy-ins and refunds, one per tournament and place for prizes, so a retry never pays twice.
Synchronous, on a ``Conn`` already inside a transaction, like the rest of ``data.ledger``.
"""

from __future__ import annotations

from .accounts import USER, account, balance_of, pool_user
from .ledger import open_wallet, transfer
from .store import Conn


def pool_account(conn: Conn, guild_id: int, tournament_id: int, at: str) -> int:
    """The pool's account on the server, created (empty) on first use."""
    return account(conn, USER, guild_id, user_id=pool_user(tournament_id), at=at)


def pool_balance(conn: Conn, guild_id: int, tournament_id: int) -> int:
    """What the pool holds now (0 before the first buy-in; a read creates nothing)."""
    return balance_of(conn, USER, guild_id, user_id=pool_user(tournament_id))


def pay_in(
    conn: Conn, guild_id: int, tournament_id: int, user_id: int, amount: int, key: str, *,
    at: str, starting_chips: int = 0,
) -> bool:
    """Wallet → pool (``Overdraft`` when the wallet is short; nothing is written then)."""
    wallet = open_wallet(conn, guild_id, user_id, starting_chips, at)
    pool = pool_account(conn, guild_id, tournament_id, at)
    return transfer(conn, wallet, pool, amount, "buy_in", key, guild_id=guild_id, at=at, memo=f"tournament {tournament_id}")


def pay_out(
    conn: Conn, guild_id: int, tournament_id: int, user_id: int, amount: int, key: str, *,
    at: str, code: str = "payout", starting_chips: int = 0,
) -> bool:
    """Pool → the player's wallet: a prize (``payout``) or a buy-in given back (``refund``)."""
    pool = pool_account(conn, guild_id, tournament_id, at)
    wallet = open_wallet(conn, guild_id, user_id, starting_chips, at)
    return transfer(conn, pool, wallet, amount, code, key, guild_id=guild_id, at=at, memo=f"tournament {tournament_id}")


__all__ = ["pay_in", "pay_out", "pool_account", "pool_balance"]
