"""Crash safety: a server killed with SIGKILL in the middle of many games, restarted on the same
database, resumes every table exactly where its last acknowledged action left it, and clients that
reconnect get back the same views. Run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx

import medieval
from tests.server.helpers import (
    SeatClient,
    ServerProcess,
    any_news,
    api,
    bearer,
    create_table,
    record,
    stored_table,
)

BOT_TABLES = 4


async def _before_kill(srv: ServerProcess, bot_tables: list[str], tid: str, tokens: dict[int, str],
                       rng: random.Random) -> dict[str, Any]:
    """Two people play a few moves at ``tid`` while bots play the other tables; stop on a person's turn."""
    humans = {s: SeatClient(srv, tid, t) for s, t in tokens.items()}
    watchers = {t: SeatClient(srv, t) for t in bot_tables}
    for c in [*humans.values(), *watchers.values()]:
        await c.__aenter__()
    acked = 0
    latest = {s: await c.state() for s, c in humans.items()}
    moves = 0
    while True:
        version = max(m["version"] for m in latest.values())
        for s, c in humans.items():  # bring both people to the newest version
            if latest[s]["version"] < version:
                latest[s] = await c.until(lambda m, v=version: m["version"] >= v)
        movers = [s for s in humans if latest[s]["your_turn"]]
        if not movers:  # the bot's turn
            await any_news(list(humans.values()))
            for s, c in humans.items():
                if c.latest is not None and c.latest["version"] > latest[s]["version"]:
                    latest[s] = c.latest
            continue
        if moves >= 12:
            break
        s = movers[0]
        moves += 1
        await humans[s].send({"type": "action", "action": rng.choice(latest[s]["legal"]),
                              "version": latest[s]["version"], "id": moves})
        reply = await humans[s].reply(moves)
        assert reply["type"] == "ack", reply
        acked = reply["version"]
        latest[s] = await humans[s].until(lambda m, v=acked: m["version"] >= v)
    # let the bots play on a little, so the kill lands in the middle of their games
    for w in watchers.values():
        await w.until(lambda m: m["version"] >= 20)
    return {"humans": humans, "watchers": watchers, "latest": latest, "acked": acked}


async def _after_restart(srv: ServerProcess, before: dict[str, Any], tid: str, tokens: dict[int, str]) -> None:
    # people reconnect from scratch and get exactly what they had
    for s, token in tokens.items():
        old: SeatClient = before["humans"][s]
        async with SeatClient(srv, tid, token) as again:
            first = await again.state()
            last = before["latest"][s]
            for key in ("version", "view", "legal", "to_move", "your_turn", "status", "outcome"):
                assert first[key] == last[key], key
            assert first["events_from"] == 0 and first["events"] == old.events()
        # or pick up where their log stopped
        async with SeatClient(srv, tid, token, events_from=len(old.events())) as resumed:
            first = await resumed.state()
            assert first["events"] == [] and first["view"] == before["latest"][s]["view"]
    # the bot tables go on by themselves to the end
    for table_id, old in before["watchers"].items():
        seen = max(m["version"] for m in old.messages if m["type"] == "state")
        async with SeatClient(srv, table_id) as w:
            first = await w.state()
            assert first["version"] >= seen, "an action that was broadcast before the kill is lost"
            if first["status"] != "finished":
                await w.until(lambda m: m["status"] == "finished", 120)


def _check_broadcasts_match_storage(database_url: str, before: dict[str, Any]) -> None:
    """Every position broadcast before the kill is the stored game replayed to that version."""
    for table_id, old in before["watchers"].items():
        rec = record(database_url, table_id)
        game = medieval.make(rec["game"], rec["players"], **rec["options"])
        assert game.replay(rec).is_over
        for m in old.messages:
            if m["type"] == "state" and m["status"] != "open":
                assert game.replay(rec, upto=m["version"]).view(None) == m["view"]


def test_sigkill_and_restart_resumes_every_table(database_url: str, tmp_path: Path) -> None:
    rng = random.Random(7)
    srv = ServerProcess(database_url, tmp_path / "server.log", MEDIEVAL_BOT_DELAY="0.02").start()
    try:
        with api(srv) as client:
            bot_tables = [create_table(client, "paladin", 3, bots=["random", "heuristic", "random"])["table"]["id"]
                          for _ in range(BOT_TABLES)]
            made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="P0", auto_start=False)
            tid = made["table"]["id"]
            tokens = {0: made["token"], 1: client.post(f"/api/tables/{tid}/join", json={"name": "P1"}).json()["token"]}
            assert client.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0])).status_code == 200
        before = asyncio.run(_before_kill(srv, bot_tables, tid, tokens, rng))
        srv.kill()
        versions = {t: stored_table(database_url, t)["version"] for t in bot_tables}
        assert any(v < 100 for v in versions.values()), f"the kill came too late to test anything: {versions}"
        assert stored_table(database_url, tid)["version"] >= before["acked"]
        srv = ServerProcess(database_url, tmp_path / "server.log", MEDIEVAL_BOT_DELAY="0.02").start()
        asyncio.run(_after_restart(srv, before, tid, tokens))
        _check_broadcasts_match_storage(database_url, before)
        # and the people's table plays on after the restart
        with api(srv) as client:
            for _ in range(5000):
                st = {s: client.get(f"/api/tables/{tid}/state", headers=bearer(t)).json() for s, t in tokens.items()}
                if st[0]["status"] == "finished":
                    break
                for s, m in st.items():
                    if m["your_turn"]:
                        client.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[s]),
                                    json={"action": m["legal"][0], "version": m["version"]})
                        break
                else:
                    time.sleep(0.01)
            assert st[0]["status"] == "finished"
        assert httpx.get(f"{srv.base}/api/health").json()["live_tables"] == 0
    finally:
        srv.stop()
