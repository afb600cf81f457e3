"""tools.pgcluster: a real private PostgreSQL started, used, restarted with its data, and stopped."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from tests.support.pg import run, scratch_root
from tools import pgcluster


@pytest.fixture
def cluster_dir() -> Iterator[Path]:
    directory = Path(tempfile.mkdtemp(prefix="cardroom-pgc-", dir=scratch_root()))
    try:
        yield directory
    finally:
        pgcluster.stop(directory)
        shutil.rmtree(directory, ignore_errors=True)


async def _query(url: str, sql: str) -> object:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(sql)
    finally:
        await conn.close()


def test_start_url_stop_and_restart_keeps_the_data(cluster_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert pgcluster.main(["start", "--dir", str(cluster_dir)]) == 0
    url = capsys.readouterr().out.strip()
    assert url == f"postgresql://postgres@/postgres?host={cluster_dir.resolve()}&port=5432"
    assert pgcluster.main(["url", "--dir", str(cluster_dir)]) == 0
    assert capsys.readouterr().out.strip() == url
    assert run(_query(url, "SHOW fsync")) == "on"  # durable unless asked otherwise
    assert run(_query(url, "SHOW listen_addresses")) == ""  # unix socket only
    assert int(str(run(_query(url, "SHOW max_connections")))) >= 200
    run(_query(url, "CREATE TABLE kept AS SELECT 42 AS answer"))
    assert pgcluster.main(["stop", "--dir", str(cluster_dir)]) == 0
    with pytest.raises(OSError):
        run(_query(url, "SELECT 1"))
    assert pgcluster.start(cluster_dir).url() == url  # the same cluster, started again
    assert run(_query(url, "SELECT answer FROM kept")) == 42


def test_missing_binaries_name_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_config, no initdb
    monkeypatch.setattr(pgcluster, "DISTRO_BINDIRS", str(tmp_path / "postgresql" / "*" / "bin"))
    with pytest.raises(pgcluster.PgClusterError, match="apt-get install -y postgresql"):
        pgcluster.find_bindir()
    assert pgcluster.main(["start", "--dir", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install -y postgresql" in err and "brew install postgresql" in err
