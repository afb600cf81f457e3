"""`.ci/run` does exactly what the README's command table says, and a fresh machine needs nothing else.

Each command in `.ci/run` follows a `# README: <what>` comment; the README's table row whose label
starts with that must hold the same command, so the two can't drift apart. No system package manager is called: whatever
the tests need (PostgreSQL's server included) comes from the project's own dependencies.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| ([^|]+?) \| `([^`]+)` \|$", re.MULTILINE)


def _readme_commands() -> dict[str, str]:
    return {what: command for what, command in ROW.findall((ROOT / "README.md").read_text(encoding="utf-8"))}


def _ci_steps() -> list[tuple[str, str]]:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [
        (line.removeprefix("# README: ").strip(), lines[i + 1].strip())
        for i, line in enumerate(lines)
        if line.startswith("# README: ")
    ]


def test_every_ci_step_is_the_readmes_command() -> None:
    readme = _readme_commands()
    steps = _ci_steps()
    assert [what for what, _ in steps][:3] == ["set up", "lint", "type check"]
    assert "a quick run of every benchmark" in [what for what, _ in steps]  # no benchmark may rot unnoticed
    for what, command in steps:
        rows = [row for label, row in readme.items() if label.startswith(what)]
        assert rows == [command], f".ci/run's {what!r} step differs from the README's"


def test_set_up_run_and_test_are_one_line_each_and_nothing_needs_apt() -> None:
    readme = _readme_commands()
    for what in ("set up (once)", "run the bot", "run the tests"):
        assert what in readme, f"the README's table has no {what!r} row"
    assert readme["run the bot"] == "python -m bot"
    assert readme["run the tests"] == "python -m pytest -q -n auto --dist worksteal"  # every core (pytest-xdist)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for manager in ("apt-get", "apt ", "brew ", "sudo "):
        assert manager not in ci, f".ci/run calls {manager.strip()}: the tests' needs must come from pip"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "pgserver" in pyproject
    assert '"pytest-xdist' in pyproject, "`-n auto` needs pytest-xdist in the test extra"


def test_the_suite_and_the_long_checks_run_on_every_core() -> None:
    """CI's time limit: the ordinary suite and the long checks are spread over the machine's cores."""
    steps = dict(_ci_steps())
    for what in ("run the tests", "run the long checks"):
        assert steps[what].startswith("python -m pytest -q") and " -n auto" in steps[what], what
