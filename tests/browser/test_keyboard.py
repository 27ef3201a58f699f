"""A whole game of each of the five games with the keyboard alone: the lobby's form by Tab and typing (the
game, the players, each seat's bot, the short rule options of helpers.QUICK), then every move typed in
the notation box (reached by the skip link) and played with Enter."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import medieval
from tests.browser.conftest import Pages
from tests.browser.helpers import QUICK, is_over, ready, version, wait_change
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser


def tab_to(page: Any, selector: str, limit: int = 120) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def value_of(page: Any, selector: str) -> str:
    out: str = page.eval_on_selector(selector, "e => e.value")
    return out


def text_of(page: Any, selector: str) -> str:
    out: str = page.eval_on_selector(selector, "e => e.textContent")
    return out


def choose(page: Any, selector: str, value: str) -> None:
    """Choose an option of the focused list with the arrow keys (typing a name that begins another
    option's, "Medievalia" and "Medievalia (2007)", is ambiguous)."""
    values = page.eval_on_selector_all(f"{selector} option", "os => os.map(o => o.value)")
    page.keyboard.press("Home")
    for _ in range(values.index(value)):
        page.keyboard.press("ArrowDown")
    assert value_of(page, selector) == value


def create_by_keyboard(page: Any, base: str, game: str) -> str:
    """Fill the lobby's form with the keyboard alone; returns the table's id once its page is open."""
    players, options, bot = QUICK[game]
    page.goto(base + "/")
    page.wait_for_selector("[data-create]")
    tab_to(page, "#your-name")
    page.keyboard.press("Control+A")
    page.keyboard.type("Kay")
    tab_to(page, "#new-game")
    choose(page, "#new-game", game)
    tab_to(page, "#new-players")
    page.keyboard.type(str(players))
    assert value_of(page, "#new-players") == str(players)
    label = text_of(page, f"#seat-1 option[value='{bot}']")
    for seat in range(1, players):
        tab_to(page, f"#seat-{seat}")
        page.keyboard.type(label)
        assert value_of(page, f"#seat-{seat}") == bot
    if options:
        tab_to(page, "details.options summary")
        page.keyboard.press("Enter")  # opens the rule options
        order = page.eval_on_selector_all("details.options [id^='opt-']", "es => es.map(e => e.id.slice(4))")
        for key in sorted(options, key=order.index):
            tab_to(page, f"#opt-{key}")
            if page.eval_on_selector(f"#opt-{key}", "e => e.tagName") != "SELECT":
                page.keyboard.press("Control+A")
            page.keyboard.type(str(options[key]))
            assert value_of(page, f"#opt-{key}") == str(options[key]), key
    tab_to(page, "[data-create]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-status='playing']")
    return str(page.url).rsplit("/", 1)[-1]


@pytest.mark.parametrize("game", [s.name for s in medieval.list_games()])
def test_a_whole_game_with_the_keyboard_alone(server: ServerProcess, pages: Pages, game: str) -> None:
    page = pages.new()
    tid = create_by_keyboard(page, server.base, game)
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "notation-box"
    rng = random.Random(game)  # a person choosing among the legal moves, the same choices on every run
    moves = 0
    deadline = time.monotonic() + 240
    while not is_over(page):
        assert time.monotonic() < deadline, f"the game did not end (version {version(page)})"
        if not ready(page):
            wait_change(page, version(page), 2_000)
            continue
        options = page.eval_on_selector_all("#legal-notations option", "os => os.map(o => o.value)")
        if not options:
            page.wait_for_timeout(50)
            continue
        before = version(page)
        assert page.evaluate("document.activeElement.id") == "notation-box", "the focus left the notation box"
        page.keyboard.type(rng.choice(options).upper())  # notation is read without regard to case
        page.keyboard.press("Enter")
        moves += 1
        assert wait_change(page, before), "a typed move was not played"
    rec = record(server.database_url, tid)
    assert medieval.replay(rec).is_over
    players, options, _ = QUICK[game]
    assert rec["game"] == game and rec["players"] == players and options.items() <= rec["options"].items()
    assert sum(1 for seat, _ in rec["actions"] if seat == 0) == moves > 0
