"""Chat per table: the players' channel and the spectators' never meet; a message is text,
never markup; length, rate and number are limited; the history comes on connect and survives a
restart."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.server.helpers import SeatClient, ServerProcess, api, bearer, running

MARKUP = '<img src=x onerror="alert(1)"><script>alert(2)</script> <b>bold</b> &amp; \'quoted\''


def _two_people(server: ServerProcess) -> tuple[str, str, str]:
    client = api(server)
    made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                            "seats": [{"bot": None}, {"bot": None}, {"bot": "random"}]}).json()
    ben = client.post(f"/api/tables/{made['table']['id']}/join", json={"name": "Ben"}).json()["token"]
    return made["table"]["id"], made["token"], ben


async def _said(c: SeatClient) -> dict[str, Any]:
    """The next chat message that is not a history."""
    while (msg := await c.chat())["history"]:
        pass
    return msg


def test_players_and_spectators_chat_apart_and_markup_is_text(server: ServerProcess) -> None:
    """A player's message reaches every player, exactly as written (markup included, as text), and no
    spectator; a spectator's reaches spectators and no player; each channel's history comes on connect,
    and over HTTP."""
    tid, ann, ben = _two_people(server)

    async def run() -> None:
        async with SeatClient(server, tid, ann) as a, SeatClient(server, tid, ben) as b, \
                SeatClient(server, tid) as sue:
            for c, channel in ((a, "players"), (b, "players"), (sue, "spectators")):
                first = await c.chat()
                assert (first["channel"], first["history"], first["messages"]) == (channel, True, [])
            await a.send({"type": "chat", "text": MARKUP})
            got = await _said(b)
            assert got["channel"] == "players" and got["messages"][0]["text"] == MARKUP
            assert got["messages"][0]["name"] == "Ann" and got["messages"][0]["seat"] == 0
            assert (await _said(a))["messages"][0]["text"] == MARKUP
            assert any(json.dumps(MARKUP)[1:-1] in raw for raw in b.raw)  # JSON text, not re-encoded markup
            # Ann's message was sent to every connection of its channel before Sue speaks: Sue's first
            # chat message is her own, so she never had Ann's
            await sue.send({"type": "chat", "text": "who wins?", "name": "Sue"})
            heard = await _said(sue)
            assert heard["channel"] == "spectators" and heard["messages"][0]["name"] == "Sue"
            await a.send({"type": "chat", "text": "second"})
            assert (await _said(b))["messages"][0]["text"] == "second"  # not Sue's
            assert (await _said(a))["messages"][0]["text"] == "second"
        async with SeatClient(server, tid, ben) as b, SeatClient(server, tid) as spectator:
            players = await b.chat()
            assert [m["text"] for m in players["messages"]] == [MARKUP, "second"]
            watchers = await spectator.chat()
            assert [m["text"] for m in watchers["messages"]] == ["who wins?"]

    asyncio.run(run())
    client = api(server)
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat", headers=bearer(ann)).json()["messages"]] \
        == [MARKUP, "second"]
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]] == ["who wins?"]
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "by HTTP"}, headers=bearer(ben))
    assert r.status_code == 201 and r.json()["channel"] == "players"


def test_chat_is_limited_in_length_characters_and_rate(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log", MEDIEVAL_CHAT_RATE="0.001",
                 MEDIEVAL_CHAT_BURST="3", MEDIEVAL_MAX_CHAT_CHARS="20") as srv:
        tid, ann, _ = _two_people(srv)

        async def run() -> None:
            async with SeatClient(srv, tid, ann) as a, SeatClient(srv, tid) as sue:
                for i, (text, code) in enumerate([("x" * 21, "invalid_chat"), ("   ", "invalid_chat"),
                                                  ("bell\x07", "invalid_chat"), (5, "invalid_chat")]):
                    await a.send({"type": "chat", "text": text, "id": i})
                    error = await a.reply(i)
                    assert (error["type"], error["code"]) == ("error", code)
                await sue.send({"type": "chat", "text": "hi", "name": "\x1b[31m", "id": "n"})
                assert (await sue.reply("n"))["code"] == "invalid_name"
                for i in range(3):
                    await a.send({"type": "chat", "text": f"line {i}\nand more"})
                    assert (await _said(a))["messages"][0]["text"] == f"line {i}\nand more"
                await a.send({"type": "chat", "text": "one too many", "id": "fast"})
                assert (await a.reply("fast"))["code"] == "rate_limited"

        asyncio.run(run())


def test_chat_is_stored_with_the_table_and_capped(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running(database_url, log, MEDIEVAL_MAX_CHAT_MESSAGES="2") as srv, api(srv) as client:
        tid, ann, ben = _two_people(srv)
        assert client.post(f"/api/tables/{tid}/chat", json={"text": "hello"}, headers=bearer(ann)).status_code == 201
        assert client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "name": "Sue"}).status_code == 201
        r = client.post(f"/api/tables/{tid}/chat", json={"text": "more"}, headers=bearer(ben))
        assert (r.status_code, r.json()["code"]) == (409, "chat_full")
    with running(database_url, log, MEDIEVAL_MAX_CHAT_MESSAGES="2") as srv, api(srv) as client:
        players = client.get(f"/api/tables/{tid}/chat", headers=bearer(ben)).json()["messages"]
        assert [(m["name"], m["text"]) for m in players] == [("Ann", "hello")]
        assert [m["name"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]] == ["Sue"]
        r = client.post(f"/api/tables/{tid}/chat", json={"text": "more"}, headers=bearer(ben))
        assert (r.status_code, r.json()["code"]) == (409, "chat_full")
