"""Reading a game's ``Options`` model generically, for the host's editor and ``/rules``.

Fields are sorted into what Discord can edit: booleans (one multi-select of
toggles), fields with a fixed set of values (a select each) and numbers (a
modal). Anything else is shown but not editable from Discord. The fields are read
again for every reply, so their titles and descriptions are in the reader's language.
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

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


def option_title(name: str, info: FieldInfo) -> str:
    """An option's name in English, as the catalogue keys it: the field's title (marked with ``N_()``),
    else its name in words ("odd_chips" → "Odd chips"; ``tools/catalog`` adds these to the catalogue)."""
    label = (info.title or name.replace("_", " ")).strip()
    return label[:1].upper() + label[1:]


def fields_of(model: type[BaseModel]) -> tuple[OptionField, ...]:
    out = []
    for name, info in model.model_fields.items():
        ann = _unwrap(info.annotation)
        # titles and descriptions are marked with N_() in the models (built at import): translated here
        label = _(option_title(name, info))
        desc = _(info.description).strip() if info.description else ""
        lo, hi = _bounds(info)
        if ann is bool:
            out.append(OptionField(name, "bool", label, desc))
        elif typing.get_origin(ann) is typing.Literal:
            out.append(OptionField(name, "choice", label, desc, tuple(typing.get_args(ann))))
        elif isinstance(ann, type) and issubclass(ann, enum.Enum):
            out.append(OptionField(name, "choice", label, desc, tuple(m.value for m in ann)))
        elif ann is int:
            out.append(OptionField(name, "int", label, desc, minimum=lo, maximum=hi))
        elif ann is float:
            out.append(OptionField(name, "float", label, desc, minimum=lo, maximum=hi))
        else:
            out.append(OptionField(name, "other", label, desc))
    return tuple(out)


def coerce_choice(field: OptionField, text: str) -> Any:
    """The choice whose text is ``text`` (select values are always strings)."""
    for choice in field.choices:
        if str(choice) == text:
            return choice
    return text


def show_value(value: Any) -> str:
    """An option's value as a player reads it: words through the catalogue (``tools/catalog`` adds
    every choice of every game's options), numbers as they are."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, enum.Enum):
        value = value.value
    return _(value) if isinstance(value, str) else str(value)


def preset_name(name: str) -> str:
    """A variant's name in the reader's language, with the name ``/play … preset:`` takes when they differ."""
    shown = _(name)
    return shown if shown == name else _("{name} ({key})").format(name=shown, key=name)
