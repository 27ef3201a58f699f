"""Renderers: the game's own when it has one, a readable generic picture otherwise."""

from __future__ import annotations

import io
import random
import re
import types
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console, Group, RenderableType

import medieval
from medieval.games.paladin import render as paladin_renderer
from medieval.games.paladin.view import CardFace
from medieval.interfaces.terminal import renderers
from medieval.interfaces.terminal.reading import help_details, help_heading, legend_table
from medieval.interfaces.terminal.renderers import card_helps, describe, describe_event, find_help, legend, render_view


def text_of(renderable: RenderableType, width: int = 160) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()


@pytest.fixture
def fake_renderer(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """A renderer module for a game named "fakegame" (as its spec would name it)."""
    module = types.ModuleType("fakegame_render")
    real = renderers.renderer_module
    monkeypatch.setattr(renderers, "renderer_module", lambda name: module if name == "fakegame" else real(name))
    yield module


def _mid_game_view(seat: int | None) -> dict[str, Any]:
    state = medieval.make("paladin", 4).new_game(seed=3)
    for _ in range(30):
        s = state.to_move[0]
        state.apply(s, state.legal_actions(s)[-1])
    return dict(state.view(seat))


def test_generic_rendering_of_any_view() -> None:
    view = {"game": "nogame", "seat": 1, "phase": "bidding", "to_move": [2], "scores": [3, 4.5],
            "hand": [{"label": "7r"}, {"label": "K"}], "board": {"rows": [[1, 2], [3, 4]], "owner": 0},
            "secret": None, "done": False}
    out = text_of(render_view("nogame", view))
    assert "nogame — view of P1" in out
    assert "phase: bidding" in out and "to move: [P2]" in out and "hand: [7r, K]" in out
    assert "secret: -" in out and "done: no" in out


def test_paladin_renderer_is_used_and_shows_the_table() -> None:
    view = _mid_game_view(0)
    out = text_of(render_view("paladin", view))
    assert "Paladin · round 1" in out and "Hand of P0" in out and "Paladin stock:" in out
    for quest in view["quests"]:
        assert quest["quest"]["label"] in out
    for card in view["hand"]:
        assert str(card["value"]) in out
    assert "░░░" in out  # unknown cards face down with their owner's seat
    spectator = text_of(render_view("paladin", _mid_game_view(None)))
    assert "Hand of" not in spectator and "view of spectator" in spectator


def test_red_cards_are_red() -> None:
    red: CardFace = {"value": 7, "red": True, "label": "7r"}
    plain: CardFace = {"value": 7, "red": False, "label": "7"}
    assert paladin_renderer.card_panel(red).border_style == "red"
    assert paladin_renderer.card_panel(plain).border_style != "red"
    assert "red" in str(paladin_renderer.card_text(red).style)
    assert paladin_renderer.card_panel(None, 2).subtitle == "P2"


def test_event_descriptions() -> None:
    assert describe_event({"kind": "bid", "seat": 2, "amount": 3, "winners": [0, 1], "ok": True}) == \
        "bid: P2, amount 3, winners [P0, P1], ok yes"
    assert describe("paladin", {"kind": "place", "seat": 1, "quest": "K3", "hero": False, "card": "7r"}, 1) == \
        "You place your red 7 face down on K3."
    assert describe("paladin", {"kind": "place", "seat": 1, "quest": "K3", "hero": True}) == \
        "P1 places a card face down on K3 as its hero."
    assert describe("paladin", {"kind": "unheard_of", "seat": 0}) == "unheard of: P0"
    state = medieval.make("paladin", 3).new_game(seed=1)
    for _ in range(60):
        if state.is_over:
            break
        s = state.to_move[0]
        state.apply(s, state.legal_actions(s)[0])
    for seat in (0, None):
        for event in state.events(seat):
            assert describe("paladin", event)


def test_a_game_module_describe_event_takes_precedence_and_a_broken_renderer_falls_back(
        fake_renderer: types.ModuleType) -> None:
    def render(view: dict[str, Any]) -> RenderableType:
        raise KeyError("oops")

    fake_renderer.render = render  # type: ignore[attr-defined]
    fake_renderer.describe_event = lambda e: f"custom {e['kind']}"  # type: ignore[attr-defined]
    assert describe("fakegame", {"kind": "x"}) == "custom x"
    out = text_of(render_view("fakegame", {"game": "fakegame", "seat": None, "phase": "p"}))
    assert "renderer failed" in out and "phase: p" in out


GAMES = [spec.name for spec in medieval.list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_legend_symbol_shows_as_written(game: str) -> None:
    """Symbols such as Paladin's ``[dealer, first]`` are text, never read as Rich markup."""
    items = legend(game)
    assert items
    out = text_of(legend_table(items))
    for symbol, meaning in items:
        assert symbol in out, symbol
        assert meaning.split()[0] in out


@pytest.mark.parametrize(("game", "query", "titles"), [
    ("medievalia", "Patron of the Weak", ["CM06 Patron of the Weak"]),  # the title as the board shows it
    ("medievalia", "biting twos", ["IM02 Biting Twos"]),
    ("medievalia", "IM02", ["IM02 Biting Twos"]),
    ("medievalia", "wildcards", ["Wildcard"]),
    ("paladin", "red 8", ["Red Paladin 8"]),  # whole words of the title
    ("paladin", "8r", ["Red Paladin 8"]),
    ("midevil", "skeleton", ["White skeleton", "Red skeleton", "Blue skeleton"]),
    ("midevil", "Healing Herbs", ["Healing Herbs (instant event)"]),
    ("medievallons", "end of game", ["The End of Game card"]),
    ("medievalia2007", "city", ["City"]),
])
def test_help_finds_what_the_screen_shows(game: str, query: str, titles: list[str]) -> None:
    found, close = find_help(game, query)
    assert [h["title"] for h in found] == titles and not close


def test_help_suggests_close_names_when_nothing_matches() -> None:
    found, close = find_help("medievallons", "Asassin")
    assert not found and close[0] == "Assassin"


@pytest.mark.parametrize("game", GAMES)
def test_help_reads_as_text(game: str) -> None:
    """Headings name the kind in words and say once what it is (no ``(magic_instructor)``, no ``(a) (b)``,
    no raw names such as ``first_player``); facts read ``Key: value``."""
    for h in card_helps(game):
        heading = help_heading(h).plain
        assert "_" not in heading and ") (" not in heading, heading
        details = text_of(Group(*help_details(h["details"])))
        for key, value in h["details"].items():
            assert f"{key[:1].upper()}{key[1:]}: {value}" in " ".join(details.split()), (heading, key)
    helps = {h["name"]: h for h in card_helps(game)}
    if game == "medievalia":
        assert help_heading(helps["IM02"]).plain == "IM02 Biting Twos (magic instructor)"
        assert help_heading(helps["W"]).plain == "Wildcard (special, written W)"
        assert help_heading(helps["first_player"]).plain == "Initial Player card (tower)"
    if game == "paladin":
        assert help_heading(helps["7r"]).plain == "Red Paladin 7 (written 7r)"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_midevil_compact_map_shows_every_place_the_drawn_tile_fits(players: int) -> None:
    """While a tile is placed at 80 columns, the compact picture holds every legal tile position, by its
    coordinates: a window of squares around them when it fits, else the map a tile a cell (6 players,
    seed 11 offers 0,-2 and 0,2, further apart than a square window at 80x24)."""
    checked = 0
    for seed in (11, 3):
        state = medieval.make("midevil", players).new_game(seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 1500:
            seat = state.to_move[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            if state.view(seat)["phase"] == "place" and len(state.history) % 3 == 0:
                spots = {a.split()[1] for a in legal}
                for height in (12, 16, 20):
                    out = text_of(render_view("midevil", state.view(seat), compact=True, height=height), 80)
                    lines = out.splitlines()
                    assert max(len(line) for line in lines) <= 80
                    assert len(lines) <= max(height, 12) + 1
                    missing = [xy for xy in spots if not re.search(rf"(?<![\d,-]){re.escape(xy)}(?!\d|,-?\d)", out)]
                    assert not missing, (seed, height, missing, out)
                checked += 1
            state.apply(seat, state.parse_action(seat, rng.choice(legal)))
    assert checked >= 5
