"""Medievalia's own board in a real browser: a whole game played through the board's controls alone
(choose cards, then confirm; take the pile), every face it draws checked against the seat's view; every
legal play of many positions built by choosing its cards (and the Wildcards' value, the CM01 receiver or
the CM10 next player) and confirming, and nothing else ever confirmable; axe-core on the table; a phone
and a desktop screenshot kept under build/screenshots/."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import medieval
from tests.browser.conftest import DESKTOP, PHONE, Pages
from tests.browser.helpers import acted, create_in_lobby, is_over, mount_board, ready, version, wait_change
from tests.browser.test_games import axe_violations
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser
BOARD = "[data-board='medievalia']"

#: Builds each given play through the board: choose its cards one by one (a card not yet chosen of each
#: face), then the value, receiver and next player it names, and reads what the board then offers to
#: confirm. Returns [notation, [the data-action of every control offered], problem or null] per play.
BUILD = """async (plays) => {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const click = async (el) => { el.dispatchEvent(new MouseEvent("click", { bubbles: true })); await tick(); };
  const root = document.getElementById("harness");
  const out = [];
  for (const a of plays) {
    const clear = [...root.querySelectorAll("button")].find((b) => b.textContent.trim() === "clear");
    if (clear) await click(clear);
    let problem = null;
    for (const f of a.args.cards) {
      const card = [...root.querySelectorAll(`[data-select^="card:${f}:"]`)]
        .find((e) => e.getAttribute("aria-pressed") !== "true");
      if (!card) { problem = `no card ${f} to choose`; break; }
      await click(card);
    }
    for (const d of ["value", "give", "next"]) {
      if (problem || a.args[d] === null) continue;
      const chip = root.querySelector(`button[data-select="${d}:${a.args[d]}"]`);
      if (chip) await click(chip);
    }
    const offered = [...root.querySelectorAll("[data-action]")].map((e) => e.getAttribute("data-action"));
    out.push([a.notation, offered, problem]);
  }
  return out;
}"""

#: Random clicks on the parts a play is built of; after each, every control offered must be legal.
WANDER = """async ({legal, clicks, seed}) => {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  let x = seed;
  const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const root = document.getElementById("harness");
  const bad = [];
  for (let i = 0; i < clicks; i++) {
    const parts = [...root.querySelectorAll("[data-select]")];
    if (!parts.length) break;
    parts[rand(parts.length)].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await tick();
    for (const e of root.querySelectorAll("[data-action]")) {
      const n = e.getAttribute("data-action");
      if (!legal.includes(n)) bad.push(n);
    }
  }
  return bad;
}"""

NAMES = ["Alice", "Bot (easy)", "Bot (hard)", "Bot (random)", "Eve", "Finn"]


def mount(page: Any, base: str, state: Any, seat: int, again: bool = False) -> list[dict[str, Any]]:
    """Show ``state`` from ``seat`` on the page's board alone (``again``: the page already holds one)."""
    return mount_board(page, base, state, seat, NAMES, again)


def scenario(players: int, **setup: Any) -> Any:
    options = {k: setup.pop(k) for k in ("field", "instructor", "cm01") if k in setup}
    return medieval.make("medievalia", players=players, **options).scenario(**setup)


