"""Fixtures of the browser tests: a real server process, Debian's chromium driven by Playwright, and
pages that may ask nothing of any host but 127.0.0.1.

Without chromium (or Playwright) these tests skip; in CI (``CI=true``) they fail instead."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.server.helpers import ServerProcess, running

CHROMIUM = os.environ.get("MEDIEVAL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Where the phone-size screenshots of every game are kept (gitignored).
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unavailable(reason: str) -> None:
    if _in_ci():
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, for one test module: Playwright's sync API holds an event loop in this thread while it
    runs, so it is closed before other modules' tests (which may start their own loops) run here."""
    try:
        from playwright.sync_api import sync_playwright
    except ModuleNotFoundError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        _unavailable(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the browser tests (a fresh SQLite file, bots without a pause, no rate limits)."""
    d = tmp_path_factory.mktemp("browser-server")
    with running(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log") as srv:
        yield srv


class Pages:
    """Opens pages in fresh browser contexts; every request to another host than 127.0.0.1 is refused
    and remembered, and every script error is remembered."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.offsite: list[str] = []
        self.errors: list[str] = []

    def new(self, viewport: dict[str, int] | None = None, motion: str = "reduce", **options: Any) -> Any:
        context = self.browser.new_context(viewport=viewport or DESKTOP, reduced_motion=motion, **options)
        self.contexts.append(context)

        def guard(route: Any) -> None:
            host = urlsplit(route.request.url).hostname
            if host in ("127.0.0.1",) or route.request.url.startswith(("data:", "blob:")):
                route.fallback()
            else:
                self.offsite.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.on("console", lambda m: self.errors.append(f"{page.url}: console {m.text}") if m.type == "error" else None)
        return page

    def close(self) -> None:
        for c in self.contexts:
            c.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    p = Pages(browser)
    try:
        yield p
    finally:
        p.close()
    assert not p.offsite, f"requests left 127.0.0.1: {p.offsite}"
    assert not p.errors, f"script errors: {p.errors}"


UNSTICK = """() => {
  window.unstuck = [...document.querySelectorAll("body *")].filter((e) => getComputedStyle(e).position === "sticky");
  for (const e of window.unstuck) e.style.setProperty("position", "static", "important");
}"""
RESTICK = "() => { for (const e of window.unstuck ?? []) e.style.removeProperty('position'); }"


@pytest.fixture
def shot() -> Callable[[Any, str], Path]:
    def take(page: Any, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.mouse.move(1, 1)  # no card help left open by the last click
        page.keyboard.press("Escape")
        # a board measures its width after a resize and draws again: two frames let that happen
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        # a sticky bar would float mid-page in a full-page picture: it goes back to its place for the picture
        page.evaluate(UNSTICK)
        try:
            page.screenshot(path=str(path), full_page=True)
        finally:
            page.evaluate(RESTICK)
        return path

    return take
