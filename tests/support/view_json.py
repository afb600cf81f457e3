"""A view (any tree of dataclasses) as JSON text, for the tests that read everything a seat is shown.

``json.dumps(dataclasses.asdict(view))`` deep-copies every leaf first: in the conformance suite's
redaction check (every viewer, every other step of every playout) that was two thirds of the
suite's slowest test. Here ``json`` walks the tree itself and asks only for each dataclass's fields.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any


@cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


def _fields_of(obj: Any) -> dict[str, Any]:
    if is_dataclass(obj) and not isinstance(obj, type):
        return {name: getattr(obj, name) for name in _names(type(obj))}
    raise TypeError(f"not JSON: {type(obj).__name__}")


def view_json(view: Any) -> str:
    """The same text as ``json.dumps(asdict(view), ensure_ascii=False)``."""
    return json.dumps(view, default=_fields_of, ensure_ascii=False)
