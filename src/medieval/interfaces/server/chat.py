"""Chat per table, in two channels that never meet: the players' (the seats' connections) and the
spectators'. A message is plain text: stored and sent exactly as written, never read as markup (the
browser client shows it with ``textContent``). Messages are limited in length, in rate (per connection
and per address) and in number per table, and stored with the table, so a restart keeps them."""

from __future__ import annotations

import time
import unicodedata
from functools import partial
from typing import Any

from medieval.interfaces.server import storage
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.limits import TokenBucket
from medieval.interfaces.server.service import ServiceBase
from medieval.interfaces.server.table import Table, clean_name

PLAYERS, SPECTATORS = "players", "spectators"
#: Control characters a message may hold (line breaks and tabs); any other is refused.
ALLOWED_CONTROLS = "\n\t"


def channel_of(seat: int | None) -> str:
    return SPECTATORS if seat is None else PLAYERS




class ChatOps(ServiceBase):
    def clean_chat(self, text: object) -> str:
        if not isinstance(text, str):
            raise ServiceError(422, "invalid_chat", "a chat message is text")
        text = text.strip()
        limit = self.settings.max_chat_chars
        if not 1 <= len(text) <= limit:
            raise ServiceError(422, "invalid_chat", f"a chat message has 1 to {limit} characters")
        if any(unicodedata.category(c) in ("Cc", "Cs") and c not in ALLOWED_CONTROLS for c in text):
            raise ServiceError(422, "invalid_chat", "a chat message must not contain control characters")
        return text

    async def _loaded(self, table: Table) -> dict[str, list[dict[str, Any]]]:
        if table.chat is None:
            limit = self.settings.chat_history
            players = await self.db.read(partial(storage.load_chat, table_id=table.id, channel=PLAYERS, limit=limit))
            spectators = await self.db.read(partial(storage.load_chat, table_id=table.id, channel=SPECTATORS,
                                                    limit=limit))
            total = await self.db.read(partial(storage.count_chat, table_id=table.id))
            if table.chat is None:  # (another request may have loaded it meanwhile)
                table.chat = {PLAYERS: players, SPECTATORS: spectators}
                table.chat_total = total
        return table.chat

    async def chat_history(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The chat message a connection gets on connect: its channel's last messages."""
        channel = channel_of(seat)
        log = (await self._loaded(table))[channel]
        return {"type": "chat", "channel": channel, "history": True, "messages": list(log)}

    async def say(self, table: Table, seat: int | None, text: object, name: object = None, client: str = "",
                  bucket: TokenBucket | None = None) -> dict[str, Any]:
        """Post a message to ``seat``'s channel (a seat speaks under its name; a spectator under the
        ``name`` it gives, or as "Spectator"); everyone in the channel is sent it. Returns the message."""
        text = self.clean_chat(text)
        if seat is None:
            speaker = "Spectator" if name is None else clean_name(name)
        else:
            speaker = table.seats[seat].name or f"P{seat}"
        if (bucket is not None and not bucket.take()) or not self.chat_buckets.get(client).take():
            raise ServiceError(429, "rate_limited", "you are sending chat messages too fast; wait a moment")
        await self._loaded(table)
        if table.chat_total >= self.settings.max_chat_messages:
            raise ServiceError(409, "chat_full", f"this table's chat holds its {self.settings.max_chat_messages} "
                                                 f"messages: no more can be added")
        channel = channel_of(seat)
        stamp = storage.now()
        row = {"table_id": table.id, "channel": channel, "seat": seat, "name": speaker, "text": text,
               "created_at": stamp}
        table.chat_total += 1  # counted at once, so concurrent messages cannot pass the limit
        try:
            msg_id = await self.db.write(partial(storage.insert_chat, row=row))
        except Exception:
            table.chat_total -= 1
            raise ServiceError(503, "storage_unavailable", "the message could not be stored; try again") from None
        message = {"id": msg_id, "seat": seat, "name": speaker, "text": text, "at": round(stamp.timestamp(), 3)}
        self.announce(f"c {table.id} {channel} {msg_id} {self.db.writer_id}")
        self.post(table, channel, message)
        if seat is not None:
            table.people_seen = time.monotonic()
        return message

    def post(self, table: Table, channel: str, message: dict[str, Any]) -> None:
        """Keep a stored message in the table's log and send it to the channel's connections here."""
        if table.chat is not None:
            log = table.chat[channel]
            if any(m["id"] == message["id"] for m in log[-64:]):
                return
            log.append(message)
            del log[:-max(1, self.settings.chat_history)]
        out = {"type": "chat", "channel": channel, "history": False, "messages": [message]}
        for conn in table.connections:
            if channel_of(conn.seat) == channel:
                conn.send(out)
