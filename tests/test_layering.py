"""The engines stay pure: importing them must not pull in Discord, the database or asyncio."""

from __future__ import annotations

import subprocess
import sys


def test_games_import_no_discord_aiosqlite_or_asyncio() -> None:
    code = (
        "import sys, games\n"
        "for g in games.all_games(): pass\n"
        "bad = [m for m in ('discord', 'aiosqlite', 'asyncio') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_runtime_does_not_import_pokerkit() -> None:
    """pokerkit is the tests' referee (``tests/support/razz_oracle.py``); PHH export writes the text itself."""
    code = (
        "import sys, games, bot.client, cogs.tables, cogs.economy, cogs.admin\n"
        "for g in games.all_games(): pass\n"
        "print('pokerkit' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
