"""The WebSocket endpoint ``/ws/tables/{table_id}``: one connection per seat or spectator.

Protocol (JSON text frames; docs/server.md has examples):
client first sends ``{"type": "hello", "token": TOKEN or null, "events_from": 0}``; then
``{"type": "action", "action": NOTATION, "version": N?, "id": ID?}``, ``{"type": "undo", "version": N?,
"id": ID?}``, ``{"type": "chat", "text": TEXT, "name": NAME?}`` and ``{"type": "ping"}``.
The server sends ``state`` messages after every change, ``ack`` for accepted actions and undos, ``chat``
messages (the channel's history on connect, then each new one), ``error`` (with an HTTP-like
``status``) for refused ones, and ``pong``.

An action's ``id`` is remembered per seat token: the same id again (a retry after a lost answer, on
this connection or a new one) is answered with the first ack and is not applied twice; another action
under an id already acked is refused (409 ``id_reused``) rather than dropped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket
from fastapi.responses import JSONResponse

from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.hub import Connection, dumps
from medieval.interfaces.server.limits import KeyedBuckets, TokenBucket, too_deep
from medieval.interfaces.server.table import Table, hash_token
from medieval.interfaces.server.tables import TableService

router = APIRouter()

#: Close codes (4000 + the HTTP status they stand for).
CLOSE_BAD_HELLO, CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN, CLOSE_NO_TABLE, CLOSE_TIMEOUT = 4400, 4401, 4403, 4404, 4408
CLOSE_POLICY, CLOSE_TRY_LATER = 1008, 1013
#: Rate-limit strikes tolerated before the connection is closed.
MAX_STRIKES = 20


def _error(status: int, code: str, detail: str, msg_id: Any = None, legal: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "status": status, "code": code, "detail": detail}
    if legal is not None:
        out["legal"] = legal
    if msg_id is not None:
        out["id"] = msg_id
    return out


class BadMessage(Exception):
    def __init__(self, detail: str, status: int = 400, code: str = "bad_message") -> None:
        super().__init__(detail)
        self.detail, self.status, self.code = detail, status, code


def _parse(message: Mapping[str, Any], max_depth: int, max_bytes: int) -> dict[str, Any]:
    text = message.get("text")
    if text is None:
        raise BadMessage("send JSON text frames, not binary ones")
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise BadMessage(f"messages are limited to {max_bytes} bytes", 413, "too_large")
    if too_deep(text, max_depth):
        raise BadMessage(f"the message nests arrays or objects deeper than {max_depth} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object with a 'type'")
    return data


def _valid_id(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53) or (
        isinstance(value, str) and len(value) <= 64)


#: Per table and seat token, the replies to the last action ids (futures while in flight). Weak: a
#: table dropped from memory takes its ids along.
_Replies = OrderedDict[Any, "tuple[tuple[Any, Any], asyncio.Future[dict[str, Any]]]"]
_recent: weakref.WeakKeyDictionary[Table, dict[str, _Replies]] = weakref.WeakKeyDictionary()


def _handshakes(websocket: WebSocket, service: TableService) -> KeyedBuckets:
    state = websocket.app.state
    buckets: KeyedBuckets | None = getattr(state, "ws_handshakes", None)
    if buckets is None:
        buckets = state.ws_handshakes = KeyedBuckets(service.settings.ws_handshake_rate,
                                                     service.settings.ws_handshake_burst)
    return buckets


async def _deny(websocket: WebSocket, status: int, code: str, detail: str, retry_after: int | None = None) -> None:
    """Refuse the handshake with an HTTP answer (where the server supports it; a close otherwise)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        headers = None if retry_after is None else {"Retry-After": str(retry_after)}
        await websocket.send_denial_response(JSONResponse({"detail": detail, "code": code}, status, headers))
    else:
        await websocket.close(CLOSE_TRY_LATER)


async def _receive(websocket: WebSocket) -> Mapping[str, Any]:
    return await websocket.receive()


