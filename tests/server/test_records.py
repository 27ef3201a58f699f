"""Records: before the end a seat downloads its own history (what it saw: its own actions and
its filtered log, never the seed nor another seat's hidden card); at the end everyone downloads the
full record, which ``medieval replay`` reads. A finished table refuses new players."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import medieval
from tests.server.helpers import ServerProcess, api, bearer, record, settle, stored_table


def test_before_the_end_a_seat_gets_its_own_history_only(server: ServerProcess) -> None:
    client = api(server)
    made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                            "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]}).json()
    tid, ann = made["table"]["id"], made["token"]
    for _ in range(4):  # a few moves of Ann's between the bots'
        settle(client, tid)
        legal = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()["legal"]
        client.post(f"/api/tables/{tid}/actions", headers=bearer(ann), json={"action": legal[-1]})
    settle(client, tid)
    r = client.get(f"/api/tables/{tid}/record", headers=bearer(ann))
    assert r.status_code == 200 and "seat0" in r.headers["content-disposition"]
    mine = r.json()
    rec = record(server.database_url, tid)
    truth = medieval.replay(rec)
    assert mine["format"] == "medieval/seat-history@1" and mine["seat"] == 0 and mine["status"] == "playing"
    assert mine["actions"] == [[ply, n] for ply, (s, n) in enumerate(rec["actions"]) if s == 0]
    assert len(mine["actions"]) >= 4
    assert [{k: v for k, v in e.items() if k != "text"} for e in mine["events"]] == truth.events(0)
    assert mine["view"] == truth.view(0)
    # nothing else: the engine's own filters for seat 0 are all it holds (no seed, no other hand)
    assert set(mine) == {"format", "table", "game", "players", "options", "status", "seat", "names", "actions",
                         "events", "view"}
    assert str(stored_table(server.database_url, tid)["seed"]) not in r.text
    assert truth.view(1)["hand"] != truth.view(0)["hand"] and str(truth.view(1)["hand"]) not in str(mine)
    assert client.get(f"/api/tables/{tid}/record").status_code == 409  # the full record waits for the end
    other = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ben"}).json()["token"]
    assert client.get(f"/api/tables/{tid}/record", headers=bearer(other)).status_code == 403


def test_a_finished_game_is_replayed_by_the_command_line_and_refuses_new_players(server: ServerProcess,
                                                                                tmp_path: Path) -> None:
    client = api(server)
    tid = client.post("/api/tables", json={"game": "paladin", "players": 3,
                                           "seats": [{"bot": "random"}] * 3}).json()["table"]["id"]
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    download = client.get(f"/api/tables/{tid}/record")
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    path = tmp_path / "game.json"
    path.write_bytes(download.content)
    out = subprocess.run([sys.executable, "-c", "from medieval.interfaces.cli import main; raise SystemExit(main())",
                          "replay", str(path), "--to-end", "--seat", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    final = medieval.replay(download.json())
    assert final.is_over and final.to_json() == medieval.replay(record(server.database_url, tid)).to_json()
    assert final.outcome is not None and f"after {len(final.history)} moves" in out.stdout
    assert f"Winner: P{final.outcome.winners[0]}" in out.stdout
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Late"})
    assert (r.status_code, r.json()["code"]) == (409, "table_finished")
