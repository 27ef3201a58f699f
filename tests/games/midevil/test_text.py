"""MidEvil in words (text.py): each event as a sentence for its reader, card help, how to play."""

from __future__ import annotations

import random
import re
from importlib import resources
from typing import Any

from medieval.games.midevil import SPEC, MidEvilGame, MidEvilState
from medieval.games.midevil.components import CARDS, TILES
from medieval.games.midevil.text import card_help, describe_event, how_to_play
from tests.games.midevil.helpers import ALTAR_CENTRE, MEADOW_NORTH, make
from tests.support import do, events_of, game, last

GRAVEYARD_NORTH = ["Graveyard", 0, -1, 0]
#: Tiles that leave no free side for a Graveyard or a Crypt (R11).
CLOSED_MAP = [["Altar", 0, 0, 0], ["Fork", -1, 0, 90], ["Watchtower", 0, 1, 180], ["Field Bend", 0, -1, 180],
              ["Ruined Keep", 1, 0, 0]]
NO_FACING = {"doors_may_face": False}  # R20 option: on CLOSED_MAP no walled place then fits
CARD_NAMES = {c.name for c in CARDS}


def _duel(**setup: Any) -> MidEvilState:
    """§6.3: seat 1 holds the book on 1,0; seat 0 steps onto it and challenges (dice 2 and 3)."""
    s = make(tiles=[["Altar", 0, 0, 0], GRAVEYARD_NORTH], book=1, pawns=[ALTAR_CENTRE, [1, 0]], phase="move",
             roll=2, dice=[2, 3, 5], kills=[[1, 1, 0], [0, 0, 1]], humans=[2, 1], **setup)
    do(s, "0 move N", "0 challenge")
    return s


def _played(state: MidEvilState, rng: random.Random, heuristic: bool = False) -> MidEvilState:
    g = state.game
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        state.apply(seat, g.heuristic_action(state, seat, rng) if heuristic else rng.choice(legal))
    return state


def _games() -> list[MidEvilState]:
    """Finished random games of every test configuration, heuristic games that reach the book and player
    combat, and stories for the rarer events (R11 no tile fits, R18 the reshuffle, §6.4 commitments)."""
    out = []
    for players, options in SPEC.configurations():
        g = game(MidEvilGame, players, **options)
        out += [_played(g.new_game(seed), random.Random(seed)) for seed in range(2)]
    g = game(MidEvilGame, 3, max_rounds=12, graveyard_within=2)
    out += [_played(g.new_game(seed), random.Random(seed), heuristic=True) for seed in range(6)]
    out.append(make(tiles=CLOSED_MAP, tile_deck=["Graveyard", "Crypt"], dice=[2], options=NO_FACING))
    out.append(make(tiles=[["Altar", 0, 0, 0], MEADOW_NORTH], tile_deck=[], hands=[["Sword"], []], deck=[],
                    rest_to_discard=True, dice=[1]))
    story = make(tiles=[["Altar", 0, 0, 0], MEADOW_NORTH], phase="move", roll=2, humans_on_map=[[1, 0]],
                 hands=[["Unquiet Graves"], []], pool=[0, 0, 0])
    do(story, "0 move N", "0 play Unquiet Graves")  # a Human picked up; the spent skeletons called back
    out.append(story)
    duel = _duel()
    do(duel, "0 hide red", "0 hide human", "0 ready", "1 hide blue", "1 hide human", "1 ready", "0 reroll", "1 stand")
    out.append(duel)
    return out


def _emitted_kinds() -> set[str]:
    """Every event kind the rules emit (read from the package's source)."""
    package = resources.files("medieval.games.midevil")
    kinds: set[str] = set()
    for entry in package.iterdir():
        if entry.name.endswith(".py"):
            kinds.update(re.findall(r'_emit\(\s*"(\w+)"', entry.read_text("utf-8")))
    return kinds


def _is_a_sentence(text: str, kind: str) -> bool:
    generic = kind.replace("_", " ") + ":"
    return (text[-1] in ".!" and not text.startswith(generic) and not re.search(r"[{}\[\]]", text)
            and not re.search(r"\ba [AEIOUaeiou]", text) and not re.search(r"\b1 [A-Za-z]+s\b", text))


def test_every_event_kind_reads_as_a_sentence_for_a_seat_and_the_spectator() -> None:
    """Readable text: every kind of event the rules emit gets a sentence of its own (never the generic fallback)
    for the seat it concerns, another seat and the spectator."""
    seen: set[str] = set()
    for s in _games():
        for reader in (*range(s.players), None):
            for e in s.events(reader):
                text = describe_event(e, reader)
                assert _is_a_sentence(text, e["kind"]), (e, text)
                seen.add(e["kind"])
    assert _emitted_kinds() <= seen, sorted(_emitted_kinds() - seen)


