"""Load benchmark of the game server: many tables of bots plus many people over WebSockets, at once.

Starts a real server (``python -m medieval.interfaces.server``) on a fresh database, then for
``--duration`` seconds keeps ``--bot-tables`` all-bot tables running (a finished one is replaced at
once) and ``--ws-clients`` WebSocket clients playing as people, two to a table with one bot. Reports:

- move latency seen by the people: from sending an action to its ack (the action is committed) and to
  the state message showing it (the broadcast), p50 / p99;
- the server's own latency of every accepted move (bots too), from receipt to commit, p50 / p99;
- accepted actions per second, over all tables, and the server's CPU use.

    python benchmarks/bench_server.py                       # 200 bot tables + 100 clients, SQLite
    python benchmarks/bench_server.py --bot-delay 0         # saturation: bots as fast as they can
    python benchmarks/bench_server.py --database-url postgresql://USER:PW@127.0.0.1:5432/DB
    python benchmarks/bench_server.py --database-url postgresql://... --fresh --processes 3 --bot-delay 0

``--processes N`` starts N server processes on one PostgreSQL database (docs/server.md, "Several
processes"): bot tables are created round-robin over them, and the two people of a table are connected to
two different processes, as a load balancer without sticky sessions would place them. Actions, commits
and CPU are summed over the processes; on PostgreSQL the database's own transactions per action are
reported too. ``--fresh`` runs on a new database created on that server (and dropped afterwards).

Only loopback traffic; every loop is bounded by ``--duration``. The clients run in this process, so
they share the machine's cores with the server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return round(v[min(len(v) - 1, int(p * len(v)))] * 1000, 2)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pg_counters(url: str) -> dict[str, int] | None:
    """The database's transaction and row counters (PostgreSQL), or None."""
    if not url.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_fetched "
                           "FROM pg_stat_database WHERE datname = current_database()").fetchone()
    assert row is not None
    return dict(zip(("commits", "rollbacks", "inserted", "updated", "fetched"), map(int, row), strict=True))


