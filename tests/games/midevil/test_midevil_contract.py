"""MidEvil and the engine contract: notation, scenarios, views, hidden information, determinize, records."""

from __future__ import annotations

import json
import random

import pytest

import medieval
from medieval.core.conformance import check_position, play_checked
from medieval.core.errors import InvalidActionError, InvalidOptionError
from medieval.games.midevil import MidEvilGame, MidEvilState
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import CARDS
from tests.games.midevil.helpers import ALTAR_CENTRE, make
from tests.support import do, game


@pytest.mark.parametrize(("players", "options"), MidEvilGame.test_configurations())
def test_contract_random_game_keeps_the_contract(players: int, options: dict[str, object]) -> None:
    """Contract: every check of the conformance suite on one random game of each test configuration."""
    stats = play_checked(game(MidEvilGame, players, **options), 7, full=False)
    assert stats["steps"] > 20


def test_contract_player_combat_positions_keep_the_contract() -> None:
    """Contract: the reaction window of a player combat (R7: the holder's Curse, on the challenger's
    turn), the secret commitment and the re-rolls (two seats to move at once) keep every contract
    check."""
    s = make(tiles=[["Altar", 0, 0, 0], ["Graveyard", 0, -1, 0]], book=1, pawns=[ALTAR_CENTRE, [1, 0]],
             phase="move", roll=2, kills=[[2, 1, 1], [1, 2, 0]], humans=[2, 2], hands=[["Sword"], ["Curse"]])
    do(s, "0 move N", "0 challenge")
    rng = random.Random(3)
    seen = set()
    for move in ("1 pass", "0 hide human", "1 hide red", "0 hide human", "0 hide red", "1 hide human", "0 ready",
                 "1 ready", "0 reroll", "1 reroll", "0 stand"):
        check_position(s, rng, full=True, roundtrip=True)
        seen.add(s.phase)
        do(s, move)
    assert {"react", "commit", "pvp"} <= seen and s.phase != "pvp"
    for _ in range(10):
        if s.is_over:
            break
        check_position(s, rng, full=True, roundtrip=True)
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_notation_round_trips() -> None:
    """Contract: every action's notation reads back as the same action (case and spacing are free)."""
    samples = [A.Place(1, -2, 1), A.Seed("BRW"), A.Spend("RW"), A.REROLL, A.ARMOUR, A.STOP, A.CHALLENGE,
               A.READY, A.STAND, A.END, A.MOVES[2], A.Play(CARDS[7].index), A.PlayAt(3, 4, -2),
               A.PlayOn(15, 2), A.Shoot(-3, 5), A.skeleton_move(4, -2, 3), A.HIDES[3], A.DISCARDS[8]]
    for a in samples:
        assert A.parse(str(a)) == a
    assert A.parse("MOVE n") == A.MOVES[0]
    assert A.parse("play battle axe") == A.Play(7)
    assert A.parse("seed wrw") == A.Seed("RWW")
    assert str(A.Place(1, -2, 1)) == "place 1,-2 r90"


@pytest.mark.parametrize("text", ["fly away", "place 1,2 r45", "place 1 r0", "move X", "play Banana",
                                  "seed XYZ", "skeleton 1,1", "hide gold", "discard Sword extra", "shoot 3"])
def test_notation_errors_are_clear(text: str) -> None:
    """Contract: text that is not MidEvil notation is refused with a clear error."""
    with pytest.raises(InvalidActionError):
        A.parse(text)


def test_illegal_action_refused_state_unchanged() -> None:
    """Contract: an illegal action is refused and leaves the state untouched."""
    s = make(phase="move", roll=1)
    before = s.to_json()
    with pytest.raises(ValueError, match="not legal"):
        s.apply(0, A.Shoot(0, 0))
    with pytest.raises(ValueError):
        s.parse_action(0, "move Q")
    assert s.to_json() == before


@pytest.mark.parametrize(("setup", "message"), [
    ({"bogus": 1}, "unknown scenario keys"),
    ({"tiles": [["Castle", 0, 0, 0]]}, "no tile"),
    ({"tiles": [["Meadow Road", 0, 0, 0]]}, "must include the Altar"),
    ({"tiles": [["Altar", 0, 0, 0], ["Bend", 0, 0, 0]]}, "listed twice"),
    ({"hands": [["Sword"] * 5, []]}, "no copy"),
    ({"hands": [["Necronomicon"], []]}, "not an event card"),
    ({"book": 1}, "Graveyard"),
    ({"pawns": [[9, 9], [1, 1]]}, "not a square"),
    ({"skeletons": [[0, 0, "green"]]}, "colour"),
    ({"in_play": [["Longbow"], []]}, "only items"),
    ({"phase": "lunch"}, "phase"),
    ({"dice": [7]}, "loaded die"),
    ({"pool": [41, 0, 0]}, "pool"),
])
def test_scenario_rejects_bad_setups(setup: dict[str, object], message: str) -> None:
    """Contract: bad keys and impossible positions are refused with a clear message."""
    with pytest.raises(InvalidOptionError, match=message):
        make(**setup)  # type: ignore[arg-type]


def test_scenario_record_replays() -> None:
    """Contract: a scenario game's record rebuilds the same state (the scenario keywords are its origin)."""
    s = make(tiles=[["Altar", 0, 0, 0]], tile_deck=["Meadow Road", "Bend"], dice=[2, 3, 4], seed=5)
    rng = random.Random(1)
    for _ in range(25):
        if s.is_over:
            break
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    record = json.loads(json.dumps(s.record()))
    assert record["origin"]["scenario"]["seed"] == 5
    assert medieval.replay(record).to_json() == s.to_json()


