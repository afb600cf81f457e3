"""A database left open (a crashed test, a bot replaced by a restart) must not keep the process alive."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_an_unclosed_database_does_not_block_interpreter_exit(tmp_path: Path) -> None:
    code = (
        "import asyncio, sys\n"
        "from data.db import SqliteDatabase\n"
        "keep = []\n"
        "async def main():\n"
        f"    keep.append(await SqliteDatabase.open({str(tmp_path / 'x.sqlite3')!r}))\n"
        "asyncio.run(main())\n"
        "print('done')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "done"