class Bench:
    def __init__(self, args: argparse.Namespace, bases: list[str]) -> None:
        self.args = args
        self.bases = bases
        self.base = bases[0]
        self.ack_latency: list[float] = []
        self.state_latency: list[float] = []
        self.measuring = False
        self.stop_at = 0.0
        self.games_finished = 0
        self.errors: dict[str, int] = {}

    async def create(self, http: httpx.AsyncClient, bots: list[str | None], name: str | None = None,
                     players: int = 4) -> dict[str, Any]:
        body: dict[str, Any] = {"game": self.args.game, "players": players, "seats": [{"bot": b} for b in bots]}
        if name:
            body["name"] = name
        r = await http.post("/api/tables", json=body)
        r.raise_for_status()
        out: dict[str, Any] = r.json()
        return out

    async def keep_bot_tables(self, http: httpx.AsyncClient, every: list[httpx.AsyncClient]) -> None:
        """Keep ``--bot-tables`` all-bot tables under way (a finished one is replaced), created round-robin
        over the processes (each runs the bots of those it created)."""
        mine: set[str] = set()
        bots: list[str | None] = ["random", "heuristic", "random", "heuristic"]
        while time.monotonic() < self.stop_at:
            playing = {t["id"] for t in (await http.get("/api/tables", params={"status": "playing",
                                                                                "limit": 200})).json()}
            # The listing is capped (and, with several processes, ordered by last change): a table of
            # ours missing from it is asked about before it is counted as finished and replaced.
            done = {t for t in mine - playing if (await http.get(f"/api/tables/{t}")).json()["status"] != "playing"}
            self.games_finished += len(done) if self.measuring else 0
            mine -= done
            missing = self.args.bot_tables - len(mine)
            made = await asyncio.gather(*(self.create(every[i % len(every)], bots) for i in range(missing)))
            mine |= {m["table"]["id"] for m in made}
            await asyncio.sleep(1.0)

    async def person_pair(self, every: list[httpx.AsyncClient], index: int, rng: random.Random) -> None:
        """Two people (two WebSocket clients, on two processes if there are several) and a bot, one game
        after another."""
        a, b = index % len(self.bases), (index + 1) % len(self.bases)
        while time.monotonic() < self.stop_at:
            made = await self.create(every[a], [None, None, "random"], name="A", players=3)
            tid = made["table"]["id"]
            joined = (await every[b].post(f"/api/tables/{tid}/join", json={"name": "B"})).json()
            await asyncio.gather(self.person(self.bases[a], tid, made["token"], rng),
                                 self.person(self.bases[b], tid, joined["token"], rng))

    async def person(self, base: str, tid: str, token: str, rng: random.Random) -> None:
        ws_base = base.replace("http", "ws", 1)
        async with websockets.connect(f"{ws_base}/ws/tables/{tid}", max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at: dict[int, float] = {}
            waiting_version: dict[int, float] = {}
            n = 0
            while time.monotonic() < self.stop_at:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, self.stop_at - time.monotonic())))
                except TimeoutError:
                    return
                now = time.perf_counter()
                if msg["type"] == "ack":
                    start = sent_at.pop(msg["id"], None)
                    if start is not None:
                        if self.measuring:
                            self.ack_latency.append(now - start)
                        waiting_version[msg["version"]] = start
                    continue
                if msg["type"] == "error":
                    self.errors[msg["code"]] = self.errors.get(msg["code"], 0) + 1
                    sent_at.clear()
                    continue
                if msg["type"] != "state":
                    continue
                for v in [v for v in waiting_version if v <= msg["version"]]:
                    start = waiting_version.pop(v)
                    if self.measuring:
                        self.state_latency.append(now - start)
                if msg["status"] == "finished":
                    if self.measuring:
                        self.games_finished += 1
                    return
                if msg["your_turn"] and not sent_at:
                    await asyncio.sleep(rng.uniform(0, self.args.think))
                    n += 1
                    sent_at[n] = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "action": rng.choice(msg["legal"]),
                                              "version": msg["version"], "id": n}))

    async def run(self) -> dict[str, Any]:
        args = self.args
        rng = random.Random(args.seed)
        limits = httpx.Limits(max_connections=50)
        every = [httpx.AsyncClient(base_url=b, timeout=60, limits=limits) for b in self.bases]
        try:
            http = every[0]
            self.stop_at = time.monotonic() + args.warmup + args.duration
            tasks = [asyncio.create_task(self.keep_bot_tables(http, every))]
            tasks += [asyncio.create_task(self.person_pair(every, i, random.Random(rng.random())))
                      for i in range(args.ws_clients // 2)]
            await asyncio.sleep(args.warmup)
            h0 = [(await c.get("/api/health")).json() for c in every]
            c0, t0, d0 = sum(map(cpu_seconds, args.server_pids)), time.monotonic(), pg_counters(args.plain_url)
            self.measuring = True
            await asyncio.sleep(args.duration)
            self.measuring = False
            h1 = [(await c.get("/api/health")).json() for c in every]
            c1, t1, d1 = sum(map(cpu_seconds, args.server_pids)), time.monotonic(), pg_counters(args.plain_url)
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            for c in every:
                await c.aclose()
        elapsed = t1 - t0
        actions = sum(b["actions"] - a["actions"] for a, b in zip(h0, h1, strict=True))
        database = None
        if d0 is not None and d1 is not None and actions:
            database = {f"{k}_per_action": round((d1[k] - d0[k]) / actions, 2) for k in d0}
        return {
            "game": args.game, "database": args.database_label, "processes": len(self.bases),
            "bot_tables": args.bot_tables,
            "ws_clients": args.ws_clients, "bot_delay_s": args.bot_delay, "duration_s": round(elapsed, 1),
            "actions_per_s": round(actions / elapsed, 1),
            "commits_per_s": round(sum(b["commits"] - a["commits"] for a, b in zip(h0, h1, strict=True)) / elapsed,
                                   1),
            "database_per_action": database,
            "people_moves": len(self.ack_latency),
            "people_ack_ms": {"p50": pct(self.ack_latency, 0.5), "p99": pct(self.ack_latency, 0.99)},
            "people_state_ms": {"p50": pct(self.state_latency, 0.5), "p99": pct(self.state_latency, 0.99)},
            "server_move_ms": [h["move_latency_ms"] for h in h1],
            "server_cpu_percent": round(100 * (c1 - c0) / elapsed, 1),
            "games_finished": self.games_finished,
            "load_average_1m": round(os.getloadavg()[0], 2), "cores": os.cpu_count(),
            "errors": self.errors,
            "mean_ack_ms": round(statistics.mean(self.ack_latency) * 1000, 2) if self.ack_latency else None,
        }


@contextlib.contextmanager
def database(url: str | None, fresh: bool, tmp: str) -> Iterator[str]:
    """The database to run on: a fresh SQLite file by default; with ``fresh``, a new database on the
    PostgreSQL server of ``url``, dropped afterwards."""
    if url is None:
        yield f"sqlite:///{tmp}/bench.sqlite3"
        return
    if not fresh:
        yield url
        return
    import psycopg

    name = f"medieval_bench_{uuid.uuid4().hex[:12]}"
    parts = urlsplit(url)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bot-tables", type=int, default=200)
    p.add_argument("--ws-clients", type=int, default=100, help="people over WebSockets, two per table")
    p.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--bot-delay", type=float, default=0.6, help="the server's pause before each bot move")
    p.add_argument("--think", type=float, default=0.2, help="most seconds a person thinks")
    p.add_argument("--game", default="paladin")
    p.add_argument("--database-url", help="default: a fresh SQLite file")
    p.add_argument("--fresh", action="store_true", help="run on a new database of that PostgreSQL server")
    p.add_argument("--processes", type=int, default=1, help="server processes on the database (PostgreSQL)")
    p.add_argument("--multi-process", choices=("auto", "on", "off"), default="auto",
                   help="the servers' multi_process setting (off: one process, no coordination; auto: on with "
                        "several processes, else the server's default)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, help="also write the results here")
    args = p.parse_args()
    if args.processes > 1 and not (args.database_url or "").startswith("postgres"):
        p.error("several processes need a PostgreSQL --database-url")
    with tempfile.TemporaryDirectory() as tmp, database(args.database_url, args.fresh, tmp) as url:
        args.database_label = url.split(":", 1)[0]
        args.plain_url = url
        env = {**os.environ, "MEDIEVAL_BOT_DELAY": str(args.bot_delay), "MEDIEVAL_RATE_LIMIT": "0",
               "MEDIEVAL_LOG_LEVEL": "warning", "MEDIEVAL_MAX_WS_PER_CLIENT": "10000",
               "MEDIEVAL_MAX_CONNECTIONS_PER_CLIENT": "20000", "MEDIEVAL_WS_HANDSHAKE_RATE": "0",
               # every table is created from this one address
               "MEDIEVAL_MAX_TABLES_PER_CLIENT": "100000"}
        if args.multi_process == "auto" and args.processes > 1:
            args.multi_process = "on"
        if args.multi_process == "off" and args.processes > 1:
            p.error("several processes need --multi-process on (or auto)")
        if args.multi_process != "auto":
            env["MEDIEVAL_MULTI_PROCESS"] = "true" if args.multi_process == "on" else "false"
        procs: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        try:
            for i in range(args.processes):
                port = free_port()
                with open(Path(tmp) / f"server{i}.log", "wb") as log:
                    procs.append(subprocess.Popen([sys.executable, "-m", "medieval.interfaces.server", "--port",
                                                   str(port), "--database-url", url], env=env, stdout=log,
                                                  stderr=subprocess.STDOUT))
                bases.append(f"http://127.0.0.1:{port}")
                for _ in range(300):  # one after the other (the first migrates)
                    try:
                        if httpx.get(f"{bases[-1]}/api/health", timeout=1).status_code == 200:
                            break
                    except httpx.HTTPError:
                        time.sleep(0.1)
                else:
                    log_text = (Path(tmp) / f"server{i}.log").read_text(errors="replace")[-4000:]
                    raise SystemExit(f"server {i} did not answer /api/health:\n{log_text}")
            args.server_pids = [proc.pid for proc in procs]
            results = asyncio.run(Bench(args, bases).run())
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    target = results["people_ack_ms"]["p99"]
    print(f"\npeople: ack p50 {results['people_ack_ms']['p50']} ms, p99 {target} ms; state p50 "
          f"{results['people_state_ms']['p50']} ms, p99 {results['people_state_ms']['p99']} ms; "
          f"{results['actions_per_s']} actions/s; server CPU {results['server_cpu_percent']}%; machine load "
          f"{results['load_average_1m']} on {results['cores']} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
