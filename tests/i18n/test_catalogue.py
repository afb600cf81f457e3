"""The catalogue is complete in both languages, and every text is a whole sentence.

English is the code's own text; Japanese lives in ``bot/locale/ja/*.po``. A
text added to the code without its Japanese, a Japanese entry left behind by a
text the code no longer has, or a translation that drops or renames a
placeholder all fail here (``python -m tools.catalog update`` then ``check``
shows what to do).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from bot.i18n.commands import NAME_PATTERN
from tests.i18n.concat import glued_in
from tools import catalog

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(scope="module")
def texts() -> dict[str, catalog.Text]:
    return catalog.all_texts()


@pytest.fixture(scope="module")
def japanese() -> dict[str, str]:
    return catalog.translations("ja")


def test_every_text_of_the_code_has_its_japanese(texts: dict[str, catalog.Text], japanese: dict[str, str]) -> None:
    missing = [f"{t.where[0]}:{t.where[1]}: {t.id!r}" for t in texts.values() if not japanese.get(t.key)]
    assert not missing, f"{len(missing)} texts have no Japanese:\n" + "\n".join(missing[:40])


def test_every_japanese_entry_is_a_text_of_the_code(texts: dict[str, catalog.Text], japanese: dict[str, str]) -> None:
    stale = sorted(k for k in japanese if k not in texts)
    assert not stale, "Japanese entries for texts the code no longer has (run tools.catalog update):\n" + "\n".join(
        repr(k) for k in stale[:40]
    )


def test_a_translation_keeps_every_placeholder(japanese: dict[str, str]) -> None:
    wrong = [
        f"{key!r} → {text!r}"
        for key, text in japanese.items()
        if text and sorted(PLACEHOLDER.findall(key.split("\x04")[-1])) != sorted(PLACEHOLDER.findall(text))
    ]
    assert not wrong, "\n".join(wrong)


def test_a_translation_formats_like_its_english(texts: dict[str, catalog.Text], japanese: dict[str, str]) -> None:
    """Every placeholder filled with a sample value formats without error in both languages."""
    for key, text in japanese.items():
        if not text or key not in texts:
            continue
        names = {m.strip("{}").split(":")[0].split("!")[0] for m in PLACEHOLDER.findall(text)}
        if any(not n.isidentifier() for n in names):
            continue  # positional placeholders ("{}") or attribute access: checked by the test above
        values = dict.fromkeys(names, 7)
        try:
            text.format(**values)
        except (ValueError, KeyError, IndexError) as err:
            pytest.fail(f"{text!r} doesn't format: {err}")


def test_command_names_and_descriptions_fit_discord(texts: dict[str, catalog.Text], japanese: dict[str, str]) -> None:
    for t in texts.values():
        said = japanese.get(t.key) or t.id
        if t.context in ("command name", "option name"):
            assert NAME_PATTERN.match(said) and said == said.lower(), (t.id, said)
        elif t.context in ("command description", "option description", "choice"):
            assert 1 <= len(said) <= 100, (t.id, said)


def test_no_text_is_glued_from_translated_fragments() -> None:
    paths = sorted(p for top in ("games", "bot", "cogs") for p in (ROOT / top).rglob("*.py"))
    assert glued_in(paths) == []


def test_the_gluing_check_finds_glue() -> None:
    """The check above could fail: each way of gluing is found."""
    import ast

    from tests.i18n.concat import glued

    source = 'a = _("x") + " y"\nb = f"{_(\'x\')}!"\nc = "y" + _("x {n}").format(n=1)\nd = _("x %s") % 1\nok = _("{a} {b}").format(a=_("x"), b=2)\n'
    assert [how for _line, how in glued(ast.parse(source))] == ["+", "f-string", "+", "%"]


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_game_has_its_rules_in_japanese(game_id: str) -> None:
    """``/rules`` in Japanese: the whole text, with the same variant sections (their names are keys)."""
    from games.core.i18n import speaking
    from games.core.summary import RulesText

    game = games.get_game(game_id)
    english = RulesText.parse(game.rules_summary)
    with speaking("ja"):
        japanese = RulesText.parse(game.rules_summary)
    assert japanese.body != english.body
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese.body), "no Japanese characters"
    assert list(japanese.variants) == list(english.variants)


def test_every_extracted_text_is_a_whole_literal_of_the_code() -> None:
    """``_(TABLE["a" if x else "b"])`` extracts "ab", a text nobody looks up: look the value up first."""
    import ast

    literals: dict[str, set[str]] = {}
    odd = []
    for t in catalog.source_texts():
        path = t.where[0]
        if path not in literals:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            literals[path] = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        if t.id not in literals[path]:
            odd.append(f"{path}:{t.where[1]}: {t.id!r}")
    assert not odd, "\n".join(odd)