async def _refuse(websocket: WebSocket, error: dict[str, Any], code: int) -> None:
    with contextlib.suppress(Exception):  # the client may be gone already
        await websocket.send_text(dumps(error))
        await websocket.close(code)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    service: TableService = websocket.app.state.service
    settings = service.settings
    client = websocket.client.host if websocket.client else ""
    if settings.ws_handshake_rate > 0:
        bucket = _handshakes(websocket, service).get(client)
        if not bucket.take():
            await _deny(websocket, 429, "rate_limited", "too many WebSocket connections; slow down",
                        bucket.retry_after())
            return
    if service.ws_per_client[client] >= settings.max_ws_per_client:
        await _deny(websocket, 429, "too_many_websockets",
                    f"at most {settings.max_ws_per_client} WebSockets per address")
        return
    service.ws_per_client[client] += 1  # counted from the accept: silent connections count too
    try:
        await websocket.accept()
        await _serve(websocket, table_id, service, client)
    finally:
        service.ws_per_client[client] -= 1
        if service.ws_per_client[client] <= 0:
            del service.ws_per_client[client]


async def _serve(websocket: WebSocket, table_id: str, service: TableService, client: str) -> None:
    settings = service.settings
    try:
        first = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
        if first["type"] == "websocket.disconnect":
            return
        hello = _parse(first, settings.max_json_depth, settings.max_ws_message_bytes)
    except TimeoutError:
        await _refuse(websocket, _error(408, "no_hello", "say hello first"), CLOSE_TIMEOUT)
        return
    except BadMessage as e:
        await _refuse(websocket, _error(e.status, e.code, e.detail), CLOSE_BAD_HELLO)
        return
    except Exception:  # the client went away before saying hello
        return
    token = hello.get("token")
    events_from = hello.get("events_from", 0)
    if (hello.get("type") != "hello" or not (token is None or isinstance(token, str))
            or isinstance(events_from, bool) or not isinstance(events_from, int) or events_from < 0):
        await _refuse(websocket, _error(400, "bad_hello", 'the first message must be {"type": "hello", '
                                                          '"token": TOKEN or null, "events_from": N}'),
                      CLOSE_BAD_HELLO)
        return
    try:
        table = await service.get(table_id[:64])
        seat = None if token is None else await service.seat_for(table, token)
    except ServiceError as e:
        code = {401: CLOSE_UNAUTHORIZED, 403: CLOSE_FORBIDDEN, 404: CLOSE_NO_TABLE}.get(e.status, CLOSE_BAD_HELLO)
        await _refuse(websocket, _error(e.status, e.code, e.detail), code)
        return
    token_hash = None if token is None else hash_token(token)
    conn = Connection(websocket, table, seat, events_from, client, settings.presence_push_interval)
    service.attach(conn)
    bucket = TokenBucket(settings.ws_rate_limit, settings.ws_rate_burst)
    chat_bucket = TokenBucket(settings.chat_rate, settings.chat_burst)
    strikes = 0
    try:
        conn.send(await service.chat_history(table, seat))
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not bucket.take():  # every message counts, well formed or not
                strikes += 1
                if strikes > MAX_STRIKES:
                    conn.close_after(_error(429, "rate_limited", "too many messages; closing"), CLOSE_POLICY)
                    await conn.finish()
                    break
                conn.send(_error(429, "rate_limited", "too many messages; slow down"))
                continue
            try:
                data = _parse(message, settings.max_json_depth, settings.max_ws_message_bytes)
            except BadMessage as e:
                conn.send(_error(e.status, e.code, e.detail))
                continue
            msg_id = data.get("id")
            if not _valid_id(msg_id):
                conn.send(_error(400, "bad_message", "'id' must be a number or a string of at most 64 characters"))
                continue
            kind = data.get("type")
            if kind == "ping":
                conn.send({"type": "pong", "id": msg_id})
            elif kind == "action":
                conn.send(await _once(service, conn, token_hash, data, msg_id))
            elif kind == "undo":
                conn.send(await _undo(service, conn, token_hash, data, msg_id))
            elif kind == "chat":
                try:
                    await service.say(table, seat, data.get("text"), data.get("name"), client, chat_bucket)
                except ServiceError as e:
                    conn.send(_error(e.status, e.code, e.detail, msg_id))
            else:
                conn.send(_error(400, "bad_message", f"unknown message type {kind!r} (action, undo, chat, ping)",
                                 msg_id))
    except Exception:  # the socket broke
        pass
    finally:
        await service.detach(conn)


