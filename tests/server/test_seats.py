"""One client holds one seat unless the table is a hotseat table. A client is known by the key
it sends (the browser keeps one per browser) or by a seat token of the table it already carries; the
limits of that are in docs/server.md ("One seat per client")."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server.helpers import ServerProcess, api, bearer, running

KEY = "k3y-of-one-browser-0001"


def test_one_client_holds_one_seat_unless_the_table_is_hotseat(server: ServerProcess) -> None:
    """Finding: one person could hold several seats. The same client key (or a request carrying a seat
    token of the table) is refused a second seat; another key is not; a hotseat table lets one key take
    every seat."""
    client = api(server)
    body = {"game": "paladin", "players": 3, "name": "Ann", "client": KEY, "auto_start": False}
    made = client.post("/api/tables", json=body).json()
    tid, ann = made["table"]["id"], made["token"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ann again", "client": KEY})
    assert (r.status_code, r.json()["code"]) == (409, "one_seat_per_client")
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ann again"}, headers=bearer(ann))
    assert (r.status_code, r.json()["code"]) == (409, "one_seat_per_client")
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["taken"] is False  # nothing changed
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ben", "client": "another-browser-0002"})
    assert r.status_code == 201
    # leaving before the start frees the key with the seat
    client.post(f"/api/tables/{tid}/leave", headers=bearer(ann))
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Ann", "client": KEY}).status_code == 201

    hot = client.post("/api/tables", json={**body, "hotseat": True}).json()
    assert hot["table"]["hotseat"] is True
    for name in ("Bea", "Cas"):
        r = client.post(f"/api/tables/{hot['table']['id']}/join", json={"name": name, "client": KEY},
                        headers=bearer(hot["token"]))
        assert r.status_code == 201, r.text
    assert all(s["taken"] for s in client.get(f"/api/tables/{hot['table']['id']}").json()["seats"])


def test_client_keys_and_hotseat_survive_a_restart(database_url: str, tmp_path: Path) -> None:
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann", "client": KEY,
                                                "auto_start": False}).json()
        hot = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann", "client": KEY,
                                               "auto_start": False, "hotseat": True}).json()
    with running(database_url, tmp_path / "server.log") as srv, httpx.Client(base_url=srv.base) as client:
        r = client.post(f"/api/tables/{made['table']['id']}/join", json={"name": "Ann 2", "client": KEY})
        assert (r.status_code, r.json()["code"]) == (409, "one_seat_per_client")
        assert client.get(f"/api/tables/{hot['table']['id']}").json()["hotseat"] is True
        r = client.post(f"/api/tables/{hot['table']['id']}/join", json={"name": "Ann 2", "client": KEY})
        assert r.status_code == 201
