"""The turn (§3) and how cards are played and used (§4): draw, re-activation, production, territories,
buildings, military and character cards, internal movement."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from medieval.agents.ismcts import ISMCTSAgent, SearchStats
from medieval.core.errors import IllegalActionError
from medieval.core.state import Action, State
from medieval.games.medievalia2007.components import DECK, F_COST, FACE, FACES
from medieval.games.medievalia2007.end import gold_production
from medieval.games.medievalia2007.fief import guarded, production
from medieval.games.medievalia2007.paying import shortfall
from medieval.games.medievalia2007.playing import play_cost
from tests.games.medievalia2007.helpers import FIELD, alive, cid, find, hand_faces, one, pay, rich, scen
from tests.support import last, legal, play


def test_turn_start_draw_from_a_chosen_deck_then_reactivation() -> None:
    """§3.1-3.2: draw one card from a deck of your choice, then re-activate every used card."""
    s = scen(phase="draw", fiefs={"0": {"territories": [{"face": "Field", "rotated": True}],
                                        "free": [{"face": "Worker", "rotated": True}]}})
    field, worker = one(s, "Field", 0), one(s, "Worker", 0)
    assert s.rot[cid(field)] and s.rot[cid(worker)]
    assert legal(s) == ["draw territory", "draw military", "draw character"]
    play(s, "draw military")
    assert [DECK[c] for c in s.hands[0]] == [1]
    assert not s.rot[cid(field)] and not s.rot[cid(worker)] and not s.rot[cid("City1")]
    assert s.phase == "actions"


def test_city_produces_one_workforce_to_pay_a_field() -> None:
    """§4.1 example: a Field costs 1 workforce; rotating the City produces it."""
    s = scen(hands={"0": ["Field"]})
    play(s, "play Field")
    assert legal(s)[0] == "produce City1" and s.buying is not None  # paying
    play(s, "produce City1")
    assert s.rot[cid("City1")] and s.phase == "actions"
    assert one(s, "Field", 0) and last(s, "play")["paid"] == {"food": 0, "energy": 0, "gold": 0, "workforce": 1}


def test_a_card_just_played_can_be_used_the_same_turn() -> None:
    """§4.2: every card on the table, including one just placed, can be used once per turn."""
    s = scen(hands={"0": ["Field", "Worker"]})
    play(s, "play Field", "produce City1")
    field = one(s, "Field", 0)
    play(s, "play Worker", f"produce {field}")
    assert one(s, "Worker", 0) and s.rot[cid(field)]
    assert f"produce {field}" not in legal(s)  # once per turn


def test_workers_raise_a_territory_and_turn_with_it() -> None:
    """§4.3: a Field alone makes 1 food, with a Farmer 2, with two Farmers 3; the attached cards turn
    with the territory and yield its resource, not their own."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker", "Worker"]}]}},
             hands={"0": ["Worker"]})
    field = one(s, "Field", 0)
    assert production(s, cid(field)) == 3
    play(s, "play Worker")
    assert legal(s)[0] == f"produce {field}"
    play(s, f"produce {field}")
    assert last(s, "produce") == {"kind": "produce", "seat": 0, "card": field, "resource": "food", "amount": 3}
    assert all(s.rot[cid(w)] for w in find(s, "Worker", 0) if s.host[cid(w)] == cid(field))


def test_ruling_r5_civilian_building_adds_one_of_its_hosts_resource() -> None:
    """§4.7 (ruling R5): a civilian building makes its territory/City produce 1 more of that card's resource."""
    s = scen(fiefs={"0": {"city": {"buildings": ["Bank"]},
                          "territories": [{"face": "Mine", "buildings": ["School"], "troops": ["Worker"]}]}})
    assert production(s, cid("City1")) == 2
    assert production(s, cid(one(s, "Mine", 0))) == 3
    assert gold_production(s, 0) == 3


def test_ruling_r8_the_city_is_raised_by_attached_workers() -> None:
    """§4.3 (ruling R8): the City, like a territory, produces 1 more per attached workforce troop."""
    s = scen(fiefs={"0": {"city": {"troops": ["Worker", "Soldier"]}, "territories": [FIELD]}})
    assert production(s, cid("City1")) == 2  # the Soldier guards but adds nothing


def test_characters_outside_their_fief_do_not_produce() -> None:
    """§4.2: character cards in an intermediate or enemy Fief cannot produce."""
    s = scen(fiefs={"0": {"territories": [FIELD, FIELD], "free": ["Worker"]}}, away={"I01": {"0": ["Worker"]}},
             hands={"0": ["Field"]})
    home, away = one(s, "Worker", 0, "F0"), one(s, "Worker", 0, "I01")
    play(s, "play Field")
    assert f"produce {home}" in legal(s) and f"produce {away}" not in legal(s)


