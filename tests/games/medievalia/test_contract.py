"""Medievalia on the engine contract: notation and structured actions, options, scenarios, views and
hidden information, determinize, records, the heuristic bot and the terminal rendering. Section numbers
(§, R) refer to the rules document (rules.md in the game's package)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.console import Console

import medieval
from medieval.core.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from medieval.core.state import Action
from medieval.games.medievalia import SPEC, MedievaliaGame, MedievaliaState
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import W
from medieval.games.medievalia.heuristic import choose
from medieval.games.medievalia.render import render
from tests.games.medievalia.helpers import components_of, play_out, random_state, stacked
from tests.support import game, last, play


def medievalia(players: int = 4, **options: Any) -> MedievaliaGame:
    return game(MedievaliaGame, players, **options)


# ------------------------------------------------------------------ notation
@pytest.mark.parametrize(("text", "action"), [
    ("take", A.TAKE),
    ("play 3", A.Play(3, 1, 0, 3)),
    ("play 4 4", A.Play(4, 2, 0, 4)),
    ("play 5 5 W", A.Play(5, 2, 1, 5)),
    ("play W W as 7", A.Play(14, 0, 2, 7)),
    ("play S", A.Play(15, 1, 0, 15)),
    ("play R", A.Play(16, 1, 0, 16)),
    ("play W", A.Play(14, 1, 0, 14)),
    ("play 5 5 give 2", A.Play(5, 2, 0, 5, give=2)),
    ("play 12 12 next 3", A.Play(12, 2, 0, 12, next=3)),
])
def test_notation_round_trip(text: str, action: Action) -> None:
    """Notation (R23): every action reads back from its text, and prints as it reads."""
    g = medievalia(4)
    assert g.parse_notation(text) == action
    assert str(action) == text


def test_notation_accepts_any_card_order_and_case() -> None:
    """Notation (R23): cards may be typed in any order or case; the printed form is canonical."""
    g = medievalia(4)
    assert g.parse_notation("play W 5 5") == g.parse_notation("play 5 5 W")
    assert g.parse_notation("play w w as 7") == A.Play(14, 0, 2, 7)


@pytest.mark.parametrize("bad", ["", "pass", "play", "play 14", "play 4 5", "play 5 as 5", "play W as 0",
                                 "play W as 14", "play 5 give", "play 5 give 9", "play give 2 5", "take 2"])
def test_notation_rejects_bad_text(bad: str) -> None:
    """Notation (§4.2: one value per play, Wildcards 1-13): anything else is refused."""
    with pytest.raises(InvalidActionError):
        medievalia(4).parse_notation(bad)


def test_illegal_action_is_refused_and_state_unchanged() -> None:
    """§4.3: a play that does not beat the table, or a move out of turn, is refused and changes nothing."""
    s = stacked(4, hands=[["9"], ["8"], ["1"], ["1"]], table=[[3, "10"]])
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(0, A.Play(9, 1, 0, 9))
    with pytest.raises(IllegalActionError):
        s.parse_action(0, "play 9")
    with pytest.raises(IllegalActionError):
        s.apply(1, A.TAKE)  # not seat 1's turn
    assert s.to_json() == before


@pytest.mark.parametrize(("text", "kind", "args"), [
    ("take", "take", {}),
    ("play 3", "play", {"cards": ["3"], "value": 3, "give": None, "next": None}),
    ("play 5 5 W", "play", {"cards": ["5", "5", "W"], "value": 5, "give": None, "next": None}),
    ("play W W as 7", "play", {"cards": ["W", "W"], "value": 7, "give": None, "next": None}),
    ("play R R", "play", {"cards": ["R", "R"], "value": None, "give": None, "next": None}),
    ("play W", "play", {"cards": ["W"], "value": None, "give": None, "next": None}),
    ("play 5 W give 2", "play", {"cards": ["5", "W"], "value": 5, "give": 2, "next": None}),
    ("play 12 12 next 3", "play", {"cards": ["12", "12"], "value": 12, "give": None, "next": 3}),
])
def test_actions_are_structured_for_a_client(text: str, kind: str, args: dict[str, Any]) -> None:
    """Notation (R23): an action's structured form names the cards by face, the value they count as, and
    the seat CM01 gives the stack to or CM10 names, never an internal id."""
    action = medievalia(4).parse_notation(text)
    assert action.to_json() == {"kind": kind, "args": args, "notation": text}


def test_every_legal_action_has_json_args_and_its_own_notation() -> None:
    """Notation (R23): over random games of every test configuration, every legal action's arguments are
    JSON-safe and rebuild its cards, and no two legal actions share a notation."""
    checked = 0
    for players, options in MedievaliaGame.test_configurations():
        g = medievalia(players, **options)
        for seed in range(2):
            s = g.new_game(seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                seat = s.to_move[0]
                moves = s.legal_actions(seat)
                forms = [json.loads(json.dumps(a.to_json())) for a in moves]
                assert len({f["notation"] for f in forms}) == len(moves)
                assert len({json.dumps(f["args"], sort_keys=True) for f in forms}) == len(moves)
                for a, f in zip(moves, forms, strict=True):
                    assert g.parse_notation(f["notation"]) == a
                    if isinstance(a, A.Play):
                        assert len(f["args"]["cards"]) == a.cards
                        assert set(f["args"]) == {"cards", "value", "give", "next"}
                checked += len(moves)
                s.apply(seat, rng.choice(moves))
    assert checked > 1000


# ------------------------------------------------------------------ options
@pytest.mark.parametrize(("options", "message"), [
    ({"tower": "some"}, "tower"),
    ({"field": "CM11"}, "field"),
    ({"instructor": "IM00"}, "instructor"),
    ({"first_player": 4}, "first_player"),
    ({"deck": "huge"}, "deck"),
    ({"deck": "1:6,2:x"}, "deck"),
    ({"deck": "1:6,1:5"}, "twice"),
    ({"deck": "1:10,2:10"}, "at least"),
    ({"deck": "Q:3"}, "not a Medievalia card"),
    ({"rounds": -1}, "rounds"),
])
def test_options_are_validated(options: dict[str, Any], message: str) -> None:
    """Options: a bad value is refused with a message naming the option."""
    with pytest.raises(InvalidOptionError, match=message):
        medieval.make("medievalia", players=4, **options)


def test_option_custom_deck_counts() -> None:
    """§1.1 (our design, option ``deck``): the deck is data, a custom composition replaces ours (here 2
    Wildcards, no Skip)."""
    counts = ",".join(f"{v}:4" for v in range(1, 14)) + ",W:2,S:0,R:0"
    s = medievalia(4, deck=counts, tower="none").new_game(seed=3)
    cards = components_of(s, "card")
    assert cards["W"] == 2 and "S" not in cards and sum(cards.values()) == 54


def test_option_rounds_override() -> None:
    """§8.1 option ``rounds``: the number of rounds replaces the rulebook's table."""
    s = random_state(3, moves=10_000, rounds=2)
    assert s.is_over and len(s.round_scores) == 2


