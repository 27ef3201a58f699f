"""Medievalia (2007) in words (text.py): every event as a sentence for its reader, help for every card,
a short how-to-play."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from medieval.games.medievalia2007 import Medievalia2007State
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    F_ATT,
    F_COST,
    F_DEF,
    FACE_INDEX,
    FACES,
    cost_text,
)
from medieval.games.medievalia2007.text import SENTENCES, card_help, describe_event, how_to_play
from tests.games.medievalia2007.helpers import FIELD, find, make, one, rich, scen
from tests.support import last, play

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "medieval" / "games" / "medievalia2007"
WAR = {A.Attack: 30.0, A.Shoot: 10.0, A.March: 6.0, A.Play: 6.0, A.Produce: 3.0, A.End: 0.3, A.Sell: 0.3,
       A.Abandon: 0.2, A.BuyCard: 0.3, A.Remove: 0.1, A.Dismiss: 0.1, A.Heal: 5.0, A.CallAlly: 3.0}


def _random_game(players: int, seed: int, **options: object) -> Medievalia2007State:
    """A seeded game whose players favour troops, battles and calling the ally."""
    s = make(players, **options).new_game(seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.to_move[0]
        moves = s.legal_actions(seat)
        s.apply(seat, rng.choices(moves, [WAR.get(type(a), 1.0) for a in moves])[0])
    return s


# Stories that reach the events random play seldom reaches (each from the rules tests' positions).
def _shot_and_heal() -> Medievalia2007State:
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                 "1": {"territories": [FIELD, FIELD], "free": ["Worker", "Priest"]}},
             away={"I01": {"0": ["Bowman"]}})
    worker, priest = one(s, "Worker", 1), one(s, "Priest", 1)
    return play(s, f"shoot {one(s, 'Bowman', 0)} at {worker}", f"heal {priest} on {worker}")


def _bolster() -> Medievalia2007State:
    s = scen(phase="war", fiefs={"0": {"territories": [FIELD, FIELD]},
                                 "1": {"territories": [FIELD], "free": ["Soldier"]}},
             away={"F1": {"0": ["Infantry", "Worker", "Knight"]}})
    worker = one(s, "Worker", 0)
    return play(s, "attack 1 at F1", "enlist Infantry1", f"enlist {worker}", "enlist Knight1",
                "engage 1 with Soldier1", "bolster Knight1", "first Knight1")


def _merchant() -> Medievalia2007State:
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [{"face": "Mine"}, FIELD], "free": ["Merchant"]}},
             hands={"0": ["Field", "Field"]})
    return play(s, "play Field", f"produce {one(s, 'Mine', 0)}", "convert Merchant1 gold to workforce")


def _artist() -> Medievalia2007State:
    s = scen(fiefs={"0": {"territories": [{"face": "Field", "troops": ["Worker", "Worker"]}, FIELD],
                          "free": ["Artist"]}}, hands={"0": ["Worker"]})
    field = find(s, "Field", 0)[0]
    return play(s, "play Worker", f"inspire Artist1 on {field}", f"produce {field}")


def _bureaucrats_and_the_last_building() -> Medievalia2007State:
    s = scen(fiefs={"0": {"city": {"rotated": True}, "territories": [FIELD, FIELD],
                          "free": ["Bureaucrat"] * 3}}, stacks=[["Bank"], [], []])
    play(s, f"build Bank on {find(s, 'Field', 0)[0]}")
    while s.phase == "pay":
        play(s, next(m for m in [str(x) for x in s.legal_actions(0)] if m.startswith("reduce ")))
    return s


def _ally_sends() -> Medievalia2007State:
    s = scen(players=4, options={"allied": True},
             fiefs={"0": {"city": {"rotated": True}},
                    "2": {"territories": [{"face": "Forest", "troops": ["Worker", "Worker"]}, FIELD, FIELD]}},
             hands={"0": ["Field", "Worker", "Soldier"]})
    play(s, "play Field", "call ally", f"produce {one(s, 'Forest', 2)}", "send paying energy")
    return s


def _refuse() -> Medievalia2007State:
    s = scen(players=4, options={"allied": True}, fiefs={"0": {"city": {"rotated": True}}},
             hands={"0": ["Field", "Worker"]})
    return play(s, "play Field", "call ally", "refuse")


def _siege_and_defeat() -> Medievalia2007State:
    return scen(phase="war", fiefs={"0": {"territories": [FIELD]},
                                    "1": {"territories": [{"face": "Field", "troops": ["Worker"]}, FIELD]}},
                away={"F1": {"0": [{"face": "Soldier", "fought": True}]}}, siege={"1": 2})


def _city_falls() -> Medievalia2007State:
    s = scen(players=3, phase="war",
             fiefs={"0": {"territories": [FIELD, FIELD]}, "1": {"territories": [FIELD]}, "2": {"territories": [FIELD]}},
             away={"F1": {"0": ["Knight", "Knight"]}}, hands={"1": ["Mine", "Soldier"]})
    return play(s, "attack 1 at F1", "enlist Knight1", "enlist Knight2", "aim at City2")


def _turn_limit() -> Medievalia2007State:
    s = make(2, turn_limit=1).new_game(1)
    play(s, *["take territory"] * 16, "draw military")
    while not s.is_over:
        play(s, next(str(m) for m in s.legal_actions(s.to_move[0]) if str(m).startswith("end ")))
    return s


STORIES: list[Callable[[], Medievalia2007State]] = [
    _shot_and_heal, _bolster, _merchant, _artist, _bureaucrats_and_the_last_building, _ally_sends,
    _refuse, _siege_and_defeat, _city_falls, _turn_limit]


def _games() -> list[Medievalia2007State]:
    return [*(story() for story in STORIES), _random_game(2, 1), _random_game(2, 2),
            _random_game(4, 3, allied=True, turn_limit=30)]


def test_every_kind_of_event_the_rules_write_has_a_sentence() -> None:
    """§3-§13: the kinds of event emitted anywhere in the rules are exactly those text.py words."""
    emitted = set()
    for path in PACKAGE.glob("*.py"):
        emitted |= set(re.findall(r"""_emit\(\s*["'](\w+)["']""", path.read_text(encoding="utf-8")))
    assert emitted == set(SENTENCES)


def test_every_event_of_played_games_reads_as_a_sentence_for_each_reader() -> None:
    """§3-§13: every event of stories and war-heavy random games (every kind among them) reads as a
    sentence of its own, not the generic line, for each seat and for the spectator."""
    seen: set[str] = set()
    for s in _games():
        for reader in (*range(s.players), None):
            for e in s.events(reader):
                text = describe_event(e, reader)
                generic = str(e["kind"]).replace("_", " ") + ":"
                assert text.endswith(".") and not text.startswith(generic), text
                assert "{" not in text and "[" not in text and "None" not in text, text
                seen.add(str(e["kind"]))
    assert seen == set(SENTENCES)


def test_sentences_speak_to_their_reader() -> None:
    """§4.1, §6.3, §13: the reader's own seat is "you"; the others by seat or name."""
    s = scen(hands={"0": ["Field"]})
    play(s, "play Field", "produce City1")
    assert describe_event(last(s, "produce", 0), 0) == "You use City1 for 1 workforce."
    assert describe_event(last(s, "produce", 1), 1) == "P0 uses City1 for 1 workforce."
    assert describe_event(last(s, "play", None), None, ["Ann", "Bob"]) == "Ann plays Field1, paying 1 workforce."
    fallen = _city_falls()
    assert describe_event(last(fallen, "attack", 1), 1) == "P0 attacks you in your Fief (F1)."
    assert describe_event(last(fallen, "defeated", 1), 1) == (
        "You are defeated: your City has fallen. Your cards leave the game (in hand: Mine and Soldier).")
    allied = _ally_sends()
    assert describe_event(last(allied, "send", 0), 0) == "P2 sends you 2 energy, paying 1 energy as the turn's fee."
    assert describe_event(last(allied, "call_ally", 2), 2) == "P0 asks you for resources."


def test_a_hidden_card_stays_hidden_in_the_sentences_of_others() -> None:
    """§2.5, §3.1, §9.3: the card a player takes, draws or buys is named to him only."""
    s = make(2).new_game(5)
    play(s, *["take military"] * 8, *["take character"] * 8, "draw territory")
    theirs = [e for e in s.events(0) if e["kind"] in ("take", "draw") and e["seat"] == 0]
    assert [describe_event(e, 0) for e in theirs][:1] == [f"You take {_a(theirs[0]['card'])} from the military deck."]
    for reader in (1, None):
        mine = [e for e in s.events(reader) if e["kind"] in ("take", "draw") and e["seat"] == 0]
        texts = [describe_event(e, reader) for e in mine]
        assert len(texts) == len(theirs) == 9
        assert all(not any(face in t for face in FACES) for t in texts), texts
        assert texts[0] == "P0 takes a card from the military deck."
    bought = scen(fiefs={"0": {"territories": [{"face": "Farm", "troops": ["Worker", "Worker"]}]}},
                  decks={"military": ["Knight"]})
    play(bought, "buy card military", f"produce {one(bought, 'Farm', 0)}", "produce City1")
    assert "Knight" in describe_event(last(bought, "buy_card", 0), 0)
    assert "Knight" not in describe_event(last(bought, "buy_card", 1), 1)


def _a(face: object) -> str:
    return f"{'an' if str(face)[0] in 'AEIOU' else 'a'} {face}"


def test_card_help_covers_every_card_with_its_values() -> None:
    """§1 Box Contents and Card Layout: every card of the box (territories, characters, military units,
    buildings, the City) with its cost, production and strength as the game's data gives them."""
    helps = {h["name"]: h for h in card_help()}
    assert set(helps) == set(FACES)
    for face, h in helps.items():
        f = FACE_INDEX[face]
        assert h["text"] and h["title"].startswith(face)
        if face not in ("City", "Memo"):
            assert h["details"]["cost"] == cost_text(F_COST[f])
        if "strength" in h["details"]:
            assert h["details"]["strength"] == f"{F_ATT[f]}/{F_DEF[f]}"
    kinds = {h["kind"] for h in helps.values()}
    assert {"city", "territory", "character", "military unit", "civilian building", "military building"} <= kinds
    assert helps["Knight"]["kind"] == "military unit" and helps["Worker"]["kind"] == "character"
    assert helps["Knight"]["details"]["needs"] == "Stable" and helps["Knight"]["details"]["moves"] == "2"
    assert helps["Castle"]["details"]["vp"] == "2" and helps["Castle"]["details"]["strength"] == "2/6"
    city = helps["City"]["details"]
    assert city["produces"] == "workforce" and "attack" in city["values of our design"]
    assert "gold gives two" in helps["Merchant"]["text"]
    table = scen(fiefs={"0": rich(city_buildings=["Bank", "Tower"])}).view(0)["table"]
    assert all(card["face"] in helps for card in table.values())  # every card the table shows has help


def test_how_to_play_is_short_markdown() -> None:
    """§3, §10: a short how-to-play: the goal (7 VP, 11 for an alliance), the turn, upkeep and siege."""
    text = how_to_play()
    assert 10 <= len(text.splitlines()) <= 25
    assert "**Goal:**" in text and "7 victory points" in text and "11 for an alliance" in text


def test_menu_notes_explain_and_legend() -> None:
    import medieval
    from medieval.games.medievalia2007.text import choice_note, explain, legend

    # seed 3 with the chance of the first record format: the game these notes were written from
    state = medieval.make("medievalia2007", 2).new_game(3, first_chance=True)
    rng = random.Random(3)
    for _ in range(72):  # random play to an actions phase with Soldier and Worker in hand
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    seat = state.to_move[0]
    view = state.view(seat)
    assert view["phase"] == "actions" and sorted(view["hand"]) == ["Soldier", "Worker"]
    # costs in the menu, with the surcharge when the Fief lacks the building a card needs
    assert choice_note(view, "play Soldier") == "1F 1E 1W"
    assert choice_note(view, "play Bowman") == "1F 1E 1W +2G, no Carpenter"
    assert choice_note(view, f"build Bank on City{seat + 1}") == "1E 2G 3W"
    assert choice_note(view, "end actions") is None
    assert explain(state, seat, "play Knight") == "you hold no Knight: your hand is Soldier, Worker"
    assert explain(state, seat, f"build Castle on City{seat + 1}") == (
        "Castle is not on top of a building stack: the stacks show School, Workshop, Bank")
    other = f"City{2 - seat}"  # the other seat's City
    assert explain(state, seat, f"produce {other}") == f"{other} is P{1 - seat}'s, not yours"
    for text in ("play Knight", f"build Castle on City{seat + 1}", f"produce {other}", "play Soldier"):
        for k in range(3):  # only what the seat may know
            assert explain(state.determinize(seat, random.Random(k)), seat, text) == explain(state, seat, text)
    assert {"1/5", "↻", "⛨"} <= set(dict(legend()))


def test_4_4_and_9_3_the_menu_notes_what_removing_a_territory_and_an_extra_card_cost() -> None:
    """§4.4 (R24), §9.3: the notes on ``remove ...`` and ``buy card ...`` are the prices the purchase then
    shows."""
    import medieval
    from medieval.games.medievalia2007.text import choice_note

    seen: set[str] = set()
    for seed in range(40):
        state = medieval.make("medievalia2007", 2).new_game(seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 400 and seen != {"remove", "buy"}:
            seat = state.to_move[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            for notation in legal:
                verb = notation.split()[0]
                if verb in ("remove", "buy") and verb not in seen:
                    note = choice_note(state.view(seat), notation)
                    trial = state.clone()
                    trial.apply(seat, trial.parse_action(seat, notation))
                    purchase = trial.view(seat)["purchase"]
                    assert purchase is not None
                    shown = f"any {purchase['any']}" if purchase["any"] else " ".join(
                        f"{n}{r[0].upper()}" for r, n in purchase["cost"].items() if n)
                    assert note == shown, notation
                    seen.add(verb)
            state.apply(seat, state.parse_action(seat, rng.choice(legal)))
        if seen == {"remove", "buy"}:
            break
    assert seen == {"remove", "buy"}
