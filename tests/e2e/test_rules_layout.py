"""/rules through SimCord for every registered game: headings and short bullets, one section
per variant, the house rules, and nothing clipped to fit Discord's embed limits.

``layout_problems`` compares the rendered embed with the game's rules file, so
a text cut short by the embed budget (which marks cuts with "…") or a dropped
field shows up as a difference; a self-test feeds it an oversized text.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from cogs.tables import rules_embed
from cogs.ui.options import fields_of
from games import Game, game_ids, get_game
from games.core.summary import RulesText
from tests.e2e.conftest import World

DESCRIPTION, FIELD_NAME, FIELD_VALUE, TOTAL, FIELDS = 4096, 256, 1024, 6000, 25
LONGEST_LINE = 200  # "short bullets"
HEADING = re.compile(r"^\*\*[^*]+\*\*$")
HOUSE = "House rules"
MORE = "More presets"


def variant_field(game: Game, name: str) -> str:
    """A variant's section is headed by its label (players never read the preset's key)."""
    return f"Variant: {game.preset_label(name)}"


def _changes(game: Game, name: str) -> set[tuple[str, object]]:
    base, preset = game.Options(), game.presets[name]
    return {(k, v) for k, v in preset.model_dump().items() if getattr(base, k) != v}


def _combination_problems(game: Game, name: str, text: RulesText, combos: list[str]) -> list[str]:
    """A preset without its own section must be a combination of described ones, listed whole."""
    described: set[tuple[str, object]] = set()
    for other in text.variants:
        if other in game.presets:
            described |= _changes(game, other)
    problems = []
    if not _changes(game, name) <= described:
        problems.append(f"the preset {name!r} has no section and isn't a combination of described variants")
    if game.preset_label(name) not in combos:
        problems.append(f"the preset {name!r} is not listed among the combinations")
    return problems


def layout_problems(embed: discord.Embed, game: Game) -> list[str]:
    """Everything wrong with a /rules embed; [] when it is as designed."""
    problems: list[str] = []
    text = RulesText.parse(game.rules_summary)
    description = embed.description or ""
    fields = {f.name: f.value or "" for f in embed.fields}
    # Discord's limits.
    if len(embed) > TOTAL:
        problems.append(f"{len(embed)} characters in all (Discord allows {TOTAL})")
    if len(description) > DESCRIPTION or len(embed.fields) > FIELDS:
        problems.append("the description or the field count is over Discord's limit")
    problems += [f"field {f.name!r} is too long" for f in embed.fields if len(f.value or "") > FIELD_VALUE]
    problems += [f"field name {f.name!r} is too long" for f in embed.fields if len(f.name or "") > FIELD_NAME]
    # Nothing clipped: the rendered parts are the file's parts, whole.
    if description != text.body:
        problems.append("the description is not the whole rules text (clipped?)")
    combos = [w for f in embed.fields if f.name.startswith(MORE) for line in (f.value or "").splitlines()
              for w in line.split(" / ")]
    for name in game.presets:
        if name not in text.variants:
            problems += _combination_problems(game, name, text, combos)
        elif variant_field(game, name) not in fields:
            problems.append(f"no section for the variant {name!r}")
        elif fields[variant_field(game, name)] != text.variants.get(name):
            problems.append(f"the section of {name!r} is not the rules file's (clipped or missing)")
    if not set(text.variants) <= set(game.presets):
        problems.append(f"the rules file's variants {sorted(text.variants)} aren't presets {sorted(game.presets)}")
    house = "\n".join(f.value or "" for f in embed.fields if f.name.startswith(HOUSE) or f.name == "\u200b")
    problems += [f"house rule {f.label!r} is missing" for f in fields_of(game.Options) if f"**{f.label}**" not in house]
    if any(part.endswith("…") for part in (description, *fields.values())):
        problems.append("a part ends with the clipping mark …")
    # Layout: a one-line aim, bold headings each followed by bullets, short lines, bullet-only variants.
    lines = description.splitlines()
    if not lines or lines[0].startswith(("-", "*", "#")):
        problems.append("the description does not open with a one-line aim")
    headings = [i for i, line in enumerate(lines) if HEADING.match(line)]
    if len(headings) < 3:
        problems.append(f"only {len(headings)} bold headings")
    for i in headings:
        if not (i + 1 < len(lines) and lines[i + 1].startswith("- ")):
            problems.append(f"the heading {lines[i]!r} has no bullets under it")
    problems += [f"a Markdown heading Discord won't render: {line!r}" for line in lines if line.startswith("#")]
    for name in text.variants:
        section = fields.get(variant_field(game, name), "")
        if not section or not all(line.startswith("- ") for line in section.splitlines()):
            problems.append(f"the section of {name!r} is not a list of bullets")
    for part in (description, *fields.values()):
        long = [line for line in part.splitlines() if len(line) > LONGEST_LINE]
        problems += [f"a {len(line)}-character line: {line[:60]!r}" for line in long]
    return problems


@pytest.mark.parametrize("game_id", game_ids())
async def test_rules_embed_of_every_game_is_laid_out_and_whole(world: World, game_id: str) -> None:
    r = await world.alice.slash(world.channel, "rules", game=game_id)
    assert r.ephemeral
    embed = r.response.embeds[0]
    game = get_game(game_id)
    assert embed.title == f"{game.title} — rules"
    assert layout_problems(embed, game) == []
    assert embed.to_dict() == rules_embed(game_id).to_dict()  # what was sent is what the builder built


def test_every_game_has_its_rules_file_with_an_aim_and_deal_and_winning() -> None:
    for game_id in game_ids():
        text = RulesText.parse(get_game(game_id).rules_summary)
        assert text.aim and len(text.aim) <= LONGEST_LINE, game_id
        assert "**Deal**" in text.body and "**Winning**" in text.body, game_id


class _Oversized:
    """A stand-in game whose rules text can't fit: the checks must notice."""

    def __init__(self, game: Game, summary: str) -> None:
        self._game = game
        self.rules_summary = summary

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_layout_check_catches_clipping_and_missing_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("rage")
    sound = game.rules_summary
    body, _sep, _variants = sound.partition("## Variants")
    huge = body + "## Variants\n### standard\n" + "\n".join(f"- line {i} " + "x" * 90 for i in range(40))
    fake = _Oversized(game, huge)
    monkeypatch.setattr("cogs.tables.get_game", lambda _gid: fake)
    problems = layout_problems(rules_embed("rage"), fake)  # type: ignore[arg-type]
    assert any("standard" in p and "clipped" in p for p in problems)  # cut to 1024 with "…"
    assert any("short" in p for p in problems)  # the preset "short" has no section
    flat = _Oversized(game, sound.replace("### ", "").replace("- ", ""))
    monkeypatch.setattr("cogs.tables.get_game", lambda _gid: flat)
    problems = layout_problems(rules_embed("rage"), flat)  # type: ignore[arg-type]
    assert any("bold headings" in p for p in problems)
