"""A table in memory: its game, seats, live state, clock and connections, and what each client is sent.

Only the service (tables.py and its parts) changes a table; this module holds the table itself and the
messages built from it."""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import medieval
from medieval.core.state import Game, State
from medieval.interfaces.server.clock import ClockConfig, ClockState
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.hub import Connection, dumps
from medieval.interfaces.server.narrate import describer, structured_actions, with_text
from medieval.interfaces.server.storage import StoredTable

OPEN, PLAYING, FINISHED, BROKEN = "open", "playing", "finished", "broken"
#: Tables that ended without a result: cancelled by their creator, expired open, abandoned by everyone.
CANCELLED, EXPIRED, ABANDONED = "cancelled", "expired", "abandoned"
LIVE = (OPEN, PLAYING)
ENDED = (FINISHED, CANCELLED, EXPIRED, ABANDONED)
#: Statuses in which the game was dealt (a view exists).
DEALT = (PLAYING, FINISHED, ABANDONED)
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_NAME = 40
MAX_NOTATION = 200
#: Recent actions remembered per table for undo.
UNDO_MARKS = 32


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
    #: False while the person who holds the seat is away from a game under way (they left, or ran out
    #: of time): the seat waits for them to take it back (rejoin).
    present: bool = True
    #: The bot playing a person's seat while its holder is away (out of time, or handed to a bot).
    stand_in: str | None = None
    #: Hash of the client key of the person who holds the seat (one seat per client).
    client_hash: str | None = None
    #: When a connection of this seat last closed (monotonic; the start-up time after a restart).
    last_seen: float = field(default_factory=time.monotonic)

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None

    @property
    def person(self) -> bool:
        """Held by a person (who may be away)."""
        return self.bot is None and self.token_hash is not None

    @property
    def player(self) -> str | None:
        """The bot that plays this seat now: its own, or the one standing in for its holder."""
        return self.bot or self.stand_in

    def row(self, table_id: str) -> dict[str, Any]:
        return {"table_id": table_id, "seat": self.index, "bot": self.bot, "name": self.name,
                "token_hash": self.token_hash, "present": self.present, "stand_in": self.stand_in,
                "client_hash": self.client_hash}


@dataclass(frozen=True, slots=True)
class UndoMark:
    """An action as undo needs it: its ply, seat, whether the cheap half of the undo policy allows taking
    it back (core/undo.py ``undo_allowed_cheaply``), and the clocks before it."""

    ply: int
    seat: int
    allowed: bool
    clock: ClockState | None


