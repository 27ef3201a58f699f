"""Fixtures of the server tests: every test talks to a real uvicorn process."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import POSTGRES_ENV, ServerProcess, postgres_database, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server on a fresh SQLite file, bots without a pause, no rate limits."""
    d = tmp_path_factory.mktemp("server")
    with running(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log") as srv:
        yield srv


def postgres_admin_url() -> str:
    """The PostgreSQL server the tests may use. In CI (CI=true) it must be there: tests fail, not skip."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{POSTGRES_ENV} is not set: CI must start PostgreSQL (.ci/postgres.sh)")
        pytest.skip(f"{POSTGRES_ENV} is not set (run .ci/postgres.sh)")
    return url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test."""
    with postgres_database(postgres_admin_url()) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql", "postgresql-shared"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each storage backend in turn: a fresh SQLite file, then a fresh PostgreSQL database served by one
    process, then one served in several-process mode (``multi_process``: every change locks its table's
    row and is announced to the other processes; the servers started here inherit the setting)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite3'}"
        return
    if request.param == "postgresql-shared":
        monkeypatch.setenv("MEDIEVAL_MULTI_PROCESS", "true")
    with postgres_database(postgres_admin_url()) as url:
        yield url
