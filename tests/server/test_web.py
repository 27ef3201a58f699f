"""What the browser client needs from the server, against a real server: links that carry the seat token
in their fragment, private tables joined only by invite, bot levels, structured actions and sentences
in every state, who is thinking, card help, finished games' records and replays, and the client itself
served from the package with nothing asked of another host."""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import medieval
from medieval.agents.base import resolve_level
from medieval.agents.levels import LEVELS
from medieval.interfaces.server.narrate import describer
from tests.server.helpers import SeatClient, ServerProcess, api, bearer, create_table, running, stored_table


@pytest.fixture
def client(server: ServerProcess) -> httpx.Client:
    return api(server)


def _finished_table(client: httpx.Client, game: str = "paladin", players: int = 3) -> dict[str, Any]:
    table = create_table(client, game, players, bots=["random"] * players)["table"]
    deadline = time.monotonic() + 60
    while True:
        summary: dict[str, Any] = client.get(f"/api/tables/{table['id']}").json()
        if summary["status"] == "finished":
            return summary
        assert time.monotonic() < deadline, "the bots never finished"
        time.sleep(0.05)


def test_create_and_join_answer_with_the_seat_link(client: httpx.Client) -> None:
    made = create_table(client, "paladin", 3, bots=[None, None, "medium"], name="Ann", auto_start=False)
    tid = made["table"]["id"]
    assert made["play_url"] == f"/play/{tid}#token={made['token']}"
    assert made["invite_url"] is None and made["table"]["private"] is False
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    assert joined["play_url"] == f"/play/{tid}#token={joined['token']}"
    spectator = create_table(client, "paladin", 3, bots=["random", "random", "random"])
    assert spectator["token"] is None and spectator["play_url"] is None


def test_the_creator_may_choose_a_seat(client: httpx.Client) -> None:
    r = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Cat", "seat": 1,
                                         "auto_start": False, "seats": [{"bot": None}, {"bot": None}, {"bot": "easy"}]})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["seat"] == 1 and made["table"]["seats"][1]["name"] == "Cat"
    r = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Cat", "seat": 2,
                                         "seats": [{"bot": None}, {"bot": None}, {"bot": "easy"}]})
    assert r.status_code == 422 and r.json()["code"] == "invalid_seats"


def test_private_tables_are_unlisted_and_joined_only_by_invite(client: httpx.Client, server: ServerProcess) -> None:
    r = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Host", "private": True,
                                         "seats": [{"bot": None}, {"bot": None}, {"bot": "random"}]})
    assert r.status_code == 201, r.text
    made = r.json()
    tid = made["table"]["id"]
    assert made["table"]["private"] is True
    code = made["invite_url"].split("#invite=", 1)[1]
    assert made["invite_url"] == f"/play/{tid}#invite={code}" and len(code) >= 16
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]
    for body in ({"name": "Gate"}, {"name": "Gate", "invite": "wrong"}, {"name": "Gate", "invite": ""}):
        refused = client.post(f"/api/tables/{tid}/join", json=body)
        assert refused.status_code == 403 and refused.json()["code"] == "invite_needed", refused.text
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["taken"] is False
    ok = client.post(f"/api/tables/{tid}/join", json={"name": "Guest", "invite": code})
    assert ok.status_code == 201, ok.text
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
    assert tid not in [t["id"] for t in client.get("/api/tables", params={"status": "playing"}).json()]
    # the code is stored hashed only, and no state or summary repeats it
    row = stored_table(server.database_url, tid)
    assert code not in str(row) and row["invite_hash"] == hashlib.sha256(code.encode()).hexdigest()
    assert code not in str(client.get(f"/api/tables/{tid}/state").json())
    assert code not in str(client.get(f"/api/tables/{tid}").json())


def test_private_flag_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with running(url, tmp_path / "log") as srv, api(srv) as c:
        made = c.post("/api/tables", json={"game": "paladin", "players": 3, "name": "H", "private": True,
                                           "auto_start": False}).json()
        tid, code = made["table"]["id"], made["invite_url"].split("#invite=")[1]
    with running(url, tmp_path / "log") as srv, api(srv) as c:
        assert c.get(f"/api/tables/{tid}").json()["private"] is True
        assert tid not in [t["id"] for t in c.get("/api/tables").json()]
        assert c.post(f"/api/tables/{tid}/join", json={"name": "G"}).status_code == 403
        assert c.post(f"/api/tables/{tid}/join", json={"name": "G", "invite": code}).status_code == 201


