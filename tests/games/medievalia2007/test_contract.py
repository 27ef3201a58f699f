"""The engine contract on Medievalia (2007): notation, views and hidden cards, determinize, scenarios,
and contract checks along war-heavy games (random play seldom fights)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from medieval.core.conformance import check_position
from medieval.core.errors import InvalidActionError, InvalidOptionError
from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import DECK, DECKS, FACE, FACES, NAME, RESOURCES
from tests.games.medievalia2007.helpers import FIELD, make
from tests.support import play

SAMPLES = [
    A.Take(0), A.Draw(2), A.Produce(5), A.Trade(0, 2), A.Sell(20, 1), A.Convert(80, 2, 0), A.Inspire(83, 7),
    A.Reduce(86), A.Play(16), A.Build(6, 4), A.Remove(9), A.BuyCard(1), A.Move(60, 4), A.Move(60, -1),
    A.Dismiss(60), A.CALL_ALLY, A.Send(3), A.REFUSE, A.ABANDON, A.END_ACTIONS, A.END_MOVES, A.END_TURN,
    A.March(70, "I01"), A.March(70, "F3"), A.Attack(1, "F1"), A.Shoot(66, 90), A.Enlist(60), A.NEW_ARMY,
    A.CHARGE, A.Engage(1, 61), A.HOLD, A.Aim(4), A.Aim(-1, 0), A.STAND, A.Bolster(60), A.First(61),
    A.Heal(63, 60), A.PASS, A.Disband(90),
]


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_notation_round_trips(action: Action) -> None:
    """Notation (rules.md): every action's notation reads back as the same action."""
    assert A.parse(str(action)) == action
    assert A.parse(str(action).upper()) == action


@pytest.mark.parametrize("text", ["", "produce", "produce Field99", "trade food for food", "sell Castle",
                                  "march Knight1 to X9", "attack 7 at F1", "engage 0 with Soldier1",
                                  "convert Merchant1 gold to gold", "aim at band x", "build Bank on"])
def test_bad_notation_is_refused(text: str) -> None:
    """Notation (rules.md): text that is not an action of the game is refused."""
    with pytest.raises(InvalidActionError):
        A.parse(text)


@pytest.mark.parametrize(("setup", "message"), [
    ({"nonsense": 1}, "unknown scenario keys"),
    ({"fiefs": {"0": {"territories": [{"face": "Soldier"}]}}}, "not a territory"),
    ({"fiefs": {"0": {"territories": [FIELD] * 5}}}, "at most 4"),
    ({"fiefs": {"5": {}}}, "does not exist"),
    ({"hands": {"0": ["Castle"]}}, "not a deck card"),
    ({"fiefs": {"0": {"free": ["Field"]}}}, "not a military or character card"),
    ({"phase": "battle"}, "phase must be"),
    ({"away": {"I99": {}}}, "not a Fief"),
    ({"hands": {"0": ["Knight"] * 4}}, "no Knight left"),
])
def test_scenario_rejects_bad_setups(setup: dict[str, object], message: str) -> None:
    """Scenarios (rules.md): a stacked position with bad arguments is refused with a reason."""
    with pytest.raises(InvalidOptionError, match=message):
        make(2).scenario(**setup)


def test_views_show_own_hand_only_and_are_json() -> None:
    """View (rules.md), hidden information: a seat sees its own hand, the others' hand sizes and source
    decks only."""
    s = make(3).new_game(4)
    play(s, *["take military"] * 8, *["take character"] * 3)
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        json.dumps(v)
        assert v["hand"] == (None if seat is None else sorted(FACES[FACE[c]] for c in s.hands[seat]))
    # seat 1's view does not depend on seat 0's hand: re-dealing that hand changes nothing it shows
    world = s.determinize(1, random.Random(3))
    assert sorted(world.hands[0]) != sorted(s.hands[0]) and world.view(1) == s.view(1)
    assert s.view(1)["players_info"][0]["hand_by_deck"] == {"territory": 0, "military": 8, "character": 0}


