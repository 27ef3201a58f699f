"""What the server stores. A table's game is its configuration and seed plus the ordered list of
accepted actions: replaying them rebuilds the exact position (ARCHITECTURE.md §2, principle 3)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The game's seed: secret while the game goes on (it decides every shuffle).
    seed: Mapped[int] = mapped_column(BigInteger)
    #: The record format the game is replayed in (its chance generator: ``core/rng.py``); tables stored
    #: before the second format keep the first.
    record_format: Mapped[str] = mapped_column(String(32), server_default="medieval/record@1")
    #: open | playing | finished | broken
    status: Mapped[str] = mapped_column(String(16), index=True)
    auto_start: Mapped[bool] = mapped_column()
    #: Number of accepted actions (the table's version).
    version: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: A private table is not listed; joining it needs its invite code.
    private: Mapped[bool] = mapped_column(default=False)
    #: SHA-256 of a private table's invite code (the code itself is never stored).
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 of the creator's credential (cancels the table while it is open).
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Hash of the client (address) that created the table: its live tables are limited.
    creator_client: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: A hotseat table lets one client hold several seats.
    hotseat: Mapped[bool] = mapped_column(default=False)
    #: The turn clock chosen at creation (clock.py ClockConfig), None for no clock.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The clocks now (ClockState): each seat's reserve and when its running clock started.
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Actions taken back (undo); the public version is ``version + 2 * undos``.
    undos: Mapped[int] = mapped_column(Integer, default=0)
    #: Stored changes of the table (actions, undos, seats, status), +1 each: a process serving the table
    #: compares it with the revision it holds in memory (shared.py). Counted when several processes share
    #: the database.
    revision: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: Bot spec (``random``, ``ismcts:time=1``) for a bot seat, None for a person's seat.
    bot: Mapped[str | None] = mapped_column(String(120), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: SHA-256 of the seat token (the token itself is never stored).
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    #: False once the person left a game under way (the seat waits for them to rejoin).
    present: Mapped[bool] = mapped_column(default=True)
    #: The bot playing a person's seat while its holder is away (they take it back with their token).
    stand_in: Mapped[str | None] = mapped_column(String(120), nullable=True)
    #: SHA-256 of the client key of the seat's person (one seat per client, but at hotseat tables).
    client_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: When a connection of this seat was last open on one of the server processes (several processes:
    #: each one's heartbeat marks the seats connected to it), so that another knows the person is about.
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    #: 0-based position in the game's history; the primary key refuses a second action at the same ply.
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(Text)
    #: The server process that stored it (a write that failed is acknowledged only if it is its own).
    writer: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """The server process that runs a table's bots and clock timers, and until when (several processes:
    renewed by its heartbeat; another process takes it over once it has expired)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    #: players | spectators: the two never see each other's messages.
    channel: Mapped[str] = mapped_column(String(16))
    #: The speaker's seat (None for a spectator) and display name at the time.
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    #: Plain text, stored and sent as it was written (clients show it as text, never as markup).
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