async def _once(service: TableService, conn: Connection, token_hash: str | None, data: dict[str, Any],
                msg_id: Any) -> dict[str, Any]:
    """``_act``, unless this seat token already sent an action with this id: then the first answer
    (awaited if the first is still in flight), marked ``duplicate``. Only acks are kept: a refused
    action changed nothing and may be retried under the same id."""
    if msg_id is None or token_hash is None or conn.seat is None:
        return await _act(service, conn, token_hash, data, msg_id)
    replies = _recent.setdefault(conn.table, {}).setdefault(token_hash, OrderedDict())
    request = (data.get("action"), data.get("version"))
    earlier = replies.get(msg_id)
    if earlier is not None:
        if earlier[0] != request:  # not a retry: another action under a used id would be lost silently
            return _error(409, "id_reused", "this id was already used for another action: give every action "
                                            "a new id (a retry sends the same action, version and id)", msg_id)
        first = await asyncio.shield(earlier[1])
        return {**first, "duplicate": True} if first["type"] == "ack" else first
    future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    replies[msg_id] = (request, future)
    while len(replies) > service.settings.ws_remembered_ids:
        replies.popitem(last=False)
    try:
        reply = await _act(service, conn, token_hash, data, msg_id)
    except BaseException:
        replies.pop(msg_id, None)
        future.set_result(_error(503, "try_again", "the action was interrupted; send it again", msg_id))
        raise
    future.set_result(reply)
    kept = replies.get(msg_id)
    if reply["type"] != "ack" and kept is not None and kept[1] is future:
        del replies[msg_id]
    return reply


def _may_act(conn: Connection, token_hash: str | None, msg_id: Any) -> dict[str, Any] | None:
    """The error for a connection that may not act now, or None."""
    seat, table = conn.seat, conn.table
    if seat is None or token_hash is None:
        return _error(403, "spectator", "spectators cannot act", msg_id)
    if table.tokens.get(token_hash) != seat:
        return _error(403, "seat_revoked", "this connection's token no longer holds the seat", msg_id)
    if not table.seats[seat].present:
        return _error(409, "seat_absent", "you are away from this seat (you left it, or a bot plays it): take "
                                          "it back (POST /api/tables/{id}/rejoin) before you act", msg_id)
    return None


async def _undo(service: TableService, conn: Connection, token_hash: str | None, data: dict[str, Any],
                msg_id: Any) -> dict[str, Any]:
    refused = _may_act(conn, token_hash, msg_id)
    if refused is not None or conn.seat is None:
        return refused or _error(403, "spectator", "spectators cannot act", msg_id)
    version = data.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        return _error(400, "bad_message", "'version' must be an integer", msg_id)
    try:
        new_version = await service.undo(conn.table, conn.seat, version)
    except ServiceError as e:
        return _error(e.status, e.code, e.detail, msg_id)
    return {"type": "ack", "id": msg_id, "version": new_version, "undo": True}


async def _act(service: TableService, conn: Connection, token_hash: str | None, data: dict[str, Any],
               msg_id: Any) -> dict[str, Any]:
    seat, table = conn.seat, conn.table
    refused = _may_act(conn, token_hash, msg_id)
    if refused is not None or seat is None:
        return refused or _error(403, "spectator", "spectators cannot act", msg_id)
    claimed = data.get("seat", seat)
    if isinstance(claimed, bool) or claimed != seat:
        return _error(403, "not_your_seat", f"this connection plays seat {seat}; it cannot act for {claimed!r}",
                      msg_id)
    version = data.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        return _error(400, "bad_message", "'version' must be an integer", msg_id)
    try:
        new_version = await service.submit(table, seat, data.get("action"), version)
    except ServiceError as e:
        return _error(e.status, e.code, e.detail, msg_id, e.legal)
    return {"type": "ack", "id": msg_id, "version": new_version}
