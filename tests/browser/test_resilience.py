"""The page keeps its seat through a bad network: a socket dropped before an action reached the server,
one dropped after the server took it (the acknowledgement lost), an action that arrives with a stale
version, and a state message lost on the way (a gap in the log). No move is lost and none is applied
twice: the server's stored actions are exactly the moves the person made."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

import medieval
from tests.browser.conftest import Pages
from tests.browser.helpers import (
    click_something,
    create_in_lobby,
    is_over,
    play_to_the_end,
    ready,
    version,
    wait_change,
)
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser


class Network:
    """Sits between the page and the server's WebSocket, and misbehaves once when told to."""

    def __init__(self) -> None:
        self.mode: str | None = None
        self.done: list[str] = []
        self.connections = 0

    def route(self, ws: Any) -> None:
        self.connections += 1
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "action" and self.mode == "drop-before":
                self._done()
                ws.close()
                server.close()
                return
            if data.get("type") == "action" and self.mode == "drop-after":
                self._done()
                server.send(message)
                ws.close()  # the server takes the action; its acknowledgement never reaches the page
                return
            if data.get("type") == "action" and self.mode == "stale":
                self._done()
                server.send(json.dumps({**data, "version": data["version"] - 1}))
                return
            server.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state" and data.get("events") and self.mode == "drop-state":
                self._done()
                return
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def _done(self) -> None:
        assert self.mode is not None
        self.done.append(self.mode)
        self.mode = None


def my_moves(server: ServerProcess, tid: str) -> int:
    return sum(1 for seat, _ in record(server.database_url, tid)["actions"] if seat == 0)


