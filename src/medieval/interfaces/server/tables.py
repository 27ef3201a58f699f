"""Tables in memory and the service that changes them.

The server is authoritative: it owns each game's seed (drawn from ``secrets``) and its state. Every
change is written to the database first and applied in memory only once the commit is done, under the
table's lock; then every connection watching the table is told. A refused request changes nothing.
At start-up every open or running table is rebuilt by replaying its stored actions."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import secrets
import time
import unicodedata
from collections import Counter, deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection as DBConnection

import medieval
from medieval.core.errors import IllegalActionError, InvalidActionError, MedievalError
from medieval.core.rng import fresh_seed
from medieval.core.state import RECORD_FORMAT, Game, State
from medieval.interfaces.server import storage
from medieval.interfaces.server.bots import BotRunner
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.hub import Connection, dumps
from medieval.interfaces.server.narrate import describer, structured_actions, with_text
from medieval.interfaces.server.settings import ServerSettings
from medieval.interfaces.server.storage import Database, StoredTable

log = logging.getLogger("medieval.server")

OPEN, PLAYING, FINISHED, BROKEN = "open", "playing", "finished", "broken"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_NAME = 40
MAX_NOTATION = 200


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_name(name: object) -> str:
    """A display name: 1 to 40 printable characters, outer spaces trimmed."""
    if not isinstance(name, str):
        raise ServiceError(422, "invalid_name", "name must be text")
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ServiceError(422, "invalid_name", f"name must have 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise ServiceError(422, "invalid_name", "name must not contain control characters")
    return name


@dataclass
class Seat:
    index: int
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    #: False while the person who holds the seat has left a game under way.
    present: bool = True

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None

    def row(self, table_id: str) -> dict[str, Any]:
        return {"table_id": table_id, "seat": self.index, "bot": self.bot, "name": self.name,
                "token_hash": self.token_hash, "present": self.present}


class Table:
    """One table: its game, seats, live state and connections. Only the service changes it."""

    def __init__(self, table_id: str, game: Game[Any], seed: int, status: str, auto_start: bool, seats: list[Seat],
                 state: State | None = None, created: float | None = None, private: bool = False,
                 invite_hash: str | None = None) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.status = status
        self.auto_start = auto_start
        self.seats = seats
        self.state: State = state if state is not None else game.new_game(seed)
        self.version = len(self.state.history)
        self.created = created if created is not None else time.time()
        self.private = private
        self.invite_hash = invite_hash
        #: Seats whose bot is choosing a move now (public: who is to move and who is a bot are public).
        self.thinking: tuple[int, ...] = ()
        self.tokens: dict[str, int] = {s.token_hash: s.index for s in seats if s.token_hash}
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.finished_at: float | None = time.monotonic() if status == FINISHED else None
        self._seats_version = 0
        self._cache_key: tuple[int, int] = (-1, -1)
        self._cache: dict[int | None, tuple[str, int]] = {}
        self._event_texts: dict[int | None, list[str]] = {}
        self._event_names: dict[int | None, tuple[str | None, ...]] = {}

    # ------------------------------------------------------------------ what clients see
    def seats_changed(self) -> None:
        self._seats_version += 1

    def names(self) -> tuple[str | None, ...]:
        """The seats' display names (None for a bot or an empty seat)."""
        return tuple(s.name for s in self.seats)

    def set_thinking(self, seats: tuple[int, ...]) -> None:
        """Say which seats' bots are deciding now (every watcher is told)."""
        if seats != self.thinking:
            self.thinking = seats
            self.seats_changed()
            self.notify()

    def public_seats(self) -> list[dict[str, Any]]:
        connected = Counter(c.seat for c in self.connections)
        return [{"seat": s.index, "name": s.name, "bot": s.bot, "taken": s.taken, "present": s.present,
                 "connected": s.bot is not None or connected[s.index] > 0} for s in self.seats]

    def summary(self) -> dict[str, Any]:
        out = self.state.outcome if self.status == FINISHED else None
        return {"id": self.id, "game": self.game.spec.name, "players": self.game.players,
                "options": dict(self.game.options), "status": self.status, "auto_start": self.auto_start,
                "private": self.private,
                "version": self.version, "to_move": list(self.state.to_move) if self.status == PLAYING else [],
                "seats": self.public_seats(), "outcome": None if out is None else out.to_json()}

    def payload(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent after a change: its view, legal actions, whose
        turn it is and the events it has not had yet (from index ``events_from`` of its log)."""
        base = self._base(seat)
        events = self.state.events(seat) if base["view"] is not None else []
        start = min(max(events_from, 0), len(events))
        return {**base, "events_from": start,
                "events": with_text(self.game.spec, events[start:], seat, self.names())}

    def payload_text(self, seat: int | None, events_from: int) -> tuple[str, int]:
        """``payload`` as JSON text, and the number of events the seat then has. The WebSocket path:
        cached per seat and version as text (no garbage-collected objects pile up), with the seat's
        events serialized once each, as the log grows."""
        key = (self.version, self._seats_version)
        if key != self._cache_key:
            self._cache.clear()
            self._cache_key = key
        cached = self._cache.get(seat)
        if cached is None:
            base = self._base(seat)
            texts = self._event_texts.setdefault(seat, [])
            names = self.names()
            if self._event_names.get(seat) != names:  # a seat changed hands: the sentences name people
                texts.clear()
                self._event_names[seat] = names
            if base["view"] is not None:
                events = self.state.events(seat)
                if len(events) < len(texts):  # cannot happen with an append-only log; rebuild if it does
                    texts.clear()
                describe = describer(self.game.spec)
                texts.extend(dumps({**e, "text": describe(e, seat, names)}) for e in events[len(texts):])
            cached = self._cache[seat] = (dumps(base)[:-1], len(texts) if base["view"] is not None else 0)
        head, count = cached
        texts = self._event_texts.get(seat, [])
        start = min(max(events_from, 0), count)
        return f'{head},"events_from":{start},"events":[{",".join(texts[start:count])}]}}', count

    def _base(self, seat: int | None) -> dict[str, Any]:
        started = self.status in (PLAYING, FINISHED)
        state = self.state
        to_move = list(state.to_move) if started else []
        out = state.outcome if self.status == FINISHED else None
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.spec.name,
            "status": self.status,
            "version": self.version,
            "seat": seat,
            "to_move": to_move,
            "your_turn": seat is not None and seat in to_move,
            "legal": [str(a) for a in state.legal_actions(seat)] if started and seat is not None else [],
            "actions": structured_actions(state, seat) if started and seat is not None else [],
            "thinking": list(self.thinking) if self.status == PLAYING else [],
            "view": state.view(seat) if started else None,
            "seats": self.public_seats(),
            "outcome": None if out is None else out.to_json(),
        }

    def notify(self, presence: bool = False) -> None:
        """Every watcher is to be sent the new state (``presence``: only who is connected changed)."""
        for conn in self.connections:
            conn.mark_dirty(presence)

    def revoke(self, seat: int, detail: str) -> None:
        """Close the connections of a seat whose token no longer holds it."""
        for conn in self.connections:
            if conn.seat == seat:
                conn.close_after({"type": "error", "status": 403, "code": "seat_revoked", "detail": detail}, 4403)


async def _to_the_end(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` (a commit and its in-memory twin) to the end even if the caller is cancelled, and
    keep the caller (who holds the table's lock) until it is done, so the two can never be split."""
    task = asyncio.ensure_future(work)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await task
        raise


def record_of(stored: StoredTable) -> dict[str, Any]:
    return {"format": stored.record_format, "game": stored.game, "players": stored.players, "options": stored.options,
            "origin": {"seed": stored.seed}, "actions": [[s, n] for s, n in stored.actions]}


def _stored_summary(st: StoredTable) -> dict[str, Any]:
    """The summary of a finished table nobody has loaded, straight from storage (no replay)."""
    seats = [{"seat": s["seat"], "name": s["name"], "bot": s["bot"], "taken": s["bot"] is not None
              or s["token_hash"] is not None, "present": s["present"], "connected": s["bot"] is not None}
             for s in st.seats]
    return {"id": st.id, "game": st.game, "players": st.players, "options": st.options, "status": st.status,
            "auto_start": st.auto_start, "private": st.private, "version": st.version, "to_move": [], "seats": seats,
            "outcome": st.outcome}


def rebuild(stored: StoredTable) -> Table:
    """A table from storage: its game replayed action by action from its seed."""
    state = medieval.replay(record_of(stored))
    seats = [Seat(s["seat"], s["bot"], s["name"], s["token_hash"], s["present"]) for s in stored.seats]
    return Table(stored.id, state.game, stored.seed, stored.status, stored.auto_start, seats, state,
                 created=stored.created_at.timestamp(), private=stored.private, invite_hash=stored.invite_hash)


class TableService:
    def __init__(self, settings: ServerSettings, db: Database) -> None:
        self.settings = settings
        self.db = db
        self.tables: dict[str, Table] = {}
        self.bots = BotRunner(self, settings)
        self.actions_total = 0
        self.latencies: deque[float] = deque(maxlen=20_000)
        self.ws_per_client: Counter[str] = Counter()
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        stored = await self.db.read(storage.load_live)
        broken: list[str] = []

        def rebuild_all() -> None:
            for st in stored:
                try:
                    self.tables[st.id] = rebuild(st)
                except Exception:
                    log.exception("table %s does not replay; it is marked broken", st.id)
                    broken.append(st.id)

        await asyncio.to_thread(rebuild_all)
        for tid in broken:
            await self.db.write(partial(storage.update_table, table_id=tid, status=BROKEN))
        log.info("resumed %d tables (%d broken)", len(self.tables), len(broken))
        for table in self.tables.values():
            self.bots.kick(table)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="medieval-sweeper")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.bots.stop()
        for table in self.tables.values():
            for conn in list(table.connections):
                await conn.stop()

    async def _sweep_forever(self) -> None:
        period = max(1.0, min(30.0, self.settings.finished_ttl))
        while True:
            await asyncio.sleep(period)
            self.sweep()

    def sweep(self) -> None:
        """Forget finished tables nobody watches (storage keeps them)."""
        limit = time.monotonic() - self.settings.finished_ttl
        for tid, t in list(self.tables.items()):
            if t.status == FINISHED and not t.connections and (t.finished_at or 0) <= limit:
                del self.tables[tid]

    # ------------------------------------------------------------------ reading
    def live_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status in (OPEN, PLAYING))

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID.match(table_id):
            raise ServiceError(404, "no_table", f"no table {table_id!r}")
        stored = await self.db.read(partial(storage.load_table, table_id=table_id))
        if stored is None or stored.status == BROKEN:
            raise ServiceError(404, "no_table", f"no table {table_id!r}")
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = await asyncio.to_thread(rebuild, stored)
            table = self.tables.setdefault(table_id, table)
        return table

    async def list_tables(self, status: str, game: str | None, limit: int) -> list[dict[str, Any]]:
        if status in (OPEN, PLAYING):
            found = [t for t in self.tables.values() if t.status == status and not t.private
                     and (game is None or t.game.spec.name == game)]
            found.sort(key=lambda t: t.created, reverse=True)
            return [t.summary() for t in found[:limit]]
        stored = await self.db.read(partial(storage.list_tables, status=status, game=game, limit=limit))
        return [self.tables[st.id].summary() if st.id in self.tables else _stored_summary(st) for st in stored]

    def seat_of(self, table: Table, token: str | None) -> int:
        """The seat a bearer token holds at ``table``: 401 without a token, 403 with another one."""
        if not token:
            raise ServiceError(401, "no_token", "this needs the seat token you got when you joined "
                                                "(Authorization: Bearer TOKEN)")
        seat = table.tokens.get(hash_token(token))
        if seat is None:
            raise ServiceError(403, "not_your_table", "this token holds no seat at this table")
        return seat

    def metrics(self) -> dict[str, Any]:
        lat = sorted(self.latencies)

        def pct(p: float) -> float | None:
            return None if not lat else round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 3)

        return {"status": "ok", "live_tables": self.live_count(), "tables_in_memory": len(self.tables),
                "connections": sum(len(t.connections) for t in self.tables.values()),
                "actions": self.actions_total, "commits": self.db.commits,
                "move_latency_ms": {"p50": pct(0.5), "p99": pct(0.99), "samples": len(lat)}}

    # ------------------------------------------------------------------ tables
    async def create(self, game_name: str, players: int | None, options: dict[str, Any],
                     bots: list[str | None], auto_start: bool, name: str | None,
                     private: bool = False,
                     seat: int | None = None) -> tuple[Table, int | None, str | None, str | None]:
        """A new table; returns it, the creator's seat and token (if ``name``), and the invite code of a
        private table."""
        if self.live_count() >= self.settings.max_live_tables:
            raise ServiceError(503, "server_full", "the server has as many tables as it can hold; try later")
        try:
            game = medieval.make(game_name, players, **options)
        except MedievalError as e:
            raise ServiceError(422, "invalid_game", str(e)) from None
        except TypeError as e:  # options that are not keyword names
            raise ServiceError(422, "invalid_game", str(e)) from None
        if len(bots) > game.players:
            raise ServiceError(422, "invalid_seats", f"{len(bots)} seats given for {game.players} players")
        seats = [Seat(i, None if i >= len(bots) or bots[i] is None else self.bots.validate(bots[i], game))
                 for i in range(game.players)]
        token = None
        joined: int | None = None
        if name is not None:
            name = clean_name(name)
            free = [s for s in seats if not s.taken]
            if not free:
                raise ServiceError(422, "invalid_seats", "every seat is a bot: there is no seat for you")
            if seat is not None:
                if not 0 <= seat < len(seats) or seats[seat].taken:
                    raise ServiceError(422, "invalid_seats", f"seat {seat} is not a free seat for a person")
                free = [seats[seat]]
            token = secrets.token_urlsafe(32)
            joined = free[0].index
            free[0].name, free[0].token_hash = name, hash_token(token)
        status = PLAYING if auto_start and all(s.taken for s in seats) else OPEN
        table_id = secrets.token_urlsafe(9)
        invite = secrets.token_urlsafe(12) if private else None
        invite_hash = None if invite is None else hash_token(invite)
        table = Table(table_id, game, fresh_seed(), status, auto_start, seats, private=private,
                      invite_hash=invite_hash)
        stamp = storage.now()
        row = {"id": table_id, "game": game.spec.name, "players": game.players, "options": dict(game.options),
               "seed": table.seed, "status": status, "auto_start": auto_start, "version": 0, "outcome": None,
               "created_at": stamp, "updated_at": stamp, "private": private, "invite_hash": invite_hash,
               "record_format": RECORD_FORMAT}
        await self.db.write(partial(storage.insert_table, row=row, seats=[s.row(table_id) for s in seats]))
        self.tables[table_id] = table
        self.bots.kick(table)
        return table, joined, token, invite

    async def _change(self, table: Table, write: Callable[[DBConnection], None], apply: Callable[[], None]) -> None:
        """Commit ``write``, then ``apply`` the same change in memory (a cancelled caller cannot split them)."""
        async def run() -> None:
            await self.db.write(write)
            apply()
            table.seats_changed()

        await _to_the_end(run())
        table.notify()
        self.bots.kick(table)

    async def join(self, table: Table, name: str, seat: int | None, invite: str | None = None) -> tuple[int, str]:
        name = clean_name(name)
        if table.private and (not invite or not secrets.compare_digest(hash_token(invite), table.invite_hash or "")):
            raise ServiceError(403, "invite_needed", "this table is private: join it through its invite link")
        async with table.lock:
            if table.status == OPEN:
                free = [s for s in table.seats if not s.taken]
            elif table.status == PLAYING:  # a seat left mid-game: its holder's, or the invite's
                free = [s for s in table.seats if s.bot is None and not s.present]
                if free and not table.private:
                    raise ServiceError(409, "seat_held", "a seat left during the game is kept for its holder; "
                                                         "only a private table's invite may take it over")
            else:
                raise ServiceError(409, "table_finished", "this game is over")
            if seat is not None:
                if not 0 <= seat < len(table.seats):
                    raise ServiceError(422, "no_seat", f"no seat {seat}: seats are 0 to {len(table.seats) - 1}")
                if table.seats[seat] not in free:
                    raise ServiceError(409, "seat_taken", f"seat {seat} is not free")
                target = table.seats[seat]
            elif free:
                target = free[0]
            else:
                raise ServiceError(409, "table_full", "no seat is free at this table")
            token = secrets.token_urlsafe(32)
            token_hash = hash_token(token)
            old = target.token_hash
            starts = (table.status == OPEN and table.auto_start
                      and all(s.taken for s in table.seats if s is not target))

            def write(conn: DBConnection) -> None:
                storage.update_seat(conn, table.id, target.index, name=name, token_hash=token_hash, present=True)
                if starts:
                    storage.update_table(conn, table.id, status=PLAYING)

            def apply() -> None:
                if old is not None:
                    table.tokens.pop(old, None)
                    table.revoke(target.index, "someone else took over this seat")
                target.name, target.token_hash, target.present = name, token_hash, True
                table.tokens[token_hash] = target.index
                if starts:
                    table.status = PLAYING

            await self._change(table, write, apply)
            return target.index, token

    async def start_table(self, table: Table, seat: int, fill_bot: str | None) -> None:
        async with table.lock:
            if table.status != OPEN:
                raise ServiceError(409, "not_open", f"the table is {table.status}, not open")
            empty = [s for s in table.seats if not s.taken]
            if empty and fill_bot is None:
                raise ServiceError(409, "seats_empty", f"seats {[s.index for s in empty]} are empty: name a "
                                                       f"bot to fill them (fill_bot)")
            bot = None if fill_bot is None else self.bots.validate(fill_bot, table.game)

            def write(conn: DBConnection) -> None:
                for s in empty:
                    storage.update_seat(conn, table.id, s.index, bot=bot)
                storage.update_table(conn, table.id, status=PLAYING)

            def apply() -> None:
                for s in empty:
                    s.bot = bot
                table.status = PLAYING

            await self._change(table, write, apply)

    async def leave(self, table: Table, seat: int, bot: str | None) -> None:
        async with table.lock:
            if table.status == FINISHED:
                raise ServiceError(409, "table_finished", "this game is over: there is no seat to leave")
            target = table.seats[seat]
            if table.status not in (OPEN, PLAYING):
                raise ServiceError(409, "table_finished", f"the table is {table.status}: there is no seat to leave")
            if table.status == OPEN:  # before the start the seat is simply free again
                new: dict[str, Any] = {"name": None, "token_hash": None, "present": True}
            elif table.status == PLAYING and bot is not None:  # a bot plays on for the leaver
                new = {"bot": self.bots.validate(bot, table.game), "token_hash": None, "present": True}
            else:  # the seat waits for its holder to rejoin (or for someone to take it over)
                new = {"present": False}
            old = target.token_hash

            def apply() -> None:
                for k, v in new.items():
                    setattr(target, k, v)
                if target.token_hash is None and old is not None:
                    table.tokens.pop(old, None)
                    table.revoke(seat, "you left this seat")

            await self._change(table, partial(storage.update_seat, table_id=table.id, seat=seat, **new), apply)

    async def rejoin(self, table: Table, seat: int) -> None:
        async with table.lock:
            target = table.seats[seat]
            if table.status == FINISHED:
                raise ServiceError(409, "table_finished", "this game is over: there is no seat to rejoin")
            if target.present:
                return

            def apply() -> None:
                target.present = True

            await self._change(table, partial(storage.update_seat, table_id=table.id, seat=seat, present=True), apply)

    # ------------------------------------------------------------------ play
    async def submit(self, table: Table, seat: int, text: object, version: int | None = None) -> int:
        """Apply ``seat``'s action (notation) once it is committed; return the new version. Anything
        refused raises ServiceError and changes nothing."""
        started = time.perf_counter()
        if not isinstance(text, str) or len(text) > MAX_NOTATION:
            raise ServiceError(422, "invalid_action", f"an action is notation text of at most {MAX_NOTATION} "
                                                      f"characters")
        async with table.lock:
            if table.status != PLAYING:
                code = "game_over" if table.status == FINISHED else "not_started"
                raise ServiceError(409, code, f"the table is {table.status}")
            if not table.seats[seat].present:
                raise ServiceError(409, "seat_absent", "you left this seat: come back (rejoin) before you act")
            if version is not None and version != table.version:
                raise ServiceError(409, "stale_version", f"the table is at version {table.version}, not {version}")
            state = table.state
            try:
                action = state.parse_action(seat, text)
            except IllegalActionError as e:
                if seat not in state.to_move:
                    raise ServiceError(409, "not_your_turn", f"seat {seat} is not to move", []) from None
                raise ServiceError(422, "illegal_action", str(e), e.legal) from None
            except InvalidActionError as e:
                raise ServiceError(422, "invalid_action", str(e), e.legal) from None
            new = state.clone()
            new.apply(seat, action)
            ply = table.version
            outcome = new.outcome
            status = FINISHED if outcome is not None else PLAYING
            write = storage.ActionWrite(table.id, ply, seat, str(action), status,
                                        None if outcome is None else outcome.to_json())

            async def commit() -> None:
                try:
                    await self.db.write_action(write)
                except Exception as e:
                    # The commit may have happened and only its answer been lost: storage decides.
                    try:
                        stored = await self.db.read(partial(storage.table_version, table_id=table.id))
                    except Exception:
                        stored = None
                    if stored != ply + 1:
                        log.exception("table %s: storing action %d failed", table.id, ply)
                        raise ServiceError(503, "storage_unavailable",
                                           "the action could not be stored; try again") from e
                table.state = new
                table.version = ply + 1
                if outcome is not None:
                    table.status = FINISHED
                    table.finished_at = time.monotonic()

            await _to_the_end(commit())
        self.actions_total += 1
        self.latencies.append(time.perf_counter() - started)
        table.notify()
        self.bots.kick(table)
        return ply + 1

    # ------------------------------------------------------------------ connections
    def attach(self, conn: Connection) -> None:
        table = conn.table
        table.connections.add(conn)
        conn.start()
        if conn.seat is not None:
            table.seats_changed()
            table.notify(presence=True)

    async def detach(self, conn: Connection) -> None:
        table = conn.table
        await conn.stop()
        if conn in table.connections:
            table.connections.discard(conn)
            if conn.seat is not None:
                table.seats_changed()
                table.notify(presence=True)
