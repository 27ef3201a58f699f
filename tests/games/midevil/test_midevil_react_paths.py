"""MidEvil's reaction windows (§8.1 "Event cards may be played at any time", R7) along every path a game
takes: determinized worlds for searches, the search bots, the engine a server table runs on (its payloads,
its records), without a scenario: random games seeded to reach a window."""

from __future__ import annotations

import random
from typing import Any, cast

import medieval
from medieval.agents.base import make_agent
from medieval.agents.ismcts import OrderBlindRandom
from medieval.core.state import State
from medieval.games.midevil import MidEvilState, react
from medieval.interfaces.server.tables import Seat, Table
from tests.agents.test_ismcts import RealStateGuard
from tests.games.midevil.helpers import MEADOW_NORTH, make
from tests.support import do, legal


def window_game(players: int = 4, seed: int = 0, moment: str = "") -> MidEvilState:
    """A random game (seeded moves) played until a reaction window opens (at ``moment``, if given)."""
    for k in range(seed, seed + 40):
        s = cast(MidEvilState, medieval.make("midevil", players).new_game(k))
        rng = random.Random(k)
        for _ in range(4000):
            if s.is_over:
                break
            if s.phase == "react" and moment in ("", s.react_at):
                return s
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    raise AssertionError(f"no {moment or 'reaction'} window in 40 random games")  # pragma: no cover


def _curse_window(players: int = 2, **setup: Any) -> MidEvilState:
    """Seat 0 misses a skeleton combat roll; seat 1 holds a Curse (as test_midevil_react)."""
    s = make(players=players, tiles=[["Altar", 0, 0, 0], MEADOW_NORTH], phase="move", roll=2,
             skeletons=[[1, 0, "white"]], dice=[1], **setup)
    do(s, "0 move N")
    assert s.phase == "react"
    return s


# ------------------------------------------------------------------------------------ determinized worlds
def test_determinize_keeps_the_asked_seat_holding_a_playable_card() -> None:
    """R7: being asked shows the table that a seat holds a card playable now. A world re-dealt for another
    seat keeps that true: every re-deal for seat 0 leaves seat 1 a Curse to play (the deck holds two in 49)."""
    s = _curse_window(hands=[["Sword"], ["Curse"]], humans=[2, 3])
    for k in range(50):
        d = s.determinize(0, random.Random(k))
        assert d.view(0) == s.view(0)
        assert d.to_move == (1,) and [m for m in legal(d, 1) if m != "pass"], d.hands[1]
        assert d.components() == s.components()


def test_determinize_rebuilds_the_queue_of_the_window_from_the_new_hands() -> None:
    """The seats still to be asked are not shown; in a re-dealt world they are the ones whose new hands hold
    a card playable now, so the real queue does not show through a search."""
    s = _curse_window(players=4, hands=[["Sword"], ["Sword"], ["Curse"], ["Curse"]], humans=[2, 3, 3, 3])
    assert s.react_seats == [2, 3]
    queues = set()
    for k in range(60):
        d = s.determinize(2, random.Random(k))
        assert d.react_seats[0] == 2 and all(react.reactions(d, o) for o in d.react_seats)
        assert all(not react.reactions(d, o) for o in (3,) if o not in d.react_seats)
        queues.add(tuple(d.react_seats))
    assert queues == {(2,), (2, 3)}


def test_determinize_of_a_window_depends_on_the_view_alone() -> None:
    """No peeking: two windows that differ only in a hidden hand (seat 3 holds the Curse, or the deck does)
    give the same world under one seed of the search's generator."""
    s = _curse_window(players=4, hands=[["Sword"], ["Sword"], ["Curse"], ["Curse"]], humans=[2, 3, 3, 3])
    other = s.clone()
    i = other.deck.index(next(c for c in other.deck if c != other.hands[3][0]))
    other.hands[3][0], other.deck[i] = other.deck[i], other.hands[3][0]
    other.react_seats = [2]  # seat 3 no longer holds a card playable now
    assert other.view(2) == s.view(2) and other.position_json() != s.position_json()
    a, b = s.determinize(2, OrderBlindRandom(7)), other.determinize(2, OrderBlindRandom(7))
    assert a.position_json() == b.position_json()


