"""Two people at one table, each in their own browser, at Paladin (face-down Paladins on the quests) and at
Medievallons (two hands of cards): neither page ever holds a card the other seat hides from it. What is
hidden is derived from the engine at the version each page shows: the faces the other seat's view knows
and this seat's view does not."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Any

import pytest

import medieval
from tests.browser.conftest import Pages
from tests.browser.helpers import click_something, create_in_lobby, is_over, ready, version, wait_change
from tests.server.helpers import ServerProcess, record

pytestmark = pytest.mark.browser
FACE = re.compile(r'data-face="([^"]+)"')


def paladin_faces(view: dict[str, Any]) -> Counter[str]:
    """Every face a Paladin view shows, wherever it lies."""
    out: Counter[str] = Counter()
    for f in view["hand"] or []:
        out[f["label"]] += 1
    for slot in view["quests"]:
        out.update(c["card"]["label"] for c in slot["cards"] if c["card"] is not None)
        if slot["hero"] is not None:
            out[slot["hero"]["card"]["label"]] += 1
    for won in view["won"]:
        out.update(w["paladin"]["label"] for w in won)
    out.update(d["card"]["label"] for d in view["deck"]["known"])
    return out


def medievallons_faces(view: dict[str, Any]) -> Counter[str]:
    from tests.browser.test_board_medievallons import faces_known

    return faces_known(view)


def paladin_hidden(mine: dict[str, Any], theirs: dict[str, Any], slots: dict[str, str | None], me: int) -> int:
    """Paladins on the quests that the other seat knows and this one does not: none is drawn face up in
    its place. Returns how many there were."""
    hidden = 0
    for slot_me, slot_them in zip(mine["quests"], theirs["quests"], strict=True):
        for c_me, c_them in zip(slot_me["cards"], slot_them["cards"], strict=True):
            if c_me["card"] is None and c_them["card"] is not None:
                hidden += 1
                key = f"{slot_me['quest']['label']}:{c_me['seat']}"
                assert slots.get(key) is None, f"{key} shows a face seat {me} may not know"
    return hidden


def medievallons_hidden(mine: dict[str, Any], theirs: dict[str, Any], slots: dict[str, str | None], me: int) -> int:
    """The other seat's hand: how many of its cards this seat's view does not show (the face counts
    already hold the page to what this seat knows)."""
    return sum((Counter(theirs["hand"]) - medievallons_faces(mine)).values())


#: game: players, options, the bot in the third seat (if any), the faces a view shows, the hidden-card check
GAMES: dict[str, tuple[int, dict[str, Any], str, Any, Any]] = {
    "paladin": (3, {}, "medium", paladin_faces, paladin_hidden),
    "medievallons": (2, {"match": "single_round"}, "random", medievallons_faces, medievallons_hidden),
}


def snapshot(page: Any, seat: int) -> dict[str, Any]:
    """The page's whole HTML, its version and each placed card's face, read at one instant."""
    shot: dict[str, Any] = page.evaluate("""() => ({
        html: document.documentElement.outerHTML,
        version: Number(document.querySelector('#table').dataset.version),
        slots: [...document.querySelectorAll('[data-slot]')].map(
            e => [e.dataset.slot, e.querySelector('[data-face]')?.dataset.face ?? null]),
    })""")
    return {**shot, "seat": seat}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_neither_page_holds_a_card_the_other_seat_hides(server: ServerProcess, pages: Pages, game: str) -> None:
    players, options, bot, faces_known, hidden_from = GAMES[game]
    a = pages.new()
    tid = create_in_lobby(a, server.base, game, players, bot, options, name="Ann", persons=1)
    b = pages.new()
    b.goto(server.base + "/")
    b.fill("#your-name", "Ben")
    b.click(f"[data-table='{tid}'] >> text=Join")
    b.wait_for_selector("#table[data-status='playing']")
    a.wait_for_selector("#table[data-status='playing']")
    tokens = {s: p.evaluate(f"localStorage.getItem('medieval.seat.{tid}')") for s, p in ((0, a), (1, b))}
    assert all(tokens.values()) and tokens[0] != tokens[1]
    rng = random.Random(3)
    shots: list[dict[str, Any]] = []
    deadline = time.monotonic() + 240
    while not (is_over(a) and is_over(b)):
        assert time.monotonic() < deadline
        moved = False
        for seat, page in ((0, a), (1, b)):
            shots.append(snapshot(page, seat))
            if not is_over(page) and ready(page):
                before = version(page)
                if click_something(page, rng):
                    wait_change(page, before)
                moved = True
        if not moved:
            wait_change(a, version(a), 1_000)
    shots += [snapshot(a, 0), snapshot(b, 1)]

    rec = record(server.database_url, tid)
    engine = medieval.make(game, players, **options)
    positions: dict[int, Any] = {}
    hidden_somewhere = 0
    for s in shots:
        v = s["version"]
        state = positions.get(v) or positions.setdefault(v, engine.replay(rec, upto=v))
        me, other = s["seat"], 1 - s["seat"]
        mine, theirs = state.view(me), state.view(other)
        shown = Counter(FACE.findall(s["html"]))
        assert shown <= faces_known(mine), f"seat {me}'s page at version {v} shows {shown - faces_known(mine)}"
        assert tokens[other] not in s["html"], "a page holds the other seat's token"
        hidden_somewhere += hidden_from(mine, theirs, dict(s["slots"]), me)
    assert hidden_somewhere > 20, "the test never saw a hidden card"
