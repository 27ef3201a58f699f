"""The benchmark command and its measuring functions, run briefly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import medieval
from medieval.interfaces import bench
from medieval.interfaces.cli import main
from tests.interfaces.helpers import make_screen


def test_bench_paladin_briefly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "openspiel_available", lambda: False)
    path = tmp_path / "bench.json"
    screen, buf = make_screen([])
    assert main(["bench", "paladin", "--seconds", "0.05", "--players", "3", "--baseline", "--json", str(path)],
                screen=screen) == 0
    out = buf.getvalue()
    assert "decisions/s" in out and "clone µs" in out and "paladin" in out
    assert "pip install open_spiel" in out
    data = json.loads(path.read_text())
    (row,) = data["games"]
    assert row["game"] == "paladin" and row["players"] == 3
    for key in ("decisions_per_s", "games_per_s", "clone_us", "view_us", "to_json_us"):
        assert row[key] > 0


def test_bench_with_rule_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--option`` measures the games under rule options (a speed comparison of variants); a bad one is
    refused before anything is measured."""
    path = tmp_path / "bench.json"
    screen, buf = make_screen([])
    assert main(["bench", "midevil", "--seconds", "0.05", "--option", "event_timing=own_turn", "--json", str(path)],
                screen=screen) == 0
    data = json.loads(path.read_text())
    assert data["options"] == {"event_timing": "own_turn"} and data["games"][0]["game"] == "midevil"
    screen, buf = make_screen([])
    assert main(["bench", "midevil", "--seconds", "0.05", "--option", "event_timing=never"], screen=screen) != 0
    assert "event_timing" in capsys.readouterr().err + buf.getvalue() and "decisions/s" not in buf.getvalue()


def test_measuring_functions() -> None:
    game = medieval.make("paladin", 4)
    decisions, games, elapsed = bench.random_playouts(game, 0.01, seed=3)
    assert games >= 1 and decisions > games and elapsed >= 0.01
    positions = bench.mid_game_positions(game, 3, seed=1)
    assert len(positions) == 3 and all(not s.is_over and s.history for s in positions)
    assert bench.per_call_us(lambda s: s.clone(), positions, 0.001) > 0


def test_openspiel_baseline_when_installed() -> None:
    pytest.importorskip("pyspiel")
    result = bench.bench_openspiel("hearts", seconds=0.05, positions=2)
    assert result.decisions_per_s > 0 and result.clone_us > 0
