"""MidEvil's heuristic bot: it plays legal moves from its own view and beats random play."""

from __future__ import annotations

import random
from typing import Any

import medieval
from medieval.core.outcome import Outcome
from medieval.games.midevil import MidEvilGame, MidEvilState
from medieval.games.midevil.view import (
    book_holder,
    bot_book,
    bot_player_combat,
    human_at,
    human_squares,
    pawn_humans,
    pawn_in_play,
    pawn_points,
    pawn_square,
    skeleton_at,
    skeleton_squares,
)
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make
from tests.support import game, legal


def _play(seed: int, players: int, heuristic_seat: int) -> Outcome:
    g = game(MidEvilGame, players)
    s = g.new_game(seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = rng.choice(s.to_move)
        if seat == heuristic_seat:
            a = g.heuristic_action(s, seat, rng)
            assert a in s.legal_actions(seat)
        else:
            a = rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
    assert s.outcome is not None
    return s.outcome


def test_heuristic_beats_random_play() -> None:
    """Heuristic bot: over a few seeded 4-player games against three random players the heuristic wins most."""
    wins = sum(_play(100 + i, 4, i % 4).reward(i % 4) for i in range(12))
    assert wins >= 8


def test_heuristic_goes_for_the_book() -> None:
    """From the Graveyard's gate it steps onto the centre square and takes the Necronomicon."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], pawns=[[1, -1], ALTAR_CENTRE], phase="move",
             roll=2)
    a = s.game.heuristic_action(s, 0, random.Random(0))
    assert str(a) == "move N"


def test_heuristic_plays_fresh_legs_when_the_goal_is_far() -> None:
    """Fresh Legs (3 more squares while moving) is played when the goal is more than 3 squares away."""
    far = make(tiles=[["Altar", 0, 0, 0], MEADOW_NORTH, ["Graveyard", 0, -2, 0]], phase="move", roll=1,
               hands=[["Fresh Legs"], []])
    assert str(far.game.heuristic_action(far, 0, random.Random(0))) == "play Fresh Legs"
    near = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], pawns=[[1, -1], ALTAR_CENTRE],
                phase="move", roll=1, hands=[["Fresh Legs"], []])
    assert str(near.game.heuristic_action(near, 0, random.Random(0))) == "move N"


def test_heuristic_challenges_the_holder() -> None:
    """Heuristic bot: on the holder's square it challenges for the book (§6.2)."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], book=1, pawns=[[1, 0], [1, 0]], tile_deck=[],
             dice=[3])
    assert "challenge" in legal(s)
    assert str(s.game.heuristic_action(s, 0, random.Random(0))) == "challenge"


def test_heuristic_reads_only_the_view() -> None:
    """Heuristic bot: two states that look the same to the seat get the same decision (hidden cards re-
    dealt)."""
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


def _is_part_of(part: object, whole: object) -> bool:
    """Whether every entry of ``part`` is in ``whole`` with the same value (lists item by item)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(k in whole and _is_part_of(v, whole[k]) for k, v in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) == len(whole) and all(map(_is_part_of, part, whole))
    return part == whole


def _in_coordinates(s: MidEvilState, lean: Any) -> dict[str, Any]:
    """The lean bot view with its squares written as the view writes them (``[x, y]``, pawns' ``x, y``)."""
    out = dict(lean)
    out["pawns"] = []
    for p in lean["pawns"]:
        q = {k: v for k, v in p.items() if k != "square"}
        q["x"], q["y"] = s.xy(p["square"])
        out["pawns"].append(q)
    book = dict(lean["book"])
    book["square"] = None if book["square"] < 0 else s.xy(book["square"])
    out["book"] = book
    return out


def test_bot_view_is_part_of_the_view() -> None:
    """Heuristic bot: the heuristic's lean view holds only entries of ``view(seat)`` for that seat, with their
    values (so it can show nothing the seat may not know) given by square, and everything the heuristic
    reads; the skeletons and Humans it reads by square are the view's."""
    s = medieval.make("midevil", 4).new_game(33)
    assert isinstance(s, MidEvilState)
    rng = random.Random(3)
    seen_phases = set()
    for _ in range(400):
        if s.is_over:
            break
        for seat in range(4):
            lean = s.bot_view(seat)
            whole = s.view(seat)
            assert _is_part_of(_in_coordinates(s, lean), whole)
            assert {"phase", "pawns", "book"} <= set(lean)
            assert ("player_combat" in lean) == bool(s.pvp)
            assert "hand" in lean["pawns"][seat] and all("hand" not in p for p in lean["pawns"] if p["seat"] != seat)
            colours = {1: "white", 2: "red", 3: "blue"}
            assert sorted([*s.xy(sq), colours[v]] for sq, v in skeleton_squares(s).items()) == sorted(
                whole["skeletons"])
            assert sorted(s.xy(sq) for sq in human_squares(s)) == sorted(whole["humans_on_map"])
            # the entries read one at a time are the bot view's own
            assert bot_book(s) == lean["book"]
            assert book_holder(s) == next((p["seat"] for p in lean["pawns"] if p["has_book"]), -1)
            for p in lean["pawns"]:
                assert (pawn_square(s, p["seat"]), pawn_humans(s, p["seat"]), pawn_points(s, p["seat"])) == (
                    p["square"], p["humans"], p["points"])
                assert pawn_in_play(s, p["seat"]) == p["in_play"]
            if s.pvp:
                assert bot_player_combat(s, seat) == lean["player_combat"]
            skeletons, humans = skeleton_squares(s), human_squares(s)
            assert all(skeleton_at(s, sq) == skeletons.get(sq, 0) and human_at(s, sq) == (sq in humans)
                       for sq in range(s.geo().n))
        seen_phases.add(s.phase)
        seat = s.to_move[0]
        s.apply(seat, s.game.heuristic_action(s, seat, rng))
    assert {"place", "move", "skeletons"} <= seen_phases


def test_skeleton_moves_read_from_the_rules_list_are_the_legal_ones() -> None:
    """Heuristic bot: the skeleton moves it scores, taken from the rules' own list (R5's look-ahead leaves
    some out), are the legal moves in their order, each with the squares it leaves and reaches."""
    from medieval.games.midevil import actions as A
    from medieval.games.midevil.heuristic import _Ctx, _skeleton_moves

    checked = filtered = 0
    for seed in range(6):
        s = medieval.make("midevil", 4).new_game(seed)
        assert isinstance(s, MidEvilState)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            acts = s.legal_actions(seat)
            if s.phase == "skeletons":
                g = s.geo()
                moves = _skeleton_moves(_Ctx(s, seat), acts)
                assert [m[1] for m in moves] == acts
                for to, a, key in moves:
                    assert isinstance(a, A.SkeletonMove)
                    frm = g.at[(a.x, a.y)]
                    assert (key >> 2, to) == (frm, g.step[frm][a.d])
                checked += 1
                filtered += len(acts) < len(s._skp or ())
            s.apply(seat, acts[rng.randrange(len(acts))])
    assert checked > 50 and filtered > 0  # (the look-ahead leaves moves out at some of them)
