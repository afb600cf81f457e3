"""A private, throwaway PostgreSQL cluster for tests, benchmarks and trying the PostgreSQL backend.

Built from real PostgreSQL server binaries, so nothing home-made stands between the tests and the
engine the bot runs on in production: the system's own (``pg_config``, Debian's
``/usr/lib/postgresql/*/bin``, ``initdb`` on PATH) when there are some, else the ones the ``pgserver``
package ships in its wheel (a test dependency), so ``pip install -e ".[test]"`` is all a fresh machine
needs. The cluster
listens only on a unix socket inside its directory: no TCP port to collide with another cluster
or with a system server, and nothing reachable from the network with ``--auth=trust``.

PostgreSQL refuses to run as root; when we are root the directory is given to the ``postgres``
system user (which the Debian package creates) or, where there is none, to ``nobody``, and every
binary runs through ``runuser`` as the directory's owner. Binaries that user can't reach (a virtual
environment under ``/root``) are copied once to a world-readable folder first.

    python -m tools.pgcluster start --dir /tmp/cardroom-pg [--fast]   # prints the URL
    python -m tools.pgcluster url --dir /tmp/cardroom-pg
    python -m tools.pgcluster stop --dir /tmp/cardroom-pg
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import hashlib
import importlib.util
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found: install the test dependencies "
    "(`python -m pip install -e \".[test]\"`, which brings `pgserver`), or the system's PostgreSQL "
    "(`apt-get install -y postgresql`, `brew install postgresql`)"
)
DEFAULT_PORT = 5432  # only names the socket file (.s.PGSQL.5432) in the cluster's own directory
SERVER_USER = "postgres"  # the database role, and the system user that runs the server when root
#: The system users that may run the server when we are root, first found first: the one Debian's
#: package creates, else ``nobody``, which every system has.
SYSTEM_USERS = (SERVER_USER, "nobody")
BINDIR_FILE = "bindir"  # in the cluster's directory: the binaries it was created with
DISTRO_BINDIRS = "/usr/lib/postgresql/*/bin"  # Debian/Ubuntu: one per installed major version


class PgClusterError(RuntimeError):
    """The cluster can't be created, started or stopped; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Cluster:
    directory: Path
    port: int

    @property
    def data_dir(self) -> Path:
        return self.directory / "data"

    def url(self, database: str = "postgres") -> str:
        """A DSN asyncpg (and psql) accept: the socket directory goes in ``host``."""
        return f"postgresql://{SERVER_USER}@/{database}?host={self.directory}&port={self.port}"


def pip_bindir() -> Path | None:
    """The server binaries inside the ``pgserver`` wheel, found without importing it (its import
    touches the user's runtime folders)."""
    spec = importlib.util.find_spec("pgserver")
    for location in (spec.submodule_search_locations or []) if spec else []:
        bindir = Path(location) / "pginstall" / "bin"
        if (bindir / "initdb").is_file():
            return bindir
    return None


def find_bindir() -> Path:
    """``pg_config --bindir`` when it has the server, else the newest ``/usr/lib/postgresql/*/bin``,
    else PATH, else the ``pgserver`` wheel's."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if out.returncode == 0 and out.stdout.strip():
            candidates.append(Path(out.stdout.strip()))

    def major(path: str) -> float:
        found = re.search(r"/postgresql/([0-9.]+)/bin$", path)
        return float(found.group(1)) if found else 0.0

    candidates += [Path(p) for p in sorted(glob.glob(DISTRO_BINDIRS), key=major, reverse=True)]
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).parent)
    wheel = pip_bindir()
    if wheel is not None:
        candidates.append(wheel)
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    raise PgClusterError(INSTALL_HINT)


def _server_user() -> pwd.struct_passwd:
    """Who runs a new cluster's server when we are root."""
    for name in SYSTEM_USERS:
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise PgClusterError(f"running as root needs one of these system users: {', '.join(SYSTEM_USERS)}")