def test_spec_lists_options() -> None:
    """Options: the spec declares every option, the player counts, the kind of game, the parts and the
    test configurations (every player count first, then the variants)."""
    spec = next(sp for sp in medieval.list_games() if sp.name == "medievalia")
    assert spec is SPEC and (spec.min_players, spec.max_players) == (2, 6)
    names = {o.name for o in spec.options}
    assert {"tower", "field", "instructor", "field_draw", "tower_design", "cm01", "skip_cards", "deck"} <= names
    assert spec.hidden_information and not spec.simultaneous and spec.chance == "sampled"
    assert all(spec.has(part) for part in ("heuristic", "evaluation", "rounds", "render", "encoding", "text"))
    configs = MedievaliaGame.test_configurations()
    assert configs[:5] == [(n, {}) for n in range(2, 7)] and len(configs) == 13
    assert (3, {"tower": "documented"}) in configs and (4, {"rounds": 2, "tower_design": "first"}) in configs
    g = medievalia(4)
    s = g.new_game(seed=1)
    assert g.round_number(s) == 1 and g.evaluate(s) is not None


# ------------------------------------------------------------------ scenarios
@pytest.mark.parametrize(("setup", "message"), [
    ({"hands": [["1"]] * 3}, "4 hands"),
    ({"hands": [["1"], [], ["1"], ["1"]]}, "empty"),
    ({"hands": [["13"], ["13"], ["13"], ["1"]]}, "no 13 left"),
    ({"hands": [["1"]] * 4, "turn": 4}, "turn"),
    ({"hands": [["1"]] * 4, "bogus": 1}, "unknown"),
    ({"hands": [["1"]] * 4, "table": [[0, "4 5"]]}, "table play"),
    ({"hands": [["1"]] * 4, "field": "CM99"}, "field"),
    ({"hands": [["1"]] * 4, "direction": "up"}, "direction"),
    ({"hands": [["1"]] * 4, "round": 2, "round_scores": [[0, 0]]}, "round_scores"),
    ({"hands": [[1]] * 4}, "as text"),
])
def test_scenario_input_is_validated(setup: dict[str, Any], message: str) -> None:
    """Scenarios: every bad key or value raises InvalidOptionError."""
    with pytest.raises(InvalidOptionError, match=message):
        medievalia(4, tower="none").scenario(**setup)


