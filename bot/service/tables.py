"""Game tables in channels: lobby, seats, hands, turn timers — storage-backed, no Discord.

``TableService`` is assembled from its parts so each file stays small enough
to read in one go: ``table_base`` (the cache, the transaction, reading),
``table_lobby`` (open, join, leave, options, start, cancel), ``table_play``
(act, timeouts, Next, end), ``table_host`` (hand the host role on, remove a
player between hands), ``table_computers`` (computer
players, "I'm back"), ``table_hints`` (the 💡 Hint option and the hints used), ``watchers`` (spectators, the table's thread), ``replays`` (finished hands: files and replays) and ``table_restore`` (restart: snapshot, replay,
refund). The life of a hand inside a transaction is ``handflow``.
"""

from __future__ import annotations

from .computers import mention
from .replays import ReplayOps
from .table_again import AgainOps
from .table_base import OnChange, utcnow
from .table_computers import ComputerOps
from .table_hints import HintOps
from .table_host import HostOps
from .table_lobby import LobbyOps
from .table_play import PlayOps
from .table_rebuy import RebuyOps
from .watchers import WatchOps


class TableService(LobbyOps, PlayOps, HostOps, ComputerOps, HintOps, WatchOps, ReplayOps, AgainOps, RebuyOps):
    """The tables of every guild. ``on_change(snapshot, reason)`` — reason in
    'lobby', 'action', 'timeout', 'hand', 'end' — is awaited after each commit,
    outside the table's lock; snapshots carry ``seq``, so a renderer can drop
    an older one that arrives late."""


__all__ = ["OnChange", "TableService", "mention", "utcnow"]
