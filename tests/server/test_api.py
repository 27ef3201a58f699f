"""The HTTP API against a real server: tables from creation to the end, and every refusal a clear 4xx
that changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.helpers import ServerProcess, api, bearer, create_table, running, settle


@pytest.fixture
def client(server: ServerProcess) -> httpx.Client:
    return api(server)


def test_games_lists_every_registered_game(client: httpx.Client) -> None:
    import medieval

    body = client.get("/api/games").json()
    assert [g["name"] for g in body["games"]] == [s.name for s in medieval.list_games()]
    assert "random" in body["bots"]


def test_openapi_documents_the_api(client: httpx.Client) -> None:
    spec = client.get("/openapi.json").json()
    for path in ["/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/actions",
                 "/api/tables/{table_id}/state", "/api/tables/{table_id}/leave", "/api/tables/{table_id}/rejoin",
                 "/api/tables/{table_id}/start"]:
        assert path in spec["paths"], path
    assert "HTTPBearer" in spec["components"]["securitySchemes"]


def test_table_life_create_join_start_play_spectate(client: httpx.Client) -> None:
    made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="Alice", auto_start=False)
    table, alice = made["table"], made["token"]
    assert made["seat"] == 0 and table["status"] == "open"
    assert table["id"] in [t["id"] for t in client.get("/api/tables").json()]
    r = client.post(f"/api/tables/{table['id']}/join", json={"name": "  Bob  "})
    assert r.status_code == 201, r.text
    bob = r.json()
    assert bob["seat"] == 1 and bob["table"]["seats"][1]["name"] == "Bob"
    assert client.get(f"/api/tables/{table['id']}/state", headers=bearer(alice)).json()["view"] is None
    r = client.post(f"/api/tables/{table['id']}/start", headers=bearer(alice))
    assert r.status_code == 200 and r.json()["status"] == "playing"
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()]
    assert table["id"] in [t["id"] for t in client.get("/api/tables", params={"status": "playing"}).json()]
    tokens = {0: alice, 1: bob["token"]}
    for _ in range(2000):
        spectator = client.get(f"/api/tables/{table['id']}/state").json()
        assert spectator["seat"] is None and spectator["legal"] == []
        if spectator["status"] == "finished":
            break
        humans = [s for s in spectator["to_move"] if s in tokens]
        if not humans:
            continue  # the bot is thinking
        seat = humans[0]
        mine = client.get(f"/api/tables/{table['id']}/state", headers=bearer(tokens[seat])).json()
        if not mine["your_turn"]:
            continue
        r = client.post(f"/api/tables/{table['id']}/actions", headers=bearer(tokens[seat]),
                        json={"action": mine["legal"][0], "version": mine["version"]})
        if r.status_code == 409 and r.json()["code"] == "stale_version":
            continue
        assert r.status_code == 200, r.text
        assert r.json()["version"] == mine["version"] + 1
    final = client.get(f"/api/tables/{table['id']}").json()
    assert final["status"] == "finished" and final["outcome"]["winners"]
    assert table["id"] in [t["id"] for t in client.get("/api/tables", params={"status": "finished"}).json()]


def test_all_bot_table_plays_itself(client: httpx.Client) -> None:
    table = create_table(client, "paladin", 3, bots=["random", "heuristic", "random"])["table"]
    assert table["status"] == "playing"
    for _ in range(600):
        state = client.get(f"/api/tables/{table['id']}/state").json()
        if state["status"] == "finished":
            break
        import time

        time.sleep(0.05)
    assert state["status"] == "finished"


def test_leave_and_rejoin(client: httpx.Client) -> None:
    made = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="Ann", auto_start=False)
    tid, ann = made["table"]["id"], made["token"]
    # before the start, leaving frees the seat and the token is dead
    assert client.post(f"/api/tables/{tid}/leave", headers=bearer(ann)).json()["seats"][0]["taken"] is False
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).status_code == 403
    ann = client.post(f"/api/tables/{tid}/join", json={"name": "Ann"}).json()["token"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "open"  # no auto start asked for
    assert client.post(f"/api/tables/{tid}/start", headers=bearer(ann)).json()["status"] == "playing"
    # during the game the seat waits for its holder, who comes back with the same token
    left = client.post(f"/api/tables/{tid}/leave", headers=bearer(ann)).json()
    assert left["seats"][0]["present"] is False and left["seats"][0]["taken"] is True
    back = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann))
    assert back.status_code == 200 and back.json()["seat"] == 0
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["present"] is True
    # a stranger cannot take over a seat whose holder left a public table (test_strangers: the invite can)
    client.post(f"/api/tables/{tid}/leave", headers=bearer(ann))
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ben", "seat": 0})
    assert r.status_code == 409 and r.json()["code"] == "seat_held", r.text
    assert client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann)).status_code == 200
    # leaving with a bot lets it stand in; the holder's token takes the seat back
    r = client.post(f"/api/tables/{tid}/leave", headers=bearer(ann), json={"bot": "random"})
    seat = r.json()["seats"][0]
    assert (seat["bot"], seat["stand_in"], seat["present"]) == (None, "random", False)
    seat = client.post(f"/api/tables/{tid}/rejoin", headers=bearer(ann)).json()["seats"][0]
    assert (seat["stand_in"], seat["present"]) == (None, True)


def _version(client: httpx.Client, tid: str) -> int:
    v: int = client.get(f"/api/tables/{tid}").json()["version"]
    return v


def test_refusals_are_clear_4xx_and_change_nothing(client: httpx.Client) -> None:
    made = create_table(client, "paladin", 3, bots=[None, None, "random"], name="Cy", auto_start=False)
    tid, cy = made["table"]["id"], made["token"]
    other = client.post(f"/api/tables/{tid}/join", json={"name": "Di"}).json()
    client.post(f"/api/tables/{tid}/start", headers=bearer(cy))
    settle(client, tid)  # the bot has moved; from now on the table waits for Cy or Di
    elsewhere = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="Ed")["token"]

    def refused(method: str, url: str, status: int, code: str | None = None, **kw: object) -> None:
        before = _version(client, tid)
        r = client.request(method, url, **kw)  # type: ignore[arg-type]
        assert r.status_code == status, (url, r.status_code, r.text)
        body = r.json()
        assert isinstance(body["detail"], str) and body["detail"]
        if code is not None:
            assert body["code"] == code, body
        assert _version(client, tid) == before

    act = f"/api/tables/{tid}/actions"
    refused("POST", act, 401, "no_token", json={"action": "nolook"})
    refused("POST", act, 403, "not_your_table", json={"action": "nolook"}, headers=bearer("forged-token"))
    refused("POST", act, 403, "not_your_table", json={"action": "nolook"}, headers=bearer(elsewhere))
    refused("POST", act, 403, "not_your_seat", json={"action": "nolook", "seat": 1}, headers=bearer(cy))
    refused("POST", act, 422, "invalid_action", json={"action": "fly to the moon"}, headers=bearer(cy))
    refused("POST", act, 422, "invalid_request", json={"action": 7}, headers=bearer(cy))
    refused("POST", act, 422, "invalid_request", json={"action": "x" * 201}, headers=bearer(cy))
    refused("POST", act, 422, "invalid_request", json={"action": "nolook", "extra": 1}, headers=bearer(cy))
    refused("POST", act, 422, "invalid_request", content=b"{not json", headers={**bearer(cy),
                                                                               "content-type": "application/json"})
    refused("POST", act, 409, "stale_version", json={"action": "nolook", "version": 999}, headers=bearer(cy))
    state = client.get(f"/api/tables/{tid}/state").json()
    idle = next(t for s, t in [(0, cy), (1, other["token"])] if s not in state["to_move"])
    refused("POST", act, 409, "not_your_turn", json={"action": "nolook"}, headers=bearer(idle))
    mover = next((t for s, t in [(0, cy), (1, other["token"])] if s in state["to_move"]), None)
    if mover is not None:
        refused("POST", act, 422, "illegal_action", json={"action": "first 4"}, headers=bearer(mover))
    refused("POST", f"/api/tables/{tid}/join", 409, "table_full", json={"name": "Late"})
    refused("POST", f"/api/tables/{tid}/join", 422, "invalid_request", json={"name": ""})
    refused("POST", f"/api/tables/{tid}/join", 422, "invalid_name", json={"name": "a\x07b"})
    refused("POST", f"/api/tables/{tid}/start", 409, "not_open", headers=bearer(cy))
    refused("GET", "/api/tables/nosuchtable", 404, "no_table")
    refused("GET", "/api/tables/" + "x" * 40, 422, "invalid_request")
    refused("GET", "/api/nowhere", 404, "not_found")
    refused("DELETE", "/api/tables", 405)
    refused("POST", "/api/tables", 422, "invalid_game", json={"game": "chess"})
    refused("POST", "/api/tables", 422, "invalid_game", json={"game": "paladin", "players": 9})
    refused("POST", "/api/tables", 422, "invalid_game", json={"game": "paladin", "options": {"nope": 1}})
    refused("POST", "/api/tables", 422, "invalid_game", json={"game": "paladin", "options": {"first_dealer": 99}})
    refused("POST", "/api/tables", 422, "invalid_bot", json={"game": "paladin", "seats": [{"bot": "skynet"}]})
    refused("POST", "/api/tables", 422, "invalid_bot", json={"game": "paladin", "seats": [{"bot": "random:x"}]})
    refused("POST", "/api/tables", 422, "invalid_seats",
            json={"game": "paladin", "players": 3, "seats": [{"bot": "random"}] * 4})
    refused("POST", "/api/tables", 413, "too_large", content=b"{" + b" " * 70_000 + b"}",
            headers={"content-type": "application/json"})


def test_oversized_body_is_refused_even_without_content_length(server: ServerProcess) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1000

    r = httpx.post(f"{server.base}/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_rate_limit(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", MEDIEVAL_RATE_LIMIT="1",
                 MEDIEVAL_RATE_BURST="5") as srv, api(srv) as client:
        codes = [client.get("/api/games").status_code for _ in range(12)]
        assert codes[:4] == [200] * 4
        assert 429 in codes
        r = client.get("/api/games")
        assert r.status_code == 429 and r.json()["code"] == "rate_limited" and int(r.headers["retry-after"]) >= 1
