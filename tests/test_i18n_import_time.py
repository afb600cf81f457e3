"""No translated text is frozen when a module is imported.

``_()`` answers in the language spoken at the moment of the call, so a ``_()``
that runs at import (a module constant, a table of labels, a class body, a
default argument, a decorator) would keep its English for good. Such texts are
marked with ``N_()`` and translated where they are shown; the scan below finds
any ``_()`` that slipped back, and the behavioural tests check that marked
texts really do follow the language spoken when a table is drawn.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import TypeGuard

import pytest

from cogs.ui.options import fields_of
from games import get_game
from games.core.i18n import _, _catalogues, install, speaking
from games.ecarte.state import EcarteOptions
from games.fairmarket import cards as fm

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("games", "bot", "cogs", "tools")
LANG = "xx"  # a made-up language, removed after each test


def _is_underscore_call(node: ast.AST) -> TypeGuard[ast.Call]:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"


def _import_time_calls(node: ast.AST) -> Iterator[ast.Call]:
    """``_()`` calls that run when ``node``'s module is imported.

    A function's (or lambda's) body runs when it is called; its default
    arguments, decorators and annotations run when it is defined, at import.
    """
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = [child.body] if isinstance(child, ast.Lambda) else child.body
            for part in ast.iter_child_nodes(child):
                if any(part is b for b in body):
                    continue
                if _is_underscore_call(part):
                    yield part
                yield from _import_time_calls(part)
            continue
        if _is_underscore_call(child):
            yield child
        yield from _import_time_calls(child)


def _sources() -> list[Path]:
    return [
        p for d in SCANNED for p in sorted((ROOT / d).rglob("*.py"))
        if ".venv" not in p.parts and "tests" not in p.parts
    ]


def test_no_underscore_call_runs_at_import() -> None:
    frozen = [
        f"{p.relative_to(ROOT)}:{call.lineno}"
        for p in _sources()
        for call in _import_time_calls(ast.parse(p.read_text(encoding="utf-8"), str(p)))
    ]
    assert not frozen, "_() evaluated at import (use N_() and translate where shown):\n" + "\n".join(frozen)


def test_the_scan_finds_every_kind_of_import_time_call() -> None:
    """The scan itself: constants, tables, class bodies, defaults and decorators count; bodies do not."""
    source = '''
A = _("constant")
B = {"k": _("in a table")}
class C:
    note = _("class body")
    def m(self, x=_("default")) -> str:
        return _("in a method")
@deco(_("decorator"))
def f(y=lambda: _("lambda body")) -> str:
    return _("in a function")
g = lambda z=_("lambda default"): _("lambda body")
'''
    lines = sorted(c.lineno for c in _import_time_calls(ast.parse(source)))
    assert lines == [2, 3, 5, 6, 8, 11]


@pytest.fixture
def xx() -> Iterator[None]:
    """A fake catalogue marking a few of the texts that used to be frozen at import."""
    install(LANG, {
        "Put and Take — put round": "«XX put round»",
        "put round, card {k} of 5: {stake} a card": "«XX card {k}/5 at {stake}»",
        "Fairmarket — setting hands": "«XX setting hands»",
        "Queen": "«XX Queen»",
        "♠ Spades": "«XX Spades»",
        "♥ Hearts": "«XX Hearts»",
        "♦ Diamonds": "«XX Diamonds»",
        "♣ Clubs": "«XX Clubs»",
        "{who} has the highest door card ({card}) and must bring in.": "«XX {who} brings in ({card})»",
        "{who} calls {amount}.": "«XX {who} calls {amount}»",
        "Call {amount}": "«XX Call {amount}»",
        "Denexa scoring": "«XX Denexa scoring»",
        "Chips the loser of each game pays the winner (0 = none).": "«XX stake»",
        "$1 = 1 chip": "«XX $1 = 1 chip»",
    })
    try:
        yield
    finally:
        _catalogues.pop(LANG, None)


def test_put_and_take_labels_follow_the_language_spoken(xx: None) -> None:
    game = get_game("putandtake")
    state = game.new_state(None, 3, 7)
    with speaking(LANG):
        table = game.view(state, None).public
        assert table.title == "«XX put round»"
        assert ("Next card", "«XX card 1/5 at 1»") in table.facts
        assert _(get_game("renfield").unit_note) == "«XX $1 = 1 chip»"
    table = game.view(state, None).public  # and English again outside
    assert table.title == "Put and Take — put round"
    assert ("Next card", "put round, card 1 of 5: 1 a card") in table.facts
    assert _(get_game("renfield").unit_note) == "$1 = 1 chip"


def test_fairmarket_title_and_royal_labels_follow_the_language_spoken(xx: None) -> None:
    game = get_game("fairmarket")
    state = game.new_state(None, 3, 7)
    with speaking(LANG):
        assert game.view(state, None).public.title == "«XX setting hands»"
        assert fm.label("FQ") == "«XX Queen» 🚩"
    assert game.view(state, None).public.title == "Fairmarket — setting hands"
    assert fm.label("FQ") == "Queen 🚩"


def test_ecarte_trump_suit_follows_the_language_spoken(xx: None) -> None:
    game = get_game("ecarte")
    state = game.new_state(None, 2, 7)  # clubs are trumps (the upcard: Q♣)
    with speaking(LANG):
        assert dict(game.view(state, None).public.facts)["Trumps"] == "«XX Clubs» (upcard Q♣)"
    assert dict(game.view(state, None).public.facts)["Trumps"] == "♣ Clubs (upcard Q♣)"


def test_razz_announcements_are_built_per_language(xx: None) -> None:
    """Razz keeps its announcements as shared values: one set per language, never mixed."""
    game = get_game("razz")
    with speaking(LANG):
        xx_deal = game.new_state(None, 3, 11)
        xx_state, _events = game.apply(xx_deal, 1, "bring-in")  # seat 1 has the highest door card
        xx_buttons = [c.label for c in game.default_prompt(xx_state, 2)]
    en_deal = game.new_state(None, 3, 11)
    en_state, _events = game.apply(en_deal, 1, "bring-in")
    assert xx_deal.recent == ("«XX ⟦seat:1⟧ brings in (K♦)»",)
    assert en_deal.recent == ("⟦seat:1⟧ has the highest door card (K♦) and must bring in.",)
    assert en_state.recent[-1] == "⟦seat:1⟧ brings in for 2."
    assert xx_buttons[0] == "«XX Call 2»"
    assert game.default_prompt(en_state, 2)[0].label == "Call 2"
    assert game.apply(en_state, 2, "call")[0].recent[-1] == "⟦seat:2⟧ calls 2."
    with speaking(LANG):  # the same call, said in English just before, is said anew
        assert game.apply(en_state, 2, "call")[0].recent[-1] == "«XX ⟦seat:2⟧ calls 2»"
    assert game.apply(en_state, 2, "call")[0].recent[-1] == "⟦seat:2⟧ calls 2."


def test_option_titles_and_descriptions_follow_the_language_spoken(xx: None) -> None:
    with speaking(LANG):
        shown = {f.name: f for f in fields_of(EcarteOptions)}
        assert shown["denexa_scoring"].label == "«XX Denexa scoring»"
        assert shown["stake"].description == "«XX stake»"
    shown = {f.name: f for f in fields_of(EcarteOptions)}
    assert shown["denexa_scoring"].label == "Denexa scoring"
    assert shown["stake"].description == "Chips the loser of each game pays the winner (0 = none)."
