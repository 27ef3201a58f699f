"""Storage: the writer's group commits, restarts with tables in every state, finished tables dropped from
memory and read back, and a stored game that no longer replays."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
from sqlalchemy import Connection, create_engine, text

import medieval
from medieval.core.state import RECORD_FORMAT, RECORD_FORMAT_1
from medieval.interfaces.server import storage
from medieval.interfaces.server.settings import ServerSettings
from medieval.interfaces.server.storage import Database
from tests.server.helpers import api, bearer, create_table, running


def test_group_commit_isolates_a_failing_write(tmp_path: Path) -> None:
    db = Database(ServerSettings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    db.migrate()
    db.start()
    stamp = storage.now()
    row = {"id": "t1", "game": "paladin", "players": 3, "options": {}, "seed": 1, "status": "playing",
           "auto_start": True, "version": 0, "outcome": None, "created_at": stamp, "updated_at": stamp}

    def boom(conn: Connection) -> None:
        raise RuntimeError("boom")

    async def run() -> list[object]:
        await db.write(lambda c: storage.insert_table(c, row, [{"table_id": "t1", "seat": 0, "bot": "random",
                                                                "name": None, "token_hash": None,
                                                                "present": True}]))
        jobs = []
        for i in range(5):  # queued at once: they share group commits
            jobs.append(db.write_action(storage.ActionWrite("t1", i, 0, f"a{i}", "playing", None)))
        jobs.insert(2, db.write(boom))
        jobs.append(db.write_action(storage.ActionWrite("t1", 3, 0, "again", "playing", None)))
        return await asyncio.gather(*jobs, return_exceptions=True)

    try:
        results = asyncio.run(run())
    finally:
        db.close()
    assert isinstance(results[2], RuntimeError)
    assert isinstance(results[-1], Exception)  # a second action at the same ply is refused
    assert [r for i, r in enumerate(results) if i not in (2, len(results) - 1)] == [None] * 5
    engine = create_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM actions")).scalar() == 5
        assert conn.execute(text("SELECT version FROM tables")).scalar() == 5
    engine.dispose()


def test_restart_keeps_open_tables_seats_and_tokens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with running(url, tmp_path / "log") as srv, api(srv) as client:
        made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="Kim", auto_start=False)
        tid, kim = made["table"]["id"], made["token"]
    with running(url, tmp_path / "log") as srv, api(srv) as client:
        assert client.get(f"/api/tables/{tid}").json()["status"] == "open"
        assert client.get(f"/api/tables/{tid}/state", headers=bearer(kim)).json()["seat"] == 0
        lee = client.post(f"/api/tables/{tid}/join", json={"name": "Lee"}).json()["token"]
        assert client.post(f"/api/tables/{tid}/start", headers=bearer(lee)).json()["status"] == "playing"


def test_finished_tables_leave_memory_and_come_back_from_storage(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with running(url, tmp_path / "log", MEDIEVAL_FINISHED_TTL="0") as srv, api(srv) as client:
        tid = create_table(client, "paladin", 3, bots=["random"] * 3)["table"]["id"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        final = client.get(f"/api/tables/{tid}/state").json()
        final.pop("server_time")
        deadline = time.monotonic() + 30
        while client.get("/api/health").json()["tables_in_memory"] > 0:  # swept
            assert time.monotonic() < deadline
            time.sleep(0.2)
        listed = [t for t in client.get("/api/tables", params={"status": "finished"}).json() if t["id"] == tid]
        rebuilt = client.get(f"/api/tables/{tid}/state").json()
        rebuilt.pop("server_time")
        assert rebuilt == final  # rebuilt from storage
        assert listed == [client.get(f"/api/tables/{tid}").json()]  # the stored summary is the live one


def test_a_stored_game_that_does_not_replay_is_set_aside(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with running(url, tmp_path / "log", MEDIEVAL_BOT_DELAY="5") as srv, api(srv) as client:
        bad = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="X")
        good = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="Y")
        state = client.get(f"/api/tables/{bad['table']['id']}/state", headers=bearer(bad["token"])).json()
        if state["your_turn"]:
            client.post(f"/api/tables/{bad['table']['id']}/actions", headers=bearer(bad["token"]),
                        json={"action": state["legal"][0]})
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO actions (table_id, ply, seat, notation, created_at) "
                          "VALUES (:t, 999, 0, 'nonsense', '2026-01-01')"), {"t": bad["table"]["id"]})
    engine.dispose()
    with running(url, tmp_path / "log") as srv, api(srv) as client:
        assert client.get(f"/api/tables/{bad['table']['id']}").status_code == 404
        assert client.get(f"/api/tables/{good['table']['id']}").status_code == 200
        assert httpx.get(f"{srv.base}/api/health").json()["status"] == "ok"


def test_a_table_stored_before_the_second_record_format_replays_with_the_first(tmp_path: Path) -> None:
    """Tables written before ``record_format`` was stored get the first format (the migration's default) and
    replay with its chance: here a finished 3-player Paladin of the first format, stored row by row."""
    record = json.loads((Path(__file__).resolve().parent.parent / "golden" / "records"
                         / "paladin-record1.json").read_text())
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    db = Database(ServerSettings(database_url=url))
    db.migrate()
    db.close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO tables (id, game, players, options, seed, status, auto_start, version, "
                          "outcome, private, created_at, updated_at) VALUES ('old', 'paladin', 3, '{}', :seed, "
                          "'playing', 1, :n, NULL, 0, '2026-01-01', '2026-01-01')"),
                     {"seed": record["origin"]["seed"], "n": len(record["actions"])})
        for seat in range(3):
            conn.execute(text("INSERT INTO seats (table_id, seat, bot, present) VALUES ('old', :s, 'random', 1)"),
                         {"s": seat})
        for ply, (seat, notation) in enumerate(record["actions"]):
            conn.execute(text("INSERT INTO actions (table_id, ply, seat, notation, created_at) "
                              "VALUES ('old', :p, :s, :n, '2026-01-01')"), {"p": ply, "s": seat, "n": notation})
    engine.dispose()
    with running(url, tmp_path / "log") as srv, api(srv) as client:
        assert client.get("/api/tables/old").json()["version"] == len(record["actions"])  # replayed, not set aside
        view = client.get("/api/tables/old/state").json()["view"]
        assert view == json.loads(json.dumps(medieval.replay(record).view(None)))
        made = create_table(client, "paladin", 3, bots=["random"] * 3)  # new tables: the current format
    engine = create_engine(url)
    with engine.connect() as conn:
        formats = {str(r[0]): str(r[1]) for r in conn.execute(text("SELECT id, record_format FROM tables"))}
    engine.dispose()
    assert formats == {"old": RECORD_FORMAT_1, made["table"]["id"]: RECORD_FORMAT}
