"""``tools.transcript``: a session played through SimCord comes out as a readable, consistent transcript.

The transcript is read by people (and its click counts by checks on the UX),
so it must show every player's private panels and the public messages, name
players instead of printing mentions or custom ids, and its counts must add up.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools.transcript import main, record

RAW = re.compile(r"\bcr:[a-z]:|<@!?\d+>|<t:\d+")


def counts(markdown: str) -> dict[str, dict[str, str]]:
    """The Counts table: player → column → cell."""
    lines = markdown.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("| player |"))
    head = [c.strip() for c in lines[start].strip("|").split("|")]
    rows: dict[str, dict[str, str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("*")] = dict(zip(head, cells, strict=True))
    return rows


def check_common(md: str, players: list[str]) -> dict[str, dict[str, str]]:
    assert md.startswith("# Cardroom transcript — ")
    assert f"**Players:** {', '.join(players)}" in md
    assert "### public #1 — new message (after alice: typing /play" in md
    assert not RAW.search(md), RAW.search(md)
    for name in players:
        assert re.search(rf"^### {name} — panel #\d+ \(after clicking “My hand”\)$", md, re.M), name
        assert re.search(rf"^### {name} — message #\d+ \(after typing /balance\)\n\n> You have \*\*\d+\*\* chips", md, re.M)
    table = counts(md)
    assert set(table) == {*players, "all"}
    columns = [c for c in table["all"] if c not in ("player", "clicks per action")]
    for column in columns:
        assert int(table["all"][column]) == sum(int(table[p][column]) for p in players), column
    for name in [*players, "all"]:
        row = {k: v for k, v in table[name].items() if k != "player"}
        actions = int(row["actions"])
        assert actions > 0 and int(row["My hand"]) > 0, (name, row)
        assert int(row["action clicks"]) == actions + int(row["refused"]), (name, row)
        ratio = (int(row["action clicks"]) + int(row["My hand"])) / actions
        assert row["clicks per action"] == f"{ratio:.2f}" and 1 <= ratio <= 2.5, (name, row)
        assert int(row["versions"]) >= int(row["ephemeral messages"]) > 0
    return table


def test_renfield_one_hand_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "renfield.md"
    assert main(["renfield", "--players", "4", "--hands", "1", "--seed", "3", "--out", str(out)]) == 0
    md = out.read_text(encoding="utf-8")
    players = ["alice", "bob", "carol", "dave"]
    check_common(md, players)
    assert "## Lobby" in md and "## Hand 1" in md and "## End" in md
    assert "- **Ended:** 1 hand(s) played" in md
    assert "### public #1 — edited (after alice: clicking “Start”)" in md
    assert "your turn." in md and "Buttons: [My hand]" in md
    # the same seed gives the same transcript
    assert main(["renfield", "--players", "4", "--hands", "1", "--seed", "3", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == md


async def test_rage_short_game_to_the_end() -> None:
    md = await record("rage", players=3, seed=2)
    players = ["alice", "bob", "carol"]
    check_common(md, players)
    assert "**Options:** preset `short`" in md
    assert "- **Ended:** the table finished" in md
    assert "Final standings" in md
    assert "## Play" in md


async def test_a_host_who_ends_mid_hand_sees_the_hand_played_out() -> None:
    """The session's cap stops it in the middle of a hand: the host's /table end waits for that hand."""
    md = await record("razz", players=2, hands=1, max_actions=3)
    assert "- **Ended:** the cap of 3 actions was reached; the host ran /table end;" in md
    assert "which was played on: the table finished" in md
    assert "The table will close after this hand." in md