def test_scenario_records_replay() -> None:
    """Scenarios: a stacked game's record replays to the same state."""
    s = stacked(4, hands=[["3", "5"], ["4", "4"], ["11"], ["12"]], deck=["6", "..."])
    play(s, "play 3", "play 4 4", "take")
    rec = json.loads(json.dumps(s.record()))
    assert medieval.replay(rec).to_json() == s.to_json()


# ------------------------------------------------------------------ views, hidden information
def test_view_keys_and_json_safe() -> None:
    """View: every key the rules document lists, JSON-safe, no hand for the spectator."""
    s = random_state(4, moves=30)
    for seat in (None, 0, 1, 2, 3):
        v = s.view(seat)
        json.dumps(v)
        assert {"round", "rounds", "phase", "to_move", "pending", "direction", "hand", "hand_sizes",
                "deck_size", "table", "stacks", "stack_sizes", "tower", "scores", "round_scores",
                "outcome"} <= set(v)
    assert s.view(None)["hand"] is None


def test_view_last_round_is_a_copy() -> None:
    """View (§6): the last-round summary is the position's copy of the round_end entry, copied again:
    changing it changes nothing in the game."""
    s = stacked(2, hands=[["8"], ["1", "2"]], deck=[])
    play(s, "play 8")
    summary = s.view(0)["last_round"]
    assert summary is not None
    assert summary["scores"] == [0, -2] and summary["hands"] == [[], ["1", "2"]]
    summary["hands"][1].append("X")
    summary["scores"][0] = 99
    again = s.view(0)["last_round"]
    assert again is not None and again["hands"] == [[], ["1", "2"]] and again["scores"] == [0, -2]


def test_last_round_is_kept_without_the_log() -> None:
    """The rules never read their own log: with the log off (as in search rollouts) the last round's
    summary is the same, and the ISMCTS fast-path self-test accepts every test configuration."""
    from medieval.agents.ismcts import fast_path_ok

    s = stacked(2, hands=[["8"], ["1", "2"]], deck=[])
    quiet = s.clone()
    quiet.mute_log()
    before = quiet.log_size
    play(s, "play 8")
    play(quiet, "play 8")
    assert quiet.log_size == before and "round_end" not in [e["kind"] for e in quiet.events(None)]
    entry = last(s, "round_end")
    assert quiet.last_round == s.last_round == {k: v for k, v in entry.items() if k != "kind"}
    assert quiet.view(0)["last_round"] == s.view(0)["last_round"]
    for players, options in MedievaliaGame.test_configurations():
        assert fast_path_ok(medieval.make("medievalia", players, **options)), (players, options)