def test_at_most_four_territories() -> None:
    """§4.4: a Fief holds its City and at most 4 territories."""
    s = scen(fiefs={"0": {"territories": [FIELD, FIELD, {"face": "Mine"}, {"face": "Forest"}]}},
             hands={"0": ["Field"]})
    assert "play Field" not in legal(s)
    s3 = scen(fiefs={"0": {"territories": [FIELD, FIELD, {"face": "Mine"}]}}, hands={"0": ["Field"]})
    assert "play Field" in legal(s3)


def test_ruling_r24_removing_a_territory_costs_one_workforce() -> None:
    """§4.4: a territory can be removed during your turn for 1 workforce; its buildings go with it
    and its characters stay in the Fief (ruling R24)."""
    s = scen(fiefs={"0": {"territories": [FIELD, {"face": "Mine", "buildings": ["Bank"], "troops": ["Worker"]}]}})
    mine, bank, worker = one(s, "Mine", 0), one(s, "Bank", 0), one(s, "Worker", 0)
    play(s, f"remove {mine}")
    assert shortfall(s, 0) == [0, 0, 0, 1]
    play(s, "produce City1")
    assert not alive(s, mine) and not alive(s, bank) and cid(mine) in s.discard and cid(bank) in s.discard
    assert alive(s, worker) and s.host[cid(worker)] == -1


def test_guarded_territories() -> None:
    """§4.3 / §4.6: a territory with a character, or with a military building, is guarded."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker"]},
                                          {"face": "Farm", "buildings": ["Tower"]},
                                          {"face": "Mine", "buildings": ["Bank"]}]}})
    assert guarded(s, cid(one(s, "Field", 0)))
    assert guarded(s, cid(one(s, "Farm", 0)))
    assert not guarded(s, cid(one(s, "Mine", 0)))  # a civilian building does not guard


def test_a_building_goes_on_an_unused_territory_and_reveals_the_next() -> None:
    """§4.5: a building is bought from a stack, placed on an unused territory or City and the card
    underneath is turned face up."""
    s = scen(fiefs={"0": rich()}, stacks=[["Bank", "Church"], ["School"], ["Workshop"]],
             hands={"0": ["Soldier"] * 6})
    farm = one(s, "Farm", 0)
    assert f"build Bank on {farm}" in legal(s)
    play(s, f"build Bank on {farm}")
    assert f"produce {farm}" not in legal(s)  # the host must stay unused to receive it
    pay(s)
    bank = one(s, "Bank", 0)
    assert s.host[cid(bank)] == cid(farm) and last(s, "build")["revealed"] == "Church"
    assert FACES[FACE[s.stacks[0][0]]] == "Church"
    # a second building the same turn on another unused host (paid partly by selling cards)
    assert f"build Church on {one(s, 'Field', 0)}" in legal(s)


def test_no_building_without_an_unused_territory_or_city() -> None:
    """§4.5 note: a player who used all his territories and his City cannot place a building."""
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [{"face": "Field", "rotated": True}]}},
             hands={"0": ["Soldier"] * 8})
    assert not any(m.startswith("build ") for m in legal(s))


def test_at_most_two_buildings_per_territory_never_moved() -> None:
    """§4.5 limits: at most 2 buildings on each territory/City; a placed building is never moved."""
    s = scen(fiefs={"0": rich(city_buildings=["Bank", "School"])}, stacks=[["Church"], ["Stable"], ["Workshop"]])
    assert not any(m.startswith("build ") and m.endswith("City1") for m in legal(s))
    assert any(m.startswith("build Church on ") for m in legal(s))
    assert not any(("Bank" in m or "School" in m) and not m.startswith("build") for m in legal(s))


def test_special_character_costs_two_gold_more_without_its_building() -> None:
    """§4.7/§4.9: a character whose building is not in the Fief costs 2 more gold; with the building in
    the Fief (used or not, it need not rotate) the plain cost."""
    knight = FACES.index("Knight")
    s = scen(fiefs={"0": {"territories": [FIELD]}}, hands={"0": ["Knight"]})
    base = list(F_COST[knight])
    assert play_cost(s, 0, knight) == [base[0], base[1], base[2] + 2, base[3]]
    s2 = scen(fiefs={"0": {"territories": [{"face": "Field", "rotated": True, "buildings": ["Stable"]}]}},
              hands={"0": ["Knight"]})
    assert play_cost(s2, 0, knight) == base
    soldier = FACES.index("Soldier")
    assert play_cost(s, 0, soldier) == list(F_COST[soldier])  # no building needed


def test_military_and_character_cards_enter_the_fief_free() -> None:
    """§4.9: military and character cards are played into the player's Fief."""
    s = scen(fiefs={"0": rich()}, hands={"0": ["Soldier"]})
    play(s, "play Soldier")
    pay(s)
    soldier = one(s, "Soldier", 0)
    assert s.loc[cid(soldier)] == 0 and s.host[cid(soldier)] == -1


