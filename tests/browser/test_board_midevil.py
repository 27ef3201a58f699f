"""MidEvil's own board in a real browser, played through its controls only (never the action list): a
whole game against a bot, every tile laid by choosing its turn and then a glowing place on the map (§4),
every step, skeleton move (§7) and card built on the map or the hand; at every step the page shows no
face the seat's view lacks, offers nothing that is not legal, and highlights exactly the legal places of
the chosen turn. The map pans and zooms by its buttons, keys and wheel, its edges labelled with the
notation's coordinates. Then a game of random clicks on the board on a phone, axe-core's check of the
table, and a phone and a desktop screenshot."""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from typing import Any

import pytest

import medieval
from tests.browser.conftest import DESKTOP, PHONE, Pages
from tests.browser.helpers import acted, create_in_lobby, is_over, mount_board, version, wait_change
from tests.browser.test_board_medievalia2007 import Seat
from tests.browser.test_games import axe_violations
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser

GAME = "midevil"
BOARD = "[data-board=midevil]"
FACE = re.compile(r'data-face="([^"]+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
#: The moves built in two steps: what to select first (then the move's own control).
SELECT_FIRST: dict[str, Any] = {
    "place_tile": lambda a: f"turn:{a['rotation']}",
    "move_skeleton": lambda a: f"skeleton:{a['square'][0]},{a['square'][1]}",
    "play_card": lambda a: f"card:{a['card']}",
    "discard_card": lambda a: f"card:{a['card']}",
    "shoot": lambda a: "shoot",
}


def check(state: dict[str, Any], board: str) -> None:
    """The board draws only the view: every card of the hand and in play face up, no other seat's hand,
    and offers only legal moves."""
    view = state["view"]
    shown = Counter(FACE.findall(board))
    required: Counter[str] = Counter()
    for pawn in view["pawns"]:
        required.update(pawn["in_play"])
        required.update(pawn.get("hand", []))
        if pawn["seat"] != view["seat"]:
            assert "hand" not in pawn
    known = required + Counter(view["discard"][-1:])
    assert shown <= known, f"the board shows faces its view lacks: {shown - known}"
    assert required <= shown, f"cards of the view are missing from the board: {required - shown}"
    legal = {a["notation"] for a in state["actions"]} if state["your_turn"] else set()
    offered = set(ACTION.findall(board))
    assert offered <= legal, f"the board offers moves that are not legal: {offered - legal}"


def click(page: Any, selector: str) -> None:
    """A click with the mouse; where something covers it (the help popover), Enter on its focus."""
    target = page.locator(f"{BOARD} {selector}").first
    try:
        target.click(trial=True, timeout=1_500)
    except Exception:
        target.focus()
        page.keyboard.press("Enter")
        return
    target.click()


def screenshot(page: Any, shot: Any, name: str) -> None:
    """The whole board in its order: the sticky bar is put back in its place for the picture only."""
    page.evaluate("window.scrollTo(0, 0)")
    style = page.add_style_tag(content=".mv-bar { position: static !important; }")
    shot(page, name)
    style.evaluate("e => e.remove()")


def view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute(f"{BOARD} svg.mv-svg", "viewBox").split()]


def perform(page: Any, action: dict[str, Any], phase: str) -> bool:
    """Play ``action`` through the board's controls; returns True if it was built in two steps. A card
    played in a reaction window (R7) has a button of its own: one click."""
    notation, kind = action["notation"], action["kind"]
    selector = f'[data-action="{notation}"]'
    board = page.locator(BOARD)
    first = None if phase == "react" else SELECT_FIRST.get(kind)
    if first is not None:
        key = first(action["args"])
        assert board.locator(selector).count() == 0, f"{notation} is offered before its part is chosen"
        click(page, f'[data-select="{key}"]')
        page.wait_for_selector(f"{BOARD} {selector}", timeout=5_000)
    assert board.locator(selector).count(), f"the board has no control for {notation}"
    before = version(page)
    drawn = board.locator(f"svg {selector}")
    click(page, f"svg {selector}" if drawn.count() else selector)
    assert wait_change(page, before), f"{notation} was not played"
    return first is not None


