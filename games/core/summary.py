"""The /rules text of a game: a Markdown file next to the game, read on first use.

Rules texts are prose for players, so they live in ``summary_<game id>.md``
beside the engine (two games can share a package, as Renfield and Scurro do)
rather than as string literals in the class. The file's shape is plain
Markdown that reads well on GitHub too::

    One line: the aim of the game.

    ### Deal
    - short bullets
    ### Play
    - ...

    ## Variants
    ### standard
    - one short-bullet section per preset, named exactly as the preset

Discord embeds render bold and lists but not ``#`` headings, so ``RulesText``
turns the headings into bold lines and splits off the variant sections (the
/rules embed shows each as a field).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from .i18n import language

VARIANTS_HEADING = "## Variants"


@dataclass(frozen=True)
class RulesText:
    """A parsed rules file: ``aim`` (one line), ``body`` (aim + bold-headed sections, Discord Markdown)
    and ``variants`` (preset name → its bullets, in file order)."""

    aim: str
    body: str
    variants: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> RulesText:
        head, _sep, tail = text.partition(VARIANTS_HEADING)
        body = "\n".join(_bold(line) for line in head.strip().splitlines()).strip()
        variants: dict[str, list[str]] = {}
        current: list[str] | None = None
        for line in tail.splitlines():
            if line.startswith("### "):
                current = variants.setdefault(line[4:].strip(), [])
            elif current is not None and line.strip():
                current.append(line.rstrip())
        aim = body.splitlines()[0] if body else ""
        return cls(aim, body, {name: "\n".join(lines) for name, lines in variants.items()})


def _bold(line: str) -> str:
    """``### Deal`` → ``**Deal**`` (Discord shows ``#`` literally inside embeds)."""
    return f"**{line[4:].strip()}**" if line.startswith("### ") else line.rstrip()


def read_summary(package: str, game_id: str) -> str:
    """The rules text in the language spoken now: ``summary_<game_id>.<lang>.md`` beside the English
    ``summary_<game_id>.md`` (a whole text per language: rules are prose, not catalogue entries)."""
    code = language()
    if code != "en":
        text = _read(package, f"summary_{game_id}.{code}.md")
        if text:
            return text
    return _read(package, f"summary_{game_id}.md")


@cache
def _read(package: str, name: str) -> str:
    """The file's text; "" when there is none."""
    try:
        path = resources.files(package).joinpath(name)
        return path.read_text(encoding="utf-8").strip() if path.is_file() else ""
    except (ModuleNotFoundError, TypeError):
        return ""


class SummaryFile:
    """``Game.rules_summary``: reads ``summary_<id>.md`` from the package of the class's module.

    A descriptor, so every game gets its text from its own file without a line
    of code; a game (or a test double) may still set ``rules_summary`` to a string.
    """

    def __get__(self, instance: object, owner: type) -> str:
        module = sys.modules.get(owner.__module__)
        package = getattr(module, "__package__", None)
        game_id = getattr(owner, "id", None)
        if not package or not isinstance(game_id, str):
            return ""
        return read_summary(package, game_id)