def test_several_cards_of_one_value_with_a_wildcard(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    s = scenario(3, field="none", instructor="none", hands=[["3", "5", "5", "W"], ["3"], ["4"]],
                 table=[[1, "13"]], turn=0, deck=["..."])
    mount(page, server.base, s, 0)
    board = page.locator(BOARD)
    assert board.locator("[data-select^='card:3:']").count() == 0, "no play with the 3 beats 13: it is not offered"
    page.click("[data-select='card:5:0']")
    page.click("[data-select='card:5:1']")
    assert board.locator("[data-action^='play']").count() == 0, "two 5s (10) do not beat 13"
    assert "reach 14" in board.locator(".mv-prompt").inner_text()
    page.click("[data-select^='card:W:']")
    assert {e.get_attribute("data-action") for e in board.locator("[data-action^='play']").all()} == {"play 5 5 W"}
    board.locator("button[data-action='play 5 5 W']").click()
    assert acted(page) == ["play 5 5 W"]


def test_wildcards_alone_take_a_declared_value(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    s = scenario(2, field="none", instructor="none", hands=[["3", "W", "W"], ["4"]], turn=0, deck=["..."])
    mount(page, server.base, s, 0)
    board = page.locator(BOARD)
    page.click("[data-select='card:W:0']")
    page.click("[data-select='card:W:1']")
    assert board.locator("[data-action^='play']").count() == 0, "the value is still to choose"
    chips = board.locator("button[data-select^='value:']")
    assert chips.count() == 13 and "as 7 (14)" in chips.all_inner_texts()
    page.click("button[data-select='value:7']")
    page.click(f"{BOARD} svg [data-action='play W W as 7']")  # the table's "play here"
    assert acted(page) == ["play W W as 7"]


def test_cm01_two_fives_hand_the_stack_to_a_chosen_opponent(server: ServerProcess, pages: Pages, shot: Any) -> None:
    page = pages.new()
    s = scenario(4, field="CM01", instructor="IM02", hands=[["5", "5", "8", "R"], ["3"], ["4"], ["6"]],
                 stacks=[["7", "2"], [], ["1"], []], table=[[3, "4"]], turn=0, deck=["..."])
    mount(page, server.base, s, 0)
    board = page.locator(BOARD)
    page.click("[data-select='card:5:0']")
    page.click("[data-select='card:5:1']")
    assert board.locator("[data-action^='play']").count() == 0, "the receiver is still to choose"
    seats = board.locator("svg [data-select^='give:']")
    assert sorted(e.get_attribute("data-select") or "" for e in seats.all()) == ["give:1", "give:2", "give:3"]
    board.locator("svg [data-select='give:2']").click()  # the receiver's seat on the table
    assert board.locator("svg [data-select='give:2']").get_attribute("aria-pressed") == "true"
    shot(page, "medievalia-board-cm01")
    board.locator("button[data-action='play 5 5 give 2']").click()
    assert acted(page) == ["play 5 5 give 2"]


def test_cm10_twelves_name_the_next_player(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    s = scenario(3, field="CM10", instructor="none", hands=[["12", "12", "4"], ["3"], ["4"]],
                 table=[[2, "9"]], turn=0, deck=["..."])
    mount(page, server.base, s, 0)
    board = page.locator(BOARD)
    assert board.locator("[data-select^='card:4:']").count() == 0
    page.click("[data-select='card:12:0']")
    page.click("[data-select='card:12:1']")
    page.click("button[data-select='next:1']")
    offered = {e.get_attribute("data-action") for e in board.locator("[data-action^='play']").all()}
    assert offered == {"play 12 12 next 1"}
    page.click("[data-select='card:12:1']")  # put one back: a single 12
    page.click("button[data-select='next:2']")
    board.locator("button[data-action='play 12 next 2']").click()
    assert acted(page) == ["play 12 next 2"]
    mount(page, server.base, s, 0)
    page.click(f"{BOARD} button[data-action='take']")
    assert acted(page) == ["take"]


#: A deck rich in 5s, 12s and Wildcards, so that many positions hold the plays that leave a choice.
RICH_DECK = "1:4,2:4,3:4,4:4,5:6,6:3,7:3,8:3,9:3,10:2,11:2,12:5,13:2,W:6,S:2,R:2"


def positions() -> Iterator[tuple[Any, int]]:
    """Positions of random games under each Field card in turn, at the turn of a seat with a few plays."""
    rng = random.Random(11)
    found = 0
    fields = ["none", "CM01", "CM02", "CM03", "CM04", "CM05", "CM08", "CM09", "CM10"]
    while True:
        field = fields[found % len(fields)]
        players = rng.choice([2, 3, 4, 5])
        options: dict[str, Any] = {"field": field, "deck": RICH_DECK}
        if field == "CM01" and rng.random() < 0.5:
            options["cm01"] = "pair"
        state = medieval.make("medievalia", players=players, **options).new_game(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(4, 40)):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over and len(state.legal_actions(state.to_move[0])) > 2:
            found += 1
            yield state, state.to_move[0]


def test_every_legal_play_is_built_by_choosing_and_confirming(server: ServerProcess, pages: Pages) -> None:
    """Every legal play of positions under every Field card (at least two each, and at least 100 plays
    in all) is built on the board, and random choosing never offers an illegal one."""
    page = pages.new()
    built = 0
    for i, (state, seat) in enumerate(positions()):
        if (i >= 18 and built > 100) or i >= 80:
            break
        actions = mount(page, server.base, state, seat, again=i > 0)
        legal = [a["notation"] for a in actions]
        plays = [a for a in actions if a["kind"] == "play"]
        for notation, offered, problem in page.evaluate(BUILD, plays):
            assert problem is None, f"{notation}: {problem} (hand {state.view(seat)['hand']})"
            assert set(offered) - {"take"} == {notation}, f"building {notation} offers {offered}"
            built += 1
        assert set(page.locator(f"{BOARD} [data-action='take']").all_inner_texts()) or "take" not in legal
        assert page.evaluate(WANDER, {"legal": legal, "clicks": 40, "seed": built}) == []
    assert built > 100


def faces_known(view: dict[str, Any]) -> Counter[str]:
    """Every face a Medievalia view shows: the hand, the open cards (and the Skips set aside), the Tower."""
    out: Counter[str] = Counter(view["hand"] or [])
    out.update(view["table"]["cards"])
    out.update(view["discard"])
    for card in (view["tower"]["field"], view["tower"]["instructor"]):
        if card is not None:
            out[card["code"]] += 1
    return out


def snapshot(page: Any) -> dict[str, Any]:
    shot: dict[str, Any] = page.evaluate("""() => ({
        version: Number(document.querySelector('#table').dataset.version),
        faces: [...document.querySelectorAll('[data-face]')].map((e) => e.dataset.face),
        hand: [...document.querySelectorAll('.mv-hand-svg [data-face]')].map((e) => e.dataset.face),
        board: document.querySelector("[data-board='medievalia']") !== null,
    })""")
    return shot


def test_a_whole_game_through_the_board_alone(server: ServerProcess, pages: Pages, shot: Any) -> None:
    start = time.monotonic()
    page = pages.new(DESKTOP)
    tid = create_in_lobby(page, server.base, "medievalia", 3, "random", {"rounds": 1})
    # the board's module loads after the table page: until it has, only the action list offers moves
    page.wait_for_selector(f".board-area {BOARD}")
    rng = random.Random(5)
    board = page.locator(f".board-area {BOARD}")
    snaps: list[dict[str, Any]] = []
    moves = chosen = 0
    checked: set[str] = set()
    deadline = time.monotonic() + 200
    while not is_over(page):
        assert time.monotonic() < deadline, f"the game did not end (version {version(page)})"
        snaps.append(snapshot(page))
        if not ready(page):
            wait_change(page, version(page), 2_000)
            continue
        if "desktop" not in checked and moves >= 2:
            checked.add("desktop")
            shot(page, "medievalia-board-desktop")
            assert axe_violations(page) == [], "Medievalia's table (desktop)"
        if "phone" not in checked and moves >= 5:
            checked.add("phone")
            page.set_viewport_size(PHONE)
            page.wait_for_selector(f"{BOARD}.phone")
            shot(page, "medievalia-board-phone")
            assert axe_violations(page) == [], "Medievalia's table (phone)"
        before = version(page)
        confirm = board.locator("[data-action]")
        parts = board.locator("[data-select]")
        assert confirm.count() + parts.count() > 0, "the board offers nothing on your turn"
        if parts.count() and (not confirm.count() or rng.random() < 0.6):
            parts.nth(rng.randrange(parts.count())).click()
            chosen += 1
            continue
        confirm.nth(rng.randrange(confirm.count())).click()
        moves += 1
        assert wait_change(page, before), "a move confirmed on the board was not played"
    snaps.append(snapshot(page))
    assert checked == {"desktop", "phone"} and moves >= 5 and chosen >= 5
    page.wait_for_selector("[data-summary]")

    rec = record(server.database_url, tid)
    game = medieval.make("medievalia", 3, rounds=1)
    assert game.replay(rec).is_over and sum(1 for s, _ in rec["actions"] if s == 0) == moves
    views: dict[int, dict[str, Any]] = {}
    drawn = 0
    for snap in snaps:
        v = snap["version"]
        view = views.get(v) or views.setdefault(v, game.replay(rec, upto=v).view(0))
        shown = Counter(snap["faces"])
        assert shown <= faces_known(view), f"version {v} shows {shown - faces_known(view)}"
        if snap["board"]:
            drawn += 1
            assert Counter(snap["hand"]) == Counter(view["hand"] or []), f"version {v}: the hand drawn is not the hand"
    assert drawn > len(snaps) // 2
    print(f"Medievalia through its board: {moves} moves ({chosen} choices) in {time.monotonic() - start:.1f} s")


def test_the_board_with_choices_open_is_accessible(server: ServerProcess, pages: Pages) -> None:
    page = pages.new(PHONE)
    s = scenario(5, field="CM01", instructor="IM04", hands=[["5", "W", "W", "12", "R"], ["3"], ["4"], ["6"], ["2"]],
                 stacks=[["7"], [], ["1"], [], []], turn=0, deck=["..."])
    mount(page, server.base, s, 0)
    page.click("[data-select='card:W:0']")
    page.click("[data-select='card:W:1']")
    page.click("button[data-select='value:5']")
    assert page.locator(f"{BOARD} svg [data-select^='give:']").count() == 4
    assert axe_violations(page) == []