def placements_offered(page: Any, state: dict[str, Any], rotation: int) -> None:
    """§4: after choosing a turn, the glowing places are exactly the legal ones for that turn."""
    click(page, f'[data-select="turn:{rotation}"]')
    legal = {a["notation"] for a in state["actions"] if a["kind"] == "place_tile" and a["args"]["rotation"] == rotation}
    page.wait_for_selector(f"{BOARD} .ghost[data-action]")
    glowing = set(page.locator(f"{BOARD} .ghost[data-action]").evaluate_all("els => els.map(e => e.dataset.action)"))
    assert glowing == legal
    click(page, f'[data-select="turn:{rotation}"]')  # chosen again: no turn chosen, no place offered
    page.wait_for_selector(f"{BOARD} .ghost", state="detached")


def pan_and_zoom(page: Any, view: dict[str, Any]) -> None:
    """The map's camera: zoom in and out, pan by buttons and keys, wheel, and back to the fitted map; the
    edges carry the squares' coordinates."""
    fitted = view_box(page)
    labels = set(page.locator(f"{BOARD} .coord").evaluate_all("els => els.map(e => e.textContent)"))
    m = view["map"]
    assert {str(m["left"]), str(m["top"]), str(m["left"] + m["width"] - 1)} <= labels
    page.click(f"{BOARD} button[aria-label='Zoom in']")
    zoomed = view_box(page)
    assert zoomed[2] < fitted[2] and zoomed[3] < fitted[3]
    page.click(f"{BOARD} button[aria-label='Pan east']")
    assert view_box(page)[0] > zoomed[0]
    page.focus(f"{BOARD} .mv-map")
    page.keyboard.press("ArrowDown")
    assert view_box(page)[1] > zoomed[1]
    page.keyboard.press("-")
    assert view_box(page)[2] > zoomed[2]
    page.hover(f"{BOARD} svg.mv-svg")
    page.mouse.wheel(0, -200)
    fitted_text = " ".join(map(str, fitted))
    page.wait_for_function(
        f"() => document.querySelector('{BOARD} svg.mv-svg').getAttribute('viewBox') !== {fitted_text!r}")
    page.click(f"{BOARD} button[aria-label='Fit the map to the screen']")
    assert view_box(page) == pytest.approx(fitted)


def test_a_whole_game_through_the_board(server: ServerProcess, pages: Pages, shot: Any) -> None:
    page = pages.new(DESKTOP, has_touch=False)
    tid = create_in_lobby(page, server.base, GAME, 2, "random", {"max_rounds": 5, "graveyard_within": 1})
    page.wait_for_selector(BOARD)
    seat = Seat(server, page, tid)
    rng = random.Random(5)
    done: Counter[str] = Counter()
    two_step = 0
    panned = False
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, f"the game did not end (version {version(page)})"
        state, board = seat.synced()
        if state["status"] == "finished":
            break
        check(state, board)
        if not state["your_turn"]:
            wait_change(page, state["version"], 3_000)
            continue
        if not panned and len(state["view"]["tiles"]) >= 3:  # on any turn: the seat may place no tile late enough
            panned = True
            pan_and_zoom(page, state["view"])
        acts = state["actions"]
        if state["view"]["phase"] == "seed":  # the colour sets read as words, one button each, no chips
            listed = page.locator("#actions")
            assert '{"' not in listed.inner_text(), listed.inner_text()
            assert listed.locator("[data-action^='seed']").count() == len(acts)
        kinds = sorted({a["kind"] for a in acts})
        # a little of everything: a kind at random (moving rather than stopping), then one of its moves
        weights = [0.3 if k in ("stop_moving", "end_turn") else 1.0 for k in kinds]
        kind = rng.choices(kinds, weights)[0]
        action = rng.choice([a for a in acts if a["kind"] == kind])
        if kind == "place_tile":
            other = [a["args"]["rotation"] for a in acts if a["kind"] == kind]
            placements_offered(page, state, rng.choice(other))
        two_step += perform(page, action, state["view"]["phase"])
        done[kind] += 1
        if done["place_tile"] == 4 and kind == "place_tile":
            screenshot(page, shot, f"{GAME}-desktop-map")
    assert is_over(page)
    assert medieval.replay(record(server.database_url, tid)).is_over
    assert panned, "the map was never panned and zoomed"
    for kind in ("place_tile", "move", "move_skeleton"):
        assert done[kind], f"the game never played a {kind} ({dict(done)})"
    assert two_step >= 8, f"only {two_step} moves were built by selecting and confirming"
    screenshot(page, shot, f"{GAME}-desktop")


