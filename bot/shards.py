"""Which Discord gateway shards this process runs, and so which guilds' tables it drives.

A bot past a few thousand servers runs as several processes over one
PostgreSQL database, each connected to some of the gateway shards. Discord
sends a guild's events to shard ``(guild_id >> 22) % shard_count`` only, so a
process can answer, time and drive only the tables of guilds on its shards;
``ShardPlan.owns`` is that test, given to the table service.

Pure: no discord import (settings, logs and the service use it too).
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, count: int) -> int:
    """Discord's formula (``discord.Guild.shard_id``): the shard that receives this guild's events."""
    return (guild_id >> 22) % count


def parse_ids(text: str) -> tuple[int, ...]:
    """``"0,1"``, ``"0-3"`` or ``"0-1,3"`` → sorted ids; ``ValueError`` says what is wrong in a few words."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"the range {part} runs backwards")
        ids.extend(range(first, last + 1))
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"shard {repeated[0]} is listed twice")
    return tuple(sorted(ids))


def compact(ids: tuple[int, ...]) -> str:
    """Sorted ids written back in the settings' syntax: (0, 1, 2, 3, 6, 7) → ``"0-3,6,7"``."""
    runs: list[list[int]] = []
    for i in ids:
        if runs and runs[-1][-1] + 1 == i:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """This process's shards: ``ShardPlan()`` is the one process of a bot that runs them all.

    ``count`` without ``ids`` runs every shard of that count in this process;
    ``ids`` need ``count`` (Discord must know how the guilds are split).
    """

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if self.ids is None:
            return
        if self.count is None:
            raise ValueError("shard ids need a shard count")
        if not self.ids:
            raise ValueError("no shard ids")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("a shard id is listed twice")
        too_big = [i for i in self.ids if not 0 <= i < self.count]
        if too_big:
            raise ValueError(f"shard {too_big[0]} is not below the shard count {self.count}")
        object.__setattr__(self, "ids", tuple(sorted(self.ids)))

    @property
    def is_partial(self) -> bool:
        """Some shards run elsewhere: the database is shared, so it must be PostgreSQL."""
        return self.ids is not None and self.count is not None and len(self.ids) < self.count

    def owns(self, guild_id: int) -> bool:
        """Whether this process receives the guild's events, and so drives its tables."""
        if self.ids is None or self.count is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def label(self) -> str:
        """One word for log and health lines: ``all``, ``all/4`` or ``0,1/4``."""
        if self.count is None:
            return "all"
        if not self.is_partial or self.ids is None:
            return f"all/{self.count}"
        return f"{compact(self.ids)}/{self.count}"

    def describe(self) -> str:
        """For people: "all shards", "all 4 shards" or "shards 0,1 of 4"."""
        if self.count is None:
            return "all shards"
        if not self.is_partial or self.ids is None:
            return f"all {self.count} shards"
        return f"shards {compact(self.ids)} of {self.count}"
