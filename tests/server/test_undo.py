"""Undo on the server, by Board Game Arena's policy: a seat takes back its own last action
within its turn, never past a chance event, a reveal or another seat's decision. Each answer is checked
against the engine (core/undo.py) on the game replayed from storage; an undo removes the stored action,
the version still grows, and every log is continued from what is true, with nothing of the action left."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

import medieval
from medieval.core.state import State
from medieval.core.undo import can_undo
from tests.server.helpers import SeatClient, ServerProcess, api, bearer, record, running


def _log(client: SeatClient) -> list[dict[str, Any]]:
    """A client's log as the browser keeps it: each state continues it from ``events_from`` (an undo
    sends it back)."""
    out: list[dict[str, Any]] = []
    for m in client.messages:
        if m["type"] == "state":
            assert m["events_from"] <= len(out), "a gap in the log"
            out = out[:m["events_from"]] + [{k: v for k, v in e.items() if k != "text"} for e in m["events"]]
    return out


class Replica:
    """The game as stored, followed here action by action (its seed read from the database): the state
    before and after the last stored action, without replaying the whole game each time."""

    def __init__(self, database_url: str, table_id: str) -> None:
        self.engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
        self.table_id = table_id
        rec = record(database_url, table_id)
        self.state: State = medieval.replay({**rec, "actions": []})
        self.before: State | None = None

    def stored(self) -> list[list[Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(text("SELECT seat, notation FROM actions WHERE table_id = :t ORDER BY ply"),
                                {"t": self.table_id})
            return [[r.seat, r.notation] for r in rows]

    def catch_up(self, ply: int) -> list[list[Any]]:
        """Follow the stored actions up to ``ply`` (what a state message showed: a bot may have moved
        since); return them."""
        actions = self.stored()[:ply]
        assert len(actions) == ply, "a state showed an action that is not stored"
        for seat, notation in actions[len(self.state.history):]:
            self.before = self.state.clone()
            self.state.apply(seat, self.state.parse_action(seat, notation))
        return actions

    def taken_back(self) -> None:
        assert self.before is not None
        self.state, self.before = self.before, None


async def _play_and_undo(srv: ServerProcess, tid: str, token: str, want: set[str], seed: int) -> dict[str, int]:
    """Ann (seat 0) plays random moves against a bot and asks to take back each one; every answer is
    checked against the engine. Returns how often each case came, until every case in ``want`` has."""
    rng = random.Random(seed)
    seen = {"undone": 0, "chance": 0, "revealed": 0, "other_seat": 0}
    game = Replica(srv.database_url, tid)

    def ply(state: dict[str, Any]) -> int:  # the actions a state shows: its version counts an undo twice
        return int(state["version"]) - 2 * seen["undone"]

    async with SeatClient(srv, tid, token) as me, SeatClient(srv, tid) as spectator:
        state = await me.when(lambda m: m["your_turn"] or m["status"] == "finished")
        n = 0
        undone_last = False
        while state["status"] != "finished" and not all(seen[k] for k in want):
            if not state["your_turn"]:
                state = await me.when(lambda m: m["your_turn"] or m["status"] == "finished")
                if state["status"] != "finished" and game.catch_up(ply(state))[-1][0] != 0:  # the bot moved last
                    n += 1
                    assert not state["can_undo"]
                    await me.send({"type": "undo", "version": state["version"], "id": f"o{n}"})
                    answer = await me.reply(f"o{n}")
                    assert (answer["type"], answer["code"]) == ("error", "undo_refused"), answer
                    seen["other_seat"] += 1
                continue
            n += 1
            await me.send({"type": "action", "action": rng.choice(state["legal"]), "version": state["version"],
                           "id": f"a{n}"})
            ack = await me.reply(f"a{n}")
            assert ack["type"] == "ack", ack
            state = await me.when(lambda m, v=ack["version"]: m["version"] >= v)
            actions = game.catch_up(ply(state))
            before, after = game.before, game.state
            assert before is not None
            ours = actions[-1][0] == 0
            allowed = ours and can_undo(before, 0, before.parse_action(0, actions[-1][1]), after)
            if allowed:  # the state's first check never hides an undo the policy allows
                assert state["can_undo"]
            if not ours:
                assert not state["can_undo"]
            if undone_last:  # after taking one back, play on (else an undoable move would come back for ever)
                undone_last = False
                continue
            # (no version: a bot may have moved since, and what is tested here is that undo never passes
            # another seat's decision; a stale version is refused in its own test)
            await me.send({"type": "undo", "id": f"u{n}"})
            answer = await me.reply(f"u{n}")
            if not allowed:
                assert (answer["type"], answer["status"], answer["code"]) == ("error", 409, "undo_refused"), answer
                if not ours:
                    seen["other_seat"] += 1
                elif after._chance != before._chance and 0 in after.to_move:
                    seen["chance"] += 1
                elif any(e.to is not None and e.data != e.redacted for e in after.log_since(before.log_size)):
                    seen["revealed"] += 1
                continue
            assert answer["type"] == "ack" and answer["version"] == state["version"] + 1, answer  # never down
            seen["undone"] += 1
            undone_last = True
            assert game.stored() == actions[:-1]
            game.taken_back()
            state = await me.when(lambda m, v=answer["version"]: m["version"] >= v)
            await spectator.when(lambda m, v=answer["version"]: m["version"] >= v)
            assert state["view"] == before.view(0) and state["legal"] == [str(a) for a in before.legal_actions(0)]
            assert _log(me) == before.events(0)  # nothing of the action is left in either log
            assert _log(spectator) == before.events(None)
        game.engine.dispose()
    return seen


def test_an_allowed_undo_is_taken_back_and_a_refused_one_changes_nothing(server: ServerProcess) -> None:
    """MidEvil has actions that can be taken back (moving, placing), actions that roll dice or draw
    (chance) after which the mover still moves, and turns that pass to the other seat."""
    client = api(server)
    made = client.post("/api/tables", json={"game": "midevil", "players": 2, "name": "Ann",
                                            "seats": [{"bot": None}, {"bot": "random"}]}).json()
    seen = asyncio.run(_play_and_undo(server, made["table"]["id"], made["token"],
                                      {"undone", "chance", "other_seat"}, 1))
    assert seen["undone"] and seen["chance"] and seen["other_seat"], seen


def test_a_look_is_final_and_undo_is_refused_outside_ones_turn(server: ServerProcess) -> None:
    """Paladin §5.1: a look at a hidden card reveals it to the looker: it cannot be taken back, while
    'nolook' can. Undo is refused to a spectator, with a stale version, and over HTTP alike."""
    client = api(server)
    made = client.post("/api/tables", json={"game": "paladin", "players": 3, "name": "Ann",
                                            "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]}).json()
    tid, ann = made["table"]["id"], made["token"]
    r = client.post(f"/api/tables/{tid}/undo", json={"version": 0})
    assert r.status_code == 401
    seen = asyncio.run(_play_and_undo(server, tid, ann, {"undone", "revealed", "other_seat"}, 2))
    assert seen["undone"] and seen["revealed"] and seen["other_seat"], seen
    state = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
    r = client.post(f"/api/tables/{tid}/undo", headers=bearer(ann), json={"version": state["version"] + 5})
    assert (r.status_code, r.json()["code"]) == (409, "stale_version")


def test_undos_survive_a_restart(database_url: str, tmp_path: Path) -> None:
    """The version counts every undo twice (it never goes down), from storage too: after a restart the
    table is at the same version and position."""
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        made = client.post("/api/tables", json={"game": "midevil", "players": 2, "name": "Ann",
                                                "seats": [{"bot": None}, {"bot": "random"}]}).json()
        tid, ann = made["table"]["id"], made["token"]
        assert asyncio.run(_play_and_undo(srv, tid, ann, {"undone"}, 3))["undone"]
        kept = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        again = client.get(f"/api/tables/{tid}/state", headers=bearer(ann)).json()
        for key in ("version", "view", "legal", "events"):
            assert again[key] == kept[key], key
