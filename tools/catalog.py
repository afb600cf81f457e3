"""``python -m tools.catalog``: keep the message catalogues in step with the code.

    python -m tools.catalog check     # coverage per language and file; exit 1 if anything is missing
    python -m tools.catalog update    # write bot/locale/cardroom.pot; add new texts to each
                                      # language's PO file for their part, drop texts gone from the code

The English texts are every ``_("…")`` and ``N_("…")`` in ``games/``, ``bot/``
and ``cogs/`` (extracted with Babel), plus every slash command's name,
description, options and choices (read from the cogs' command trees, under a
context such as "command name"). Each text goes to the PO file of the part
of the code it first appears in (``games_renfield.po``, ``core.po``,
``discord.po``, ``commands.po``…), so translators can work side by side.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands
from discord.ext import commands

from bot.client import COGS as COG_MODULES
from bot.i18n import LANGUAGES, LOCALE_DIR, context_key

#: A fixed date in the PO headers, so regenerating a catalogue changes nothing but its texts.
STAMP = datetime(2026, 11, 24, tzinfo=UTC)
ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("games", "bot", "cogs")
KEYWORDS = {"_": None, "N_": None}


@dataclass(frozen=True)
class Text:
    """One English text of the catalogue, where it comes from, and the PO file it belongs in."""

    id: str
    context: str | None
    where: tuple[str, int]
    part: str

    @property
    def key(self) -> str:
        return context_key(self.context, self.id)


def part_of(path: str) -> str:
    """The PO file (without ``.po``) for a text first found in ``path``."""
    parts = Path(path).parts
    if parts[0] == "games" and len(parts) > 2 and parts[1] not in ("core", "ai"):
        return f"games_{parts[1]}"
    if parts[0] == "games":
        return "core"
    return "discord" if parts[0] == "cogs" else "bot"


def source_texts() -> Iterator[Text]:
    """Every ``_()``/``N_()`` literal in the code, in file order."""
    for top in SOURCE_DIRS:
        found = extract_from_dir(
            str(ROOT / top), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True
        )
        for filename, lineno, message, _comments, context in found:
            if isinstance(message, str) and message:
                where = f"{top}/{filename}"
                yield Text(message, context, (where, lineno), part_of(where))


def _command_items(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[tuple[str, str]]:
    """(context, English) for a command or group and everything under it."""
    yield "command name", command.name
    yield "command description", command.description
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _command_items(sub)
        return
    for param in command.parameters:
        yield "option name", param.name
        if param.description and param.description != "…":
            yield "option description", param.description
        for choice in param.choices:
            yield "choice", choice.name


def command_texts() -> Iterator[Text]:
    """The slash commands' strings, read from the cog classes (no bot or login needed)."""
    for module_name in COG_MODULES:
        module = importlib.import_module(module_name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, commands.Cog) or cls.__module__ != module_name:
                continue
            for command in cls.__cog_app_commands__:
                for context, text in _command_items(command):
                    yield Text(text, context, (f"{module_name}:/{command.name}", 0), "commands")


def title_texts() -> Iterator[Text]:
    """The registered games' titles (class attributes, shown through ``Game.shown_title``)."""
    import games

    for game_id in games.game_ids():
        yield Text(games.get_game(game_id).title, None, (f"games/registry:{game_id}", 0), "core")


def option_texts() -> Iterator[Text]:
    """The names of every game's options that have no title: keys in the code, shown through
    ``_()`` (``games.core.options.option_title``). Preset names and option values are not here:
    they have labels of their own (``games/core/options.py``)."""
    import games
    from games.core.options import option_key

    for game_id in games.game_ids():
        game = games.get_game(game_id)
        where = (f"games/registry:{game_id}", 0)
        for field_name, info in game.Options.model_fields.items():
            if not info.title:
                yield Text(option_key(field_name, info), None, where, f"games_{game.__module__.split('.')[1]}")


def all_texts() -> dict[str, Text]:
    """Catalogue key → its first occurrence."""
    found: dict[str, Text] = {}
    for text in [*source_texts(), *command_texts(), *title_texts(), *option_texts()]:
        found.setdefault(text.key, text)
    return found


def language_files(code: str) -> dict[str, Catalog]:
    """The language's PO files by part name."""
    out: dict[str, Catalog] = {}
    for path in sorted((LOCALE_DIR / code).glob("*.po")):
        with path.open("rb") as f:
            out[path.stem] = read_po(f, locale=code)
    return out


def translations(code: str) -> dict[str, str]:
    """Key → translation ("" when untranslated or fuzzy) over all of a language's files."""
    table: dict[str, str] = {}
    for catalog in language_files(code).values():
        for message in catalog:
            if message.id and isinstance(message.id, str):
                good = isinstance(message.string, str) and not message.fuzzy
                table[context_key(message.context, message.id)] = message.string if good else ""  # type: ignore[assignment]
    return table


def _write(catalog: Catalog, path: Path, *, locations: bool = True) -> None:
    """A PO file; a language's files carry no source locations, so moving code never touches them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, sort_output=False, omit_header=False, no_location=not locations)


def update() -> None:
    """The template, and every language's files: new texts added (untranslated), gone texts dropped."""
    texts = all_texts()
    template = Catalog(project="Cardroom", charset="utf-8", creation_date=STAMP, revision_date=STAMP)
    for t in texts.values():
        template.add(t.id, context=t.context, locations=[t.where])
    _write(template, LOCALE_DIR / "cardroom.pot")
    for code in LANGUAGES:
        if code == "en":
            continue
        files = language_files(code)
        present: set[str] = set()
        for catalog in files.values():
            for message in list(catalog):
                if not message.id:
                    continue
                key = context_key(message.context, str(message.id))
                if key not in texts or key in present:
                    catalog.delete(message.id, context=message.context)
                else:
                    present.add(key)
        for t in texts.values():
            if t.key not in present:
                files.setdefault(t.part, Catalog(
                    locale=code, project="Cardroom", charset="utf-8", creation_date=STAMP, revision_date=STAMP
                ))
                files[t.part].add(t.id, "", context=t.context, locations=[t.where])
        for part, catalog in files.items():
            _write(catalog, LOCALE_DIR / code / f"{part}.po", locations=False)


def coverage() -> dict[str, tuple[int, int, list[Text]]]:
    """Per language: (translated, total, the missing texts)."""
    texts = all_texts()
    out: dict[str, tuple[int, int, list[Text]]] = {"en": (len(texts), len(texts), [])}
    for code in LANGUAGES:
        if code == "en":
            continue
        table = translations(code)
        missing = [t for t in texts.values() if not table.get(t.key)]
        out[code] = (len(texts) - len(missing), len(texts), missing)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalog", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("check", "update"))
    args = parser.parse_args(argv)
    if args.command == "update":
        update()
    status = 0
    for code, (done, total, missing) in coverage().items():
        print(f"{code}: {done}/{total} texts ({100 * done / max(total, 1):.1f}%)")
        by_part: dict[str, int] = {}
        for t in missing:
            by_part[t.part] = by_part.get(t.part, 0) + 1
        for part, n in sorted(by_part.items()):
            print(f"  {part}.po: {n} missing")
        status |= bool(missing)
    return status


if __name__ == "__main__":
    sys.exit(main())