def test_random_clicks_on_the_board_on_a_phone(server: ServerProcess, pages: Pages, shot: Any) -> None:
    page = pages.new(PHONE, has_touch=False)
    tid = create_in_lobby(page, server.base, GAME, 2, "random", {"max_rounds": 3, "graveyard_within": 1})
    page.wait_for_selector(BOARD)
    seat = Seat(server, page, tid)
    rng = random.Random(11)
    moves = 0
    checked = False
    deadline = time.monotonic() + 200
    while not is_over(page):
        assert time.monotonic() < deadline, f"the game did not end (version {version(page)})"
        state, board = seat.synced()
        if state["status"] == "finished":
            break
        check(state, board)
        if not state["your_turn"]:
            wait_change(page, state["version"], 3_000)
            continue
        controls = page.locator(f"{BOARD} [data-action], {BOARD} [data-select]")
        legal = [a["notation"] for a in state["actions"]]
        assert controls.count(), f"the board offers nothing on the seat's turn ({legal})"
        pick = controls.nth(rng.randrange(controls.count()))
        is_action = pick.get_attribute("data-action") is not None
        before = version(page)
        try:
            pick.click(timeout=3_000)
        except Exception:  # covered by the help popover or another card: the keyboard reaches it
            pick.focus()
            page.keyboard.press("Enter")
        if is_action:
            moves += 1
            assert wait_change(page, before), "a control of the board did not play its move"
        if len(state["view"]["tiles"]) >= 5 and not checked:
            checked = True
            screenshot(page, shot, f"{GAME}-phone-board")
            assert axe_violations(page) == [], "the phone table"
            page.set_viewport_size(DESKTOP)
            assert axe_violations(page) == [], "the desktop table"
            page.set_viewport_size(PHONE)
    assert checked and moves >= 6, f"{moves} moves"
    assert medieval.replay(record(server.database_url, tid)).is_over