def test_random_windows_determinize_consistently_for_every_seat() -> None:
    """Windows reached by random play, every moment: from every seat, the asked seat can react."""
    for moment in react.MOMENTS[:2]:
        s = window_game(moment=moment)
        asked = s.react_seats[0]
        for seat in range(s.players):
            for k in range(5):
                d = s.determinize(seat, random.Random(k))
                assert d.view(seat) == s.view(seat)
                assert react.reactions(d, asked), (moment, seat, k)


# ------------------------------------------------------------------------------------ bots and searches
def test_bots_answer_a_window() -> None:
    """The heuristic, the random bot and the search bots (tree and paired) all answer a window with one of
    the asked seat's legal actions."""
    s = window_game()
    seat = s.to_move[0]
    for spec in ("random", "heuristic", "ismcts:iters=30,paired=0", "ismcts:iters=30,paired=1,rollout=heuristic"):
        action = make_agent(spec, 3).choose(s, seat)
        assert action in s.legal_actions(seat), spec


def test_ismcts_in_a_window_uses_only_what_the_asked_seat_may_see() -> None:
    """The search of the asked seat reads nothing but its own legal actions and its own determinizations,
    and two windows differing only in hidden cards get the same search, move for move."""
    s = _curse_window(players=4, hands=[["Sword"], ["Sword"], ["Curse"], ["Curse"]], humans=[2, 3, 3, 3])
    guard = RealStateGuard(s, 2)
    action = make_agent("ismcts:iters=16,paired=0", 1).choose(cast(State, guard), 2)
    # the search's worlds, then the loop guard's (agents/ismcts/loops.py)
    assert action in s.legal_actions(2) and guard.determinized == 16 + 1
    other = s.determinize(2, random.Random(99))
    assert other.view(2) == s.view(2)
    first, second = make_agent("ismcts:iters=24,paired=0", 5), make_agent("ismcts:iters=24,paired=0", 5)
    assert first.choose(s, 2) == second.choose(other, 2)


# ------------------------------------------------------------------------------------ the server's engine
def test_a_server_table_shows_a_window_to_the_asked_seat_only() -> None:
    """The engine a server table runs (``Table.payload``, what a seat is sent): the asked seat has its turn,
    its choices (a card or ``pass``) and the window; the other seats see the window and whose decision it
    is, with no choice of their own and nothing of the asked seat's hand."""
    s = window_game()
    game = s.game
    table = Table("t1", game, 0, "playing", False, [Seat(i, name=f"P{i}") for i in range(s.players)],
                  state=s.clone())
    asked = s.react_seats[0]
    mine = table.payload(asked)
    assert mine["your_turn"] and "pass" in mine["legal"] and len(mine["legal"]) >= 2
    assert mine["view"]["reaction"]["seat"] == asked and mine["view"]["phase"] == "react"
    for seat in range(s.players):
        if seat == asked:
            continue
        theirs = table.payload(seat)
        assert not theirs["your_turn"] and theirs["legal"] == [] and theirs["to_move"] == [asked]
        assert theirs["view"]["reaction"] == mine["view"]["reaction"]
        assert "hand" not in theirs["view"]["pawns"][asked]
    spectator = table.payload(None)
    assert spectator["legal"] == [] and "hand" not in spectator["view"]["pawns"][asked]


def test_a_game_through_windows_replays_from_its_record() -> None:
    """A server table is rebuilt from its record (seed and actions): games that went through windows, with
    plays and passes, replay to the same positions."""
    answers: set[str] = set()
    for seed in range(12):
        s = cast(MidEvilState, medieval.make("midevil", 4, max_rounds=4).new_game(seed))
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            action = rng.choice(s.legal_actions(seat))
            if s.phase == "react":
                answers.add("pass" if str(action) == "pass" else "play")
            s.apply(seat, action)
        again = s.game.replay(s.record())
        assert again.position_json() == s.position_json() and again.outcome == s.outcome
    assert answers == {"pass", "play"}
