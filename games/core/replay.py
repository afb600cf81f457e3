"""Rebuild a state from its inputs and action log.

The runtime stores both a snapshot and the log; replaying the log must give
the snapshot back (OpenSpiel's default serialisation), which guards against a
codec bug silently changing a saved game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .game import Game


class HandRecord(BaseModel):
    """Everything needed to recreate one state: its inputs and its actions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int
    seed: int
    dealer: int = 0
    hands: tuple[tuple[str, ...], ...] | None = None
    stock: tuple[str, ...] | None = None
    carry: dict[str, Any] | None = None
    #: Chips each seat had at the table when the hand was dealt (None: unlimited). Games without
    #: ``uses_stacks`` ignore them, so a record can always carry them (see ``Game.start``).
    stacks: tuple[int, ...] | None = None
    #: The generator version the hand was dealt with; None: the game's newest. The service always
    #: fills it from the table (``tables.rng_algo``), so a table keeps dealing as it started.
    rng_algo: int | None = None
    actions: tuple[tuple[int, str], ...] = ()


def start(game: Game, record: HandRecord) -> Any:
    """The record's first state, through ``Game.start`` (the same path as a live deal)."""
    return game.start(
        game.options_from(record.options),
        record.seats,
        record.seed,
        hands=record.hands,
        stock=record.stock,
        dealer=record.dealer,
        carry=record.carry,
        stacks=record.stacks,
        rng_algo=record.rng_algo,
    )


def replay(game: Game, record: HandRecord, actions: Iterable[tuple[int, str]] | None = None) -> Any:
    """The state after the record's actions (or ``actions`` instead)."""
    state = start(game, record)
    for seat, action in record.actions if actions is None else actions:
        state, _events = game.apply(state, seat, action)
    return state


def record_of(
    game: Game,
    options: BaseModel | Mapping[str, Any] | None,
    seats: int,
    seed: int,
    actions: Sequence[tuple[int, str]] = (),
    **kwargs: Any,
) -> HandRecord:
    opts = game.options_from(options)
    return HandRecord(
        game=game.id, options=opts.model_dump(mode="json"), seats=seats, seed=seed, actions=tuple(actions), **kwargs
    )