# ---------------------------------------------------------------------------------- reaction windows (R7)
NAMES = ["Alice", "Bot (random)", "Carl", "Dora"]
MAP = [["Altar", 0, 0, 0], ["Meadow Road", 0, -1, 0]]
GRAVEYARD = [["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]]


def reaction_scenario(moment: str) -> Any:
    """A reaction window of R7 (tests/games/midevil/test_midevil_react.py builds the same positions): after
    P0's missed combat roll (P1 holds a Curse), after P0's movement roll (P1 holds Raise Dead), or in P0's
    challenge for the book, the holder P1 deciding (Healing Herbs and a Curse)."""
    from tests.games.midevil.helpers import ALTAR_CENTRE, make
    from tests.support import do

    if moment == "combat":
        s = make(tiles=MAP, phase="move", roll=2, skeletons=[[1, 0, "white"]], dice=[1],
                 hands=[["Sword"], ["Curse", "Sword"]], humans=[2, 3])
        do(s, "0 move N")
    elif moment == "move_roll":
        s = make(tiles=MAP, hands=[["Sword"], ["Raise Dead"]], tile_deck=[], dice=[3])
    else:
        s = make(tiles=GRAVEYARD, book=1, pawns=[ALTAR_CENTRE, [1, 0]], phase="move", roll=2,
                 kills=[[2, 1, 1], [1, 2, 0]], humans=[2, 2], hands=[["Curse"], ["Healing Herbs", "Curse"]])
        do(s, "0 move N", "0 challenge", "0 pass")
    assert s.phase == "react" and s.to_move == (1,) and s.view(1)["reaction"]["moment"] == moment
    return s


REACTION_WORDS = {
    "combat": ("missed the white skeleton on 1,0", {"play Curse 0": "Play Curse on P0 Alice"}),
    "move_roll": ("rolled 3 to move", {"play Raise Dead 0": "Play Raise Dead next to P0 Alice"}),
    "pvp": ("challenged you for the book",
            {"play Healing Herbs": "Play Healing Herbs", "play Curse 0": "Play Curse on P0 Alice"}),
}


@pytest.mark.parametrize("moment", sorted(REACTION_WORDS))
def test_a_reaction_window_offers_its_cards_and_pass(server: ServerProcess, pages: Pages, shot: Any,
                                                    moment: str) -> None:
    """R7: on another player's turn the seat asked sees what the moment answers and that it decides, a
    button for each card it may play then (with its target) and one to pass, and nothing else; its hand
    is not a way to play then. The active player sees who decides, and no control."""
    page = pages.new(DESKTOP)
    s = reaction_scenario(moment)
    actions = mount_board(page, server.base, s, 1, NAMES)
    board = page.locator(BOARD)
    what, plays = REACTION_WORDS[moment]
    assert "a reaction" in board.locator(".mv-status").inner_text()
    react = board.locator(f".mv-moment.react[data-reaction='{moment}']")
    assert what in react.inner_text() and "you decide" in react.inner_text()
    prompt = board.locator(".mv-prompt").inner_text()
    assert "P0 Alice's turn, but you may react" in prompt and not prompt.startswith("Your turn"), prompt
    banner = page.evaluate("async ({view, names}) => (await import('/games/midevil/web/board.js')).default"
                           ".yourMove(view, names)", {"view": json.loads(json.dumps(s.view(1))), "names": NAMES})
    assert banner == "P0 Alice's turn: you may react.", "the table's banner is not 'Your turn.' in a reaction"
    plain = json.loads(json.dumps(medieval.make("midevil", 4).new_game(1).view(0)))
    assert page.evaluate("async ({view, names}) => (await import('/games/midevil/web/board.js')).default"
                         ".yourMove(view, names)", {"view": plain, "names": NAMES}) is None
    offered = {e.get_attribute("data-action"): e.inner_text() for e in board.locator("[data-action]").all()}
    assert offered == {**plays, "pass": "Pass: let the moment go by"}
    assert set(offered) == {a["notation"] for a in actions}
    assert board.locator("[data-select]").count() == 0, "a reaction is one click: nothing to choose first"
    for card in {a["args"]["card"] for a in actions if a["kind"] == "play_card"}:
        label = board.locator(f".hand-svg [data-face='{card}']").first.get_attribute("aria-label") or ""
        assert "playable now" in label, label
    first = next(iter(plays))
    board.locator(f"button[data-action='{first}']").click()
    assert acted(page) == [first]
    mount_board(page, server.base, s, 1, NAMES, again=True)
    board.locator("button[data-action='pass']").click()
    assert acted(page) == ["pass"]
    if moment == "combat":
        assert axe_violations(page) == []
    if moment == "pvp":
        mount_board(page, server.base, s, 1, NAMES, again=True)
        shot(page, f"{GAME}-board-reaction")

    # the active player, waiting: the moment and who decides, no control, and nothing of P1's hand
    mount_board(page, server.base, s, 0, NAMES, again=True)
    react = board.locator(f".mv-moment.react[data-reaction='{moment}']")
    assert "P1 Bot (random) decides" in react.inner_text()
    assert "P1 Bot (random) may react" in board.locator(".mv-prompt").inner_text()
    assert board.locator("[data-action], [data-select]").count() == 0
    shown = set(FACE.findall(board.evaluate("e => e.outerHTML")))
    assert not shown & {"Curse", "Raise Dead", "Healing Herbs"} - set(s.view(0)["pawns"][0]["hand"])
