"""Several server processes over one PostgreSQL database (docs/server.md, "Several processes"): three
real uvicorn processes on a fresh database per test, the clients of one table connected to different
processes. Racing actions are each stored exactly once and every client converges on the same views;
seats and chat reach every process; when the process running a table's bots is killed (SIGKILL),
another takes its lease over, the bots go on, and the clients reconnect elsewhere and resume."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text

import medieval
from tests.server.helpers import SeatClient, ServerProcess, api, bearer, record, stored_actions

#: Short leases, so that a dead process's tables are taken over quickly.
CLUSTER_ENV = {"MEDIEVAL_MULTI_PROCESS": "true", "MEDIEVAL_LEASE_SECONDS": "1.5"}


def stored_seat(database_url: str, table_id: str, seat: int) -> dict[str, Any]:
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            return dict(conn.execute(text("SELECT * FROM seats WHERE table_id = :t AND seat = :s"),
                                     {"t": table_id, "s": seat}).mappings().one())
    finally:
        engine.dispose()


@contextmanager
def processes(database_url: str, tmp_path: Path, count: int = 3, **env: str) -> Iterator[list[ServerProcess]]:
    """``count`` server processes on one database, started one after the other."""
    started: list[ServerProcess] = []
    try:
        for i in range(count):
            started.append(ServerProcess(database_url, tmp_path / f"server{i}.log", **{**CLUSTER_ENV, **env}).start())
        yield started
    finally:
        for proc in started:
            proc.stop()


def _people(client: httpx.Client, others: list[httpx.Client], players: int = 3) -> tuple[str, dict[int, str]]:
    """A Paladin table of people, created through ``client`` and joined through ``others`` (other
    processes); its id and each seat's token."""
    made = client.post("/api/tables", json={"game": "paladin", "players": players, "name": "P0"}).json()
    tid, tokens = made["table"]["id"], {made["seat"]: made["token"]}
    for i, other in enumerate(others[: players - 1]):
        r = other.post(f"/api/tables/{tid}/join", json={"name": f"P{i + 1}", "client": f"client-{i}-of-test"})
        assert r.status_code == 201, r.text
        tokens[r.json()["seat"]] = r.json()["token"]
    return tid, tokens


async def _converged(clients: list[SeatClient], version: int, timeout: float = 60) -> None:
    """Wait until every client has been sent the state at ``version`` (or later)."""
    deadline = time.monotonic() + timeout
    for c in clients:
        while True:
            c.news.clear()
            if c.latest is not None and c.latest["version"] >= version:
                break
            assert time.monotonic() < deadline, f"a client is stuck at {c.latest and c.latest['version']}"
            await asyncio.wait_for(c.news.wait(), max(0.1, deadline - time.monotonic()))


def _same_views(clients: list[SeatClient]) -> None:
    """Clients of one seat (or spectators) on different processes hold the same state and events."""
    by_seat: dict[Any, list[SeatClient]] = {}
    for c in clients:
        assert c.latest is not None
        by_seat.setdefault(c.latest["seat"], []).append(c)
    for group in by_seat.values():
        first = group[0]
        assert first.latest is not None
        for other in group[1:]:
            assert other.latest is not None
            for key in ("version", "status", "to_move", "legal", "view", "outcome"):
                assert other.latest[key] == first.latest[key], key
            assert other.events() == first.events()


