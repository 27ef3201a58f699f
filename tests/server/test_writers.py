"""One writer per database: a second server process on the same database refuses to start,
and a write that fails on a duplicate (table, ply) key is acknowledged only if the stored action is this
very one, written by this process. Run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.server.helpers import SeatClient, ServerProcess, api, bearer, running, stored_actions


def _three_people(client: httpx.Client) -> tuple[str, dict[int, str]]:
    """A started Paladin table of three people; its id and the seats' tokens."""
    made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann"}).json()
    tid, tokens = made["table"]["id"], {0: made["token"]}
    for name in ("Ben", "Cy"):
        joined = client.post(f"/api/tables/{tid}/join", json={"name": name}).json()
        tokens[joined["seat"]] = joined["token"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
    return tid, tokens


def _store_behind_its_back(database_url: str, table_id: str, seat: int, notation: str, writer: str) -> None:
    """What another process writing the same database would do: store an action at ply 0."""
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO actions (table_id, ply, seat, notation, writer, created_at) "
                          "VALUES (:t, 0, :s, :n, :w, CURRENT_TIMESTAMP)"),
                     {"t": table_id, "s": seat, "n": notation, "w": writer})
        conn.execute(text("UPDATE tables SET version = 1 WHERE id = :t"), {"t": table_id})
    engine.dispose()


def test_a_duplicate_key_is_never_acknowledged_as_a_success(database_url: str, tmp_path: Path) -> None:
    """Finding: with two servers on one database, the same seat sent one action to A and another to B at
    version 0; both answered 200 with version 1, only one was stored and nothing was logged. Now the
    server whose write fails finds someone else's action at that ply: it refuses (409 write_conflict),
    logs an error, and reloads the table, so every client sees what is stored and nothing is lost. The
    same notation stored by another writer is not this server's action either."""
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        for other_notation in (True, False):
            tid, tokens = _three_people(client)
            first = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[0])).json()
            seat = first["to_move"][0]
            mine = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()["legal"]
            theirs = mine[1] if other_notation else mine[0]
            _store_behind_its_back(srv.database_url, tid, seat, theirs, "another-process")

            async def attempt(tid: str = tid, token: str = tokens[seat],
                              action: str = mine[0]) -> tuple[dict[str, Any], dict[str, Any]]:
                async with SeatClient(srv, tid, token) as me, SeatClient(srv, tid) as watcher:
                    await me.state()
                    await watcher.state()
                    await me.send({"type": "action", "action": action, "version": 0, "id": "a1"})
                    reply = await me.reply("a1")
                    seen = await watcher.until(lambda m: m["version"] == 1)
                    return reply, seen

            reply, seen = asyncio.run(attempt())
            assert (reply["type"], reply["status"], reply["code"]) == ("error", 409, "write_conflict"), reply
            assert stored_actions(srv.database_url, tid) == [[seat, theirs]]
            assert seen["version"] == 1 and seen["events"]  # the watcher is shown what is stored
            state = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
            assert state["version"] == 1
            r = client.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[seat]),
                            json={"action": mine[0], "version": 0})
            assert (r.status_code, r.json()["code"]) == (409, "stale_version")
        assert srv.log().count("another process writes this database") == 2


def test_a_second_server_on_the_same_database_refuses_to_start(database_url: str, tmp_path: Path) -> None:
    """Finding: two server processes could serve one database and lose acknowledged moves. The second
    now exits at once with a clear message (an flock beside an SQLite file; an advisory lock on
    PostgreSQL); once the first is gone, a new one starts."""
    alone = {"MEDIEVAL_MULTI_PROCESS": "false"}  # (whatever the fixture chose: one process)
    with running(database_url, tmp_path / "first.log", **alone) as first, api(first) as client:
        tid = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann"}).json()["table"]["id"]
        second = ServerProcess(database_url, tmp_path / "second.log", **alone)
        with pytest.raises(RuntimeError, match=r"server exited with [1-9]"):
            second.start()
        assert "another medieval server" in second.log()
        assert "one server process per database" in second.log()
        assert client.get(f"/api/tables/{tid}").status_code == 200  # the first serves on
    with running(database_url, tmp_path / "third.log") as third, api(third) as client:
        assert client.get(f"/api/tables/{tid}").json()["status"] == "open"
