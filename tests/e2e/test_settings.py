"""``python -m bot`` refuses bad settings with one clear line and exit code 2 — no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import TOKEN_PLACEHOLDER, ExitCode, SettingsError, load_settings

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
        ({}, "DISCORD_TOKEN is not set yet"),
        ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN is not set yet"),
        ({"DISCORD_TOKEN": TOKEN_PLACEHOLDER}, "DISCORD_TOKEN is not set yet"),
        ({"DISCORD_TOKEN": f" {TOKEN_PLACEHOLDER}\t"}, "DISCORD_TOKEN is not set yet"),
        ({"DISCORD_TOKEN": "not a token"}, "DISCORD_TOKEN is invalid"),
        ({"DISCORD_TOKEN": f"Bot {TOKEN}"}, "without spaces"),
        ({"DISCORD_TOKEN": "MTIz..def"}, "three dot-separated parts"),
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
    assert "DISCORD_TOKEN is not set yet" in out.stderr  # .env was read (and the token there is empty)
    out = run_bot(tmp_path, {}, dotenv=f"DISCORD_TOKEN={TOKEN}\nCARDROOM_LOG_LEVEL=chatty\n")
    assert "CARDROOM_LOG_LEVEL is invalid" in out.stderr  # the token from .env was accepted


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
    # The placeholder recognised as "not set yet" is the one a newcomer copies.
    assert f"\nDISCORD_TOKEN={TOKEN_PLACEHOLDER}\n" in text


def test_placeholder_is_refused_without_echoing_and_exit_codes_are_distinct() -> None:
    with pytest.raises(SettingsError, match=r"DISCORD_TOKEN is not set yet: paste your bot token into \.env") as info:
        load_settings({"DISCORD_TOKEN": TOKEN_PLACEHOLDER})
    assert info.value.exit_code == ExitCode.SETTINGS == 2
    assert TOKEN_PLACEHOLDER not in str(info.value)
    assert len({int(code) for code in ExitCode}) == len(ExitCode)
    assert (ExitCode.TOKEN_REFUSED, ExitCode.UNREACHABLE, ExitCode.DATABASE) == (3, 4, 5)