def test_racing_actions_on_three_processes_are_stored_once_and_every_client_converges(
        postgres_url: str, tmp_path: Path) -> None:
    """Every turn, the seat to move sends two different actions at once at the same version, over
    WebSockets on two processes, and a third over HTTP on the third process: exactly one is
    acknowledged, and it is the one stored at that ply; the others are refused (409) and change
    nothing. Players and spectators on all three processes are then sent the same views."""
    rng = random.Random(19)
    with processes(postgres_url, tmp_path) as procs:
        clients = [api(p) for p in procs]
        tid, tokens = _people(clients[0], clients[1:])

        async def run() -> list[tuple[int, int, str]]:
            watchers = [SeatClient(procs[i % 3], tid, tokens[seat]) for seat in tokens for i in (seat, seat + 1)]
            watchers += [SeatClient(p, tid) for p in procs]
            for w in watchers:
                await w.__aenter__()
            acked: list[tuple[int, int, str]] = []
            try:
                version = 0
                for serial in range(24):
                    await _converged(watchers, version)
                    _same_views(watchers)
                    state = watchers[-1].latest
                    assert state is not None
                    if state["status"] != "playing":
                        break
                    seat = state["to_move"][0]
                    mine = [w for w in watchers if w.latest is not None and w.latest["seat"] == seat]
                    legal = mine[0].latest["legal"] if mine[0].latest else []
                    picks = [rng.choice(legal) for _ in range(3)]
                    ids = [f"{serial}-a", f"{serial}-b"]
                    for w, action, msg_id in zip(mine, picks, ids, strict=False):
                        await w.send({"type": "action", "action": action, "version": version, "id": msg_id})
                    http = asyncio.to_thread(clients[2].post, f"/api/tables/{tid}/actions",
                                             headers=bearer(tokens[seat]),
                                             json={"action": picks[2], "version": version})
                    replies = [await w.reply(i) for w, i in zip(mine, ids, strict=False)]
                    r = await http
                    outcomes = [(m["type"] == "ack", m.get("version"), m.get("code")) for m in replies]
                    outcomes.append((r.status_code == 200, r.json().get("version"), r.json().get("code")))
                    wins = [i for i, o in enumerate(outcomes) if o[0]]
                    assert len(wins) == 1, outcomes
                    assert outcomes[wins[0]][1] == version + 1
                    assert all(o[2] in ("stale_version", "not_your_turn") for o in outcomes if not o[0]), outcomes
                    acked.append((version, seat, picks[wins[0]]))
                    version += 1
                await _converged(watchers, version)
                _same_views(watchers)
            finally:
                for w in watchers:
                    await w.__aexit__(None, None, None)
            return acked

        acked = asyncio.run(run())
        stored = stored_actions(postgres_url, tid)
        assert len(acked) >= 10 and len(stored) == len(acked)
        for ply, seat, action in acked:
            assert stored[ply] == [seat, action]  # the acknowledged action, at the ply it was acknowledged for
        for c in clients:
            c.close()


def test_seats_and_chat_reach_every_process(postgres_url: str, tmp_path: Path) -> None:
    """A seat taken through one process shows at once on the others' sockets, the game starts there
    too, and a message said on one process reaches the players connected to the others (and no
    spectator)."""
    with processes(postgres_url, tmp_path) as procs:
        clients = [api(p) for p in procs]
        made = clients[0].post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann"}).json()
        tid = made["table"]["id"]

        async def run() -> None:
            async with SeatClient(procs[2], tid) as watcher, SeatClient(procs[0], tid, made["token"]) as ann:
                await watcher.until(lambda m: m["status"] == "open")
                ben = clients[1].post(f"/api/tables/{tid}/join", json={"name": "Ben", "client": "client-ben"}).json()
                seen = await watcher.until(lambda m: m["seats"][ben["seat"]]["name"] == "Ben")
                assert seen["status"] == "open"
                async with SeatClient(procs[1], tid, ben["token"]) as b:  # a token given elsewhere a moment ago
                    first = await b.state()
                    assert first["seat"] == ben["seat"]
                    cy = clients[2].post(f"/api/tables/{tid}/join", json={"name": "Cy", "client": "client-cy"}).json()
                    for c in (watcher, ann, b):
                        started = await c.until(lambda m: m["status"] == "playing")
                        assert started["seats"][cy["seat"]]["name"] == "Cy"
                    assert (await b.chat())["history"] is True
                    assert (await ann.chat())["history"] is True
                    await ann.send({"type": "chat", "text": "hello from the first process"})
                    while (said := await b.chat())["history"]:
                        pass
                    assert said["messages"][0]["text"] == "hello from the first process"
                    assert said["messages"][0]["name"] == "Ann"
                    # the spectators' channel never had it: their next message is their own
                    assert (await watcher.chat())["history"] is True
                    await watcher.send({"type": "chat", "text": "a spectator", "name": "Sue"})
                    assert (await watcher.chat())["messages"][0]["text"] == "a spectator"
                    listed = clients[1].get("/api/tables", params={"status": "playing"}).json()
                    assert tid in [t["id"] for t in listed]

        asyncio.run(run())
        for c in clients:
            c.close()


