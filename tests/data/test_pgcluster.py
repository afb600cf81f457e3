"""tools.pgcluster: a real private PostgreSQL started, used, restarted with its data, and stopped."""

from __future__ import annotations

import os
import pwd
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
    monkeypatch.setattr(pgcluster, "pip_bindir", lambda: None)  # and no pgserver wheel
    with pytest.raises(pgcluster.PgClusterError, match=r"pip install -e \"\.\[test\]\""):
        pgcluster.find_bindir()
    assert pgcluster.main(["start", "--dir", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pgserver" in err and "apt-get install -y postgresql" in err


def test_without_a_system_postgresql_the_test_dependencies_suffice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cluster_dir: Path
) -> None:
    """A fresh machine: no system binaries, and (as root) no ``postgres`` system user. The wheel's
    binaries run as ``nobody``, copied out of reach-protected folders (a venv under /root) first."""
    tools = tmp_path / "bin"  # a PATH with runuser and no PostgreSQL
    tools.mkdir()
    runuser = shutil.which("runuser")
    if runuser:
        (tools / "runuser").symlink_to(runuser)
    monkeypatch.setenv("PATH", str(tools))
    monkeypatch.setattr(pgcluster, "DISTRO_BINDIRS", str(tmp_path / "postgresql" / "*" / "bin"))
    wheel = pgcluster.pip_bindir()
    assert wheel is not None, "pgserver is a test dependency: its wheel carries the server binaries"
    assert pgcluster.find_bindir() == wheel
    monkeypatch.setattr(pgcluster, "SYSTEM_USERS", ("cardroom-no-such-user", "nobody"))
    monkeypatch.setattr(pgcluster, "_reachable_by_others", lambda path: False)
    cluster = pgcluster.start(cluster_dir, durable=False)
    version = str(run(_query(cluster.url(), "SHOW server_version")))
    assert version.split(".")[0] == "16", version  # the wheel's PostgreSQL, not the system's
    if os.geteuid() == 0:
        assert pwd.getpwuid(cluster_dir.stat().st_uid).pw_name == "nobody"
        bindir = Path((cluster_dir / pgcluster.BINDIR_FILE).read_text().strip())
        assert bindir != wheel and bindir.stat().st_mode & 0o005 == 0o005  # the world-readable copy
    pgcluster.stop(cluster_dir)
    with pytest.raises(OSError):
        run(_query(cluster.url(), "SELECT 1"))
