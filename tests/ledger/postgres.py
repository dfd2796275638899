"""A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` (`make postgres`
installs it), made with initdb in a temporary directory, serving on 127.0.0.1 at a free port
(and a unix socket in that directory), with a new empty database for each test that asks.

As root (here and in CI) initdb refuses to run, so the cluster is the `postgres` system user's:
its directory is chowned to it, and initdb and the server run under `runuser -u postgres`.
(Run by another user, the cluster is that user's and nothing switches.)

The server never outlives the test run. It is not started by pg_ctl (which detaches it) but
by a small shell, its keeper (KEEPER), that starts `postgres` and beside it a reader of the
keeper's standard input: a pipe whose other end only the test run holds. When the run closes
the pipe (`Cluster.stop`, in the session fixture's finally) or dies in any way, even by kill -9
(the kernel closes the pipe then), the read ends and the reader stops the server (SIGINT: a
fast shutdown); the keeper, waiting for the server, then removes the directory (which
`Cluster.stop` removes too, should the keeper be slow) and ends. The keeper is in a session of
its own, so a ctrl+c at the terminal reaches pytest (whose finally stops the cluster), not the
server. The cluster's settings trade safety for speed (no fsync): it is thrown away."""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.web_screenshot import free_port

NOT_INSTALLED = "PostgreSQL is not installed: make postgres"
REQUIRED = "NAC_POSTGRES_TESTS"
"""Set to "required" (as `make test-postgres` does), a missing PostgreSQL fails the tests
instead of skipping them."""
NEW = ["--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]
"""initdb's options: anyone on the machine connects as anyone (no password), UTF-8 names in
bytes' order, nothing flushed to the disk."""
SUPERUSER = "nac"
"""The cluster's superuser, whoever runs it (trusted on loopback: no password)."""
SYSTEM_USER = "postgres"
"""The system user a cluster started by root runs as (Debian's package makes it)."""
LONGEST_START = 30.0
"""Seconds a new cluster may take to accept connections before the tests fail."""
LONGEST_STOP = 30.0

KEEPER = r"""
bin=$1 root=$2 port=$3
exec 3<&0
"$bin/postgres" -D "$root/data" -p "$port" -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories="$root" -c fsync=off -c synchronous_commit=off \
    -c full_page_writes=off -c max_connections=200 </dev/null >"$root/log" 2>&1 3<&- &
server=$!
{ read -r _ignored; kill -INT "$server" 2>/dev/null; } <&3 &
exec 3<&-
wait "$server" && rm -rf "$root"
"""
"""The keeper (see the module's text): $1 the binaries' directory, $2 the cluster's, $3 the
port. The server and a reader of the keeper's standard input run beside each other; the keeper
itself waits for the server, so it ends when the server does, whether the reader stopped it or
it failed to start; the directory goes with a server stopped cleanly (one that failed leaves its
log, for `start_cluster` to tell, then remove)."""


def binaries() -> Path | None:
    """The directory of the newest PostgreSQL's initdb and postgres Debian installed, if any."""

    def version(bin_directory: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", bin_directory.parent.name))

    found = [initdb.parent for initdb in Path("/usr/lib/postgresql").glob("*/bin/initdb")]
    found = [directory for directory in found if (directory / "postgres").exists()]
    return max(found, key=version) if found else None


@dataclass
class Cluster:
    """A running cluster: `database()` makes a new database in it and says its URL."""

    programs: Path
    root: Path
    port: int
    keeper: subprocess.Popen[bytes]
    made: int = field(default=0)

    @property
    def url(self) -> str:
        """The URL of the cluster's `postgres` database, without its driver."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def database(self) -> str:
        """A new, empty database (copied from template1, as CREATE DATABASE does), as the
        ledger's URL (postgresql+asyncpg://)."""
        self.made += 1
        name = f"ledger_{self.made}"
        self.sql(f'CREATE DATABASE "{name}"')
        return f"postgresql+asyncpg://{SUPERUSER}@127.0.0.1:{self.port}/{name}"

    def sql(self, statement: str) -> str:
        """`statement` run by psql as the superuser in the `postgres` database; what it printed."""
        done = subprocess.run(
            [str(self.programs / "psql"), "-XqAt", "-vON_ERROR_STOP=1", self.url, "-c", statement],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql {statement!r}: {done.stderr.strip()}")
        return done.stdout.strip()

    def log(self) -> str:
        try:
            return (self.root / "log").read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        """The server stopped and its directory removed (the keeper does both once its
        standard input closes); killed if it takes longer than LONGEST_STOP."""
        try:
            if self.keeper.stdin is not None:
                with contextlib.suppress(OSError):
                    self.keeper.stdin.close()
            try:
                self.keeper.wait(LONGEST_STOP)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.keeper.pid, 9)
                self.keeper.wait()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _as_owner(command: list[str]) -> list[str]:
    """`command` run as the cluster's owner: the postgres system user when root runs it."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", SYSTEM_USER, "--", *command]


def start_cluster() -> Cluster:
    """A new cluster, accepting connections (where it cannot start: RuntimeError with its log,
    and nothing left running or on the disk)."""
    programs = binaries()
    if programs is None:
        raise FileNotFoundError(NOT_INSTALLED)
    root = Path(tempfile.mkdtemp(prefix="nac-postgres-"))
    try:
        if os.geteuid() == 0:
            owner = pwd.getpwnam(SYSTEM_USER)
            os.chown(root, owner.pw_uid, owner.pw_gid)
        made = subprocess.run(
            _as_owner([str(programs / "initdb"), "-D", str(root / "data"), "-U", SUPERUSER, *NEW]),
            capture_output=True,
            text=True,
            cwd=root,
            timeout=120,
            check=False,
        )
        if made.returncode != 0:
            raise RuntimeError(f"initdb failed: {(made.stdout + made.stderr).strip()}")
        port = free_port()
        keeper = subprocess.Popen(
            _as_owner(["sh", "-c", KEEPER, "nac-postgres", str(programs), str(root), str(port)]),
            stdin=subprocess.PIPE,
            cwd=root,
            start_new_session=True,
        )
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    cluster = Cluster(programs, root, port, keeper)
    deadline = time.monotonic() + LONGEST_START
    while True:
        ready = subprocess.run(
            [str(programs / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(port)], check=False
        )
        if ready.returncode == 0:
            return cluster
        if keeper.poll() is not None or time.monotonic() > deadline:
            log = cluster.log()
            cluster.stop()
            raise RuntimeError(f"PostgreSQL did not start on port {port}:\n{log.strip()}")
        time.sleep(0.05)
