"""What a game's options are called: the words a player reads for each option value and variant.

Option values (``"first_left"``, ``"1-16"``) and variant names (``"best_of_three"``) are keys for
the code, ``/play … preset:`` and the database; players read labels. A label sits next to its
option, in the field's ``json_schema_extra`` built by ``labels()``, marked with ``N_()`` (the
models are built at import) and translated here, where it is shown:

- ``choices``: one label per value of a field with a fixed set of values (keys are the values);
- ``each``: a label for any value, ``{value}`` the number ("{value} deals");
- ``changed``: the sentence a table's description uses when the option differs from the game's
  default ("First to {value} points"); without it the description says "Option: value".

A game's variants are labelled on the game (``Game.preset_labels``), next to its presets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .i18n import _


def labels(
    choices: Mapping[Any, str] | None = None, *, each: str | None = None, changed: str | None = None
) -> dict[str, Any]:
    """A field's ``json_schema_extra`` naming its values (see the module's docstring)."""
    extra: dict[str, Any] = {}
    if choices:
        extra["labels"] = {str(value): text for value, text in choices.items()}
    if each:
        extra["each"] = each
    if changed:
        extra["changed"] = changed
    return extra


def _extra(info: FieldInfo) -> Mapping[str, Any]:
    extra = info.json_schema_extra
    return extra if isinstance(extra, dict) else {}


def value_labels(info: FieldInfo) -> Mapping[str, str]:
    """The field's labelled values, keyed by the value's text (``N_()`` keys, not yet translated)."""
    found = _extra(info).get("labels")
    return found if isinstance(found, dict) else {}


def option_key(name: str, info: FieldInfo) -> str:
    """An option's name in English, as the catalogue keys it: the field's title (marked with ``N_()``),
    else its name in words ("odd_chips" → "Odd chips"; ``tools/catalog`` adds these to the catalogue)."""
    label = (info.title or name.replace("_", " ")).strip()
    return label[:1].upper() + label[1:]


def option_title(name: str, info: FieldInfo) -> str:
    """An option's name as a player reads it, in the language spoken."""
    return _(option_key(name, info))


def show_value(info: FieldInfo | None, value: Any) -> str:
    """One value of an option in words: its label, "on"/"off", or the number."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    value = getattr(value, "value", value)  # an Enum member
    if info is not None:
        label = value_labels(info).get(str(value))
        if label:
            return _(label)
        each = _extra(info).get("each")
        if isinstance(each, str):
            return _(each).format(value=value)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or _("none")
    return str(value)


def changed_text(model: type[BaseModel], name: str, value: Any) -> str:
    """The words for "this table plays ``name`` = ``value``" in a one-line description."""
    info = model.model_fields[name]
    shown = show_value(info, value)
    sentence = _extra(info).get("changed")
    if isinstance(sentence, str):
        return _(sentence).format(value=shown)
    if value is True or isinstance(value, tuple):  # a rule turned on; chosen cards (codes) go unsaid
        return option_title(name, info)
    return _("{option}: {value}").format(option=option_title(name, info), value=shown)


def changes(options: BaseModel, base: BaseModel) -> list[str]:
    """Each option of ``options`` that differs from ``base``, in words, in the model's order."""
    model = type(options)
    return [
        changed_text(model, name, getattr(options, name))
        for name in model.model_fields
        if getattr(options, name) != getattr(base, name)
    ]


__all__ = ["changed_text", "changes", "labels", "option_title", "show_value", "value_labels"]
