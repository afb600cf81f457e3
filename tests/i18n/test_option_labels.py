"""Every option value and variant of every registered game has a label in English and Japanese.

Players read labels; the keys (``"first_left"``, ``"best_of_three"``, ``"1-16"``) stay in the
code, ``/play … preset:`` and the database. A game that adds a choice or a preset without a label
(``games/core/options.labels``, ``Game.preset_labels``) fails here, as does a label with no
Japanese in the catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import games
from cogs.ui.options import fields_of
from games.core.game import Game
from games.core.i18n import speaking
from games.core.options import value_labels
from tools import catalog

#: A word made of lowercase parts joined by ``_`` or ``-`` (``first_left``, ``buy-the-trick``) or a
#: ``key=value`` pair: how an id, not a sentence, reads.
ID_LIKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z]+-[a-z]+-[a-z-]+\b|\w+=\w+")


def game_ids() -> list[str]:
    return list(games.game_ids())


def keys_of(game: Game) -> set[str]:
    """Everything a game's options are keyed by: field names, string choices, preset names."""
    keys = set(game.presets)
    for f in fields_of(game.Options):
        keys.add(f.name)
        keys.update(str(v) for v in f.choices if isinstance(v, str))
    return keys


def assert_words(text: str, game: Game, where: str) -> None:
    assert text.strip(), f"{game.id}: {where} is empty"
    assert text not in keys_of(game), f"{game.id}: {where} shows the key {text!r}"
    assert not ID_LIKE.search(text), f"{game.id}: {where} reads like an id: {text!r}"


def assert_in_both_languages(show: Callable[[], str], game: Game, where: str) -> None:
    """``show()`` reads as words in English, and as something else (its Japanese) in Japanese."""
    with speaking("en"):
        english = show()
    with speaking("ja"):
        shown = show()
    assert_words(english, game, where)
    assert shown != english, f"{game.id}: {where} reads {english!r} in Japanese too"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_variant_has_a_label_in_both_languages(game_id: str) -> None:
    game = games.get_game(game_id)
    japanese = catalog.translations("ja")
    assert set(game.preset_labels) >= set(game.presets), f"{game_id}: presets without a label"
    for name in game.presets:
        label = game.preset_labels[name]
        for part in label if isinstance(label, tuple) else (label,):
            assert japanese.get(part), f"{game_id}: the label {part!r} of {name!r} has no Japanese"
        assert_in_both_languages(partial(game.preset_label, name), game, f"the variant {name!r}")


@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_value_has_a_label_in_both_languages(game_id: str) -> None:
    game = games.get_game(game_id)
    japanese = catalog.translations("ja")
    for f in fields_of(game.Options):
        assert f.info is not None
        if f.kind == "bool":
            values: tuple[Any, ...] = (False, True)
        elif f.kind == "choice":
            values = f.choices
        else:
            continue
        words = [v for v in values if isinstance(v, bool) or not isinstance(v, int)]  # a number is its own label
        for value in words:
            if isinstance(value, str):
                key = value_labels(f.info).get(value)
                assert key, f"{game_id}: {f.name}={value!r} has no label"
                assert japanese.get(key), f"{game_id}: the label {key!r} has no Japanese"
            assert_in_both_languages(partial(f.show, value), game, f"{f.name}={value!r}")


@pytest.mark.parametrize("game_id", game_ids())
def test_a_table_off_every_preset_is_described_in_words(game_id: str) -> None:
    """Options that match no preset read as sentences ("First to 11 points"), never "target=11"."""
    game = games.get_game(game_id)
    base = game.Options()
    for f in fields_of(game.Options):
        value: Any
        if f.kind == "bool":
            value = not getattr(base, f.name)
        elif f.kind == "choice":
            value = next(v for v in f.choices if v != getattr(base, f.name))
        elif f.kind == "int" and f.maximum is not None:
            value = int(f.maximum)
        else:
            continue
        try:
            options = game.Options.model_validate({**base.model_dump(), f.name: value})
        except ValueError:  # a value that needs another option (Flatline's keys): not a table
            continue
        if any(p == options for p in game.presets.values()):
            continue
        for code in ("en", "ja"):
            with speaking(code):
                text = game.describe_options(options)
            assert_words(text, game, f"{f.name}={value!r} in {code}")


def test_a_changed_target_reads_as_a_sentence() -> None:
    tresotti, putandtake = games.get_game("tresotti"), games.get_game("putandtake")
    with speaking("en"):
        assert tresotti.describe_options(tresotti.Options(target=11)) == "First to 11 points"
        assert tresotti.describe_options(tresotti.Options(target=11, dearworth=True)) == "Dearworth · First to 11 points"
        assert putandtake.describe_options(putandtake.presets["doubling"]) == "Doubling stakes"
    with speaking("ja"):
        assert tresotti.describe_options(tresotti.Options(target=11)) == "先に11点取った人の勝ち"
