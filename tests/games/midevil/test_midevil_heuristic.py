"""MidEvil's heuristic bot: it plays legal moves from its own view and beats random play."""

from __future__ import annotations

import random

import medieval
from medieval.core.outcome import Outcome
from medieval.games.midevil.rules import MidEvilState
from tests.games.midevil.helpers import ALTAR_CENTRE, make, notations


def _play(seed: int, players: int, heuristic_seat: int) -> Outcome:
    game = medieval.make("midevil", players)
    s = game.new_game(seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = rng.choice(s.to_move)
        if seat == heuristic_seat:
            a = game.heuristic_action(s, seat, rng)
            assert a in s.legal_actions(seat)
        else:
            a = rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
    assert s.outcome is not None
    return s.outcome


def test_heuristic_beats_random_play() -> None:
    """Over a few seeded 4-player games against three random players the heuristic wins most."""
    wins = sum(_play(100 + i, 4, i % 4).reward(i % 4) for i in range(12))
    assert wins >= 8


def test_heuristic_goes_for_the_book() -> None:
    """From the Graveyard's gate it steps onto the centre square and takes the Necronomicon."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], pawns=[[1, -1], ALTAR_CENTRE], phase="move",
             roll=2)
    a = s.game.heuristic_action(s, 0, random.Random(0))
    assert str(a) == "move N"


def test_heuristic_challenges_the_holder() -> None:
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], book=1, pawns=[[1, 0], [1, 0]], tile_deck=[],
             dice=[3])
    assert "challenge" in notations(s)
    assert str(s.game.heuristic_action(s, 0, random.Random(0))) == "challenge"


def test_heuristic_reads_only_the_view() -> None:
    """Two states that look the same to the seat get the same decision (hidden cards re-dealt)."""
    s = medieval.make("midevil", 3).new_game(21)
    assert isinstance(s, MidEvilState)
    rng = random.Random(0)
    for _ in range(30):
        seat = s.to_move[0]
        d = s.determinize(seat, random.Random(5))
        a1 = s.game.heuristic_action(s, seat, random.Random(9))
        a2 = s.game.heuristic_action(d, seat, random.Random(9))
        assert a1 == a2
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_bot_view_is_the_view_without_the_table_drawing() -> None:
    """The heuristic's lean view holds exactly what ``view(seat)`` holds for that seat, less the parts
    that are there only to draw the table (so it can show nothing the seat may not know)."""
    s = medieval.make("midevil", 4).new_game(33)
    assert isinstance(s, MidEvilState)
    rng = random.Random(3)
    seen_phases = set()
    for _ in range(400):
        if s.is_over:
            break
        for seat in range(4):
            full = s.view(seat)
            for key in ("tiles", "map", "legend", "discard"):
                del full[key]
            assert s.bot_view(seat) == full
        seen_phases.add(s.phase)
        seat = s.to_move[0]
        s.apply(seat, s.game.heuristic_action(s, seat, rng))
    assert {"place", "move", "skeletons"} <= seen_phases
