"""``python -m bot`` as a newcomer meets it: one clear line and a distinct exit code, never a traceback.

Each case runs the real process with a clean environment. Discord is stood in
for by a loopback HTTP server (``CARDROOM_DISCORD_API``, test-only) that
answers 401, by a closed port, or by a socket that never answers — no test
touches the network. ``-W default`` makes Python show the warnings it hides
by default (``audioop``'s deprecation, an unclosed aiohttp session), so a
stray one breaks the "one line" checks.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIz.abc.def-ghi"
LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (\w+) ")
VOICE_NOISE = ("PyNaCl", "davey", "voice will NOT", "audioop")


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDROOM_", "PYTHONWARN"))}
    env.update(PYTHONPATH=str(ROOT), CARDROOM_DB=str(tmp_path / "db" / "cardroom.sqlite3"))
    env.update(extra)
    return env


def run_bot(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "default", "-m", "bot"],
        cwd=tmp_path, env=bot_env(tmp_path, **extra), capture_output=True, text=True, timeout=60,
    )


def user_version(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def operator_lines(stderr: str) -> list[str]:
    """stderr without the INFO/DEBUG log records: what is left must be the one ``cardroom:`` line."""
    out = []
    for line in stderr.splitlines():
        m = LOG_RECORD.match(line)
        if m and m.group(1) in ("DEBUG", "INFO"):
            continue
        out.append(line)
    return out


def assert_one_line(out: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert "Traceback" not in out.stderr, out.stderr
    assert not any(noise in out.stderr for noise in VOICE_NOISE), out.stderr
    lines = operator_lines(out.stderr)
    assert len(lines) == 1, out.stderr
    line = lines[0]
    assert line.startswith("cardroom: "), line
    for needle in needles:
        assert needle in line, line
    assert TOKEN not in out.stderr  # the token is never echoed
    return line


APP_ID = "1000000000000000001"
USER = {"id": APP_ID, "username": "cardroom", "discriminator": "0", "avatar": None, "bot": True}
APP = {
    "id": APP_ID, "name": "Cardroom", "description": "", "icon": None, "bot_public": True,
    "bot_require_code_grant": False, "owner": USER, "verify_key": "0" * 64, "flags": 0,
}


class FakeDiscord:
    """A loopback stand-in for Discord's API.

    By default it refuses every token with 401. With ``accept_token`` it lets
    the bot log in and answers 403 Missing Access when commands are synced to
    a server (the bot was never invited there). For each request it also
    notes the database's ``user_version`` at that moment, which shows whether
    the database was migrated before login.
    """

    def __init__(self, db_path: Path) -> None:
        self.requests: list[tuple[str, str, int | None]] = []
        self.accept_token = False
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self) -> None:
                version = user_version(db_path) if db_path.exists() else None
                fake.requests.append((self.path, self.headers.get("Authorization", ""), version))
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                if not fake.accept_token:
                    self.reply(401, {"message": "401: Unauthorized", "code": 0})
                elif self.path.endswith("/users/@me"):
                    self.reply(200, USER)
                elif self.path.endswith("/oauth2/applications/@me"):
                    self.reply(200, APP)
                else:
                    self.reply(403, {"message": "Missing Access", "code": 50001})

            do_GET = do_PUT = do_POST = answer

            def reply(self, status: int, payload: object) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v10"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def fake_discord(tmp_path: Path) -> Iterator[FakeDiscord]:
    fake = FakeDiscord(tmp_path / "db" / "cardroom.sqlite3")
    yield fake
    fake.close()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------ settings


def test_unedited_env_example_is_not_set_yet(tmp_path: Path) -> None:
    """A newcomer copies .env.example to .env and starts the bot before pasting the token."""
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    out = run_bot(tmp_path)
    assert out.returncode == 2
    assert_one_line(out, "DISCORD_TOKEN", "not set", ".env")
    assert not (tmp_path / "data").exists() and not (tmp_path / "db").exists()  # stopped before the database


# ------------------------------------------------------------------ Discord


@pytest.mark.parametrize("level", ["WARNING", "INFO"])
def test_refused_token_is_one_line_exit_3_and_the_database_is_ready(
    tmp_path: Path, fake_discord: FakeDiscord, level: str
) -> None:
    out = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url, CARDROOM_LOG_LEVEL=level)
    assert out.returncode == 3, out.stderr
    assert_one_line(out, "Discord refused the bot token", "DISCORD_TOKEN", ".env")
    if level == "WARNING":
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    # It really asked the stand-in, with the token, and the database was migrated before that.
    path, auth, version = fake_discord.requests[0]
    assert path.endswith("/users/@me") and auth == f"Bot {TOKEN}"
    assert version is not None and version > 0
    assert user_version(tmp_path / "db" / "cardroom.sqlite3") > 0


def test_unreachable_discord_is_one_line_exit_4(tmp_path: Path) -> None:
    port = closed_port()
    out = run_bot(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=f"http://127.0.0.1:{port}/api/v10",
        CARDROOM_LOG_LEVEL="WARNING",
    )
    assert out.returncode == 4, out.stderr
    line = assert_one_line(out, "can't reach Discord", f"127.0.0.1:{port}", "Check the network")
    assert len(out.stderr.strip().splitlines()) == 1 and len(line) < 200, out.stderr
    assert user_version(tmp_path / "db" / "cardroom.sqlite3") > 0


def test_dev_guild_the_bot_is_not_in_is_one_line_exit_2(tmp_path: Path, fake_discord: FakeDiscord) -> None:
    """CARDROOM_DEV_GUILD set to a server the bot was never invited to: Discord answers 403 to the sync."""
    fake_discord.accept_token = True
    out = run_bot(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url, CARDROOM_DEV_GUILD="4242",
        CARDROOM_LOG_LEVEL="WARNING",
    )
    assert out.returncode == 2, out.stderr
    assert_one_line(out, "4242", "CARDROOM_DEV_GUILD", "applications.commands")
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert any("/guilds/4242/commands" in path for path, _auth, _v in fake_discord.requests)


def test_the_api_override_is_loopback_only(tmp_path: Path) -> None:
    out = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API="https://example.com/api/v10")
    assert out.returncode == 2
    assert_one_line(out, "CARDROOM_DISCORD_API", "loopback")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_stopping_while_logging_in_is_quiet(tmp_path: Path, sig: signal.Signals) -> None:
    """Ctrl-C (or a service manager's stop) while Discord is slow: exit 0, nothing but log records."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        silent.settimeout(90)  # a busy machine (the suite runs on every core) starts the bot slowly
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/api/v10"
        proc = subprocess.Popen(
            [sys.executable, "-W", "default", "-m", "bot"],
            cwd=tmp_path, env=bot_env(tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=url),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            conn, _addr = silent.accept()  # the bot is logging in; we never answer
            with conn:
                proc.send_signal(sig)
                _stdout, stderr = proc.communicate(timeout=90)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr and operator_lines(stderr) == [], stderr
    assert user_version(tmp_path / "db" / "cardroom.sqlite3") > 0


# ------------------------------------------------------------------ database


@pytest.mark.parametrize("bad", ["under_a_file", "not_sqlite"])
def test_unusable_database_is_one_line_exit_5_before_any_network_use(
    tmp_path: Path, fake_discord: FakeDiscord, bad: str
) -> None:
    if bad == "under_a_file":
        (tmp_path / "plain.txt").write_text("not a directory")
        db = tmp_path / "plain.txt" / "cardroom.sqlite3"
    else:
        db = tmp_path / "junk.sqlite3"
        db.write_bytes(b"this is not an SQLite database " * 100)
    out = run_bot(
        tmp_path, DISCORD_TOKEN=TOKEN, CARDROOM_DISCORD_API=fake_discord.url, CARDROOM_DB=str(db),
        CARDROOM_LOG_LEVEL="WARNING",
    )
    assert out.returncode == 5, out.stderr
    assert_one_line(out, "can't open the database", str(db), "CARDROOM_DB")
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert fake_discord.requests == []  # reported before talking to Discord
