"""Reading a game's ``Options`` model generically, for the host's editor and ``/rules``.

Fields are sorted into what Discord can edit: booleans (one multi-select of
toggles), fields with a fixed set of values (a select each) and numbers (a
modal). Anything else is shown but not editable from Discord. The fields are read
again for every reply, so their titles and descriptions are in the reader's language.
Values are shown by their labels (``games/core/options.py``), never by their keys.
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from games import Game
from games.core import options as words
from games.core.i18n import _


@dataclass(frozen=True, slots=True)
class OptionField:
    name: str
    kind: str  # "bool", "choice", "int", "float", "other"
    label: str
    description: str
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    info: FieldInfo | None = None

    def show(self, value: Any) -> str:
        """One of this option's values in words (its label, never its key)."""
        return words.show_value(self.info, value)


def _bounds(info: FieldInfo) -> tuple[float | None, float | None]:
    lo = hi = None
    for m in info.metadata:
        for attr, is_lo in (("ge", True), ("gt", True), ("le", False), ("lt", False)):
            v = getattr(m, attr, None)
            if v is None:
                continue
            if is_lo:
                lo = v
            else:
                hi = v
    return lo, hi


def _unwrap(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return _unwrap(args[0])
    return annotation


def fields_of(model: type[BaseModel]) -> tuple[OptionField, ...]:
    out = []
    for name, info in model.model_fields.items():
        ann = _unwrap(info.annotation)
        # titles and descriptions are marked with N_() in the models (built at import): translated here
        label = words.option_title(name, info)
        desc = _(info.description).strip() if info.description else ""
        lo, hi = _bounds(info)
        if ann is bool:
            out.append(OptionField(name, "bool", label, desc, info=info))
        elif typing.get_origin(ann) is typing.Literal:
            out.append(OptionField(name, "choice", label, desc, tuple(typing.get_args(ann)), info=info))
        elif isinstance(ann, type) and issubclass(ann, enum.Enum):
            out.append(OptionField(name, "choice", label, desc, tuple(m.value for m in ann), info=info))
        elif ann is int:
            out.append(OptionField(name, "int", label, desc, minimum=lo, maximum=hi, info=info))
        elif ann is float:
            out.append(OptionField(name, "float", label, desc, minimum=lo, maximum=hi, info=info))
        else:
            out.append(OptionField(name, "other", label, desc, info=info))
    return tuple(out)


def coerce_choice(field: OptionField, text: str) -> Any:
    """The choice whose text is ``text`` (select values are always strings)."""
    for choice in field.choices:
        if str(choice) == text:
            return choice
    return text


def show_value(value: Any) -> str:
    """A value with no option to name it (the 💡 hints switch): "on"/"off", or the number."""
    return words.show_value(None, value)


def variant_menu(game: Game) -> bool:
    """Whether the lobby offers a Variant menu: only when a preset is more than one pick away in the
    other menus. A game whose every variant is one house rule (Tresotti's Sellersport, Put and
    Take's doubling stakes) would offer the same choices twice; its house-rules menus name them."""
    if len(game.presets) < 2:
        return False
    one_pick = {f.name for f in fields_of(game.Options) if f.kind == "bool" or (f.kind == "choice" and len(f.choices) > 1)}
    base = game.Options()
    for preset in game.presets.values():
        changed = [name for name in type(preset).model_fields if getattr(preset, name) != getattr(base, name)]
        if len(changed) > 1 or (changed and changed[0] not in one_pick):
            return True
    return False
