"""Live play over WebSockets against a real server, and a WebSocket fuzzer: garbage in gets a clear
error out and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import (
    SeatClient,
    ServerProcess,
    any_news,
    api,
    bearer,
    create_table,
    running,
    settle,
)


def _version(server: ServerProcess, tid: str) -> int:
    v: int = httpx.get(f"{server.base}/api/tables/{tid}").json()["version"]
    return v


def _two_humans(server: ServerProcess) -> tuple[str, str, str]:
    with api(server) as client:
        made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="Ada", auto_start=False)
        tid = made["table"]["id"]
        other = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
        client.post(f"/api/tables/{tid}/start", headers=bearer(made["token"]))
        settle(client, tid)  # people never move here unless a test makes them: the table rests
        return tid, made["token"], other


def test_seats_and_spectators_follow_a_game_live(server: ServerProcess) -> None:
    tid, ada, bo = _two_humans(server)

    async def play() -> None:
        async with SeatClient(server, tid, ada) as a, SeatClient(server, tid, bo) as b, \
                SeatClient(server, tid) as watcher:
            seats = {0: a, 1: b}
            latest = {0: await a.state(), 1: await b.state()}
            assert latest[0]["seat"] == 0 and latest[1]["seat"] == 1
            n = 0
            while True:
                movers = [s for s in (0, 1) if latest[s]["your_turn"] and latest[s]["status"] == "playing"]
                if any(latest[s]["status"] == "finished" for s in (0, 1)):
                    break
                if not movers:  # the bot moves; wait for news
                    await any_news([a, b])
                    for s in (0, 1):
                        newest = seats[s].latest
                        if newest is not None and newest["version"] >= latest[s]["version"]:
                            latest[s] = newest
                    continue
                s = movers[0]
                n += 1
                await seats[s].send({"type": "action", "action": random.choice(latest[s]["legal"]),
                                     "version": latest[s]["version"], "id": n})
                reply = await seats[s].reply(n)
                assert reply["type"] == "ack", reply
                latest[s] = await seats[s].until(lambda m, v=reply["version"]: m["version"] >= v)
            for s in (0, 1):
                if latest[s]["status"] != "finished":
                    latest[s] = await seats[s].until(lambda m: m["status"] == "finished")
            final = await watcher.until(lambda m: m["status"] == "finished")
            assert final["outcome"] == latest[0]["outcome"]
            # acks come before the state they produced
            for client in (a, b):
                for i, m in enumerate(client.messages):
                    if m["type"] == "ack":
                        later = [x for x in client.messages[i + 1:] if x["type"] == "state"]
                        assert later and later[0]["version"] >= m["version"]
                        earlier = [x for x in client.messages[:i] if x["type"] == "state"]
                        assert all(x["version"] < m["version"] for x in earlier)
            # the events a seat was sent join up into its whole log
            state = httpx.get(f"{server.base}/api/tables/{tid}/state", headers=bearer(ada)).json()
            assert a.events() == state["events"]

    asyncio.run(play())


def test_a_seat_acts_only_for_itself(server: ServerProcess) -> None:
    tid, ada, _bo = _two_humans(server)

    async def run() -> None:
        async with SeatClient(server, tid, ada) as a, SeatClient(server, tid) as watcher:
            await a.state()
            await watcher.state()
            before = _version(server, tid)
            await a.send({"type": "action", "action": "nolook", "seat": 1, "id": "x"})
            assert (await a.reply("x"))["status"] == 403
            await watcher.send({"type": "action", "action": "nolook", "id": "w"})
            reply = await watcher.reply("w")
            assert reply["status"] == 403 and reply["code"] == "spectator"
            assert _version(server, tid) == before

    asyncio.run(run())


def test_hello_is_required_and_checked(server: ServerProcess) -> None:
    tid, _ada, _ = _two_humans(server)

    async def first_reply(url: str, hello: Any) -> tuple[dict[str, Any], int | None]:
        async with websockets.connect(url) as ws:
            await ws.send(hello if isinstance(hello, str | bytes) else json.dumps(hello))
            msg = json.loads(await ws.recv())
            try:
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed as e:
                return msg, e.rcvd.code if e.rcvd else None
            return msg, None

    async def run() -> None:
        url = f"{server.ws_base}/ws/tables/{tid}"
        cases: list[tuple[str, Any, int, int]] = [
            (url, {"type": "hello", "token": "forged"}, 403, 4403),
            (url, {"type": "action", "action": "nolook"}, 400, 4400),
            (url, "not json", 400, 4400),
            (url, b"\x00\x01", 400, 4400),
            (url, {"type": "hello", "token": 5}, 400, 4400),
            (url, {"type": "hello", "events_from": -1}, 400, 4400),
            (f"{server.ws_base}/ws/tables/nosuchtable", {"type": "hello"}, 404, 4404),
        ]
        for u, hello, status, code in cases:
            msg, closed = await first_reply(u, hello)
            assert msg["type"] == "error" and msg["status"] == status, (hello, msg)
            assert closed == code, (hello, closed)

    asyncio.run(run())


def test_taking_over_a_seat_closes_the_old_connection(server: ServerProcess) -> None:
    """A seat left mid-game at a private table is taken over through its invite: the leaver's socket is
    closed and their token revoked."""
    r = httpx.post(f"{server.base}/api/tables", json={
        "game": "paladin", "players": 3, "name": "Ada", "private": True,
        "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]})
    assert r.status_code == 201, r.text
    tid, ada = r.json()["table"]["id"], r.json()["token"]
    invite = r.json()["invite_url"].split("#invite=")[1]

    async def run() -> None:
        async with SeatClient(server, tid, ada) as a:
            await a.state()
            httpx.post(f"{server.base}/api/tables/{tid}/leave", headers=bearer(ada))
            r = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Cat", "seat": 0, "invite": invite})
            assert r.status_code == 201
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await a.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
            assert any(m["type"] == "error" and m["code"] == "seat_revoked" for m in a.messages)

    asyncio.run(run())


def _garbage(rng: random.Random, legal: list[str]) -> str | bytes:
    """One fuzz message: broken JSON, wrong types, huge numbers, unknown fields, near-miss notation."""
    atoms: list[Any] = [None, True, False, 0, -1, 2**63, 1e308, "", "nolook", "\x00", "\ud800", "🐉" * 50, [], {},
                        [1, [2, [3]]], {"a": {"b": {}}}, "place", "first -1", "look K9:9", *legal]
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice(["{", "}", "[]", "null", "1", '"x"', "{'type': 'action'}", "\x00\xff", ""])
    if kind == 1:
        return bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 64)))
    msg: dict[str, Any] = {}
    if kind != 2:
        msg["type"] = rng.choice(["action", "ping", "hello", "state", "ACTION", 7, None, "leave"])
    for _ in range(rng.randrange(4)):
        msg[rng.choice(["action", "version", "seat", "id", "token", "type", "zzz"])] = rng.choice(atoms)
    if kind == 3 and legal:  # a legal action for someone, sent by the wrong seat or with a stale version
        msg = {"type": "action", "action": rng.choice(legal), "seat": rng.choice([1, 2, -1, "0"]),
               "version": rng.choice([None, 10**6, -5, "1", True])}
    if kind == 4:
        msg = {"type": "action", "action": rng.choice(legal or ["nolook"]) + rng.choice([" x", "!", "  y z"])}
    text = json.dumps(msg)  # lone surrogates stay escaped: the server decodes them into its strings
    return text if "\\ud800" in text or rng.random() < 0.5 else json.dumps(msg, ensure_ascii=False)


def test_websocket_fuzz_gets_4xx_errors_and_changes_nothing(server: ServerProcess) -> None:
    tid, ada, bo = _two_humans(server)
    rng = random.Random(20261129)

    async def run() -> None:
        async with SeatClient(server, tid, ada) as a, SeatClient(server, tid, bo) as b:
            for client in (a, b):
                await client.state()
            before = _version(server, tid)
            legal: list[str] = []
            for client in (a, b):
                legal += [x for m in client.messages if m["type"] == "state" for x in m["legal"]]
            # the seat that is NOT to move fuzzes: nothing it sends may be accepted
            state = httpx.get(f"{server.base}/api/tables/{tid}/state").json()
            idle = a if 0 not in state["to_move"] else b
            for i in range(300):
                await idle.ws.send(_garbage(rng, legal))
                if i % 50 == 49:  # the connection is still alive and answers
                    await idle.send({"type": "ping", "id": f"p{i}"})
                    assert (await idle.reply(f"p{i}"))["type"] == "pong"
            await idle.send({"type": "ping", "id": "end"})
            await idle.reply("end")
            errors = [m for m in idle.messages if m["type"] == "error"]
            assert errors and all(400 <= m["status"] < 500 for m in errors), errors[:5]
            assert all(isinstance(m["detail"], str) and m["detail"] for m in errors)
            assert not [m for m in idle.messages if m["type"] == "ack"]
            assert _version(server, tid) == before
            # and the server still serves everyone normally
            assert httpx.get(f"{server.base}/api/health").status_code == 200

    asyncio.run(run())


def test_oversized_messages_are_refused_and_flooding_clients_cut_off(tmp_path: Path) -> None:
    """Finding: a message over max_ws_message_bytes closed the connection (1009). It is now answered with
    413 ``too_large`` and the connection kept; only one past uvicorn's own limit (four times as much, at
    least 1 MiB) is closed with 1009."""
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", MEDIEVAL_WS_RATE_LIMIT="2",
                 MEDIEVAL_WS_RATE_BURST="5") as srv:
        tid, ada, _ = _two_humans(srv)

        async def run() -> None:
            async with SeatClient(srv, tid, ada) as a:
                await a.state()
                await a.send({"type": "ping", "id": "big", "pad": "x" * 100_000})
                while (error := await a.recv())["type"] != "error":  # (not read: it carries no id)
                    pass
                assert (error["type"], error["status"], error["code"]) == ("error", 413, "too_large")
                await a.send({"type": "ping", "id": "after"})
                assert (await a.reply("after"))["type"] == "pong"  # the connection is kept
                await a.ws.send("x" * (2 << 20))
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await a.recv(10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            async with SeatClient(srv, tid, ada) as a:
                await a.state()
                with pytest.raises(ConnectionClosed) as closed:
                    for i in range(200):
                        await a.send({"type": "ping", "id": i})
                    while True:
                        await a.recv(10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
                assert any(m["type"] == "error" and m["status"] == 429 for m in a.messages)
        asyncio.run(run())
        assert httpx.get(f"{srv.base}/api/tables/{tid}").json()["status"] == "playing"
        assert httpx.get(f"{srv.base}/api/health").status_code == 200
