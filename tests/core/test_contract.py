"""The engine contract's own behaviour (ARCHITECTURE.md §2), on the reference game."""

from __future__ import annotations

import json

import pytest

import medieval
from medieval.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    RecordError,
    UnknownGameError,
)


def test_list_games_has_specs_with_players_and_options() -> None:
    specs = {s.name: s for s in medieval.list_games()}
    assert "paladin" in specs
    p = specs["paladin"]
    assert (p.min_players, p.max_players) == (3, 5)
    assert {o.name for o in p.options} >= {"next_dealer", "zero_beats_red_nine"}
    json.dumps(p.to_json())


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'.*paladin"):
        medieval.make("chess")
    assert issubclass(UnknownGameError, ValueError)


@pytest.mark.parametrize("players", [2, 6, 0, -1, "4", 3.5, True])
def test_invalid_player_count_is_a_clear_error(players: object) -> None:
    with pytest.raises(InvalidOptionError):
        medieval.make("paladin", players)  # type: ignore[arg-type]


def test_invalid_options_are_clear_errors() -> None:
    with pytest.raises(InvalidOptionError, match="no option 'speed'"):
        medieval.make("paladin", 4, speed=3)
    with pytest.raises(InvalidOptionError, match="must be one of: most, fewest"):
        medieval.make("paladin", 4, next_dealer="random")
    with pytest.raises(InvalidOptionError, match="expects bool"):
        medieval.make("paladin", 4, zero_beats_red_nine=3)


def test_options_from_command_line_text_are_coerced() -> None:
    g = medieval.make("paladin", 4, zero_beats_red_nine="false", first_dealer="2")
    assert g.options["zero_beats_red_nine"] is False and g.options["first_dealer"] == 2


def test_bad_seed_is_a_clear_error() -> None:
    with pytest.raises(InvalidOptionError):
        medieval.make("paladin", 4).new_game(seed="x")  # type: ignore[arg-type]


def test_illegal_action_lists_what_is_legal_and_changes_nothing() -> None:
    s = medieval.make("paladin", 4, first_dealer=0).new_game(seed=1)
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(1, s.legal_actions(0)[0])
    assert "not to move" in str(err.value)
    with pytest.raises(IllegalActionError) as err2:
        s.apply(0, s.game.parse_notation("challenge"))
    assert "legal: first 0, first 1, first 2, first 3" in str(err2.value)
    assert err2.value.legal == ["first 0", "first 1", "first 2", "first 3"]
    assert isinstance(err2.value, ValueError)
    assert s.to_json() == before


def test_invalid_action_and_notation_errors() -> None:
    s = medieval.make("paladin", 3, first_dealer=0).new_game(seed=1)
    with pytest.raises(InvalidActionError, match="cannot read 'fly away'"):
        s.parse_action(0, "fly away")
    with pytest.raises(IllegalActionError, match="'challenge' is not legal"):
        s.parse_action(0, "challenge")
    with pytest.raises(InvalidActionError, match="not an action"):
        s.apply(0, "first 0")  # a string is refused at run time
    with pytest.raises(InvalidActionError, match="no seat 7"):
        s.apply(7, s.legal_actions(0)[0])
    assert s.parse_action(0, "  FIRST   2 ") == s.legal_actions(0)[2]


def test_view_seat_must_exist() -> None:
    s = medieval.make("paladin", 3).new_game(seed=1)
    with pytest.raises(InvalidActionError):
        s.view(3)
    assert s.view(None)["hand"] is None


def test_record_and_replay_rebuild_the_state() -> None:
    from medieval.agents import make_agent, play_match

    g = medieval.make("paladin", 4, next_dealer="fewest")
    r = play_match(g, [make_agent("heuristic", i) for i in range(4)], seed=21)
    record = json.loads(json.dumps(r.state.record()))
    assert record["options"]["next_dealer"] == "fewest"
    assert record["outcome"]["winners"] == list(r.outcome.winners)
    again = medieval.replay(record)
    assert again == r.state
    half = medieval.replay(record, upto=50)
    assert len(half.history) == 50


def test_from_json_rejects_foreign_or_broken_files() -> None:
    s = medieval.make("paladin", 4).new_game(seed=2)
    data = s.to_json()
    with pytest.raises(RecordError, match="expected format"):
        medieval.make("paladin", 4).from_json(s.record())
    with pytest.raises(RecordError, match="for 4 players"):
        medieval.make("paladin", 3).from_json(data)
    broken = dict(data, state={})
    with pytest.raises(RecordError, match="not a valid paladin state"):
        medieval.from_json(broken)
    with pytest.raises(RecordError):
        medieval.from_json({"nothing": 1})
    bad_record = s.record()
    bad_record["actions"] = [[0, "challenge"]]
    with pytest.raises(RecordError, match="does not replay"):
        medieval.replay(bad_record)


def test_determinized_state_has_no_faithful_record() -> None:
    import random

    s = medieval.make("paladin", 4).new_game(seed=2)
    d = s.determinize(0, random.Random(1))
    with pytest.raises(RecordError):
        d.record()
    assert d.view(0) == s.view(0)


def test_clone_is_independent() -> None:
    s = medieval.make("paladin", 4).new_game(seed=3)
    c = s.clone()
    seat = c.to_move[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert c != s and len(s.history) == 0


def test_scenario_records_replay() -> None:
    g = medieval.make("paladin", 3)
    s = g.scenario(deck=["9", "9r"], dealer=1, quests=["K7"])
    seat = s.to_move[0]
    s.apply(seat, s.legal_actions(seat)[0])
    assert g.replay(json.loads(json.dumps(s.record()))) == s
    with pytest.raises(InvalidOptionError, match="unknown scenario keys"):
        g.scenario(bogus=1)
    with pytest.raises(InvalidOptionError, match="no 9r left"):
        g.scenario(deck=["9r", "9r"])


def test_every_game_package_loads() -> None:
    """A broken game package is skipped by discovery; the suite must notice it."""
    from medieval.core.registry import import_failures

    assert import_failures() == {}


def test_every_spec_is_hashable_and_equal_to_itself() -> None:
    """Specs are keys of caches (the server caches each game's sentence writer by its spec)."""
    for spec in medieval.list_games():
        assert hash(spec) == hash(medieval.make(spec.name).spec) and {spec: 1}[spec] == 1
