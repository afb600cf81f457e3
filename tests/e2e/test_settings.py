"""``python -m bot`` refuses bad settings with one clear line and exit code 2 — no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIz.abc.def-ghi"


def run_bot(tmp_path: Path, env: dict[str, str], dotenv: str | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDROOM_"))}
    clean.update(env)
    clean["PYTHONPATH"] = str(ROOT)
    if dotenv is not None:
        (tmp_path / ".env").write_text(dotenv)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({}, "DISCORD_TOKEN is missing"),
        ({"DISCORD_TOKEN": "not a token"}, "DISCORD_TOKEN is invalid"),
        ({"DISCORD_TOKEN": TOKEN, "CARDROOM_DEV_GUILD": "abc"}, "CARDROOM_DEV_GUILD is invalid"),
        ({"DISCORD_TOKEN": TOKEN, "CARDROOM_LOG_LEVEL": "LOUD"}, "CARDROOM_LOG_LEVEL is invalid"),
    ],
)
def test_bad_settings_exit_2_with_one_line(tmp_path: Path, env: dict[str, str], needle: str) -> None:
    out = run_bot(tmp_path, env)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert needle in lines[0] and ".env.example" in lines[0]
    assert "Traceback" not in out.stderr
    assert TOKEN not in out.stderr  # a token is never echoed


def test_dotenv_file_is_read(tmp_path: Path) -> None:
    out = run_bot(tmp_path, {}, dotenv="DISCORD_TOKEN=\nCARDROOM_LOG_LEVEL=chatty\n")
    assert out.returncode == 2
    assert "DISCORD_TOKEN is missing" in out.stderr  # .env was read (and the token there is empty)


def test_valid_settings_and_defaults() -> None:
    s = load_settings({"DISCORD_TOKEN": f" {TOKEN} ", "CARDROOM_DEV_GUILD": "1234", "CARDROOM_LOG_LEVEL": "debug"})
    assert s.discord_token.get_secret_value() == TOKEN
    assert TOKEN not in repr(s)
    assert s.db_path == "data/cardroom.sqlite3"
    assert s.dev_guild == 1234 and s.log_level == "DEBUG"
    with pytest.raises(SettingsError, match="CARDROOM_DEV_GUILD is invalid"):
        load_settings({"DISCORD_TOKEN": TOKEN, "CARDROOM_DEV_GUILD": "-5"})


def test_env_example_documents_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    from bot.settings import ENV_NAMES

    for name in ENV_NAMES.values():
        assert f"{name}=" in text
