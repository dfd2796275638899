"""The ledger's tests run on both its databases: `database` (a ledger's URL) and `ledger` (one
opened there) are SQLite in the test's directory, then a new database in a throwaway
PostgreSQL cluster (tests/ledger/postgres.py), that one marked `postgres`: `make test` runs the
SQLite ones, `make test-postgres` the PostgreSQL ones. Where PostgreSQL is not installed, those
skip ("PostgreSQL is not installed: make postgres"), or fail under `make test-postgres`."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from nac.ledger.ledger import Ledger, sqlite_url

from .postgres import NOT_INSTALLED, REQUIRED, Cluster, binaries, start_cluster

SQLITE = "sqlite"
POSTGRES = "postgresql"
BACKENDS = [SQLITE, pytest.param(POSTGRES, marks=pytest.mark.postgres)]


def missing() -> str:
    """What the PostgreSQL tests lack to run, in one line ("": nothing)."""
    if binaries() is None:
        return NOT_INSTALLED
    if importlib.util.find_spec("asyncpg") is None:
        return "asyncpg (the `web` extra) is not installed"
    return ""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `postgres` tests skipped where they cannot run, with one reason (so pytest's
    summary says it once a file, not once a test), unless they are required."""
    reason = missing()
    if reason and os.environ.get(REQUIRED) != "required":
        for item in items:
            if item.get_closest_marker("postgres") is not None:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One cluster for the session (started by the first test that needs it), stopped and
    removed at its end."""
    reason = missing()
    if reason:
        if os.environ.get(REQUIRED) == "required":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new ledger's URL: SQLite in the test's directory, or a new PostgreSQL database."""
    if request.param == SQLITE:
        return sqlite_url(tmp_path)
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()


@pytest.fixture
async def ledger(database: str) -> AsyncIterator[Ledger]:
    """The ledger at `database`, closed after the test."""
    opened = await Ledger.open(database)
    try:
        yield opened
    finally:
        await opened.close()
