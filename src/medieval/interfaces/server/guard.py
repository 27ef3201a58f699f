"""One server process per database, for now.

A process is the authority over the tables it serves: it holds each table's state and lock in memory.
Two processes on one database would each accept moves the other does not know of (the primary key
refuses the second action at a ply, so nothing is stored twice, but one of the two players is told
no). So a second process refuses to start:

- on SQLite, with an exclusive ``flock`` on a lock file beside the database (``PATH.lock``), held for
  the life of the process (the kernel releases it when the process dies, even by SIGKILL);
- on PostgreSQL, with a session advisory lock (``pg_try_advisory_lock``) on a connection of its own,
  held for the life of the process (PostgreSQL releases it when the connection goes).

With ``multi_process`` on, PostgreSQL is served by several processes (shared.py, cluster.py): then no
lock is taken. SQLite is always served by one process."""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from medieval.interfaces.server.settings import ServerSettings

log = logging.getLogger("medieval.server")

#: The advisory lock key of the medieval server (any fixed 64-bit number; advisory locks are per database).
ADVISORY_KEY = 0x6D65646965766C31


class AnotherServer(RuntimeError):
    """Another server process already serves this database."""


class WriterGuard:
    """Held while this process serves its database (``acquire`` raises AnotherServer if it cannot be)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self._fd: int | None = None
        self._conn: Any = None
        self._engine: Any = None

    def acquire(self) -> None:
        if self.settings.is_sqlite:
            self._lock_file()
        elif not self.settings.shared:
            self._lock_postgres()

    def _lock_file(self) -> None:
        path = self.settings.database_url.split("///", 1)[-1]
        if not path or path == ":memory:" or path.startswith("file::memory:"):
            return  # a private in-memory database: no other process can reach it
        try:
            import fcntl
        except ModuleNotFoundError:  # not a POSIX system: no guard there
            log.warning("cannot lock %s on this system: make sure no other server uses it", path)
            return
        lock = Path(path + ".lock")
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "another process"
            os.close(fd)
            raise AnotherServer(f"another medieval server ({holder}) already serves {path}: one server process "
                                f"per database (stop it first, or give this one another --database-url)") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}".encode())
        self._fd = fd

    def _lock_postgres(self) -> None:
        self._engine = create_engine(self.settings.database_url, poolclass=NullPool)
        conn = self._engine.connect()
        got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": ADVISORY_KEY - 2**63}).scalar()
        conn.commit()
        if not got:
            conn.close()
            self._engine.dispose()
            self._engine = None
            url = make_url(self.settings.database_url).render_as_string()
            raise AnotherServer(f"another medieval server already serves {url}: one server process per "
                                f"database with multi_process off (stop it first, turn multi_process on, or "
                                f"give this one another --database-url)")
        self._conn = conn

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None
