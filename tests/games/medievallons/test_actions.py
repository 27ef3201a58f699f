"""Actions and their notation (rules document, "Notation"), and the structured form a client receives:
``Action.to_json`` (kind, arguments by name, notation)."""

from __future__ import annotations

import json
import random

import pytest

from medieval.core.errors import InvalidActionError
from medieval.games.medievallons import SPEC, MedievallonsGame
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.components import JESTER, KINDS, KNIGHT, MONK
from tests.games.medievallons.helpers import stacked
from tests.support import do, game

EXAMPLES = ["play Knight", "lay Knight Knight Jester", "lay Jester Jester Jester", "use Knight#3",
            "reinforce Knight#3 Knight Jester", "reinforce Jester#5 Monk Monk", "reinforce Knight#3 Jester", "draw",
            "ask 2 for Monk", "give Monk", "trade with 2", "offer Knight Monk", "offer Monk Monk", "look at 2",
            "take Monk", "beg from 2", "copy Knight#3", "assassinate Knight#3 Jester", "steal Knight#3 Knight",
            "keep Monk"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trip(text: str) -> None:
    """Notation: every action reads back to itself."""
    a = A.parse(text)
    assert str(a) == text
    assert A.parse(str(a)) == a


def test_notation_is_case_insensitive_and_canonical() -> None:
    """Notation: names in any case; Jesters may be listed first; offers in any order."""
    assert A.parse("LAY jester knight KNIGHT") == A.Lay(KNIGHT, 2, 1)
    assert A.parse("offer Monk Knight") == A.Offer(KNIGHT, MONK)
    assert A.parse("reinforce Knight#3 Jester") == A.Reinforce(3, KNIGHT, KNIGHT, 0, 1)
    assert A.parse("lay Jester Jester Jester") == A.Lay(JESTER, 0, 3)


@pytest.mark.parametrize("text", ["", "play", "play Dragon", "lay Knight Monk Monk", "use Knight", "use Knight#x",
                                  "ask 9 for Monk", "ask 1 Monk", "trade 1", "offer Monk", "steal Knight#1",
                                  "dance"])
def test_notation_errors_are_clear(text: str) -> None:
    """Notation: text that is not an action raises InvalidActionError."""
    with pytest.raises(InvalidActionError):
        A.parse(text)


@pytest.mark.parametrize(("text", "kind", "args"), [
    ("play Knight", "play", {"card": "Knight"}),
    ("lay Knight Knight Jester", "lay", {"cards": ["Knight", "Knight", "Jester"], "guild_kind": "Knight"}),
    ("lay Jester Jester Jester", "lay", {"cards": ["Jester"] * 3, "guild_kind": "Jester"}),
    ("use Knight#3", "use", {"guild": "Knight#3"}),
    ("reinforce Jester#5 Monk Monk", "reinforce", {"guild": "Jester#5", "cards": ["Monk", "Monk"]}),
    ("reinforce Knight#3 Jester", "reinforce", {"guild": "Knight#3", "cards": ["Jester"]}),
    ("draw", "draw", {}),
    ("ask 2 for Monk", "ask", {"target": 2, "card": "Monk"}),
    ("give Monk", "give", {"card": "Monk"}),
    ("trade with 2", "trade", {"target": 2}),
    ("offer Monk Knight", "offer", {"cards": ["Knight", "Monk"]}),
    ("look at 2", "look", {"target": 2}),
    ("take Monk", "take", {"card": "Monk"}),
    ("beg from 1", "beg", {"target": 1}),
    ("copy Knight#3", "copy", {"guild": "Knight#3"}),
    ("assassinate Knight#3 Jester", "assassinate", {"guild": "Knight#3", "card": "Jester"}),
    ("steal Knight#3 Knight", "steal", {"guild": "Knight#3", "card": "Knight"}),
    ("keep Monk", "keep", {"card": "Monk"}),
])
def test_structured_actions_name_cards_guilds_and_seats(text: str, kind: str, args: dict[str, object]) -> None:
    """Notation: each action's structured form names its parts as the view does (cards by name, guilds
    by their label, seats by number), never by internal kind indices."""
    a = A.parse(text)
    assert a.to_json() == {"kind": kind, "args": args, "notation": str(a)}


def test_structured_lay_and_reinforce_expose_the_cards_a_board_selects() -> None:
    """§4.2 / §4.4: a board that selects cards in hand (and a guild) finds the one legal action with that
    guild and that multiset of cards."""
    s = stacked(3, hands=[["Monk", "Monk", "Jester", "Knight"], [], []],
                guilds=[{"owner": 0, "cards": ["Monk"] * 3}])
    moves = [a.to_json() for a in s.legal_actions(0)]
    chosen = sorted(["Jester", "Monk"])
    lays = [m for m in moves if m["kind"] == "lay" and sorted(m["args"]["cards"]) == sorted(["Monk", "Monk", "Jester"])]
    assert [m["notation"] for m in lays] == ["lay Monk Monk Jester"]
    reinforce = [m for m in moves if m["kind"] == "reinforce" and m["args"]["guild"] == "Monk#1"
                 and sorted(m["args"]["cards"]) == chosen]
    assert [m["notation"] for m in reinforce] == ["reinforce Monk#1 Monk Jester"]
    assert {m["kind"] for m in moves} == {"play", "lay", "use", "reinforce"}


@pytest.mark.parametrize(("players", "options"), SPEC.configurations())
def test_every_legal_action_has_json_args_and_a_unique_notation(players: int, options: dict[str, object]) -> None:
    """Notation: in random games, every legal action has JSON-safe arguments with no internal ids (card
    names are card names, guilds are labels of guilds on the table), and no two legal actions share a
    notation."""
    g = game(MedievallonsGame, players, **options)
    kinds = set(KINDS)
    for seed in range(4):
        s = g.new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in s.to_move:
                legal = s.legal_actions(seat)
                notations = [str(a) for a in legal]
                assert len(set(notations)) == len(notations)
                labels = {x["label"] for x in s.view(seat)["guilds"]}
                for a in legal:
                    data = a.to_json()
                    assert json.loads(json.dumps(data)) == data
                    assert A.parse(data["notation"]) == a
                    args = data["args"]
                    for card in [*args.get("cards", []), *([args["card"]] if "card" in args else [])]:
                        assert card in kinds
                    if "guild" in args:
                        assert args["guild"] in labels
                    if "target" in args:
                        assert args["target"] in range(players) and args["target"] != seat
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])


def test_merchant_offers_are_structured_for_both_traders_at_once() -> None:
    """§7.7 / R18: while both traders choose, each has its own structured offers (simultaneous moves)."""
    s = stacked(3, hands=[["Merchant", "Monk", "Star"], ["Knight", "Priest"], []], draw=["Beggar"])
    do(s, "0 play Merchant", "0 trade with 1")
    assert s.to_move == (0, 1)
    assert [a.to_json()["args"] for a in s.legal_actions(0)] == [{"cards": ["Monk", "Star"]}]
    assert [a.to_json()["args"] for a in s.legal_actions(1)] == [{"cards": ["Knight", "Priest"]}]
