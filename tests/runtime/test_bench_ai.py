"""The strength benchmark (benchmarks/ai.py), tiny: its table comes from real duplicate matches.

No figure is asserted (the budgets run on the shared machine's real clock); what is asserted is
the table's shape: each matchup's cell is its duplicate match's ``mean ± half-width (n deals)``, a
game without a baseline says so, a game where nobody has a choice says that, and every strength's
decisions are timed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from benchmarks import ai


def test_the_table_of_a_game_with_a_baseline_and_one_without_choices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "ai.json"
    figures = ai.run(only=("kabu", "putandtake"), deals=3, seconds=60.0, speed=20.0, out=str(out))
    printed = capsys.readouterr().out
    kabu = next(line for line in printed.splitlines() if line.startswith("| kabu"))
    assert kabu.count("(3 deals)") == len(ai.DEFAULT)
    assert "no choices" in next(line for line in printed.splitlines() if line.startswith("| putandtake"))
    for name in ai.DEFAULT:
        assert figures["kabu"][name]["n"] == 3 and len(figures["kabu"][name]["values"]) == 3
    assert all(figures["kabu"][f"{s}_ms"] for s in ai.STRENGTH_NAMES)
    assert json.loads(out.read_text())["kabu"]["strong-normal"]["n"] == 3


def test_a_game_without_a_baseline_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "baseline_for", lambda game_id: None)
    results, times = ai.play_game(games.get_game("kabu"), ("easy-baseline", "normal-easy"), 2, 60.0, 20.0, 0)
    assert results["easy-baseline"] is None and ai.cell(results["easy-baseline"]) == "no yardstick yet"
    assert results["normal-easy"] is not None and results["normal-easy"].n == 2
    assert times["normal"] and times["easy"] and not times["strong"]


def test_samples_only_matches_are_reproducible_to_the_last_digit(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a clock the players search their sample counts whatever the load: the same seed
    gives the same values, so the figures in docs/ai.md can be checked by anyone."""
    runs = [ai.run(only=("kabu",), deals=4, seconds=60.0, matchups=("normal-easy",), seed=3, samples_only=True)
            for _ in range(2)]
    assert "samples only" in capsys.readouterr().out
    assert runs[0]["kabu"]["normal-easy"]["values"] == runs[1]["kabu"]["normal-easy"]["values"]
    assert runs[0]["kabu"]["normal_ms"] and runs[0]["kabu"]["easy_ms"]


def test_the_second_yardstick_plays_where_a_game_has_one() -> None:
    """``normal-independent`` plays Razz's independent player; Kabu has none and says so."""
    results, _times = ai.play_game(games.get_game("razz"), ("baseline-independent",), 2, 60.0, 20.0, 0)
    played = results["baseline-independent"]
    assert played is not None and played.n == 2 and played.times_b
    results, _times = ai.play_game(games.get_game("kabu"), ("normal-independent",), 2, 60.0, 20.0, 0)
    assert results["normal-independent"] is None and ai.cell(None) == "no yardstick yet"