def test_view_shows_own_hand_only() -> None:
    """Contract, hidden information: a seat sees its own hand; others only a count; a spectator no hand."""
    s = medieval.make("midevil", 3).new_game(4)
    assert isinstance(s, MidEvilState)
    v = s.view(1)
    assert "hand" in v["pawns"][1] and all("hand" not in p for i, p in enumerate(v["pawns"]) if i != 1)
    assert all("hand" not in p for p in s.view(None)["pawns"])
    assert v["pawns"][0]["hand_count"] == 3
    draws = [e for e in s.events(1) if e["kind"] == "draw"]
    assert {"cards" in e for e in draws} == {True, False}
    assert all("cards" not in e for e in draws if e["seat"] != 1)
    text = json.dumps(s.view(1))
    for c in s.hands[0]:
        if c not in s.hands[1] and c not in s.discard:
            assert CARDS[c].name not in text.replace(json.dumps(v["pawns"][1]["hand"]), "")


def test_view_is_complete_enough_to_draw() -> None:
    """Contract: the view carries the map, tokens, pawns, whose turn, the phase and the pending decision."""
    s = make(skeletons=[[1, 0, "red"]], humans_on_map=[[0, 0]], phase="move", roll=2)
    v = s.view(0)
    for key in ("map", "legend", "skeletons", "humans_on_map", "pawns", "turn", "phase", "to_move", "pending",
                "book", "tiles", "scores", "round", "movement", "pool", "discard", "tile_deck", "event_deck"):
        assert key in v
    assert v["map"]["rows"] == [".R.", "RAR", ".R."]
    assert v["skeletons"] == [[1, 0, "red"]] and v["humans_on_map"] == [[0, 0]]
    assert v["pending"]["seats"] == [0] and v["pending"]["decision"] == "move"
    json.dumps(v)


def test_determinize_redeals_what_the_seat_cannot_see() -> None:
    """Contract: determinize(seat) keeps the seat's view and re-deals the other hands, the event deck and the
    tile deck; other seats' private draws are blanked in the copy's log."""
    s = medieval.make("midevil", 3).new_game(11)
    assert isinstance(s, MidEvilState)
    hands, decks, tiles = set(), set(), set()
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        assert isinstance(d, MidEvilState)
        assert d.view(0) == s.view(0) and d.events(0) == s.events(0)
        assert d.hands[0] == s.hands[0]
        hands.add(tuple(d.hands[1]))
        decks.add(tuple(d.deck))
        tiles.add(tuple(d.tile_deck))
        for e in d.events(1):
            if e["kind"] == "draw" and e["seat"] == 1:
                assert "cards" not in e
    assert len(hands) > 1 and len(decks) > 1 and len(tiles) > 1


def test_clone_is_independent() -> None:
    """Contract: a clone is an independent copy: playing on it changes nothing in the original."""
    s = make(phase="move", roll=3, kills=[[1, 0, 0], [0, 0, 0]], hands=[["Sword"], []])
    c = s.clone()
    do(c, "0 play Sword", "0 move N")
    assert s.in_play[0] == [] and s.hands[0] != c.hands[0] and s.pawn != c.pawn
    assert s.to_json() != c.to_json()
    assert s.clone().to_json() == s.to_json()


def test_every_legal_action_has_structured_json_args_and_a_unique_notation() -> None:
    """Notation: each legal action is named by a clear kind and JSON arguments a client can match
    parts against (card names, squares as [x, y], degrees, colours), and no two legal actions share a notation
    or a (kind, arguments) pair."""
    kinds: set[str] = set()
    for players, options in MidEvilGame.test_configurations():
        g = game(MidEvilGame, players, **options)
        for seed in range(2):
            s = g.new_game(seed)
            rng = random.Random(seed)
            while not s.is_over:
                seat = rng.choice(s.to_move)
                legal = s.legal_actions(seat)
                forms = [a.to_json() for a in legal]
                assert json.loads(json.dumps(forms)) == forms
                assert len({f["notation"] for f in forms}) == len(forms)
                assert len({json.dumps([f["kind"], f["args"]], sort_keys=True) for f in forms}) == len(forms)
                for f in forms:
                    kinds.add(f["kind"])
                    assert "card" not in f["args"] or f["args"]["card"] in {c.name for c in CARDS}
                s.apply(seat, rng.choice(legal))
    assert {"place_tile", "move", "stop_moving", "end_turn", "move_skeleton", "play_card"} <= kinds
    assert "word" not in kinds
    assert A.Place(1, -2, 3).to_json() == {"kind": "place_tile", "args": {"position": [1, -2], "rotation": 270},
                                           "notation": "place 1,-2 r270"}
    assert A.skeleton_move(4, -2, 0).args() == {"square": [4, -2], "direction": "N", "to": [4, -3]}
    assert A.Spend("RW").args() == {"skeletons": {"white": 1, "red": 1, "blue": 0}}
    assert A.PlayOn(15, 2).args() == {"card": CARDS[15].name, "target": 2}
    assert A.HIDES[3].to_json()["kind"] == "commit" and A.ARMOUR.args() == {"card": "Chain Mail"}
