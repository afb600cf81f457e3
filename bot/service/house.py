"""The house's daily loss limit: computer players' buy-ins are new money only up to a bound.

Chips won from computers come from the house, which the issuer funds on demand, so
without a bound every hand against an easy computer mints chips. The server's
``house_daily_loss_limit`` caps the house's net for the UTC day (``data.house``):
a computer buy-in (seating one at a chip table, its first buy-in, a rebuy) is allowed
only while today's net plus that buy-in stays within the limit. Counting a buy-in as
lost until its chips come back makes the bound hold even if every computer busts.
0 means computer players play for no chips: they sit only at tables that play for none.

Runs inside the table's transaction (synchronous, like ``buyins``).
"""

from __future__ import annotations

from data import house
from data.store import Conn
from games.core.i18n import N_

from .errors import ServiceError
from .models import GuildSettings, TableCore


class HouseLimit(ServiceError):
    """A computer player can't play for chips now: the house reached today's loss limit."""

    default = N_(
        "The house has reached today's limit of chips it may lose to players ({limit}), so computer players"
        " can't play for chips until 00:00 UTC."
    )


#: The refusal when the limit is 0 (the server's computers never play for chips).
NO_CHIPS = N_("Computer players don't play for chips on this server; they can join tables that play for no chips.")


def refusal(conn: Conn, core: TableCore, settings: GuildSettings, now: str, *, pending: int = 0) -> HouseLimit | None:
    """Why the house can't buy one more computer in at ``core`` now (None: it can).

    ``pending``: buy-ins already promised at this table but not yet paid (computers waiting
    in the lobby), so a lobby can't be filled past the limit one check at a time."""
    if not core.chips or core.scoped:  # a tournament's chips: the house funds them in the event's own scope
        return None
    limit = settings.house_daily_loss_limit
    if limit == 0:
        return HouseLimit(NO_CHIPS)
    if house.net_on(conn, core.guild_id, now[:10]) + (pending + 1) * core.buy_in > limit:
        return HouseLimit(limit=limit)
    return None


def check(conn: Conn, core: TableCore, settings: GuildSettings, now: str, *, pending: int = 0) -> None:
    """Raises ``refusal``'s ``HouseLimit`` when there is one."""
    why = refusal(conn, core, settings, now, pending=pending)
    if why is not None:
        raise why


__all__ = ["NO_CHIPS", "HouseLimit", "check", "refusal"]