def test_sentences_are_written_for_their_reader() -> None:
    """Readable text: the reader is "you"; the others are named, by the names given or as P0, P1..."""
    s = _duel()
    challenge = last(s, "challenge", 0)
    assert describe_event(challenge, 0) == "You challenge P1 for the Necronomicon: you roll 2, P1 rolls 3."
    assert describe_event(challenge, 1, ["Ann", "Bob"]) == \
        "Ann challenges you for the Necronomicon: Ann rolls 2, you roll 3."
    assert describe_event(challenge, None) == "P0 challenges P1 for the Necronomicon: P0 rolls 2, P1 rolls 3."
    do(s, "0 hide red")
    assert describe_event(last(s, "hide", 0), 0) == "You commit a red skeleton in secret (so far: a red skeleton)."
    dealt = game(MidEvilGame, 2).new_game(5)
    mine = next(e for e in events_of(dealt, "draw", 0) if e["seat"] == 0)
    assert describe_event(mine, 0) == f"You draw {', '.join(mine['cards'][:-1])} and {mine['cards'][-1]}."
    theirs = next(e for e in events_of(dealt, "draw", 1) if e["seat"] == 0)
    assert describe_event(theirs, 1) == "P0 draws 3 event cards."
    assert describe_event(last(dealt, "turn", None), None).startswith("Round 1: P")


def test_a_private_event_holds_nothing_hidden_for_another_seat() -> None:
    """§6.4 and the hands: another seat reads that cards were drawn, never which; a commitment is read by
    nobody else until it is revealed."""
    for s in _games():
        for reader in (*range(s.players), None):
            for e in s.events(reader):
                if e["kind"] == "draw" and e["seat"] != reader:
                    text = describe_event(e, reader)
                    assert not any(name in text for name in CARD_NAMES), text
    s = _duel()
    do(s, "0 hide red", "0 hide human")
    assert not events_of(s, "hide", 1) and not events_of(s, "hide", None)
    for reader in (1, None):
        assert not any("red skeleton" in describe_event(e, reader) for e in s.events(reader)[-3:])


def test_card_help_covers_every_component() -> None:
    """Readable text: every event card (weapons and items too), every tile (named or not), the skeletons with
    their points, the Human token and the pawn: each component the table counts has its help."""
    helps = {h["name"]: h for h in card_help()}
    components = make().components()
    names = {key[1] if isinstance(key, tuple) else str(key) for key in components}
    assert names == set(helps)
    assert {t.name for t in TILES if t.named} <= set(helps) and set(helps) >= CARD_NAMES
    assert [helps[c]["details"]["points"] for c in ("white", "red", "blue")] == ["1", "2", "3"]
    assert helps["Battle Axe"]["details"]["bonus"] == "+2" and "one weapon" in helps["Battle Axe"]["text"]
    assert helps["Longbow"]["details"]["range"] == "5 squares" and "line of sight" in helps["Longbow"]["text"]
    assert "claim" in helps["Horse"]["text"] and "Graveyard" in helps["Necronomicon"]["text"]
    assert helps["Graveyard"]["details"]["skeletons"] == "5" and "centre square" in helps["Graveyard"]["text"]
    assert "die roll" in helps["Bend"]["text"] and "furnace" in helps["Smith"]["text"]
    for h in helps.values():
        assert h["title"] and h["text"].endswith(".") and h["kind"] in ("card", "tile", "skeleton", "token")


def test_how_to_play_is_short() -> None:
    """Readable text: the how-to-play is a short text about the goal and the turn."""
    text = how_to_play()
    assert 10 <= len(text.splitlines()) <= 25
    assert "Necronomicon" in text and "30 points" in text


def test_explain_says_why_a_notation_is_refused_from_the_seats_own_view() -> None:
    import medieval
    from medieval.games.midevil.text import explain, legend

    game = medieval.make("midevil", 3)
    # the first seed where P0 places the first tile, the Thicket Bend, holding three cards and no Horse
    for seed in range(2000):
        state = game.new_game(seed)
        v = state.view(0)
        hand = v["pawns"][0].get("hand", [])
        if (state.to_move == (0,) and v["drawn_tile"] == "Thicket Bend" and len(hand) == 3
                and "Horse" not in hand):
            break
    assert explain(state, 0, "place 5,5 r0") == "the Thicket Bend cannot go at 5,5: it fits at 0,-1, -1,0, 1,0, 0,1"
    assert explain(state, 0, "place 0,-1 r0") == "at 0,-1 the Thicket Bend fits turned r90, r180 (its roads must meet)"
    assert explain(state, 0, "place 0,0 r0") == "a tile lies at 0,0 already"
    assert explain(state, 0, "skeleton 9,9 N") == "now is the time to place the drawn tile"
    assert explain(state, 0, "play Horse") == f"you hold no Horse: your hand is {hand[0]}, {hand[1]} and {hand[2]}"
    rng = random.Random(3)
    while not (state.phase == "skeletons" and 0 in state.to_move):
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    assert explain(state, 0, "skeleton 9,9 N") == "no skeleton stands on 9,9"
    for text in ("skeleton 9,9 N", "move N", "play Sword"):
        for k in range(3):  # only what the seat may know
            assert explain(state.determinize(0, random.Random(k)), 0, text) == explain(state, 0, text)
    symbols = dict(legend())
    assert {"W R B", "0,-1", "r0 r90 r180 r270"} <= set(symbols) and "*" in symbols["0 1 2 …"]
