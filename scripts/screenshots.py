"""Screenshots of every game's table as a player sees it, on a desktop and on a phone.

    python scripts/screenshots.py [GAME ...] [--moves N] [--out build/screenshots]

Starts `medieval serve` on a fresh SQLite file (bots without a pause), creates a table of each game in
the lobby (you in seat 0, bots elsewhere), plays N of your moves by clicking what the board offers, and
saves `<game>-desktop.png` and `<game>-phone.png`. Needs Debian's chromium and Playwright (the dev extra).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("MEDIEVAL_CHROMIUM", "/usr/bin/chromium")
GAMES = ("paladin", "medievallons", "medievalia", "medievalia2007", "midevil")
PLAYERS = {"paladin": 4, "medievallons": 3, "medievalia": 4, "medievalia2007": 2, "midevil": 3}
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, MEDIEVAL_BOT_DELAY="0", MEDIEVAL_RATE_LIMIT="0", MEDIEVAL_WS_RATE_LIMIT="0")
    process = subprocess.Popen(
        [sys.executable, "-c", "from medieval.interfaces.cli import main; main()", "serve", "--port", str(port),
         "--database-url", f"sqlite:///{folder / 'db.sqlite3'}"],
        env=env, stdout=(folder / "server.log").open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/games", timeout=1).read()
            return process, base
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"the server did not start: see {folder / 'server.log'}")


def play(page: Any, moves: int, rng: random.Random) -> None:
    made = 0
    deadline = time.monotonic() + 60
    while made < moves and time.monotonic() < deadline:
        if page.get_attribute("#table", "data-over") == "true":
            return
        if not page.locator(".banner.your-turn").count():
            page.wait_for_timeout(200)
            continue
        before = page.get_attribute("#table", "data-version")
        board = page.locator(".board-area [data-action]:not([disabled])")
        parts = page.locator(".board-area [data-select]")
        listed = page.locator("#actions [data-action]:not([disabled])")
        if board.count():
            board.nth(rng.randrange(board.count())).click()
        elif parts.count():
            parts.nth(rng.randrange(parts.count())).click()
            continue
        elif listed.count():
            listed.nth(rng.randrange(listed.count())).click()
        else:
            page.wait_for_timeout(200)
            continue
        made += 1
        with contextlib.suppress(Exception):  # a slow answer: look again on the next round
            page.wait_for_selector(f"#table:not([data-version='{before}']), #table[data-over='true']",
                                   timeout=10_000)
    page.mouse.move(0, 0)  # no help popover left open under the pointer
    page.wait_for_timeout(500)


def shoot(browser: Any, base: str, game: str, moves: int, out: Path) -> None:
    for label, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        page = context.new_page()
        page.goto(base + "/")
        page.fill("#your-name", "You")
        page.select_option("#new-game", game)
        page.select_option("#new-players", str(PLAYERS[game]))
        for seat in range(1, PLAYERS[game]):
            page.select_option(f"#seat-{seat}", "medium")
        page.click("[data-create]")
        page.wait_for_selector("#table[data-version]:not([data-version=''])")
        play(page, moves, random.Random(7))
        path = out / f"{game}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        print(path)
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--out", type=Path, default=Path("build/screenshots"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        process, base = start_server(Path(d))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
                for game in args.games:
                    shoot(browser, base, game, args.moves, args.out)
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