def test_killing_the_process_running_the_bots_hands_them_to_another(postgres_url: str, tmp_path: Path) -> None:
    """A person plays two bots; the table was created on the first process, which holds its lease and
    runs the bots. It is killed (SIGKILL) mid-game: another process takes the lease over, the bots
    play on from there, and the person reconnects to another process with the events they had and
    resumes. Every acknowledged action is stored once, and the record replays to what they see."""
    with processes(postgres_url, tmp_path, MEDIEVAL_BOT_DELAY="0.02") as procs:
        first, rest = procs[0], procs[1:]
        with api(first) as client:
            made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                                    "seats": [{"bot": None}, {"bot": "random"},
                                                              {"bot": "random"}]}).json()
        tid, token, seat = made["table"]["id"], made["token"], made["seat"]
        acked: list[int] = []

        async def play(proc: ServerProcess, turns: int, events_from: int) -> tuple[int, list[dict[str, Any]]]:
            """Play ``turns`` of the person's turns (each after the bots' moves) on ``proc``."""
            async with SeatClient(proc, tid, token, events_from) as me:
                for turn in range(turns):
                    state = await me.until(lambda m: m["your_turn"] or m["status"] != "playing", timeout=90)
                    if state["status"] != "playing":
                        break
                    await me.send({"type": "action", "action": state["legal"][0], "version": state["version"],
                                   "id": f"{proc.port}-{turn}"})
                    reply = await me.reply(f"{proc.port}-{turn}")
                    assert reply["type"] == "ack", reply
                    acked.append(reply["version"])
                # the bots answer the last move (from whichever process holds the lease)
                await me.until(lambda m: m["your_turn"] or m["status"] != "playing", timeout=90)
                events: list[dict[str, Any]] = []
                for m in me.messages:  # each state's events continue those before, from ``events_from`` on
                    if m["type"] == "state":
                        assert m["events_from"] == events_from + len(events)
                        events += m["events"]
                return events_from + len(events), events

        seen, before = asyncio.run(play(first, 3, 0))
        killed_at = len(stored_actions(postgres_url, tid))
        first.kill()
        with api(rest[0]) as client:
            assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
        seen_after, after = asyncio.run(play(rest[1], 4, seen))
        assert seen_after > seen
        stored = stored_actions(postgres_url, tid)
        for version in acked:
            assert stored[version - 1][0] == seat  # each acknowledged action, stored where it was acknowledged
        assert sum(1 for s, _ in stored if s == seat) == len(acked)
        assert any(s != seat for s, _ in stored[killed_at:])  # the bots played on, from another process
        replayed = medieval.replay(record(postgres_url, tid))
        told = [{k: v for k, v in e.items() if k != "text"} for e in before + after]
        assert replayed.events(seat)[: len(told)] == told

        async def same_everywhere() -> None:
            async with SeatClient(rest[0], tid, token) as a, SeatClient(rest[1], tid, token) as b:
                version = len(stored_actions(postgres_url, tid))
                await _converged([a, b], version)
                _same_views([a, b])

        asyncio.run(same_everywhere())


