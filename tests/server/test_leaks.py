"""Hidden information stays hidden: full games of every registered game played through the server, by
bots and by people over WebSockets and HTTP, with a spectator watching. Every message each seat and the
spectator got is checked against the engine itself, on the game replayed from what the server stored:

- a state message holds exactly ``view(seat)``, ``legal_actions(seat)`` (as notation and structured, as
  ``Action.to_json()``), ``to_move`` and the slice of ``events(seat)`` it claims, each event with the
  game's sentence of that very event for that seat, plus public table facts (seats, who is thinking) —
  nothing else;
- it is unchanged when everything the seat cannot see is re-dealt (``determinize``), sentences and
  structured actions included: so it carries none of another seat's hidden cards, whatever the game
  calls a card;
- no message carries the game's seed or another seat's token."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

import medieval
from medieval.core.registry import game_class
from medieval.core.state import Game, State
from medieval.interfaces.server.narrate import describer
from tests.server.helpers import SeatClient, ServerProcess, bearer, record, stored_table

STATE_KEYS = {"type", "table", "game", "status", "version", "seat", "to_move", "your_turn", "legal", "actions",
              "thinking", "view", "seats", "outcome", "events_from", "events", "clock", "can_undo", "hotseat",
              "server_time"}
ACK_KEYS = {"type", "id", "version"}
ERROR_KEYS = {"type", "status", "code", "detail", "legal", "id"}
GAMES_PER_GAME = 2
DETERMINIZATIONS = 2


def _configs(name: str) -> list[tuple[int, list[str | None]]]:
    """(players, seats) of the games played: two people, bots in the other seats."""
    spec = medieval.list_games()[[s.name for s in medieval.list_games()].index(name)]
    cls = game_class(name)
    has_heuristic = cls.has_heuristic()
    out = []
    for i, players in enumerate([spec.default_players or spec.min_players, spec.max_players][:GAMES_PER_GAME]):
        humans = min(2, players)
        bots: list[str | None] = [None] * humans
        for seat in range(humans, players):
            bots.append("heuristic" if has_heuristic and (seat + i) % 2 else "random")
        out.append((players, bots))
    return out


async def _play(server: ServerProcess, name: str, players: int, bots: list[str | None], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        r = await http.post("/api/tables", json={"game": name, "players": players, "auto_start": False,
                                                  "seats": [{"bot": b} for b in bots], "name": "Seat Zero"})
        assert r.status_code == 201, r.text
        created = r.json()
        tid = created["table"]["id"]
        tokens = {0: created["token"]}
        http_messages: dict[int | None, list[dict[str, Any]]] = {None: [created["table"]], 0: [created]}
        for seat, bot in enumerate(bots):
            if bot is None and seat not in tokens:
                joined = (await http.post(f"/api/tables/{tid}/join", json={"name": f"Seat {seat}"})).json()
                tokens[seat] = joined["token"]
                http_messages[seat] = [joined]
        clients = {seat: SeatClient(server, tid, token) for seat, token in tokens.items()}
        clients[None] = SeatClient(server, tid)  # type: ignore[index]
        for c in clients.values():
            await c.__aenter__()
        try:
            for c in clients.values():
                await c.state()  # connected before the start: they will see every change
            r = await http.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            assert r.status_code == 200, r.text

            async def drive(seat: int) -> None:
                client = clients[seat]
                latest = client.latest
                assert latest is not None
                n = 0
                while latest["status"] != "finished":
                    if latest["your_turn"] and latest["legal"]:
                        action = rng.choice(latest["legal"])
                        n += 1
                        if rng.random() < 0.2:  # by HTTP now and then
                            r = await http.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[seat]),
                                                json={"action": action, "version": latest["version"]})
                            assert r.status_code in (200, 409), r.text
                            http_messages[seat].append(r.json())
                        else:
                            await client.send({"type": "action", "action": action, "version": latest["version"],
                                               "id": n})
                    latest = await client.state(120)

            async def watch() -> None:
                spectator = clients[None]  # type: ignore[index]
                await spectator.until(lambda m: m["status"] == "finished", 300)

            await asyncio.wait_for(asyncio.gather(*(drive(s) for s in tokens), watch()), 600)
            http_messages[None].append((await http.get(f"/api/tables/{tid}/state")).json())
        finally:
            for c in clients.values():
                await c.__aexit__(None, None, None)
    return {"table": tid, "tokens": tokens, "clients": clients, "http": http_messages}


def _positions(game: Game[Any], rec: dict[str, Any]) -> Any:
    """``at(version)``: the game replayed from the stored record up to ``version`` actions (one pass)."""
    state = game.replay({**rec, "actions": []})
    states = [state.clone()]
    for seat, text in rec["actions"]:
        state.apply(seat, state.parse_action(seat, text))
        states.append(state.clone())
    assert states[-1].to_json() == game.replay(rec).to_json()
    return states.__getitem__


def _structured(state: State, seat: int) -> list[dict[str, Any]]:
    """The engine's structured legal actions, as JSON carries them."""
    out: list[dict[str, Any]] = json.loads(json.dumps([a.to_json() for a in state.legal_actions(seat)]))
    return out


