"""The benchmark command and its measuring functions, run briefly."""

from __future__ import annotations

import gc
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
    assert main(["bench", "paladin", "--seconds", "0.02", "--rounds", "3", "--players", "3", "--baseline",
                 "--json", str(path)], screen=screen) == 0
    out = buf.getvalue()
    assert "decisions/s" in out and "clone µs" in out and "paladin" in out and "rounds" in out
    assert "pip install open_spiel" in out
    assert "Build: pure Python" in out  # the default install; the compiled build: tests/test_compiled_build.py
    data = json.loads(path.read_text())
    assert data["rounds"] == 3 and data["build"] == "pure Python" and data["compiled_modules"] == []
    (row,) = data["games"]
    assert row["game"] == "paladin" and row["players"] == 3
    for key in ("decisions_per_s", "games_per_s", "clone_us", "view_us", "to_json_us", "search_per_s"):
        assert len(row["samples"][key]) == 3
        low, high = row[f"{key}_range"]
        assert 0 < low <= row[key] <= high
    # without OpenSpiel, the ratio targets are not measured; the clone and search targets are
    checks = {c["what"]: c for c in data["targets"] if c["game"] == "paladin"}
    assert checks["÷ hearts"]["met"] is None and checks["÷ python_liars_poker"]["met"] is None
    assert checks["clone µs"]["met"] is not None and checks["search iterations/s"]["target"] == 2500


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
    points = bench.decision_points(game, 4, seed=1)
    assert len(points) == 4 and all(len(s.legal_actions(seat)) > 1 for s, seat in points)


def test_spread_and_targets() -> None:
    s = bench.Spread.of([3.0, 1.0, 2.0, 10.0, 4.0])
    assert (s.median, s.low, s.high) == (3.0, 1.0, 10.0)
    check = bench.TargetCheck("paladin", "clone µs", 5.0, False, s)
    assert check.met is True
    assert bench.TargetCheck("paladin", "search iterations/s", 5.0, True, s).met is False
    assert bench.TargetCheck("paladin", "x", 5.0, True, bench.Spread.of([])).met is None


def test_openspiel_baseline_interleaved_when_installed() -> None:
    pytest.importorskip("pyspiel")
    report = bench.run_bench(["paladin"], 4, seconds=0.02, rounds=2, baseline=("hearts",))
    (ours,), (theirs,) = report.games, report.baselines
    assert theirs.game == "hearts" and len(theirs.samples["decisions_per_s"]) == 2
    ratios = ours.ratios["hearts"]
    assert len(ratios) == 2
    # each round's ratio is that round's two measurements divided
    for r in range(2):
        assert ratios[r] == pytest.approx(ours.samples["decisions_per_s"][r] / theirs.samples["decisions_per_s"][r])


def test_each_slice_starts_on_a_collected_and_frozen_heap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slice pays for collecting its own garbage only: before it, the collector has run and everything
    alive (the other sides' positions and caches) is frozen out of its walks; the heap is thawed after."""
    seen: list[tuple[int, tuple[int, int, int]]] = []
    real = bench.Playouts.run

    def run(self: bench.Playouts, seconds: float) -> tuple[int, int, float]:
        seen.append((gc.get_freeze_count(), gc.get_count()))
        return real(self, seconds)

    monkeypatch.setattr(bench.Playouts, "run", run)
    gc.unfreeze()
    bench.run_bench(["paladin", "medievallons"], None, seconds=0.01, rounds=2)
    assert len(seen) == 4
    for frozen, counts in seen:
        assert frozen > 1000 and counts[1:] == (0, 0)
    assert gc.get_freeze_count() == 0