def _plain_legal_actions(s: MedievaliaState, seat: int) -> list[Action]:
    """§4.2, §5, §4.5 written out plainly, play by play (what the pre-built play tables must give)."""
    fc = s.field_card
    hand = s.hands[seat]
    thr = s.threshold(seat)
    nw = hand[W] if fc.wild_values else 0
    gives = [t for t in range(s.players) if t != seat] if fc.code == "CM01" and any(s.stacks[seat]) else []
    out: list[Action] = []
    for v in fc.number_faces:
        for k in range(1, hand[v] + 1):
            for j in range(nw + 1):
                if v * (k + j) >= thr:
                    if gives and fc.gives_stack(v, k + j):
                        out += [A.play(v, k, j, v, t) for t in gives]
                    else:
                        out.append(A.play(v, k, j))
    for v in fc.wild_values if nw else ():
        for j in range(1, nw + 1):
            if v * j >= thr:
                if gives and fc.gives_stack(v, j):
                    out += [A.play(W, 0, j, v, t) for t in gives]
                else:
                    out.append(A.play(W, 0, j, v))
    for face, effect in fc.skip_effect.items():
        for k in range(1, hand[face] + 1):
            if effect == "choose":
                out += [A.play(face, k, 0, 0, -1, t) for t in range(s.players) if t != seat]
            else:
                out.append(A.play(face, k))
    if any(s.table):
        out.append(A.TAKE)
    return out


