"""A whole game with the keyboard alone: the lobby's form by Tab and typing, then every move typed in the
notation box (reached by the skip link) and played with Enter."""

from __future__ import annotations

import time
from typing import Any

import pytest

import medieval
from tests.browser.conftest import Pages
from tests.browser.helpers import is_over, ready, version, wait_change
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_game_with_the_keyboard_alone(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-create]")
    tab_to(page, "#your-name")
    page.keyboard.press("Control+A")
    page.keyboard.type("Kay")
    tab_to(page, "#new-game")
    page.keyboard.type("Paladin")
    assert page.eval_on_selector("#new-game", "e => e.value") == "paladin"
    tab_to(page, "#new-players")
    page.keyboard.type("3")
    tab_to(page, "[data-create]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-status='playing']")
    tid = page.url.rsplit("/", 1)[-1]
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "notation-box"
    moves = 0
    deadline = time.monotonic() + 180
    while not is_over(page):
        assert time.monotonic() < deadline
        if not ready(page):
            wait_change(page, version(page), 2_000)
            continue
        options = page.eval_on_selector_all("#legal-notations option", "os => os.map(o => o.value)")
        if not options:
            page.wait_for_timeout(50)
            continue
        before = version(page)
        assert page.evaluate("document.activeElement.id") == "notation-box", "the focus left the notation box"
        page.keyboard.type(options[moves % len(options)].upper())  # notation is read without regard to case
        page.keyboard.press("Enter")
        moves += 1
        assert wait_change(page, before), "a typed move was not played"
    rec = record(server.database_url, tid)
    assert medieval.replay(rec).is_over
    assert sum(1 for seat, _ in rec["actions"] if seat == 0) == moves