def _check_state(msg: dict[str, Any], seat: int | None, at: Any, tid: str, bots: list[str | None]) -> None:
    assert set(msg) == STATE_KEYS, set(msg) ^ STATE_KEYS
    assert msg["type"] == "state" and msg["table"] == tid and msg["seat"] == seat
    # the seat list is public table facts only: who sits where, present, connected (everyone was
    # connected from before the start until the end)
    expected_seats = [{"seat": i, "name": None if b is not None else ("Seat Zero" if i == 0 else f"Seat {i}"),
                       "bot": b, "taken": True, "present": True, "stand_in": None, "connected": True}
                      for i, b in enumerate(bots)]
    if msg["status"] == "playing":
        assert msg["seats"] == expected_seats
    else:
        for got, want in zip(msg["seats"], expected_seats, strict=True):
            assert got == {**want, "connected": got["connected"], "taken": got["taken"]}
    st: State = at(msg["version"])  # (nobody takes anything back here: the version is the ply)
    assert msg["clock"] is None and msg["hotseat"] is False
    if msg["can_undo"]:  # only ever about the seat's own last action, in its turn
        assert seat is not None and st.history[-1][0] == seat and seat in st.to_move
    if msg["status"] == "open":
        assert msg["view"] is None and msg["legal"] == [] and msg["events"] == [] and msg["to_move"] == []
        assert msg["actions"] == [] and msg["thinking"] == []
        return
    bot_seats = {i for i, b in enumerate(bots) if b is not None}
    assert set(msg["thinking"]) <= bot_seats & set(msg["to_move"]) and len(msg["thinking"]) <= 1
    names = [None if b is not None else ("Seat Zero" if i == 0 else f"Seat {i}") for i, b in enumerate(bots)]
    describe = describer(st.game.spec)
    expected_events = st.events(seat)
    start, events = msg["events_from"], msg["events"]
    assert start + len(events) == len(expected_events), "a state message must bring the seat's log up to date"
    plain = [{k: v for k, v in e.items() if k != "text"} for e in events]
    texts = [e["text"] for e in events]
    assert plain == expected_events[start:]
    # each sentence is the game's sentence of the seat's own (filtered) event, nothing more
    assert texts == [describe(e, seat, names) for e in expected_events[start:]]
    assert msg["view"] == st.view(seat)
    assert msg["to_move"] == list(st.to_move)
    assert msg["your_turn"] == (seat is not None and seat in st.to_move)
    assert msg["legal"] == ([] if seat is None else [str(a) for a in st.legal_actions(seat)])
    assert msg["actions"] == ([] if seat is None else _structured(st, seat))
    assert [a["notation"] for a in msg["actions"]] == msg["legal"]
    outcome = st.outcome
    assert msg["status"] == ("finished" if outcome is not None else "playing")
    assert msg["outcome"] == (None if outcome is None else outcome.to_json())
    # Re-deal what this seat cannot see: the message must not change. A spectator knows less than any
    # seat, so its messages must survive every seat's re-deal.
    for k in range(DETERMINIZATIONS):
        for ds in ([seat] if seat is not None else range(st.players)):
            d = st.determinize(ds, random.Random(k * 1000 + ds))
            assert d.view(seat) == msg["view"], f"view of {seat} depends on what seat {ds} cannot see"
            d_events = d.events(seat)[start:]
            assert d_events == plain
            assert [describe(e, seat, names) for e in d_events] == texts, "a sentence depends on a hidden card"
            if seat is not None:
                assert [str(a) for a in d.legal_actions(seat)] == msg["legal"]
                assert _structured(d, seat) == msg["actions"], "structured actions depend on a hidden card"


@pytest.mark.parametrize("name", [s.name for s in medieval.list_games()])
def test_no_message_reveals_what_its_seat_may_not_see(server: ServerProcess, name: str) -> None:
    for i, (players, bots) in enumerate(_configs(name)):
        played = asyncio.run(_play(server, name, players, bots, seed=i))
        tid = played["table"]
        rec = record(server.database_url, tid)
        row = stored_table(server.database_url, tid)
        assert row["status"] == "finished" and row["version"] == len(rec["actions"])
        game = medieval.make(name, players, **rec["options"])
        final = game.replay(rec)
        assert final.is_over

        at = _positions(game, rec)

        secrets_ = {str(rec["origin"]["seed"])}
        for seat in [None, *played["tokens"]]:
            client: SeatClient = played["clients"][seat]
            others = secrets_ | {t for s, t in played["tokens"].items() if s != seat}
            legal_ever = {x for m in client.messages if m["type"] == "state" for x in m["legal"]}
            states = 0
            for raw, msg in zip(client.raw, client.messages, strict=True):
                assert not any(x in raw for x in others), "a message carries the seed or another seat's token"
                if msg["type"] == "state":
                    _check_state(msg, seat, at, tid, bots)
                    states += 1
                elif msg["type"] == "ack":
                    assert set(msg) <= ACK_KEYS
                elif msg["type"] == "chat":  # nobody chatted: only the (empty) history of the seat's channel
                    assert msg == {"type": "chat", "channel": "spectators" if seat is None else "players",
                                   "history": True, "messages": []}
                else:
                    assert msg["type"] == "error" and set(msg) <= ERROR_KEYS, msg
                    assert 400 <= msg["status"] < 500 and set(msg.get("legal") or []) <= legal_ever
            assert (states > 0 and client.latest is not None and client.latest["status"] == "finished") \
                or seat is not None
            client.events()  # the increments join up
            for body in played["http"].get(seat, []):
                raw = json.dumps(body)
                assert not any(x in raw for x in others)
                if "state" in body:  # an action's answer
                    _check_state(body["state"], seat, at, tid, bots)
                elif body.get("type") == "state":
                    _check_state(body, seat, at, tid, bots)
                else:  # a table summary, or a join answer with this seat's own token
                    summary = body.get("table", body)
                    assert "seed" not in summary and "token" not in summary