def test_legal_actions_match_the_plain_rules() -> None:
    """§4.2, §5, §4.5: the legal actions come from per-card tables of pre-built plays; over random games of every
    test configuration they are exactly the plays §4.2, §5 and §4.5 give, in the same order."""
    checked = 0
    for players, options in MedievaliaGame.test_configurations():
        g = medievalia(players, **options)
        for seed in range(3):
            s = g.new_game(seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                seat = s.to_move[0]
                moves = s.legal_actions(seat)
                assert moves == _plain_legal_actions(s, seat)
                checked += 1
                s.apply(seat, rng.choice(moves))
    assert checked > 1000


def test_from_json_reads_a_state_written_with_last_round_at() -> None:
    """Saves: a state written when the position held ``last_round_at`` (an index into the log) instead of
    ``last_round`` still restores, with the summary taken from that log entry."""
    s = random_state(3, moves=400, seed=4, rounds=3)
    assert s.last_round is not None
    data = json.loads(json.dumps(s.to_json()))
    summary = data["state"].pop("last_round")
    kinds = [e["kind"] for e in data["log"]]
    data["state"]["last_round_at"] = len(kinds) - 1 - kinds[::-1].index("round_end")
    r = medievalia(3, rounds=3).from_json(data)
    assert r.last_round == summary
    assert r.to_json() == s.to_json()
    fresh = medievalia(3).new_game(seed=1).to_json()
    del fresh["state"]["last_round"]
    fresh["state"]["last_round_at"] = -1
    assert medievalia(3).from_json(fresh).last_round is None


def test_view_never_shows_other_hands() -> None:
    """Hidden information (R15): a seat's view and log never show another hand or the cards it drew."""
    s = random_state(4, moves=45, seed=9)
    for viewer in range(4):
        text = json.dumps(s.view(viewer))
        assert json.loads(text)["hand"] == s.view(viewer)["hand"]
        for e in s.events(viewer):
            if e["kind"] == "deal" and e["seat"] != viewer:
                assert "cards" not in e
            if e["kind"] == "play" and e["seat"] != viewer:
                assert not isinstance(e.get("drew"), list)


def test_determinize_keeps_the_view_and_redeals_the_rest() -> None:
    """Hidden information: a determinized world looks the same to the seat and re-deals what it cannot
    see (the other hands and the deck)."""
    s = random_state(4, moves=25, seed=4)
    seat = s.to_move[0]
    changed = False
    for i in range(10):
        d = s.determinize(seat, random.Random(i))
        assert d.view(seat) == s.view(seat)
        assert d.events(seat) == s.events(seat)
        assert d.components() == s.components()
        changed |= d.hands != s.hands or d.deck != s.deck
    assert changed


def test_clone_is_independent() -> None:
    """Copies: a clone is a full, independent copy of the declared position."""
    s = random_state(4, moves=20)
    c = s.clone()
    seat = c.to_move[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.to_json() != s.to_json()
    assert s.clone().to_json() == s.to_json()


def test_json_round_trip_continues_identically() -> None:
    """Saves: a state restored from JSON plays on exactly as the original."""
    s = random_state(5, moves=80, seed=2)
    r = medievalia(5).from_json(json.loads(json.dumps(s.to_json())))
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(200):
        if s.is_over:
            break
        seat = s.to_move[0]
        a = rng1.choice(s.legal_actions(seat))
        b = rng2.choice(r.legal_actions(seat))
        assert str(a) == str(b)
        s.apply(seat, a)
        r.apply(seat, b)
    assert r.to_json() == s.to_json()


# ------------------------------------------------------------------ heuristic
def test_bot_view_is_part_of_the_view() -> None:
    """Heuristic: the lean view it reads holds only the view's own entries for that seat."""
    g = medieval.make("medievalia", 4, field="CM01")
    for seed in range(3):
        s = g.new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in range(4):
                lean, whole = s.bot_view(seat), s.view(seat)
                field = whole["tower"]["field"]
                assert lean == {"players": whole["players"], "field": None if field is None else field["code"],
                                "scores": whole["scores"], "stack_sizes": whole["stack_sizes"],
                                "deck_size": whole["deck_size"], "table_count": whole["table"]["count"],
                                "table_total": whole["table"]["total"]}
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_heuristic_plays_legal_moves_from_the_view_only() -> None:
    """Heuristic: it decides from view(seat) and legal actions only: re-dealing the hidden cards
    never changes its choice."""
    for seed in range(5):
        s = random_state(4, moves=35 + seed, seed=seed)
        seat = s.to_move[0]
        a = choose(s, seat, random.Random(0))
        assert a in s.legal_actions(seat)
        for i in range(3):
            d = s.determinize(seat, random.Random(i))
            assert choose(d, seat, random.Random(0)) == a


def test_heuristic_beats_random() -> None:
    """Heuristic: in 40 seeded 4-player games, one heuristic seat against three random seats wins far more than
    its 25% share."""
    from medieval.agents import make_agent, play_match

    g = medievalia(4)
    wins = 0.0
    for i in range(40):
        agents = [make_agent("heuristic" if s == i % 4 else "random", seed=i * 10 + s) for s in range(4)]
        outcome = play_match(g, agents, seed=i).outcome
        assert outcome is not None
        wins += outcome.reward(i % 4)
    assert wins / 40 > 0.5


def test_heuristic_hands_the_stack_to_the_leader_under_cm01() -> None:
    """Heuristic, §T.2 CM01: the stack goes to the opponent with the best total."""
    s = stacked(4, options={"field": "CM01", "rounds": 2}, round=2, round_scores=[[-9, -5, 0, -7]],
                 hands=[["5", "5"], ["1"], ["1"], ["1"]], stacks=[["9"], [], [], []])
    assert str(choose(s, 0, random.Random(0))) == "play 5 5 give 2"


# ------------------------------------------------------------------ rendering
def test_terminal_rendering_shows_the_table() -> None:
    """Rendering: the terminal picture shows the Tower cards, the direction, the table's plays and total,
    the stacks, and the end of the game."""
    s = stacked(4, options={"field": "CM04", "instructor": "IM02"},
                 hands=[["3", "5", "W"], ["4", "4"], ["11"], ["12"]], table=[[3, "5 5"], [0, "W W as 6"]],
                 stacks=[["2"], [], [], []], turn=1)
    console = Console(width=110, record=True, color_system=None)
    console.print(render(s.view(1)))
    out = console.export_text()
    for needle in ("CM04", "Echo", "IM02", "clockwise", "Total 12", "[4] [4]", "[W] [W]", "as 6", "stack"):
        assert needle in out, needle
    finished = play_out(medievalia(2).new_game(seed=3), seed=3)
    console.print(render(finished.view(None)))
    assert "Game over" in console.export_text()
    assert "Medievalia" in finished.render(0)
