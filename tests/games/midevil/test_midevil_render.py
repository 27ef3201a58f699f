"""MidEvil's terminal renderer draws a view (map grid, players, hand, pending decision)."""

from __future__ import annotations

import random

from rich.console import Console

import medieval
from medieval.games.midevil.render import map_grid, render
from medieval.interfaces.terminal.renderers import describe, render_view
from tests.games.midevil.helpers import make


def _text(renderable: object) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_map_grid_shows_tokens() -> None:
    """Terminal picture: the map grid shows terrain, a skeleton, a Human and the pawns."""
    s = make(skeletons=[[1, 0, "red"]], humans_on_map=[[0, 0]], phase="move", roll=2)
    grid = map_grid(s.view(0)).plain.splitlines()
    assert len(grid) == 3 and all(len(row) == 6 for row in grid)
    assert grid[0][2:4] == "░R" and grid[0][1] == "h"
    assert "0" in grid[1] or "*" in grid[1]  # both pawns on the Altar's centre: '*'


def test_render_whole_view() -> None:
    """Terminal picture: a whole view draws: header, map, players, hand and the pending decision."""
    s = medieval.make("midevil", 3).new_game(2)
    rng = random.Random(2)
    for _ in range(60):
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    text = _text(render(s.view(1)))
    assert "MidEvil" in text and "Hand:" in text and "P1 (you)" in text and "Now:" in text
    assert _text(render_view("midevil", s.view(None))).startswith("MidEvil")
    for e in s.events(1)[-20:]:
        assert describe("midevil", e)