def wait_turn(page: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not ready(page):
        assert time.monotonic() < deadline, "never my turn"
        page.wait_for_timeout(30)


def move(page: Any, rng: random.Random) -> int:
    """Make one move with the mouse; returns the version it was decided at."""
    wait_turn(page)
    before = version(page)
    while not click_something(page, rng):
        pass
    return before


def test_dropped_sockets_stale_versions_and_lost_states_lose_and_double_nothing(server: ServerProcess,
                                                                               pages: Pages) -> None:
    net = Network()
    page = pages.new()
    page.route_web_socket("**/ws/tables/**", net.route)
    rng = random.Random(11)
    tid = create_in_lobby(page, server.base, "paladin", 3, "medium", {}, name="Rae")
    made = 0

    # 1. the socket drops before the action reaches the server: sent again on reconnect, applied once
    move(page, rng)  # a plain move first
    made += 1
    wait_turn(page)
    net.mode = "drop-before"
    before = move(page, rng)
    made += 1
    assert wait_change(page, before, 20_000), "the move was lost with the socket"
    assert net.done == ["drop-before"] and net.connections >= 2
    wait_turn(page)
    assert my_moves(server, tid) == made

    # 2. the server takes the action but the acknowledgement is lost: resent with its version, refused
    # as stale, never applied twice; the page shows the move
    net.mode = "drop-after"
    before = move(page, rng)
    made += 1
    assert wait_change(page, before, 20_000)
    wait_turn(page)
    assert my_moves(server, tid) == made, "a move was applied twice (or lost)"
    assert net.connections >= 3

    # 3. an action arrives with a stale version: refused, nothing applied; the page says so, stays at
    # the table's version, and the next try is played
    net.mode = "stale"
    before = move(page, rng)
    page.wait_for_selector(".problem:has-text('moved on')")
    assert version(page) == before and my_moves(server, tid) == made
    move(page, rng)
    made += 1
    assert wait_change(page, before, 20_000)

    # 4. a state message is lost: the next one does not join the log, and the page fetches what it missed
    net.mode = "drop-state"
    wait_turn(page)
    before = move(page, rng)
    made += 1
    wait_change(page, before, 20_000)
    page.wait_for_timeout(300)

    assert net.done == ["drop-before", "drop-after", "stale", "drop-state"]

    # 5. the page is reloaded: its new actions are not taken for retries of the old page's (whose ids
    # the server still remembers for this seat), so every move after the reload is played
    page.reload()
    page.wait_for_selector("#table[data-version]:not([data-version=''])")
    for _ in range(2):
        before = move(page, rng)
        made += 1
        assert wait_change(page, before, 20_000), "a move after the reload was not played"
    made += play_to_the_end(page, rng)
    rec = record(server.database_url, tid)
    final = medieval.replay(rec)
    assert final.is_over and is_over(page) and version(page) == len(rec["actions"])
    assert sum(1 for seat, _ in rec["actions"] if seat == 0) == made
    # the page's log is the seat's whole log: nothing missing, nothing repeated
    assert int(page.get_attribute(".log", "data-events") or 0) == len(final.events(0))
    last = page.eval_on_selector_all(".log li", "ls => ls.map(l => l.textContent)")[-1]
    assert last.startswith("Game over")
    # WebSocket closes the network made may be reported by the browser; they are the point of the test
    pages.errors[:] = [e for e in pages.errors if "WebSocket" not in e]


#: Records every moment the page says "your turn", is not busy, and offers nothing to click (neither on
#: the board nor in the action list): checked after every change of the DOM.
WATCH_STRANDED = """() => {
  window.stranded = [];
  const check = () => {
    const table = document.getElementById('table');
    if (!table || table.getAttribute('aria-busy') === 'true' || !document.querySelector('.banner.your-turn')) return;
    if (!table.querySelector('[data-action]:not([disabled]), [data-select]'))
      window.stranded.push(document.querySelector('.banner').textContent.trim());
  };
  new MutationObserver(check).observe(document.body,
    { subtree: true, childList: true, attributes: true, characterData: true });
}"""


class Wire:
    """Passes the page's socket traffic through, counting connections and the server's pongs; closes the
    current connection when told to."""

    def __init__(self) -> None:
        self.connections = 0
        self.pongs = 0
        self.closed = 0
        self.current: tuple[Any, Any] | None = None

    def route(self, ws: Any) -> None:
        self.connections += 1
        server = ws.connect_to_server()
        self.current = (ws, server)
        ws.on_message(server.send)

        def from_server(message: str | bytes) -> None:
            if json.loads(message).get("type") == "pong":
                self.pongs += 1
            ws.send(message)

        def page_closed(code: int | None, reason: str | None) -> None:
            self.closed += 1
            server.close()

        server.on_message(from_server)
        ws.on_close(page_closed)

    def drop(self) -> None:
        """Close the current connection on both sides, as a network failure would."""
        assert self.current is not None
        page_side, server_side = self.current
        page_side.close()
        server_side.close()


def test_a_stalled_page_keeps_its_socket_and_never_shows_a_turn_without_controls(server: ServerProcess,
                                                                                 pages: Pages) -> None:
    """A page whose main thread stalls for 10 s (a long script, a loaded machine) keeps its healthy socket:
    the heartbeat counts only the time the page ran. A socket that does drop turns the table to
    "Reconnecting…" (busy, not connected, no "your turn") until it is back. Neither ever leaves "your turn"
    with nothing to click, and the page plays on."""
    wire = Wire()
    page = pages.new()
    page.route_web_socket("**/ws/tables/**", wire.route)
    rng = random.Random(4)
    tid = create_in_lobby(page, server.base, "paladin", 3, "random", {}, name="Sam")
    page.evaluate(WATCH_STRANDED)
    wait_turn(page)
    made = 0

    # 1. the stall: the pongs keep coming on the same socket afterwards
    pongs = wire.pongs
    page.evaluate("() => { const t = performance.now(); while (performance.now() - t < 10000) { /* busy */ } }")
    deadline = time.monotonic() + 60
    while wire.pongs < pongs + 3 and not wire.closed:  # two heartbeats after the stall's own
        assert time.monotonic() < deadline, "no heartbeat after the stall"
        page.wait_for_timeout(200)
    assert wire.closed == 0 and wire.connections == 1, "the stall closed a healthy socket"
    wait_turn(page)
    before = move(page, rng)
    made += 1
    assert wait_change(page, before), "the move after the stall was not played"

    # 2. a socket that really drops: the page says so while it reconnects, then plays on
    wait_turn(page)
    wire.drop()
    page.wait_for_selector("#table[data-connected='false'][aria-busy='true'] .banner.offline:has-text('Reconnecting')")
    assert page.locator(".banner.your-turn").count() == 0
    assert page.locator("#actions [data-action]:not([disabled])").count() == 0
    wait_turn(page)
    assert wire.connections == 2
    before = move(page, rng)
    made += 1
    assert wait_change(page, before), "the move after the reconnect was not played"
    assert page.evaluate("window.stranded") == [], "the page said 'your turn' with nothing to click"
    assert my_moves(server, tid) == made
    pages.errors[:] = [e for e in pages.errors if "WebSocket" not in e]