def test_determinize_redeals_unseen_cards_within_their_decks() -> None:
    """View (rules.md), hidden information: determinize keeps the seat's view and re-deals other hands
    with cards of the same decks."""
    s = make(2).new_game(9)
    play(s, *["take military"] * 4, *["take character"] * 4, *["take territory"] * 8)
    changed = 0
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.view(0) == s.view(0) and d.events(0) == s.events(0)
        assert Counter(DECK[c] for c in d.hands[1]) == Counter(DECK[c] for c in s.hands[1])
        assert d.hands[0] == s.hands[0] and [x[-1] for x in d.decks] == [x[-1] for x in s.decks]
        assert [st[0] for st in d.stacks] == [st[0] for st in s.stacks]
        assert d.components() == s.components()
        changed += d.hands[1] != s.hands[1]
    assert changed > 0


WAR_WEIGHTS = {A.Attack: 30.0, A.Shoot: 10.0, A.March: 6.0, A.Play: 6.0, A.Produce: 3.0, A.End: 0.3,
               A.Sell: 0.3, A.Abandon: 0.2, A.BuyCard: 0.3, A.Remove: 0.1, A.Dismiss: 0.1, A.Heal: 5.0}


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}), (4, {"allied": True})])
def test_contract_holds_along_war_heavy_games(players: int, options: dict[str, object]) -> None:
    """§3-§13: the conformance checks, at every step of games whose players favour troops and battles."""
    game = make(players, **options)
    battles = 0
    for seed in range(3):
        rng, policy = random.Random(seed), random.Random(seed + 100)
        s = game.new_game(seed)
        steps = 0
        while not s.is_over:
            check_position(s, rng, full=steps % 5 == 0, roundtrip=steps % 25 == 0)
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            action = policy.choices(legal, [WAR_WEIGHTS.get(type(a), 1.0) for a in legal])[0]
            battles += isinstance(action, A.Attack | A.Shoot)
            s.apply(seat, action)
            steps += 1
            assert steps < 20_000
        assert game.replay(s.record()).to_json() == s.to_json()
    assert battles > 0


def test_random_games_end_quickly() -> None:
    """§10.3: every game ends: random play finishes within a bounded number of decisions."""
    for players, opts in [(2, {}), (4, {"allied": True})]:
        game = make(players, **opts)
        for seed in range(3):
            rng = random.Random(seed)
            s = game.new_game(seed)
            steps = 0
            while not s.is_over:
                seat = s.to_move[0]
                s.apply(seat, rng.choice(s.legal_actions(seat)))
                steps += 1
            assert steps < 2_000


def test_legal_actions_are_structured_for_a_client() -> None:
    """Notation (rules.md): every legal action of war-heavy random games has JSON-safe args naming its parts as the
    notation does (cards, faces, decks, resources, Fiefs; seats, armies and bands as numbers), a snake-case
    kind, and a notation no other legal action shares."""
    kinds: set[str] = set()
    for players, options in [(2, {}), (4, {"allied": True})]:
        game = make(players, **options)
        words = set(NAME) | set(FACES) | set(DECKS) | set(RESOURCES) | set(game.loc_names)
        for seed in range(3):
            policy = random.Random(seed)
            s = game.new_game(seed)
            while not s.is_over:
                seat = s.to_move[0]
                legal = s.legal_actions(seat)
                notations = [str(a) for a in legal]
                assert len(set(notations)) == len(notations), notations
                for action in legal:
                    data = action.to_json()
                    assert json.loads(json.dumps(data)) == data and data["notation"] == str(action)
                    assert re.fullmatch(r"[a-z]+(_[a-z]+)*", data["kind"]), data
                    for key, value in data["args"].items():
                        if isinstance(value, int):
                            assert key in ("defender", "army", "band") and value >= 0, data
                        else:
                            assert value is None or value in words, data
                    kinds.add(data["kind"])
                s.apply(seat, policy.choices(legal, [WAR_WEIGHTS.get(type(a), 1.0) for a in legal])[0])
    assert {"produce", "play", "build", "move_inside", "march", "attack", "enlist", "end_turn", "call_ally"} <= kinds