def test_bot_levels_are_offered_and_accepted_by_name(client: httpx.Client) -> None:
    body = client.get("/api/games").json()
    assert [lv["name"] for lv in body["levels"]] == [lv.name for lv in LEVELS]
    for g in body["games"]:
        assert g["board"] == medieval.make(g["name"]).spec.has("web")
    made = create_table(client, "paladin", 3, bots=["Easy", "medium", "hard"])
    assert [s["bot"] for s in made["table"]["seats"]] == ["easy", "medium", "hard"]


def test_each_game_lists_its_levels_per_player_count_as_they_are_there(client: httpx.Client) -> None:
    """The lobby reads what a level is in the chosen game at the chosen count: its spec there, and words
    that say its budget (2-player Medievallons' hard thinks a tenth of a second, 4-player's a second)."""
    body = client.get("/api/games").json()
    games = {g["name"]: g for g in body["games"]}
    for name, g in games.items():
        assert sorted(g["levels"], key=int) == [str(n) for n in range(g["min_players"], g["max_players"] + 1)]
        for count, levels in g["levels"].items():
            assert [lv["name"] for lv in levels] == [lv.name for lv in LEVELS]
            game = medieval.make(name, int(count))
            for lv in levels:
                assert lv["spec"] == resolve_level(lv["name"], game) and lv["description"]
    hard2 = next(lv for lv in games["medievallons"]["levels"]["2"] if lv["name"] == "hard")
    hard4 = next(lv for lv in games["medievallons"]["levels"]["4"] if lv["name"] == "hard")
    assert hard2["spec"] == "ismcts:time=0.1,clock=cpu" and "a tenth of a second" in hard2["description"]
    assert hard4["spec"] == "ismcts:time=1,clock=cpu" and "up to one second" in hard4["description"]
    assert [lv["spec"] for lv in body["levels"]] == [lv.spec for lv in LEVELS]


def test_levels_are_capped_like_any_bot(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", MEDIEVAL_MAX_BOT_SECONDS="2") as srv, \
            api(srv) as c:
        body = c.get("/api/games").json()  # expert's three seconds are over this server's cap: not offered
        assert [lv["name"] for lv in body["levels"]] == ["easy", "medium", "hard"]
        for g in body["games"]:
            for levels in g["levels"].values():
                assert [lv["name"] for lv in levels] == ["easy", "medium", "hard"]
        ok = c.post("/api/tables", json={"game": "paladin", "seats": [{"bot": "hard"}]})
        assert ok.status_code == 201, ok.text
        r = c.post("/api/tables", json={"game": "paladin", "seats": [{"bot": "expert"}]})
        assert r.status_code == 422 and r.json()["code"] == "invalid_bot" and "seconds" in r.json()["detail"]


def test_states_carry_structured_actions_sentences_and_thinking(client: httpx.Client) -> None:
    made = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="Dee")
    tid, token = made["table"]["id"], made["token"]
    deadline = time.monotonic() + 30
    while True:
        state = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        if state["your_turn"]:
            break
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert [a["notation"] for a in state["actions"]] == state["legal"]
    assert all(set(a) == {"kind", "args", "notation"} for a in state["actions"])
    assert state["thinking"] == []
    names = [s["name"] for s in state["seats"]]
    describe = describer(medieval.make("paladin", 3).spec)
    for e in state["events"]:
        plain = {k: v for k, v in e.items() if k != "text"}
        assert e["text"] == describe(plain, 0, names) and e["text"]
    assert any(e["text"].startswith("You are dealt") for e in state["events"])
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert spectator["actions"] == [] and not any("You" in e["text"] for e in spectator["events"])


def test_thinking_names_the_bot_deciding(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "log", MEDIEVAL_BOT_DELAY="0.3") as srv, \
            api(srv) as c:
        made = create_table(c, "paladin", 3, bots=[None, "random", "random"], name="Eve", first_dealer=1)
        tid = made["table"]["id"]

        async def watch() -> list[dict[str, Any]]:
            async with SeatClient(srv, tid, made["token"]) as me:
                await me.until(lambda m: m["thinking"] == [1] and m["to_move"] == [1], 20)
                return me.messages

        messages = asyncio.run(watch())
        assert all(m["thinking"] == [] or m["thinking"] == [m["to_move"][0]] for m in messages
                   if m["type"] == "state" and m["to_move"])