def _reachable_by_others(path: Path) -> bool:
    """Every folder above ``path`` lets others through, and ``path`` itself is readable by them."""
    path = path.resolve()
    for folder in path.parents:
        if not folder.stat().st_mode & stat.S_IXOTH:
            return False
    return bool(path.stat().st_mode & stat.S_IROTH)


def _usable_bindir(bindir: Path) -> Path:
    """``bindir``, or, when root's server user couldn't run it, a world-readable copy of its install.

    The wheel's install is self-contained (``bin``, ``lib``, ``share`` side by side, found relative to
    the binary) but for its shared libraries, which auditwheel put in ``pgserver.libs`` beside the
    package (``RPATH $ORIGIN/../../../pgserver.libs``): the copy keeps that layout. It is made once
    per install and reused.
    """
    if os.geteuid() != 0 or _reachable_by_others(bindir / "postgres"):
        return bindir
    install = bindir.parent
    package = install.parent
    libs = package.parent / f"{package.name}.libs"
    digest = hashlib.sha256(str(install).encode()).hexdigest()[:12]
    shared = Path(tempfile.gettempdir()) / f"cardroom-pgbin-{digest}"
    copied = shared / package.name / install.name / bindir.name
    if not (copied / "pg_ctl").is_file():
        staging = Path(tempfile.mkdtemp(prefix="cardroom-pgbin-"))
        shutil.copytree(install, staging / "tree" / package.name / install.name, symlinks=True)
        if libs.is_dir():
            shutil.copytree(libs, staging / "tree" / libs.name, symlinks=True)
        for root, dirs, _files in os.walk(staging):
            for name in [root, *(os.path.join(root, d) for d in dirs)]:
                os.chmod(name, 0o755)
        with contextlib.suppress(OSError):  # another process made it meanwhile: theirs is as good
            (staging / "tree").rename(shared)
        shutil.rmtree(staging, ignore_errors=True)
    return copied


def _as_server_user(argv: list[str], directory: Path | None = None) -> list[str]:
    """Root runs the server's binaries as the cluster directory's owner (or the user a new cluster
    will be given to); anyone else runs them as themself."""
    if os.geteuid() != 0:
        return argv
    if directory is not None and directory.exists() and directory.stat().st_uid != 0:
        user = pwd.getpwuid(directory.stat().st_uid).pw_name
    else:
        user = _server_user().pw_name
    return ["runuser", "-u", user, "--", *argv]


def _run(argv: list[str], what: str, directory: Path, log: Path | None = None) -> None:
    out = subprocess.run(_as_server_user(argv, directory), capture_output=True, text=True, check=False)
    if out.returncode != 0:
        detail = (out.stderr or out.stdout).strip().splitlines()[-3:]
        if log is not None and log.exists():
            detail += log.read_text(errors="replace").strip().splitlines()[-5:]
        raise PgClusterError(f"{what} failed ({out.returncode}): " + " | ".join(detail))


def _give_to_server_user(directory: Path) -> None:
    if os.geteuid() != 0 or directory.stat().st_uid != 0:
        return
    user = _server_user()
    for root, dirs, files in os.walk(directory):
        for name in [root, *(os.path.join(root, d) for d in dirs), *(os.path.join(root, f) for f in files)]:
            os.chown(name, user.pw_uid, user.pw_gid)
    directory.chmod(0o700)


def _settings(directory: Path, port: int, durable: bool, max_connections: int) -> str:
    lines = [
        "# written by tools/pgcluster.py",
        "listen_addresses = ''",  # unix socket only
        f"unix_socket_directories = '{directory}'",
        f"port = {port}",
        f"max_connections = {max_connections}",  # 4 shard processes × their pools, plus the tests
        "shared_buffers = '128MB'",
    ]
    if not durable:
        # Throwaway data: a crash may lose it, which is fine for tests and measurably faster.
        lines += ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]
    return "\n".join(lines) + "\n"


