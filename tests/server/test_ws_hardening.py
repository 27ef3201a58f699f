"""WebSocket and request hardening against a real server process: handshakes are
rate limited per address, connection storms do not amplify into state pushes, deep JSON is refused
with an error that keeps the connection, retried action ids are not applied twice, strict types, an
absent seat cannot act, finished tables refuse seat changes."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from tests.server.helpers import (
    SeatClient,
    ServerProcess,
    api,
    bearer,
    create_table,
    running,
    settle,
    stored_actions,
    stored_table,
)


def _seated(server: ServerProcess) -> tuple[str, str]:
    """A running table whose seat 0 is a person, to move now (the two bots have moved)."""
    with api(server) as c:
        made = create_table(c, "paladin", 3, bots=[None, "random", "random"], name="Ada")
        tid = made["table"]["id"]
        settle(c, tid)
        return tid, made["token"]


def _mine(server: ServerProcess, tid: str, token: str) -> dict[str, Any]:
    out: dict[str, Any] = httpx.get(f"{server.base}/api/tables/{tid}/state", headers=bearer(token)).json()
    return out


def test_handshakes_are_rate_limited_per_address(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", MEDIEVAL_WS_HANDSHAKE_RATE="0.001",
                 MEDIEVAL_WS_HANDSHAKE_BURST="3") as srv:
        tid, _ = _seated(srv)

        async def connect() -> None:
            clients = [await SeatClient(srv, tid).__aenter__() for _ in range(3)]
            for cl in clients:
                await cl.state()
            with pytest.raises(InvalidStatus) as refused:
                await websockets.connect(f"{srv.ws_base}/ws/tables/{tid}")
            response = refused.value.response
            assert response.status_code == 429 and json.loads(response.body)["code"] == "rate_limited"
            assert int(response.headers["Retry-After"]) >= 1
            await clients[0].send({"type": "ping", "id": 1})  # the connections already open live on
            assert (await clients[0].reply(1))["type"] == "pong"
            for cl in clients:
                await cl.__aexit__()

        asyncio.run(connect())


def test_connection_storms_do_not_amplify_into_state_pushes(tmp_path: Path) -> None:
    """A seat connecting and closing 60 times costs each spectator at most a state per
    presence_push_interval (2 s here), not one per connection; the latest state still arrives."""
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log",
                 MEDIEVAL_PRESENCE_PUSH_INTERVAL="2") as srv:
        tid, ada = _seated(srv)
        cycles = 60

        async def storm() -> None:
            watchers = [await SeatClient(srv, tid).__aenter__() for _ in range(8)]
            for w in watchers:
                await w.state()
            before = [len(w.messages) for w in watchers]
            started = time.monotonic()
            for _ in range(cycles):
                async with websockets.connect(f"{srv.ws_base}/ws/tables/{tid}") as ws:
                    await ws.send(json.dumps({"type": "hello", "token": ada, "events_from": 0}))
                    json.loads(await ws.recv())  # its own state: the seat is connected
            elapsed = time.monotonic() - started
            for w in watchers:  # the last word: seat 0 is not connected any more
                await w.until(lambda m: m["seats"][0]["connected"] is False, 30)
            for w, n in zip(watchers, before, strict=True):
                pushed = len(w.messages) - n
                assert pushed <= elapsed / 2 + 2, (pushed, elapsed)
                assert pushed < cycles // 4, pushed
                await w.__aexit__()

        asyncio.run(storm())


def test_deep_json_gets_an_error_and_keeps_the_websocket(server: ServerProcess) -> None:
    tid, ada = _seated(server)

    async def deep() -> None:
        async with SeatClient(server, tid, ada) as me:
            await me.state()
            nested = "[" * 990 + "]" * 990
            await me.ws.send('{"type": "action", "id": 7, "action": ' + nested + "}")
            error = await me.recv()
            while error["type"] == "state":
                error = await me.recv()
            assert error["type"] == "error" and error["status"] == 400 and "deeper than" in error["detail"]
            await me.send({"type": "ping", "id": "after"})
            assert (await me.reply("after"))["type"] == "pong"
        # a deep hello is refused with a close code of the protocol, not a dropped connection (1006)
        async with websockets.connect(f"{server.ws_base}/ws/tables/{tid}") as ws:
            await ws.send("[" * 990 + "]" * 990)
            assert json.loads(await ws.recv())["code"] == "bad_message"
            await ws.wait_closed()
            assert ws.close_code == 4400

    asyncio.run(deep())


def test_deep_json_bodies_get_a_clear_422(server: ServerProcess) -> None:
    nested = "[" * 990 + "1" + "]" * 990
    with api(server) as c:
        r = c.post("/api/tables", content='{"game": "paladin", "options": {"x": ' + nested + "}}",
                   headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["code"] == "invalid_request" and "deeper" in r.json()["detail"]
        assert c.get("/api/health").status_code == 200  # the server, and this client, carry on


def test_types_are_strict(server: ServerProcess) -> None:
    with api(server) as c:
        for body in ({"game": "paladin", "players": "3"}, {"game": "paladin", "players": True},
                     {"game": "paladin", "players": 3.0}, {"game": "paladin", "auto_start": "yes"},
                     {"game": "paladin", "name": "Ann", "seat": "0"}):
            r = c.post("/api/tables", json=body)
            assert r.status_code == 422 and r.json()["code"] == "invalid_request", (body, r.text)
        assert c.post("/api/tables", json={"game": "paladin", "players": 3}).status_code == 201
    tid, ada = _seated(server)

    async def claim() -> None:
        async with SeatClient(server, tid, ada) as me:
            await me.state()
            await me.send({"type": "action", "action": "x", "seat": False, "id": 1})  # False == 0 in Python
            assert (await me.reply(1))["code"] == "not_your_seat"
            await me.send({"type": "action", "action": "x", "version": "0", "id": 2})
            assert (await me.reply(2))["code"] == "bad_message"

    asyncio.run(claim())


def test_a_retried_action_id_is_answered_once_and_applied_once(server: ServerProcess) -> None:
    tid, ada = _seated(server)
    mine = _mine(server, tid, ada)
    action = mine["legal"][0]

    async def retry() -> None:
        async with SeatClient(server, tid, ada) as me:
            await me.state()
            await me.send({"type": "action", "action": "no such action", "id": "r1"})
            assert (await me.reply("r1"))["type"] == "error"  # a refusal is not remembered...
            await me.send({"type": "action", "action": action, "id": "r1"})  # ...the id may be used again
            await me.send({"type": "action", "action": action, "id": "r1"})  # sent twice at once
            first, second = await me.reply("r1"), await me.reply("r1")
        assert first["type"] == "ack" and second == {**first, "duplicate": True}
        async with SeatClient(server, tid, ada) as again:  # a new connection, after a lost answer
            await again.state()
            await again.send({"type": "action", "action": action, "id": "r1"})
            assert await again.reply("r1") == {**first, "duplicate": True}
            # another action under the acknowledged id is not a retry: refused, not swallowed
            await again.send({"type": "action", "action": "another", "version": first["version"], "id": "r1"})
            reused = await again.reply("r1")
            assert reused["type"] == "error" and reused["code"] == "id_reused" and reused["status"] == 409

    asyncio.run(retry())
    assert [n for s, n in stored_actions(server.database_url, tid) if s == 0] == [action]


def test_an_absent_seat_cannot_act_until_it_rejoins(server: ServerProcess) -> None:
    tid, ada = _seated(server)
    with api(server) as c:
        assert c.post(f"/api/tables/{tid}/leave", headers=bearer(ada)).json()["seats"][0]["present"] is False
    action = _mine(server, tid, ada)["legal"][0]

    async def act() -> None:
        async with SeatClient(server, tid, ada) as me:
            state = await me.state()
            await me.send({"type": "action", "action": action, "version": state["version"], "id": 1})
            refused = await me.reply(1)
            assert refused["status"] == 409 and refused["code"] == "seat_absent"
            assert httpx.post(f"{server.base}/api/tables/{tid}/rejoin", headers=bearer(ada)).status_code == 200
            await me.send({"type": "action", "action": action, "version": state["version"], "id": 2})
            assert (await me.reply(2))["type"] == "ack"

    asyncio.run(act())
    assert [n for s, n in stored_actions(server.database_url, tid) if s == 0] == [action]


def test_a_finished_table_refuses_leave_and_rejoin_and_writes_nothing(server: ServerProcess) -> None:
    with api(server) as c:
        made = create_table(c, "paladin", 3, bots=[None, "random", "random"], name="Ada")
        tid, ada = made["table"]["id"], made["token"]
        for _ in range(2000):
            if settle(c, tid)["status"] == "finished":
                break
            mine = c.get(f"/api/tables/{tid}/state", headers=bearer(ada)).json()
            if mine["your_turn"]:
                c.post(f"/api/tables/{tid}/actions", headers=bearer(ada),
                       json={"action": mine["legal"][0], "version": mine["version"]})
        assert c.get(f"/api/tables/{tid}").json()["status"] == "finished"
        before = stored_table(server.database_url, tid), [s for s in c.get(f"/api/tables/{tid}").json()["seats"]]
        for path in ("leave", "rejoin"):
            r = c.post(f"/api/tables/{tid}/{path}", headers=bearer(ada))
            assert r.status_code == 409 and r.json()["code"] == "table_finished", r.text
        assert (stored_table(server.database_url, tid), c.get(f"/api/tables/{tid}").json()["seats"]) == before