def test_ruling_r13_internal_movement_of_unused_troops() -> None:
    """§4.10 (ruling R13): "All unused military and character cards can be moved freely within the Fief":
    without rotating, to a territory or City (which they then guard) or off it, as often as the player
    likes; 2 per territory at most. Option ``internal_moves="once"``: each troop moves once a turn."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker", "Worker"]}, FIELD],
                          "free": ["Soldier", {"face": "Worker", "rotated": True}]}})
    f1, f2 = find(s, "Field", 0)
    soldier = one(s, "Soldier", 0)
    moves = [m for m in legal(s) if m.startswith("move ")]
    assert f"move {soldier} to {f2}" in moves and f"move {soldier} to City1" in moves
    assert f"move {soldier} to {f1}" not in moves  # already two troops there
    assert not any(m.startswith("move Worker3") for m in moves)  # rotated
    play(s, f"move {soldier} to {f2}")
    assert guarded(s, cid(f2)) and not s.rot[cid(soldier)]
    assert f"move {soldier} off" in legal(s) and f"move {soldier} to City1" in legal(s)  # moved freely
    play(s, "move Worker1 off")
    assert s.host[cid("Worker1")] == -1
    once = scen(options={"internal_moves": "once"},
                fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker", "Worker"]}, FIELD],
                             "free": ["Soldier", {"face": "Worker", "rotated": True}]}})
    f2 = find(once, "Field", 0)[1]
    play(once, f"move {soldier} to {f2}")
    assert not any(m.startswith(f"move {soldier}") for m in legal(once))  # once per turn


class _Mover(ISMCTSAgent):
    """A search that rates every internal move above ending the actions, and that above the rest."""

    def search(self, state: State, seat: int, legal: Sequence[Action],
               started: tuple[float, float] | None = None) -> Action:
        ranked = sorted(legal, key=lambda a: (not str(a).startswith("move "), str(a) != "end actions"))
        self.last = SearchStats(1, 0.0, {str(a): (len(ranked) - i, 0.5) for i, a in enumerate(ranked)})
        return ranked[0]


def test_ruling_r13_a_search_bot_does_not_move_troops_on_and_off_for_ever() -> None:
    """R13 lets troops move as often as the player likes; a search that always prefers moving would move
    them for ever. The bots never bring their turn back to a position they have had (agents/ismcts/loops.py):
    the troops wander through places they had not yet been in together (many: the view also keeps the order
    in which troops came off), then the bot ends its actions."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker"]}, FIELD],
                          "free": ["Soldier", "Worker"]}})
    bot = _Mover(seed=1)
    played: list[str] = []
    views: list[str] = []
    while s.to_move == (0,) and len(played) < 1000:
        views.append(json.dumps(s.view(0), sort_keys=True))
        action = bot.choose(s, 0)
        played.append(str(action))
        s.apply(0, action)
        if str(action) == "end actions":
            break
    assert played[-1] == "end actions" and len(played) > 3, played[-5:]
    assert all(m.startswith("move ") for m in played[:-1])
    assert len(set(views)) == len(views)  # every decision of the turn at a position it had not had


def test_troops_rotated_with_their_territory_stay_until_next_turn() -> None:
    """§4.3: characters used with a territory can leave it next turn, if not rotated."""
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker"]}]}}, hands={"0": ["Worker"]})
    field = one(s, "Field", 0)
    play(s, "play Worker", f"produce {field}")
    assert "move Worker1 off" not in legal(s)
    assert not any(m.startswith("move Worker1") for m in legal(s))


def test_full_health_at_end_of_turn() -> None:
    """§6.3 step 6: every card returns to full health at the end of the turn."""
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]}, "1": {"territories": [FIELD], "free": ["Soldier"]}},
             away={"F1": {"0": ["Knight"]}})
    play(s, "attack 1 at F1", "enlist Knight1", "engage 1 with Soldier1")
    assert s.marks == {} and s.active == 1  # the Knight took 2 and died; the rest healed


def test_playing_refuses_what_is_not_legal() -> None:
    """§3.3: an action that is not legal is refused with the legal list."""
    s = scen(hands={"0": ["Field"]})
    with pytest.raises(IllegalActionError):
        play(s, "play Soldier")
    assert hand_faces(s, 0) == ["Field"]
