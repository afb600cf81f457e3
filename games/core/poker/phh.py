"""Writing PHH, the Poker Hand History notation that pokerkit reads.

A PHH file is a small TOML document (https://phh.readthedocs.io): the variant,
stakes, starting stacks, and the actions as short strings (``d dh p1 As2d7c``,
``p2 pb``, ``p3 cbr 4``, ``p1 cc``, ``p2 f``, ``p1 sm As2d...``). Players are
numbered from 1, starting at the dealer's left. Engines record the action
lines as they play, and this module only assembles the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: Starting stack written for a seat that played with unlimited chips.
UNLIMITED = 1_000_000


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "") + "'"
    if isinstance(v, Sequence):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v)


def dumps(
    *,
    variant: str,
    antes: Sequence[int],
    fields: Mapping[str, object],
    starting_stacks: Sequence[int],
    actions: Sequence[str],
    players: Sequence[str] | None = None,
    finishing_stacks: Sequence[int] | None = None,
) -> str:
    lines = [
        f"variant = {_value(variant)}",
        "ante_trimming_status = false",
        f"antes = {_value(list(antes))}",
    ]
    lines += [f"{k} = {_value(v)}" for k, v in fields.items()]
    lines.append(f"starting_stacks = {_value(list(starting_stacks))}")
    lines.append("actions = [\n" + "".join(f"  {_value(a)},\n" for a in actions) + "]")
    if players is not None:
        lines.append(f"players = {_value(list(players))}")
    if finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_value(list(finishing_stacks))}")
    return "\n".join(lines) + "\n"