def test_a_person_connected_to_another_process_is_not_handed_to_a_bot(postgres_url: str, tmp_path: Path) -> None:
    """Ben plays on the second process; the table's first process has never seen his connection. Ann,
    on the first, may not hand his seat to a bot while he is connected (each process marks the seats
    connected to it in storage); once he has gone for ``handover_after`` seconds, she may."""
    with processes(postgres_url, tmp_path, MEDIEVAL_HANDOVER_AFTER="4") as procs, \
            api(procs[0]) as first, api(procs[1]) as second:
        made = first.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                               "seats": [{"bot": None}, {"bot": None}, {"bot": "random"}]}).json()
        tid, ann = made["table"]["id"], made["token"]
        ben = second.post(f"/api/tables/{tid}/join", json={"name": "Ben", "client": "client-ben"}).json()

        def hand_over() -> httpx.Response:
            return first.post(f"/api/tables/{tid}/seats/{ben['seat']}/bot", headers=bearer(ann), json={})

        async def run() -> None:
            async with SeatClient(procs[1], tid, ben["token"]) as b:
                await b.until(lambda m: m["status"] == "playing")
                deadline = time.monotonic() + 60
                while stored_seat(postgres_url, tid, ben["seat"])["seen_at"] is None:  # marked by a heartbeat
                    assert time.monotonic() < deadline, "the second process never marked Ben connected"
                    await asyncio.sleep(0.1)
                await asyncio.sleep(4.5)  # past handover_after: the first process alone would call him away
                r = hand_over()
                assert (r.status_code, r.json()["code"]) == (409, "seat_not_absent"), r.text

        asyncio.run(run())
        deadline = time.monotonic() + 60
        while (r := hand_over()).status_code != 200:  # he is gone: once handover_after has passed, she may
            assert r.json()["code"] == "seat_not_absent", r.text
            assert time.monotonic() < deadline, "the seat was never handed over"
            time.sleep(0.2)
        assert r.json()["seats"][ben["seat"]]["stand_in"] is not None
        while (seats := second.get(f"/api/tables/{tid}").json()["seats"])[ben["seat"]]["stand_in"] is None:
            assert time.monotonic() < deadline, "the second process never heard of the handover"
            time.sleep(0.05)
        assert seats[ben["seat"]]["present"] is False


def test_a_client_cannot_pass_its_table_limit_by_spreading_over_processes(postgres_url: str, tmp_path: Path) -> None:
    """docs/server.md, "Limits": each client may have ``max_tables_per_client`` live tables. With several
    processes they are counted in storage, so one client (one address) creating on every process at once
    gets no more than the limit, and a cancelled table frees a place on any process."""
    with processes(postgres_url, tmp_path, MEDIEVAL_MAX_TABLES_PER_CLIENT="2") as procs:

        async def create_everywhere() -> list[httpx.Response]:
            async with contextlib.AsyncExitStack() as stack:
                clients = [await stack.enter_async_context(httpx.AsyncClient(base_url=p.base, timeout=30))
                           for p in procs]
                return list(await asyncio.gather(*(c.post("/api/tables", json={"game": "paladin", "players": 3})
                                                   for c in clients + clients)))

        answers = asyncio.run(create_everywhere())
        made = [r for r in answers if r.status_code == 201]
        refused = [r for r in answers if r.status_code != 201]
        assert len(made) == 2, [r.text for r in answers]
        assert {(r.status_code, r.json()["code"]) for r in refused} == {(429, "too_many_tables")}
        clients = [api(p) for p in procs]
        mine = clients[0].get("/api/tables", params={"status": "open"}).json()
        assert sorted(t["id"] for t in mine) == sorted(r.json()["table"]["id"] for r in made)
        first = made[0].json()
        r = clients[1].post(f"/api/tables/{first['table']['id']}/cancel", headers=bearer(first["creator_token"]))
        assert r.status_code == 200, r.text
        again = clients[2].post("/api/tables", json={"game": "paladin", "players": 3})
        assert again.status_code == 201, again.text
        assert clients[0].post("/api/tables", json={"game": "paladin", "players": 3}).status_code == 429
        for c in clients:
            c.close()
