"""Turn clocks and bots standing in: a clock chosen at creation, shown in every state; a seat
out of time played by the clock's bot until its holder takes it back; the other players handing an
absent seat to a bot; deadlines and stand-ins stored, so a restart keeps them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.helpers import SeatClient, ServerProcess, api, bearer, running, stored_actions

FAST_CLOCKS = {"MEDIEVAL_MIN_CLOCK_SECONDS": "1", "MEDIEVAL_BOT_DELAY": "0.3"}


def _clocked(client: httpx.Client, per_move: float, reserve: float = 0, kind: str = "realtime") -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                         "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}],
                                         "clock": {"kind": kind, "per_move": per_move, "reserve": reserve,
                                                   "bot": "random"}})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def test_a_seat_out_of_time_is_played_by_a_bot_until_its_holder_takes_it_back(database_url: str,
                                                                                tmp_path: Path) -> None:
    """Finding: one absent player stalled a table for ever. With a real-time clock (2 s a move, 1 s of
    reserve) Ann, who does not move, runs out of time: the clock's bot plays her seat, her actions are
    refused until she takes the seat back with her token, and then her clock runs again, with no reserve
    left. Every state carries the clock."""
    with running(database_url, tmp_path / "server.log", **FAST_CLOCKS) as srv, api(srv) as client:
        made = _clocked(client, 2, 1)
        tid, ann = made["table"]["id"], made["token"]
        assert made["table"]["clock"]["kind"] == "realtime"

        async def run() -> None:
            async with SeatClient(srv, tid, ann) as me:
                turn = await me.until(lambda m: m["your_turn"])
                mine = turn["clock"]["seats"][0]
                assert turn["clock"]["running"] == [0] and mine["running"] and mine["remaining"] == 1
                assert mine["deadline"] == pytest.approx(mine["started"] + 2 + 1)
                assert mine["started"] <= turn["server_time"] < mine["deadline"]
                late = await me.until(lambda m: m["seats"][0]["stand_in"] == "random")
                assert late["seats"][0]["present"] is False and late["clock"]["seats"][0]["remaining"] == 0
                assert 0 not in late["clock"]["running"] and late["legal"]
                await me.until(lambda m: any(s == 0 for s, _ in stored_actions(srv.database_url, tid)))
                await me.send({"type": "action", "action": late["legal"][0], "id": "late"})
                refused = await me.reply("late")
                assert (refused["type"], refused["code"]) == ("error", "seat_absent")
                back = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann)).json()
                assert back["seats"][0]["stand_in"] is None and back["seats"][0]["present"] is True
                again = await me.until(lambda m: m["your_turn"] and m["seats"][0]["stand_in"] is None)
                assert again["clock"]["running"] == [0] and again["clock"]["seats"][0]["remaining"] == 0
                states = [m for m in me.messages if m["type"] == "state"]
                assert all(m["clock"] is not None and len(m["clock"]["seats"]) == 3 for m in states)

        asyncio.run(run())


def test_the_other_players_hand_an_absent_seat_to_a_bot(server: ServerProcess) -> None:
    """Finding: others could not hand an absent player's seat to a bot, and a seat given to a bot could
    never be taken back. Ben hands Ann's seat to a bot once she has left (not while she is there); she
    takes it back with her token; leaving with a bot is taken back the same way."""
    client = api(server)
    made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                            "seats": [{"bot": None}, {"bot": None}, {"bot": "random"}]}).json()
    tid, ann = made["table"]["id"], made["token"]
    ben = client.post(f"/api/tables/{tid}/join", json={"name": "Ben"}).json()["token"]

    def hand(token: str | None, seat: int, **body: Any) -> httpx.Response:
        return client.post(f"/api/tables/{tid}/seats/{seat}/bot", json=body or None,
                           headers=bearer(token) if token else None)

    async def present() -> None:
        async with SeatClient(server, tid, ann) as a:
            await a.state()
            r = hand(ben, 0)
            assert (r.status_code, r.json()["code"]) == (409, "seat_not_absent")

    asyncio.run(present())
    assert hand(ann, 0).json()["code"] == "own_seat"
    assert hand(ben, 2).json()["code"] == "not_a_person"
    assert hand(None, 0).status_code == 401
    client.post(f"/api/tables/{tid}/leave", headers=bearer(ann))
    r = hand(ben, 0, bot="random")
    assert r.status_code == 200, r.text
    assert (r.json()["seats"][0]["stand_in"], r.json()["seats"][0]["bot"]) == ("random", None)
    assert hand(ben, 0).json()["code"] == "seat_with_bot"
    seat = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann)).json()["seats"][0]
    assert (seat["stand_in"], seat["present"], seat["name"]) == (None, True, "Ann")
    seat = client.post(f"/api/tables/{tid}/leave", headers=bearer(ben), json={"bot": "easy"}).json()["seats"][1]
    assert (seat["stand_in"], seat["present"]) == ("easy", False)
    assert client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ben)).json()["seats"][1]["stand_in"] is None


def test_deadlines_and_stand_ins_survive_a_restart(database_url: str, tmp_path: Path) -> None:
    """The clocks are stored with every change: after a restart Ann's deadline is the same, she runs out
    of time at it, and the bot standing in is still there after another restart, until she takes the
    seat back. A turn-based clock (a day a move) is kept too; clocks out of bounds are refused."""
    log = tmp_path / "server.log"
    with running(database_url, log, **FAST_CLOCKS) as srv, api(srv) as client:
        for bad in ({"kind": "realtime", "per_move": 0.5}, {"kind": "turn", "per_move": 600},
                    {"kind": "blitz", "per_move": 5}, {"kind": "realtime", "per_move": 5, "bot": "nobody"}):
            r = client.post("/api/tables", json={"game": "paladin", "players": 3, "clock": bad})
            assert r.status_code == 422 and r.json()["code"] in ("invalid_clock", "invalid_request", "invalid_bot")
        daily = _clocked(client, 86_400, kind="turn")["table"]["id"]
        made = _clocked(client, 4)
        tid, ann = made["table"]["id"], made["token"]

        async def first_turn() -> dict[str, Any]:
            async with SeatClient(srv, tid, ann) as me:
                return await me.until(lambda m: m["your_turn"])

        before = asyncio.run(first_turn())["clock"]["seats"][0]
    with running(database_url, log, **FAST_CLOCKS) as srv, api(srv) as client:
        state = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
        if state["seats"][0]["stand_in"] is None:  # (the restart may have taken longer than the 4 s)
            assert state["clock"]["seats"][0]["deadline"] == pytest.approx(before["deadline"])

        async def late() -> None:
            async with SeatClient(srv, tid, ann) as me:
                await me.until(lambda m: m["seats"][0]["stand_in"] == "random")

        asyncio.run(late())
        assert client.get(f"/api/tables/{daily}").json()["clock"]["per_move"] == 86_400
    with running(database_url, log, **FAST_CLOCKS) as srv, api(srv) as client:
        seat = client.get(f"/api/tables/{tid}").json()["seats"][0]
        assert (seat["stand_in"], seat["present"]) == ("random", False)
        assert client.get(f"/api/tables/{daily}").json()["clock"]["kind"] == "turn"
        seat = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann)).json()["seats"][0]
        assert (seat["stand_in"], seat["present"]) == (None, True)