def start(
    directory: Path,
    *,
    durable: bool = True,
    port: int = DEFAULT_PORT,
    max_connections: int = 200,
    bindir: Path | None = None,
) -> Cluster:
    """Creates the cluster in ``directory`` unless it exists, starts it unless it runs; returns it.

    ``bindir`` picks the server binaries of a new cluster (default: ``find_bindir()``); an existing
    cluster always runs with the binaries it was created with."""
    directory = directory.resolve()
    if len(str(directory)) + len(f"/.s.PGSQL.{port}") > 100:
        raise PgClusterError(f"cluster directory {directory} is too long for a unix socket path: pick a shorter one")
    cluster = Cluster(directory, port)
    data = cluster.data_dir
    created = (data / "PG_VERSION").exists()
    bindir = _bindir_of(directory) if created else _usable_bindir(bindir or find_bindir())
    directory.mkdir(parents=True, exist_ok=True)
    _give_to_server_user(directory)
    if not created:
        sync = [] if durable else ["--no-sync"]
        _run(
            [str(bindir / "initdb"), "-D", str(data), "--auth=trust", "-U", SERVER_USER,
             "-E", "UTF8", "--locale=C", *sync],
            "initdb",
            directory,
        )
        conf = data / "postgresql.auto.conf"
        with conf.open("a", encoding="utf-8") as fh:
            fh.write(_settings(directory, port, durable, max_connections))
        (directory / BINDIR_FILE).write_text(str(bindir) + "\n", encoding="utf-8")
    if _running(bindir, data):
        return cluster
    log = directory / "server.log"
    _run([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60", "start"],
         "pg_ctl start", directory, log)
    return cluster


def _bindir_of(directory: Path) -> Path:
    """The binaries ``directory``'s cluster was created with (its data must match their version)."""
    recorded = directory / BINDIR_FILE
    if recorded.exists():
        bindir = Path(recorded.read_text(encoding="utf-8").strip())
        if (bindir / "pg_ctl").is_file():
            return bindir
    return _usable_bindir(find_bindir())


def _running(bindir: Path, data: Path) -> bool:
    out = subprocess.run(
        _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "status"], data.parent),
        capture_output=True,
        check=False,
    )
    return out.returncode == 0


def stop(directory: Path) -> None:
    """Fast shutdown (open sessions are ended); nothing to do when the cluster isn't running."""
    data = directory.resolve() / "data"
    if not (data / "PG_VERSION").exists():
        return  # never created (e.g. PostgreSQL missing): nothing runs, and no binaries are needed
    bindir = _bindir_of(directory.resolve())
    if _running(bindir, data):
        _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], "pg_ctl stop", data.parent)


def stop_now(directory: Path, mode: str = "fast") -> None:
    """Stops a running cluster: ``fast`` ends the sessions cleanly, ``immediate`` as a crash would.

    For tests of what the bot does while its server is away; ``start`` brings it back."""
    if mode not in ("fast", "immediate"):
        raise PgClusterError(f"unknown shutdown mode {mode!r}: fast or immediate")
    data = directory.resolve() / "data"
    _run([str(_bindir_of(data.parent) / "pg_ctl"), "-D", str(data), "-m", mode, "-w", "stop"],
         f"pg_ctl stop -m {mode}", data.parent)


def cluster_at(directory: Path) -> Cluster:
    """The cluster ``start`` created in ``directory`` (its port read back from its settings)."""
    directory = directory.resolve()
    conf = directory / "data" / "postgresql.auto.conf"
    if not conf.exists():
        raise PgClusterError(f"no cluster in {directory}: run `python -m tools.pgcluster start --dir {directory}`")
    ports = re.findall(r"^port = (\d+)$", conf.read_text(encoding="utf-8"), re.MULTILINE)
    return Cluster(directory, int(ports[-1]) if ports else DEFAULT_PORT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pgcluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["start", "stop", "url"])
    parser.add_argument("--dir", required=True, type=Path, help="the cluster's directory (data, socket, log)")
    parser.add_argument("--fast", action="store_true", help="no fsync: for throwaway data only")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="names the socket file")
    args = parser.parse_args(argv)
    try:
        if args.command == "start":
            print(start(args.dir, durable=not args.fast, port=args.port).url())
        elif args.command == "stop":
            stop(args.dir)
        else:
            print(cluster_at(args.dir).url())
    except PgClusterError as exc:
        print(f"pgcluster: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
