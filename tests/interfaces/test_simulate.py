"""Simulation: reproducible whatever the number of processes, and statistics that add up."""

from __future__ import annotations

import json
import math
from pathlib import Path

import medieval
from medieval.agents.ratings import wilson_interval as wilson
from medieval.interfaces.cli import main
from medieval.interfaces.simulate import SimulationConfig, run_simulation, seating
from tests.interfaces.helpers import make_screen


def _simulate(argv: list[str]) -> str:
    screen, buf = make_screen([])
    assert main(argv, screen=screen) == 0
    # everything but the timing line is deterministic
    return "\n".join(line for line in buf.getvalue().splitlines() if "games/s" not in line)


def test_same_numbers_and_records_with_one_or_two_processes(tmp_path: Path) -> None:
    base = ["simulate", "paladin", "--games", "24", "--seats", "heuristic,random,random", "--seed", "5"]
    one = _simulate([*base, "--jobs", "1", "--save", str(tmp_path / "one.jsonl")])
    two = _simulate([*base, "--jobs", "2", "--save", str(tmp_path / "two.jsonl")])
    assert one.replace("one.jsonl", "X") == two.replace("two.jsonl", "X")
    a = (tmp_path / "one.jsonl").read_text().splitlines()
    b = (tmp_path / "two.jsonl").read_text().splitlines()
    assert a == b and len(a) == 24
    records = [json.loads(line) for line in a]
    assert [r["origin"]["seed"] for r in records] == list(range(5, 29))
    assert all(r["seats"] == ["heuristic", "random", "random"] for r in records)
    # a saved line replays to its recorded outcome
    state = medieval.replay(records[3])
    assert state.outcome is not None and state.outcome.to_json() == records[3]["outcome"]
    assert "by agent" in one and "heuristic" in one and "95% interval" in one
    assert "Average game length" in one


def test_statistics_add_up_with_shared_wins() -> None:
    config = SimulationConfig(game="paladin", players=4, options={"final_tie": "shared"},
                              seats=("heuristic", "random", "random", "random"), games=30, seed=100)
    summary = run_simulation(config, jobs=1)
    assert summary.games == 30
    assert math.isclose(sum(t.wins for t in summary.by_agent.values()), 30)
    assert math.isclose(sum(t.wins for t in summary.by_seat), 30)
    assert summary.by_agent["heuristic"].games == 30 and summary.by_agent["random"].games == 90
    assert sum(t.games for t in summary.by_seat) == 120
    assert summary.avg_length > 50
    for tally in summary.by_agent.values():
        lo, hi = tally.interval
        assert 0 <= lo <= tally.win_rate <= hi <= 1


def test_rotation_puts_every_agent_in_every_seat() -> None:
    config = SimulationConfig(game="paladin", players=3, options={}, seats=("heuristic", "random", "random"),
                              games=6, seed=0, rotate=True)
    for seat in range(3):
        assert {seating(config, i)[seat] for i in range(3)} == {0, 1, 2}
    summary = run_simulation(config, jobs=1)
    assert summary.by_agent["heuristic"].games == 6
    assert summary.agent_seats("heuristic") == "all (rotated)"


def test_rotate_through_main_and_replay_a_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    out = _simulate(["simulate", "paladin", "--games", "4", "--seats", "heuristic,random,random", "--rotate",
                     "--jobs", "1", "--save", str(path)])
    assert "rotated" in out
    seats = [json.loads(line)["seats"] for line in path.read_text().splitlines()]
    assert [s.index("heuristic") for s in seats] == [0, 1, 2, 0]
    screen, buf = make_screen([])
    assert main(["replay", str(path), "--index", "1", "--to-end"], screen=screen) == 0
    assert "P1 heuristic" in buf.getvalue()


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-3) and math.isclose(hi, 0.5962, abs_tol=1e-3)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    assert wilson(0, 0) == (0.0, 1.0)
