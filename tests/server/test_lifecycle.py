"""Table lifecycle: open tables expire, games whose people are all gone are abandoned, the
creator cancels an open table, and each client has a limit of live tables, so that one client can no
longer fill the server for good. Every status is stored and survives a restart."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import SeatClient, api, bearer, running, settle


def _wait_status(client: httpx.Client, tid: str, status: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        table: dict[str, Any] = client.get(f"/api/tables/{tid}").json()
        if table["status"] == status:
            return table
        assert time.monotonic() < deadline, f"table {tid} is {table['status']}, never {status}"
        time.sleep(0.1)


def _listed(client: httpx.Client, tid: str, status: str) -> bool:
    return any(t["id"] == tid for t in client.get("/api/tables", params={"status": status}).json())


def test_open_tables_expire_even_across_a_restart(database_url: str, tmp_path: Path) -> None:
    """Finding: open tables never expired, and a restart did not help. Expiry counts from the stored
    creation time, so a table created before a restart expires after it, and stays expired."""
    env = {"MEDIEVAL_OPEN_TABLE_TTL": "3"}
    with running(database_url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann", "auto_start": False})
        assert made.status_code == 201
        tid, ann = made.json()["table"]["id"], made.json()["token"]
        assert made.json()["expires_at"] == made.json()["table"]["created_at"] + 3
        assert client.get("/api/health").json()["live_tables"] == 1
    with running(database_url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        assert _wait_status(client, tid, "expired")
        assert client.get("/api/health").json()["live_tables"] == 0
        r = client.post(f"/api/tables/{tid}/join", json={"name": "Ben"})
        assert (r.status_code, r.json()["code"]) == (409, "table_closed")
        r = client.post(f"/api/tables/{tid}/start", headers=bearer(ann), json={"fill_bot": "random"})
        assert (r.status_code, r.json()["code"]) == (409, "not_open")
    with running(database_url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        assert client.get(f"/api/tables/{tid}").json()["status"] == "expired"
        assert _listed(client, tid, "expired") and not _listed(client, tid, "open")
        state = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
        assert state["status"] == "expired" and state["view"] is None and state["legal"] == []


def test_a_game_whose_people_are_all_gone_is_abandoned(database_url: str, tmp_path: Path) -> None:
    """Finding: one absent player stalled a table for ever. A game none of whose people has been
    connected (or acted) for ``abandon_after`` seconds is abandoned; one whose player is connected is
    not. Abandoned, it refuses actions, stays so after a restart, and no longer counts as live."""
    env = {"MEDIEVAL_ABANDON_AFTER": "2"}
    with running(database_url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        body = {"game": "paladin", "players": 3, "name": "Ann", "seats": [{"bot": None}, {"bot": "random"},
                                                                             {"bot": "random"}]}
        gone = client.post("/api/tables", json=body).json()
        here = client.post("/api/tables", json=body).json()

        async def run() -> None:
            async with SeatClient(srv, here["table"]["id"], here["token"]) as stays:
                await stays.state()
                _wait_status(client, gone["table"]["id"], "abandoned")
                assert client.get(f"/api/tables/{here['table']['id']}").json()["status"] == "playing"

        asyncio.run(run())
        tid, ann = gone["table"]["id"], gone["token"]
        legal = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()["legal"]
        assert legal == []  # nothing to play at an abandoned table
        r = client.post(f"/api/tables/{tid}/actions", headers=bearer(ann), json={"action": "nolook"})
        assert (r.status_code, r.json()["code"]) == (409, "table_closed")
        assert _listed(client, tid, "abandoned")
    with running(database_url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        assert client.get(f"/api/tables/{tid}").json()["status"] == "abandoned"
        r = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann))
        assert (r.status_code, r.json()["code"]) == (409, "table_closed")


def test_the_creator_cancels_an_open_table(database_url: str, tmp_path: Path) -> None:
    """Finding: open tables could not be cancelled. The creation answers with a creator credential (also
    to a creator who takes no seat); it alone cancels the table, and only while it is open."""
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        made = client.post("/api/tables", json={"game": "paladin", "players": 3}).json()
        tid, creator = made["table"]["id"], made["creator_token"]
        assert made["token"] is None and creator
        guest = client.post(f"/api/tables/{tid}/join", json={"name": "Gus"}).json()["token"]
        r = client.post(f"/api/tables/{tid}/cancel")
        assert (r.status_code, r.json()["code"]) == (401, "no_token")
        for wrong in (guest, "not-the-credential"):
            r = client.post(f"/api/tables/{tid}/cancel", headers=bearer(wrong))
            assert (r.status_code, r.json()["code"]) == (403, "not_creator")
        assert client.get(f"/api/tables/{tid}").json()["status"] == "open"
        r = client.post(f"/api/tables/{tid}/cancel", headers=bearer(creator))
        assert r.status_code == 200 and r.json()["status"] == "cancelled"
        r = client.post(f"/api/tables/{tid}/join", json={"name": "Hal"})
        assert (r.status_code, r.json()["code"]) == (409, "table_closed")
        r = client.post(f"/api/tables/{tid}/cancel", headers=bearer(creator))
        assert (r.status_code, r.json()["code"]) == (409, "not_open")
        # a game under way is not cancelled
        started = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                                   "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]})
        r = client.post(f"/api/tables/{started.json()['table']['id']}/cancel",
                        headers=bearer(started.json()["creator_token"]))
        assert (r.status_code, r.json()["code"]) == (409, "not_open")
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        assert client.get(f"/api/tables/{tid}").json()["status"] == "cancelled"
        assert _listed(client, tid, "cancelled")


def _create(client: httpx.Client, address: str) -> httpx.Response:
    return client.post("/api/tables", headers={"X-Forwarded-For": address},
                       json={"game": "paladin", "players": 3, "auto_start": False})


def test_one_client_cannot_fill_the_server(tmp_path: Path) -> None:
    """Finding: one address filled the server's 10,000 tables in about 8 minutes. Each client (its
    address, as the trusted proxy says; an IPv6 address by its /64) may have ``max_tables_per_client``
    live tables; others can still create theirs; a cancelled table frees a place; the count survives a
    restart. A forged X-Forwarded-For from an untrusted peer buys nothing."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env = {"MEDIEVAL_MAX_TABLES_PER_CLIENT": "3", "MEDIEVAL_MAX_LIVE_TABLES": "8",
           "MEDIEVAL_TRUSTED_PROXIES": "127.0.0.1"}
    with running(url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        mine = [_create(client, "203.0.113.5") for _ in range(3)]
        assert all(r.status_code == 201 for r in mine)
        r = _create(client, "203.0.113.5")
        assert (r.status_code, r.json()["code"]) == (429, "too_many_tables")
        assert _create(client, "198.51.100.7").status_code == 201  # someone else still can
        # one IPv6 subscriber (a /64) is one client
        assert [_create(client, f"2001:db8:0:1::{i}").status_code for i in (1, 2, 3, 4)] == [201, 201, 201, 429]
        assert client.get("/api/health").json()["live_tables"] == 7
        assert _create(client, "192.0.2.1").status_code == 201
        r = _create(client, "192.0.2.2")
        assert (r.status_code, r.json()["code"]) == (503, "server_full")
        first = mine[0].json()
        client.post(f"/api/tables/{first['table']['id']}/cancel", headers=bearer(first["creator_token"]))
    env["MEDIEVAL_MAX_LIVE_TABLES"] = "100"
    with running(url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        assert _create(client, "203.0.113.5").status_code == 201  # the cancelled one's place
        r = _create(client, "203.0.113.5")
        assert (r.status_code, r.json()["code"]) == (429, "too_many_tables")  # counted across the restart
    env["MEDIEVAL_TRUSTED_PROXIES"] = ""
    with running(url, tmp_path / "server.log", **env) as srv, api(srv) as client:
        made = [_create(client, f"198.51.100.{i}").status_code for i in range(1, 6)]
        assert made == [201, 201, 201, 429, 429]  # all of them are 127.0.0.1


def test_statuses_are_listed_and_bots_stop_at_an_ended_table(tmp_path: Path) -> None:
    """An abandoned table's bots stop with it (a bot table whose people are gone costs nothing more)."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with running(url, tmp_path / "server.log", MEDIEVAL_ABANDON_AFTER="1", MEDIEVAL_BOT_DELAY="0.3") as srv, \
            api(srv) as client:
        made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                                "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]}).json()
        tid, ann = made["table"]["id"], made["token"]
        client.post(f"/api/tables/{tid}/leave", headers=bearer(ann), json={"bot": "random"})  # bots play all
        final = _wait_status(client, tid, "abandoned")
        time.sleep(1.0)  # a bot that was thinking has had time to try its move
        assert client.get(f"/api/tables/{tid}").json()["version"] == final["version"]
        assert settle(client, tid)["status"] == "abandoned"