class Table:
    """One table: its game, seats, live state and connections. Only the service changes it."""

    def __init__(self, table_id: str, game: Game[Any], seed: int, status: str, auto_start: bool, seats: list[Seat],
                 state: State | None = None, created: float | None = None, private: bool = False,
                 invite_hash: str | None = None, creator_hash: str | None = None, creator_client: str | None = None,
                 hotseat: bool = False, clock: ClockConfig | None = None, clock_state: ClockState | None = None,
                 undos: int = 0, revision: int = 0) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.status = status
        self.auto_start = auto_start
        self.seats = seats
        self.state: State = state if state is not None else game.new_game(seed)
        #: Actions in the game now (kept here: ``State.history`` builds its list at every call).
        self.ply = len(self.state.history)
        self.created = created if created is not None else time.time()
        self.private = private
        self.invite_hash = invite_hash
        self.creator_hash = creator_hash
        self.creator_client = creator_client
        self.hotseat = hotseat
        self.clock = clock
        self.clock_state = clock_state if clock_state is not None or clock is None else ClockState.fresh(
            clock, game.players)
        #: Actions taken back so far (the version counts them twice: it never goes down).
        self.undos = undos
        self.undo_marks: list[UndoMark] = []
        #: Seats whose bot is choosing a move now (public: who is to move and who is a bot are public).
        self.thinking: tuple[int, ...] = ()
        self.tokens: dict[str, int] = {s.token_hash: s.index for s in seats if s.token_hash}
        self.lock = asyncio.Lock()
        #: Stored changes of the table this copy reflects (several processes: shared.py).
        self.revision = revision
        #: This process runs the table's bots and clock (always, unless several processes share the
        #: database: then only while it holds the table's lease).
        self.leased = True
        #: When this process took the lease (monotonic): a heartbeat that asked before cannot know of it.
        self.leased_at = time.monotonic()
        #: The transaction holding the table's row during a change (several processes: shared.py ``Tx``).
        self.tx: Any = None
        self.connections: set[Connection] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.clock_timer: asyncio.TimerHandle | None = None
        self.finished_at: float | None = time.monotonic() if status in ENDED else None
        #: Last moment a person was connected to, or acted at, this table (monotonic).
        self.people_seen = time.monotonic()
        #: The chat, per channel, once loaded (chat.py).
        self.chat: dict[str, list[dict[str, Any]]] | None = None
        self.chat_total = 0
        self._seats_version = 0
        self._cache_key: tuple[int, int] = (-1, -1)
        self._cache: dict[int | None, tuple[str, int]] = {}
        self._event_texts: dict[int | None, list[str]] = {}
        self._event_names: dict[int | None, tuple[str | None, ...]] = {}


    @property
    def version(self) -> int:
        """Changes of the game so far: +1 per action, +1 per undo (an undo removes an action and adds 2),
        so that it only ever grows and clients can tell the newer state."""
        return self.ply + 2 * self.undos

    @property
    def live(self) -> bool:
        return self.status in LIVE

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

    def connected_seats(self) -> Counter[int | None]:
        return Counter(c.seat for c in self.connections)

    def public_seats(self) -> list[dict[str, Any]]:
        connected = self.connected_seats()
        return [{"seat": s.index, "name": s.name, "bot": s.bot, "taken": s.taken, "present": s.present,
                 "stand_in": s.stand_in, "connected": s.bot is not None or connected[s.index] > 0}
                for s in self.seats]

    def clock_public(self) -> dict[str, Any] | None:
        if self.clock is None or self.clock_state is None:
            return None
        return self.clock_state.public(self.clock)

    def summary(self) -> dict[str, Any]:
        out = self.state.outcome if self.status == FINISHED else None
        return {"id": self.id, "game": self.game.spec.name, "players": self.game.players,
                "options": dict(self.game.options), "status": self.status, "auto_start": self.auto_start,
                "private": self.private, "hotseat": self.hotseat, "created_at": self.created,
                "version": self.version, "to_move": list(self.state.to_move) if self.status == PLAYING else [],
                "seats": self.public_seats(), "clock": self.clock_public(),
                "outcome": None if out is None else out.to_json()}

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat``'s last action passes the cheap half of the undo policy (the server checks the
        rest when asked)."""
        if seat is None or self.status != PLAYING or not self.undo_marks:
            return False
        mark = self.undo_marks[-1]
        return mark.allowed and mark.seat == seat and mark.ply == self.ply - 1 and seat in self.state.to_move

    def payload(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent after a change: its view, legal actions, whose
        turn it is and the events it has not had yet (from index ``events_from`` of its log)."""
        base = self._base(seat)
        events = self.state.events(seat) if base["view"] is not None else []
        start = min(max(events_from, 0), len(events))
        return {**base, "events_from": start, "server_time": round(time.time(), 3),
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
                if len(events) < len(texts):  # an undo shortened the log: rebuild
                    texts.clear()
                describe = describer(self.game.spec)
                texts.extend(dumps({**e, "text": describe(e, seat, names)}) for e in events[len(texts):])
            cached = self._cache[seat] = (dumps(base)[:-1], len(texts) if base["view"] is not None else 0)
        head, count = cached
        texts = self._event_texts.get(seat, [])
        start = min(max(events_from, 0), count)
        return (f'{head},"events_from":{start},"server_time":{time.time():.3f},'
                f'"events":[{",".join(texts[start:count])}]}}', count)

    def _base(self, seat: int | None) -> dict[str, Any]:
        dealt = self.status in DEALT
        playing = self.status == PLAYING
        state = self.state
        to_move = list(state.to_move) if playing else []
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
            "legal": [str(a) for a in state.legal_actions(seat)] if playing and seat is not None else [],
            "actions": structured_actions(state, seat) if playing and seat is not None else [],
            "thinking": list(self.thinking) if playing else [],
            "view": state.view(seat) if dealt else None,
            "seats": self.public_seats(),
            "clock": self.clock_public(),
            "can_undo": self.can_undo(seat),
            "hotseat": self.hotseat,
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

    def adopt(self, other: Table) -> None:
        """Take the stored truth of ``other`` (rebuilt from storage) in place: connections, locks and
        timers stay."""
        self.state, self.ply, self.status, self.undos = other.state, other.ply, other.status, other.undos
        self.seats, self.tokens = other.seats, other.tokens
        self.clock_state = other.clock_state
        self.revision = other.revision
        self.undo_marks = []
        self.finished_at = other.finished_at
        self.seats_changed()
        for conn in self.connections:  # whatever each has, the next state continues from what is true now
            conn.events_sent = min(conn.events_sent, len(self.state.events(conn.seat)))


    def sync(self, stored: StoredTable, state: State) -> None:
        """Catch up with ``stored`` (what another process stored since this copy), ``state`` being the
        game at its version: seats, tokens, status and clocks are taken from storage; connections whose
        token no longer holds their seat are closed."""
        old = {s.index: s for s in self.seats}
        seats = seats_of(stored)
        for seat in seats:
            before = old.get(seat.index)
            if before is not None:
                seat.last_seen = before.last_seen
                if before.token_hash is not None and before.token_hash != seat.token_hash:
                    self.revoke(seat.index, "this seat's token no longer holds it")
        self.seats, self.tokens = seats, {s.token_hash: s.index for s in seats if s.token_hash}
        self.state, self.ply = state, stored.version
        if stored.status in ENDED and self.status not in ENDED:
            self.finished_at = time.monotonic()
        self.status, self.undos, self.revision = stored.status, stored.undos, stored.revision
        self.clock_state = None if stored.clock_state is None else ClockState.from_json(stored.clock_state)
        self.undo_marks = [m for m in self.undo_marks if m.ply < self.ply]
        self.seats_changed()


def seats_of(stored: StoredTable) -> list[Seat]:
    return [Seat(s["seat"], s["bot"], s["name"], s["token_hash"], s["present"], s["stand_in"], s["client_hash"])
            for s in stored.seats]


def record_of(stored: StoredTable) -> dict[str, Any]:
    return {"format": stored.record_format, "game": stored.game, "players": stored.players, "options": stored.options,
            "origin": {"seed": stored.seed}, "actions": [[s, n] for s, n in stored.actions]}


def stored_summary(st: StoredTable) -> dict[str, Any]:
    """The summary of a table nobody has loaded, straight from storage (no replay)."""
    seats = [{"seat": s["seat"], "name": s["name"], "bot": s["bot"], "taken": s["bot"] is not None
              or s["token_hash"] is not None, "present": s["present"], "stand_in": s["stand_in"],
              "connected": s["bot"] is not None} for s in st.seats]
    clock = None
    if st.clock is not None and st.clock_state is not None:
        clock = ClockState.from_json(st.clock_state).public(ClockConfig.from_json(st.clock))
    return {"id": st.id, "game": st.game, "players": st.players, "options": st.options, "status": st.status,
            "auto_start": st.auto_start, "private": st.private, "hotseat": st.hotseat,
            "created_at": st.created_at.timestamp(), "version": st.version + 2 * st.undos, "to_move": [],
            "seats": seats, "clock": clock, "outcome": st.outcome}


def rebuild(stored: StoredTable) -> Table:
    """A table from storage: its game replayed action by action from its seed."""
    state = medieval.replay(record_of(stored))
    seats = seats_of(stored)
    clock = None if stored.clock is None else ClockConfig.from_json(stored.clock)
    clock_state = None if stored.clock_state is None else ClockState.from_json(stored.clock_state)
    return Table(stored.id, state.game, stored.seed, stored.status, stored.auto_start, seats, state,
                 created=stored.created_at.timestamp(), private=stored.private, invite_hash=stored.invite_hash,
                 creator_hash=stored.creator_hash, creator_client=stored.creator_client, hotseat=stored.hotseat,
                 clock=clock, clock_state=clock_state, undos=stored.undos, revision=stored.revision)
