"""``medieval soak``: the conformance checker over random games, counted, resumable, violations named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medieval.agents import soak
from medieval.core.conformance import play_checked
from medieval.core.registry import game_class
from medieval.interfaces.cli import main


def _state(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_soak_counts_games_and_decisions_and_resumes_where_it_stopped(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "soak.json"
    base = ["soak", "paladin", "--jobs", "1", "--chunk", "2", "--state", str(state)]
    assert main([*base, "--games", "4"]) == 0
    first = _state(state)["games"]["paladin"]
    assert first["games"] == 4 and first["done_below"] == 2 and first["violations"] == 0
    assert first["decisions"] > 4 * 20  # a Paladin game takes dozens of decisions
    out = capsys.readouterr().out
    assert "paladin" in out and "violations" in out
    # the same target again plays nothing; a larger one only the new games
    assert main([*base, "--games", "4"]) == 0
    assert _state(state)["games"]["paladin"] == first
    assert main([*base, "--games", "7"]) == 0
    again = _state(state)["games"]["paladin"]
    assert again["games"] == 7 and again["done_below"] == 4 and again["decisions"] > first["decisions"]
    # the decisions are those of the games played: a fresh soak of 7 games counts the same
    fresh = tmp_path / "fresh.json"
    assert main(["soak", "paladin", "--jobs", "2", "--chunk", "2", "--games", "7", "--state", str(fresh)]) == 0
    assert _state(fresh)["games"]["paladin"]["decisions"] == again["decisions"]


def test_soak_refuses_a_state_file_of_other_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "soak.json"
    assert main(["soak", "paladin", "--jobs", "1", "--games", "2", "--state", str(state)]) == 0
    before = state.read_text()
    assert main(["soak", "paladin", "--jobs", "1", "--games", "2", "--seed", "9", "--state", str(state)]) == 2
    assert "--seed 0" in capsys.readouterr().err
    assert state.read_text() == before  # nothing lost
    assert main(["soak", "nosuchgame", "--state", str(tmp_path / "x.json")]) == 2
    assert "unknown game nosuchgame" in capsys.readouterr().err


def test_soak_covers_every_player_count() -> None:
    for name in ("paladin", "medievallons"):
        counts = {players for players, _ in soak.configurations(name)}
        spec = game_class(name).spec
        assert counts == set(range(spec.min_players, spec.max_players + 1))


def test_a_failing_game_is_a_violation_named_by_its_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:

    def flaky(game: Any, seed: int, *, full: bool) -> dict[str, Any]:
        if seed == 3:
            raise AssertionError("invented violation")
        return play_checked(game, seed, full=full)

    monkeypatch.setattr("medieval.agents.soak.play_checked", flaky)
    state = tmp_path / "soak.json"
    assert main(["soak", "paladin", "--jobs", "1", "--chunk", "2", "--games", "5", "--state", str(state)]) == 1
    p = _state(state)["games"]["paladin"]
    assert p["games"] == 5 and p["violations"] == 1
    (v,) = p["examples"]
    assert v["seed"] == 3 and v["error"] == "AssertionError: invented violation"
    out = capsys.readouterr().out
    assert "seed 3" in out and "play_checked(medieval.make('paladin'" in out
