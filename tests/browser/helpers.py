"""Playing through the page as a person would: the lobby's form, then clicks on what the page offers."""

from __future__ import annotations

import json
import random
import time
from typing import Any

#: Short configurations (bots without delay) so that a whole game stays quick; every game is played to its end.
QUICK: dict[str, tuple[int, dict[str, Any], str]] = {
    "paladin": (3, {}, "medium"),
    "medievallons": (2, {"match": "single_round"}, "random"),
    "medievalia": (2, {"rounds": 1}, "random"),
    "medievalia2007": (2, {"turn_limit": 10}, "random"),
    "midevil": (2, {"max_rounds": 2, "target_points": 10}, "random"),
}


#: The table waits on this page's move: the socket connected, no move of ours on its way, the seat's turn.
#: Only then are the board's controls counted (while the socket reconnects the page offers none).
READY = "#table[data-connected='true'][aria-busy='false'] .banner.your-turn"


def ready(page: Any) -> bool:
    """Whether the table waits on this page's move and can send it."""
    return bool(page.locator(READY).count())


#: Mounts a game's board alone on the page (the lobby unmounted) with a given view and actions; the
#: actions it submits are kept in window.acted.
MOUNT = """async ({game, view, actions, seat, names}) => {
  const { h, render } = await import("preact");
  const Board = (await import(`/games/${game}/web/board.js`)).default;
  const app = document.getElementById("app");
  render(null, app);
  app.innerHTML = '<main id="table"><h1 class="visually-hidden">Board</h1>'
    + '<section class="board-area" id="harness" aria-label="Board"></section></main>';
  window.acted = [];
  const act = (n) => window.acted.push(n);
  render(h(Board, { view, actions, act, seat, names, previous: null, thinking: [], busy: false }),
         document.getElementById("harness"));
}"""


def mount_board(page: Any, base: str, state: Any, seat: int | None, names: list[str], again: bool = False) -> list[Any]:
    """Show ``state`` from ``seat`` on its game's board alone, with the seat's legal actions; returns
    them (as the server sends them). ``again``: the page already holds a board."""
    if not again:
        page.goto(base + "/")
        page.wait_for_selector("[data-create]")
    actions = [a.to_json() for a in state.legal_actions(seat)] if seat is not None and seat in state.to_move else []
    actions = list(json.loads(json.dumps(actions)))
    page.evaluate(MOUNT, {"game": state.game.spec.name, "view": json.loads(json.dumps(state.view(seat))),
                          "actions": actions, "seat": seat, "names": names[: state.players]})
    page.wait_for_selector(f"[data-board='{state.game.spec.name}']")
    return actions


def acted(page: Any) -> list[str]:
    """The notations the mounted board submitted."""
    out: list[str] = page.evaluate("window.acted")
    return out


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def is_over(page: Any) -> bool:
    return bool(page.get_attribute("#table", "data-over") == "true")


def create_in_lobby(page: Any, base: str, game: str, players: int, bot: str, options: dict[str, Any],
                    name: str = "Alice", persons: int = 0) -> str:
    """Fill the lobby's form: this page's person in seat 0, ``persons`` more people, bots elsewhere. Returns
    the table id once the table page has opened."""
    page.goto(base + "/")
    page.fill("#your-name", name)
    page.select_option("#new-game", game)
    page.select_option("#new-players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "person" if seat <= persons else bot)
    if options:
        page.click("details.options summary")
        for key, value in options.items():
            field = page.locator(f"#opt-{key}")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            elif field.get_attribute("type") == "checkbox":
                field.set_checked(bool(value))
            else:
                field.fill(str(value))
    page.click("[data-create]")
    page.wait_for_selector("#table[data-version]:not([data-version=''])")
    return str(page.url).rsplit("/", 1)[-1]


def wait_change(page: Any, before: int, timeout: float = 10_000) -> bool:
    """Wait until the table's version moved past ``before`` or the game is over."""
    try:
        page.wait_for_selector(f"#table:not([data-version='{before}']), #table[data-over='true']", timeout=timeout)
        return True
    except Exception:
        return False


def click_something(page: Any, rng: random.Random) -> bool:
    """One step of a person with a mouse: a control of the board that plays a move, or a part to select
    first (a card, then its quest); else a button of the action list (choosing a filter chip first where
    the list asks for one). Returns True if a move was sent."""
    board = page.locator(".board-area [data-action]:not([disabled])")
    if board.count():
        board.nth(rng.randrange(board.count())).click()
        return True
    parts = page.locator(".board-area [data-select]")
    if parts.count():
        parts.nth(rng.randrange(parts.count())).click()
        return False
    listed = page.locator("#actions [data-action]:not([disabled])")
    if listed.count():
        listed.nth(rng.randrange(listed.count())).click()
        return True
    chips = page.locator("#actions [data-select]")
    if chips.count():
        chips.nth(rng.randrange(chips.count())).click()
    return False


def play_to_the_end(page: Any, rng: random.Random, limit: float = 240, on_move: Any = None) -> int:
    """Play this page's seat with the mouse until the game is over; returns the moves made."""
    deadline = time.monotonic() + limit
    moves = 0
    while not is_over(page):
        assert time.monotonic() < deadline, f"the game did not end in {limit} s (version {version(page)})"
        if not ready(page):
            wait_change(page, version(page), 2_000)
            continue
        before = version(page)
        if click_something(page, rng):
            moves += 1
            wait_change(page, before)
            if on_move is not None:
                on_move(moves)
    return moves
