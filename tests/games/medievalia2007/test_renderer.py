"""The terminal picture: each Fief with its cards (used ones marked), troops, resources and VP."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from medieval.games.medievalia2007.render import render
from medieval.games.medievalia2007.view import Medievalia2007View
from medieval.interfaces.terminal.renderers import describe, render_view
from tests.games.medievalia2007.helpers import FIELD, make, scen
from tests.support import play


def _text(view: Medievalia2007View) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_render_shows_fiefs_cards_troops_and_vp() -> None:
    """View (rules.md): the terminal picture shows each Fief's cards (used ones marked), troops, VP and
    only the seat's own hand."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker"], "buildings": ["Bank"],
                                           "rotated": True}], "free": ["Soldier"]},
                    "1": {"territories": [FIELD]}},
             away={"I01": {"1": ["Knight"]}}, hands={"0": ["Mine"]})
    text = _text(s.view(0))
    for piece in ("F0", "F1", "I01", "Field1", "Bank1", "Worker1", "Soldier1 2/2", "Knight1 4/2", "↻",
                  "VP 1", "Your hand: Mine", "Now: P0 (you) — take actions"):
        assert piece in text, piece
    assert "Mine" not in _text(s.view(1)).split("Your hand:")[1]


@pytest.mark.slow
def test_render_every_step_of_a_game_and_describe_events() -> None:
    """View (rules.md), §10.2: every step of an allied game draws, and a military victory shows as such."""
    game = make(4, allied=True)
    s = game.new_game(2)
    rng = random.Random(2)
    for _ in range(300):
        if s.is_over:
            break
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        _text(s.view(seat))
    render_view("medievalia2007", s.view(None))
    for e in s.events(0):
        assert describe("medievalia2007", e)
    play_over = scen(phase="war", fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD]}},
                     away={"F1": {"0": ["Knight", "Knight"]}})
    play(play_over, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")
    assert "Game over (the last City standing): P0 wins" in _text(play_over.view(0))
