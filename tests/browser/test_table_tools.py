"""The table tools in the browser: the clock chosen in the lobby and shown at the table, the
chat (markup shown as text), undo, leaving and taking the seat back, and the creator cancelling an open
table, seen again under "Your tables"."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Pages
from tests.browser.helpers import READY, click_something, is_over, version, wait_change
from tests.server.helpers import ServerProcess, running

pytestmark = pytest.mark.browser
MARKUP = '<img src=x onerror="window.pwned=1"><b>bold</b>'


def _create(page: Any, base: str, clock: str, persons: int = 0) -> str:
    page.goto(base + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#new-game", "paladin")
    page.select_option("#new-players", "3")
    page.select_option("#seat-1", "person" if persons >= 1 else "easy")
    page.select_option("#seat-2", "easy")
    page.select_option("#new-clock", clock)
    page.click("[data-create]")
    page.wait_for_selector("#table[data-version]:not([data-version=''])")
    return str(page.url).rsplit("/", 1)[-1]


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose bots pause between moves, as on a real table: a seat left to a bot is still
    being played when its person comes back (without a pause the bots finish a Paladin game at once)."""
    d: Path = tmp_path_factory.mktemp("paced-server")
    with running(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log", MEDIEVAL_BOT_DELAY="0.3") as srv:
        yield srv


def test_clock_chat_undo_and_taking_the_seat_back(paced: ServerProcess, pages: Pages) -> None:
    server = paced
    page = pages.new()
    page.on("dialog", lambda d: d.accept())
    _create(page, server.base, "rt-slow")
    page.wait_for_selector("[data-clock='realtime'] .clock-seat[data-seat='0']")
    assert "2:00 a move" in page.inner_text(".clock")
    # chat: markup is shown as text and never run
    page.fill("#chat-text", MARKUP)
    page.click(".chat-form button[type='submit']")
    page.wait_for_selector(".chat-message .chat-text")
    assert page.inner_text(".chat-message .chat-text") == MARKUP
    assert page.locator(".chat-log img, .chat-log b").count() == 0
    assert page.evaluate("window.pwned") is None
    # undo: play until 'nolook' is offered (Paladin §5.1), then take it back
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    while not page.locator("#actions [data-action='nolook']:not([disabled])").count():
        assert time.monotonic() < deadline, "no 'nolook' came"
        if page.get_attribute("#table", "data-over") == "true":  # (the server seeds each table: rare)
            _create(page, server.base, "rt-slow")  # another table, another deal
            page.wait_for_selector("[data-clock='realtime'] .clock-seat[data-seat='0']")
        listed = page.locator("#actions [data-action]:not([disabled])")
        if listed.count() and page.locator(".banner.your-turn").count():
            before = version(page)
            listed.nth(rng.randrange(listed.count())).click()
            page.wait_for_selector(f"#table:not([data-version='{before}'])")
        else:
            page.wait_for_timeout(100)
    before = version(page)
    page.click("#actions [data-action='nolook']")
    page.wait_for_selector("[data-undo]")
    page.click("[data-undo]")
    page.wait_for_selector(f"#table[data-version='{before + 2}']")  # an action, then its undo
    page.wait_for_selector("#actions [data-action='nolook']:not([disabled])")
    # leave (a bot plays on), then take the seat back
    page.click("text=Leave")
    page.wait_for_selector("[data-reclaim]")
    page.click("[data-reclaim]")
    page.wait_for_selector("[data-reclaim]", state="detached")
    assert page.get_attribute("#table", "data-seat") == "0"


def test_the_creator_cancels_an_open_table(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.on("dialog", lambda d: d.accept())
    tid = _create(page, server.base, "tb-1d", persons=1)
    page.wait_for_selector("#table[data-status='open']")
    page.click(f"[data-cancel='{tid}']")
    page.wait_for_selector("#table[data-status='cancelled']")
    assert "cancelled" in page.inner_text(".banner")
    page.goto(server.base + "/")
    page.wait_for_selector(f"[data-mine='{tid}'][data-status='cancelled']")
    assert page.locator(f"[data-cancel='{tid}']").count() == 0


#: A hidden tab whose player switched notifications on and granted them: every notification built is kept.
HIDDEN_TAB = """
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => true });
window.notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.notes.push({ title, tag: options?.tag ?? null }); }
};
localStorage.setItem("medieval.notify", "1");
"""


def test_a_hidden_tab_is_told_once_a_turn_that_it_is_its_turn(paced: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.add_init_script(HIDDEN_TAB)
    _create(page, paced.base, "none")
    rng = random.Random(3)
    for turn in (1, 2):
        page.wait_for_selector(READY)
        page.wait_for_function("(n) => window.notes.length >= n", arg=turn)  # told once the board has loaded
        notes = page.evaluate("window.notes")
        assert notes == [{"title": "Your turn at Paladin", "tag": "medieval-turn"}] * turn, notes
        assert page.title() == "Your turn · Paladin · Medieval"
        # the seat's moves until its turn passes (several decisions in a row are one turn)
        while page.locator(READY).count() and not is_over(page):
            before = version(page)
            while not click_something(page, rng):
                pass
            assert wait_change(page, before), "the move was not played"
            assert len(page.evaluate("window.notes")) == turn, "one notification a turn, not one a state"
        if is_over(page):
            break
    assert len(page.evaluate("window.notes")) == 2, "the game ended before the seat's second turn"