def test_card_help_and_how_to_play(client: httpx.Client) -> None:
    help_ = client.get("/api/games/paladin/help").json()
    assert help_["how_to_play"] and {"7r", "K3"} <= {c["name"] for c in help_["cards"]}
    for spec in medieval.list_games():
        r = client.get(f"/api/games/{spec.name}/help")
        assert r.status_code == 200 and r.json()["how_to_play"]
    r = client.get("/api/games/chess/help")
    assert r.status_code == 404 and r.json()["code"] == "no_game"


def test_record_and_replay_of_a_finished_game(client: httpx.Client) -> None:
    running_table = create_table(client, "paladin", 3, bots=[None, "random", "random"], name="Fay")["table"]
    for path in ("record", "replay"):
        r = client.get(f"/api/tables/{running_table['id']}/{path}")
        assert r.status_code == 409 and r.json()["code"] == "not_finished"
    done = _finished_table(client)
    tid = done["id"]
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = r.json()
    state = medieval.replay(rec)
    assert state.is_over and state.outcome is not None and state.outcome.to_json() == done["outcome"]
    assert rec["table"] == tid and len(rec["names"]) == 3
    steps = len(rec["actions"])
    end = client.get(f"/api/tables/{tid}/replay").json()
    assert end["steps"] == steps and end["step"] == steps and end["outcome"] == done["outcome"]
    assert end["views"] == [{"seat": None, "view": state.view(None)}]
    game = medieval.make("paladin", 3)
    for step in (0, 1, steps // 2):
        at = game.replay(rec, upto=step)
        seat1 = client.get(f"/api/tables/{tid}/replay", params={"step": step, "seat": 1}).json()
        assert seat1["step"] == step and seat1["views"] == [{"seat": 1, "view": at.view(1)}]
        assert [{k: v for k, v in e.items() if k != "text"} for e in seat1["events"]] == at.events(1)
        open_ = client.get(f"/api/tables/{tid}/replay", params={"step": step, "open": "true"}).json()
        assert [v["view"] for v in open_["views"]] == [at.view(s) for s in range(3)]
    beyond = client.get(f"/api/tables/{tid}/replay", params={"step": steps + 50}).json()
    assert beyond["step"] == steps
    r = client.get(f"/api/tables/{tid}/replay", params={"seat": 7})
    assert r.status_code == 422 and r.json()["code"] == "no_seat"


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I)


def test_the_client_is_served_from_the_package(client: httpx.Client) -> None:
    for path in ("/", "/play/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), path
        assert '<script type="importmap">' in r.text and not EXTERNAL.search(r.text)
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "connect-src 'self'" in csp
    assert client.head("/").status_code == 200
    for path in ("/static/app.js", "/static/vendor/preact.mjs", "/static/vendor/htm.mjs",
                 "/static/vendor/signals.mjs", "/static/vendor/signals-core.mjs", "/static/vendor/preact-hooks.mjs",
                 "/games/paladin/web/board.js"):
        r = client.get(path)
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], path
    assert client.get("/games/paladin/web/board.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/vendor/THIRD-PARTY-NOTICES.md").status_code == 200
    for bad in ("/games/paladin/web/../game.py", "/games/paladin/web/%2e%2e/game.py", "/games/paladin/web/",
                "/games/paladin/web/nothing.js", "/games/chess/web/board.js"):
        assert client.get(bad).status_code == 404, bad
    for spec in medieval.list_games():
        if not spec.has("web"):
            assert client.get(f"/games/{spec.name}/web/board.js").status_code == 404


def test_api_documentation_loads_nothing_from_elsewhere(client: httpx.Client) -> None:
    for path in ("/docs", "/redoc"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert not EXTERNAL.search(r.text), r.text
        for asset in re.findall(r"""(?:src|href)=["']?(/static/[^"' >]+)""", r.text):
            assert client.get(asset).status_code == 200, asset
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in client.get("/docs").text


def test_serve_prints_the_address_to_open(server: ServerProcess) -> None:
    deadline = time.monotonic() + 10
    while f"open http://127.0.0.1:{server.port}/ in your browser" not in server.log():
        assert time.monotonic() < deadline, server.log()
        time.sleep(0.1)
