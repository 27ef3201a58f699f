"""What an action costs the database with several processes (docs/server.md, "How an action is
committed"): one statement when the process's copy of the table is the stored one, two when another
process changed the table first (the first brings back what was missed, the second stores the action);
catching up on a notice from another process is one statement.
The notice to the other processes is left out: it goes out after the commit, with the others waiting.
What a copy behind gets back is checked too: the actions from its ply on, or every action after an undo.
Counted on the real PostgreSQL, statement by statement, through SQLAlchemy's event hooks on every engine
a service uses; a count, not a timing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, event

from medieval.interfaces.server.settings import ServerSettings
from medieval.interfaces.server.shared import Actor, Stale
from medieval.interfaces.server.storage import ActionWrite, Database
from medieval.interfaces.server.tables import Table, TableService
from tests.server.helpers import stored_actions


class Trips:
    """The statements and transaction ends that go to the database through some engines."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.transaction_ends = 0

    def statement(self, conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if "pg_notify" not in sql:  # the notices go out after the commit, in batches (shared.py Notifier)
            self.statements.append(sql)

    def end(self, conn: Any) -> None:
        if not _autocommit(conn):  # an autocommit connection sends no COMMIT or ROLLBACK
            self.transaction_ends += 1

    @property
    def total(self) -> int:
        return len(self.statements) + self.transaction_ends


def _autocommit(conn: Any) -> bool:
    return bool(conn.connection.dbapi_connection.autocommit)


@contextmanager
def counting(engines: list[Engine]) -> Iterator[Trips]:
    trips = Trips()
    hooks: list[tuple[str, Callable[..., None]]] = [("before_cursor_execute", trips.statement),
                                                    ("commit", trips.end), ("rollback", trips.end)]
    for engine in engines:
        for name, fn in hooks:
            event.listen(engine, name, fn)
    try:
        yield trips
    finally:
        for engine in engines:
            for name, fn in hooks:
                event.remove(engine, name, fn)


def engines_of(service: TableService) -> list[Engine]:
    found = [service.db.engine]
    if service.db.tx_engine is not None:
        found.append(service.db.tx_engine.sync_engine)
    if service.actor is not None:
        found.append(service.actor.engine.sync_engine)
    return found


def bare(settings: ServerSettings, db: Database) -> TableService:
    """A service of the several-process mode storing actions, without the notices and heartbeat that
    would bring its copies up to date in the background."""
    service = TableService(settings, db)
    service.actor = Actor(db.url, db.writer_id, 1, settings.commit_batch)
    service.actor.start()
    return service


async def unbare(service: TableService) -> None:
    assert service.actor is not None
    await service.actor.stop()
    await service.bots.stop()
    if service.db.tx_engine is not None:
        await service.db.tx_engine.dispose()


async def play_one(service: TableService, table: Table) -> int:
    seat = table.state.to_move[0]
    action = table.state.legal_actions(seat)[0]
    return await service.submit(table, seat, str(action))


def test_an_action_is_one_statement_and_two_after_a_change_elsewhere(postgres_url: str) -> None:
    settings = ServerSettings(database_url=postgres_url, multi_process=True, bot_delay=0)
    first, second = Database(settings), Database(settings)
    first.migrate()
    first.start()
    second.start()

    async def run() -> None:
        # Two processes that store actions and hear no notices (their copies stay behind until they act).
        a, b = bare(settings, first), bare(settings, second)
        try:
            made = await a.create("paladin", 3, {}, [None, None, None], auto_start=True, name="A", seat=0,
                                  hotseat=True, client="one")
            table = made.table
            for seat in (1, 2):  # three people, no bot: nothing moves but what the test plays
                await a.join(table, f"P{seat}", seat, client="one")
            assert table.status == "playing"

            with counting(engines_of(a)) as trips:
                await play_one(a, table)
            assert table.ply == 1
            assert trips.total == 1, trips.statements  # no BEGIN, SELECT, UPDATE or COMMIT of its own
            assert "medieval_act" in trips.statements[0]

            other = await b.get(table.id)
            idle = next(s for s in range(3) if s not in table.state.to_move)
            await a.leave(table, idle, None)  # changed elsewhere, whose turn it is unchanged
            await a.rejoin(table, idle)
            with counting(engines_of(b)) as trips:
                await play_one(b, other)
            assert other.ply == 2 and other.revision == table.revision + 1 and other.seats[idle].present
            assert trips.total == 2, trips.statements  # found behind, caught up from the answer, stored
            assert all("medieval_act" in s for s in trips.statements)

            # What a copy behind gets back: the actions from its ply on; every action after an undo.
            history, actor = other.state.history, b.actor
            assert actor is not None
            probe = ActionWrite(table.id, 1, 0, "x", "playing", None, second.writer_id)
            with pytest.raises(Stale) as behind:
                await actor.act(probe, revision=0, undos=0)
            assert behind.value.delta is not None and behind.value.delta.since == 1
            assert behind.value.delta.stored.actions == history[1:]
            assert [s["name"] for s in behind.value.delta.stored.seats] == ["A", "P1", "P2"]
            with pytest.raises(Stale) as undone:
                await actor.act(probe, revision=0, undos=1)
            assert undone.value.delta is not None and undone.value.delta.since is None
            assert undone.value.delta.stored.actions == history
            assert undone.value.delta.stored.revision == other.revision

            # A notice's catch-up is one statement too, and so is finding nothing to catch up.
            await a.leave(table, idle, None)
            with counting(engines_of(b)) as trips:
                await b.refresh(other)
            assert trips.total == 1, trips.statements
            assert other.revision == table.revision and not other.seats[idle].present
            assert other.state.history == table.state.history
            with counting(engines_of(b)) as trips:
                await b.refresh(other)
            assert trips.total == 1, trips.statements
        finally:
            for service in (a, b):
                await unbare(service)

    try:
        asyncio.run(run())
        assert len(stored_actions(postgres_url, _only_table(postgres_url))) == 2  # each stored once
    finally:
        first.close()
        second.close()


def test_two_actions_of_one_table_in_one_call_get_their_own_answers(postgres_url: str) -> None:
    """Two seats of one table acting at the same moment on one process go to the database in one call
    (one group): the first is stored, the second finds the table changed by it; each caller gets its own
    answer (the first its new revision, not the second's ``Stale``)."""
    settings = ServerSettings(database_url=postgres_url, multi_process=True, bot_delay=0)
    db = Database(settings)
    db.migrate()
    db.start()

    async def run() -> tuple[int, str]:
        service = bare(settings, db)
        try:
            made = await service.create("paladin", 3, {}, [None, None, None], auto_start=True, name="A", seat=0,
                                        hotseat=True, client="one")
            table = made.table
            for seat in (1, 2):
                await service.join(table, f"P{seat}", seat, client="one")
            actor = service.actor
            assert actor is not None and table.status == "playing"
            seat = table.state.to_move[0]
            first, second = (str(a) for a in table.state.legal_actions(seat)[:2])
            writes = [ActionWrite(table.id, table.ply, seat, notation, "playing", None, db.writer_id)
                      for notation in (first, second)]
            calls = actor.calls
            answers = await asyncio.gather(*(actor.act(w, table.revision, table.undos) for w in writes),
                                           return_exceptions=True)
            assert actor.calls == calls + 1  # one group, one call
            assert answers[0] == table.revision + 1, answers
            assert isinstance(answers[1], Stale) and answers[1].delta is not None, answers
            assert answers[1].delta.since == table.ply
            assert answers[1].delta.stored.actions == [(seat, first)]
            assert answers[1].delta.stored.revision == table.revision + 1
            return seat, first
        finally:
            await unbare(service)

    try:
        seat, first = asyncio.run(run())
        assert stored_actions(postgres_url, _only_table(postgres_url)) == [[seat, first]]  # the first, once
    finally:
        db.close()


def _only_table(url: str) -> str:
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            return str(conn.execute(text("SELECT id FROM tables")).scalar_one())
    finally:
        engine.dispose()
