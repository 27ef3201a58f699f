"""A whole game of every game played through the page with the mouse against bots, on a phone-size
screen (its screenshot kept under build/screenshots/), with axe-core's check of the table under way;
then the game-over summary and its replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

import medieval
from tests.browser.conftest import DESKTOP, PHONE, Pages
from tests.browser.helpers import QUICK, create_in_lobby, is_over, play_to_the_end, version
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser


def axe_violations(page: Any) -> list[str]:
    """Serious and critical axe-core violations on the page."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def test_the_lobby_is_accessible(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-create]")
    assert axe_violations(page) == []
    phone = pages.new(PHONE)
    phone.goto(server.base + "/")
    phone.wait_for_selector("[data-create]")
    assert axe_violations(phone) == []


def test_the_lobby_describes_each_level_as_it_is_in_the_chosen_game(server: ServerProcess, pages: Pages) -> None:
    """The seats' help text follows the game and the player count: 2-player Medievallons' hard thinks a
    tenth of a second, the 4-player game's a second, Medievalia 2007's searches stop at a number of
    iterations."""
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-create]")

    def says(text: str) -> None:  # the text the page shows once it has drawn the choice just made
        page.wait_for_function("t => document.querySelector('[data-levels]').textContent.includes(t)", arg=text,
                               timeout=5_000)

    page.select_option("#new-game", "medievallons")
    page.select_option("#new-players", "2")
    says("Hard: A search of up to a tenth of a second a move.")
    page.select_option("#new-players", "4")
    says("Hard: A search of up to one second a move.")
    page.select_option("#new-game", "medievalia2007")
    says("Medium: The rule-of-thumb player with about one move in ten at random")


@pytest.mark.parametrize("game", [s.name for s in medieval.list_games()])
def test_a_whole_game_with_the_mouse(server: ServerProcess, pages: Pages, shot: Any, game: str) -> None:
    players, options, bot = QUICK[game]
    page = pages.new(PHONE, has_touch=False)
    tid = create_in_lobby(page, server.base, game, players, bot, options)
    checked: dict[str, bool] = {}

    def on_move(n: int) -> None:
        if n == 3 and not checked:
            checked["done"] = True
            # one column on a phone: the board first, the chat after the log (it came first, above the board)
            top = {part: page.locator(f".table-layout .{part}").first.bounding_box()["y"]
                   for part in ("board-area", "log", "chat")}
            assert top["board-area"] < top["log"] < top["chat"], top
            shot(page, f"{game}-phone")
            page.set_viewport_size(DESKTOP)
            shot(page, f"{game}-desktop-table")
            assert axe_violations(page) == [], f"{game}'s table"
            page.set_viewport_size(PHONE)

    moves = play_to_the_end(page, random.Random(7), on_move=on_move)
    assert moves >= 3 and checked, "the page never offered a move"
    assert is_over(page)
    page.wait_for_selector("[data-summary]")
    rec = record(server.database_url, tid)
    state = medieval.replay(rec)
    assert state.is_over and version(page) == len(rec["actions"])
    assert page.locator(".scores tbody tr").count() == players
    shot(page, f"{game}-phone-over")
    # the replay: stepped with the keyboard, from a seat's view and with every card open
    page.click("text=Watch the replay")
    page.wait_for_selector(f"#replay[data-steps='{len(rec['actions'])}']")
    page.keyboard.press("Home")
    page.wait_for_selector("#replay[data-step='0']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay[data-step='1']")
    # keys pressed faster than the server answers each count: End, then Home and two steps on at once
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{len(rec['actions'])}']")
    for key in ("Home", "ArrowRight", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
    page.wait_for_selector("#replay[data-step='1']")
    page.select_option("#replay-seat", "open")
    page.wait_for_selector(".replay-board >> nth=1")
    assert page.locator(".replay-board").count() == players
