"""The arena: bot lists, seat rotation, results and ratings, resuming after an interrupt, the CLI."""

from __future__ import annotations

import csv
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import medieval
from medieval.agents.arena import (
    ArenaConfig,
    ArenaError,
    run,
    summarize,
    write_summary,
)
from medieval.agents.batch import play_task, seating, split_bots
from medieval.agents.ratings import OPENSKILL_MU, fitted_ratings, ranks_of, wilson_interval
from medieval.core.errors import InvalidOptionError
from medieval.interfaces import arena_cli

ROOT = Path(__file__).resolve().parents[2]


def paladin(bots: tuple[str, ...], games: int, seed: int = 0) -> ArenaConfig:
    return ArenaConfig(game="paladin", players=4, options={}, bots=bots, games=games, seed=seed)


def outcomes(results: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(r["index"], r["seed"], tuple(r["seating"]), tuple(r["winners"]), tuple(r["scores"]))
            for r in results]


# ------------------------------------------------------------------------------------- bot lists
@pytest.mark.parametrize(("given", "bots"), [
    ("ismcts:time=1,heuristic,random", ["ismcts:time=1", "heuristic", "random"]),
    ("ismcts:iters=2000,c=0.7,heuristic", ["ismcts:iters=2000,c=0.7", "heuristic"]),
    (["ismcts:iters=5", "c=1", "random,random"], ["ismcts:iters=5,c=1", "random", "random"]),
    ("random, heuristic ,", ["random", "heuristic"]),
])
def test_split_bots(given: Any, bots: list[str]) -> None:
    assert split_bots(given) == bots


@pytest.mark.parametrize("given", ["", "c=1,random", " , "])
def test_split_bots_refuses(given: str) -> None:
    with pytest.raises(InvalidOptionError):
        split_bots(given)


def test_seats_rotate() -> None:
    # one bot per seat: bot j sits at seat (j + i) % 4 in game i
    for i in range(8):
        lineup = seating(4, 4, i)
        assert sorted(lineup) == [0, 1, 2, 3]
        assert all(lineup[(j + i) % 4] == j for j in range(4))
    # fewer bots than seats: every bot holds every seat equally often over a cycle
    counts = {(seat, bot): 0 for seat in range(4) for bot in range(3)}
    for i in range(3):
        for seat, bot in enumerate(seating(3, 4, i)):
            counts[(seat, bot)] += 1
    assert set(counts.values()) == {1}
    # more bots than seats: every ordered pair once per cycle
    pairs = [seating(3, 2, i) for i in range(6)]
    assert sorted(pairs) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


# ----------------------------------------------------------------------------- results and ratings
def test_wilson_interval() -> None:
    low, high = wilson_interval(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks_of([2], [10, 12, 11, 3], 4) == [2, 1, 0, 3]
    assert ranks_of([0, 1], [5, 5, 9, 1], 4) == [0, 0, 1, 2]
    # a game whose score is not how near a seat came to winning places the others level
    assert ranks_of([2], [10, 12, 11, 3], 4, "tied") == [1, 1, 0, 1]


def test_midevils_ratings_place_the_seats_that_did_not_win_level() -> None:
    """MidEvil is nearly always won with the Necronomicon, and a random player collects as many skeleton
    points as the heuristic that lost: placed by points, the heuristic that won every game would rate no
    better than random."""
    assert medieval.make("midevil").spec.placings == "tied"
    assert {medieval.make(g).spec.placings for g in ("paladin", "medievallons", "medievalia", "medievalia2007")} \
        == {"score"}
    config = ArenaConfig("midevil", 4, {}, ("random", "heuristic"), 40, seed=0)
    results = []
    for i in range(40):
        seats = list(seating(2, 4, i))
        winner = next(s for s, b in enumerate(seats) if b == 1)  # a heuristic seat wins every game...
        scores = [9.0 if b == 0 else 0.0 for b in seats]  # ...and the random seats have the points
        scores[winner] = 1.0
        results.append({"index": i, "seed": i, "seating": seats, "winners": [winner], "scores": scores,
                        "rewards": [1.0 if s == winner else 0.0 for s in range(4)]})
    rows = {r.bot: r for r in summarize(config, results, bootstrap=100).rows}
    assert rows["heuristic"].rating.low > rows["random"].rating.high


def test_ratings_order_the_stronger_bot_first_with_an_interval_around_each() -> None:
    games = ([(["a", "b", "b"], [0, 1, 2])] * 10 + [(["b", "a", "b"], [1, 0, 1])] * 5
             + [(["b", "b", "a"], [0, 1, 2])] * 3)
    ratings = fitted_ratings(games, ["a", "b"], replicates=200, seed=3)
    assert ratings["a"].mu > OPENSKILL_MU > ratings["b"].mu
    assert all(r.low < r.mu < r.high for r in ratings.values())
    assert ratings["a"].low > ratings["b"].high  # 15 of 18 games won against two seats: clearly apart
    assert fitted_ratings(games, ["a", "b"], replicates=200, seed=3) == ratings  # the draws come from the seed
    assert fitted_ratings([], ["a", "b"])["a"].mu == OPENSKILL_MU  # no games: every bot at the mean


def test_the_arenas_ratings_do_not_depend_on_the_order_the_games_finished_in() -> None:
    """With several workers the games finish out of order: the same games give the same standings."""
    config = paladin(("heuristic", "ismcts:iters=2", "random", "random"), 24)
    results = [{"index": i, "seed": i, "seating": list(seating(4, 4, i)), "winners": [i % 3],
                "scores": [float((i * 7 + s * 3) % 11) for s in range(4)],
                "rewards": [1.0 if s == i % 3 else 0.0 for s in range(4)]} for i in range(24)]
    in_order = summarize(config, results, bootstrap=100)
    shuffled = results[:]
    random.Random(1).shuffle(shuffled)
    again = summarize(config, shuffled, bootstrap=100)
    assert [r.rating.mu for r in again.rows] == pytest.approx([r.rating.mu for r in in_order.rows], abs=1e-9)
    assert [r.bot for r in again.rows] == [r.bot for r in in_order.rows]


def test_play_task_reports_errors_instead_of_raising() -> None:
    task = paladin(("random", "random", "random", "nosuchbot"), 1).task(0)
    result = play_task(task)
    assert "error" in result and "nosuchbot" in result["error"]


def test_a_game_past_the_runs_decision_cap_is_an_error_not_a_result(tmp_path: Path) -> None:
    """A bot that kept its own turn going for ever held a worker for days (the match loop's cap is a
    million decisions). A run's own cap reports such a game as an error and keeps no result for it; the
    games that end under the cap are played as before."""
    capped = ArenaConfig("paladin", 3, {}, ("random", "random", "random"), 2, seed=5, max_decisions=20)
    report = run(capped, tmp_path / "capped", jobs=1)
    assert report.results == [] and len(report.errors) == 2
    assert all("MatchAborted" in e["error"] and "20 decisions" in e["error"] for e in report.errors)
    roomy = ArenaConfig("paladin", 3, {}, ("random", "random", "random"), 2, seed=5, max_decisions=1000)
    assert [r["decisions"] for r in run(roomy, tmp_path / "roomy", jobs=1).results] == \
        [r["decisions"] for r in run(ArenaConfig("paladin", 3, {}, ("random",) * 3, 2, seed=5), tmp_path / "plain",
                                     jobs=1).results]
    with pytest.raises(InvalidOptionError, match="decision cap"):
        run(ArenaConfig("paladin", 3, {}, ("random",) * 3, 2, max_decisions=0), tmp_path / "zero", jobs=1)
    # the command line: the games over the cap are its errors (exit code 1), a cap below 1 a usage error
    assert arena_cli.main(["paladin", "--players", "3", "--bots", "random", "--games", "2", "--seed", "5",
                           "--max-decisions", "20", "--jobs", "1", "--out", str(tmp_path / "cli"),
                           "--no-progress"]) == 1
    with pytest.raises(SystemExit):
        arena_cli.main(["paladin", "--bots", "random", "--max-decisions", "0", "--out", str(tmp_path / "cli0")])


def test_a_run_writes_standings_games_and_ratings(tmp_path: Path) -> None:
    config = paladin(("heuristic", "random", "random", "random"), 12)
    report = run(config, tmp_path, jobs=1)
    assert [r["index"] for r in report.results] == list(range(12))
    summary = summarize(config, report.results)
    rows = {r.bot: r for r in summary.rows}
    assert rows["heuristic"].seats == 12 and rows["random"].seats == 36
    assert rows["heuristic"].wins + rows["random"].wins == pytest.approx(12)
    assert rows["heuristic"].share > rows["random"].share
    assert rows["heuristic"].rating.mu > rows["random"].rating.mu
    assert summary.rows[0].bot == "heuristic"
    paths = write_summary(summary, report.results, tmp_path)
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["games_played"] == 12 and data["standings"][0]["bot"] == "heuristic"
    assert "rating" in data["standings"][0] and len(data["standings"][0]["ci95"]) == 2
    with (tmp_path / "standings.csv").open() as f:
        table = list(csv.DictReader(f))
    assert {r["bot"] for r in table} == {"heuristic", "random"}
    assert all(float(r["ci95_low"]) <= float(r["win_share"]) <= float(r["ci95_high"]) for r in table)
    assert all(float(r["rating_ci95_low"]) <= float(r["rating"]) <= float(r["rating_ci95_high"]) for r in table)
    with (tmp_path / "games.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 12
    assert all(p.exists() for p in paths)


# ------------------------------------------------------------------------------------------ resume
def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    config = paladin(("ismcts:iters=3", "heuristic", "random", "random"), 8, seed=40)
    reference = run(config, tmp_path / "whole", jobs=1)
    assert not reference.interrupted and len(reference.results) == 8

    seen = []

    def interrupt_after_three(result: dict[str, Any]) -> None:
        seen.append(result["index"])
        if len(seen) == 3:
            raise KeyboardInterrupt  # what Ctrl-C does in the middle of a run

    out = tmp_path / "cut"
    first = run(config, out, jobs=1, on_result=interrupt_after_three)
    assert first.interrupted and len(first.results) == 3
    assert len((out / "results.jsonl").read_text().splitlines()) == 1 + 3
    second = run(config, out, jobs=1)
    assert second.resumed == 3 and second.played_now == 5 and not second.interrupted
    assert outcomes(second.results) == outcomes(reference.results)
    # a later, longer run extends the same run; a finished run plays nothing more
    assert run(config, out, jobs=1).played_now == 0
    longer = run(ArenaConfig(**{**config.__dict__, "games": 10}), out, jobs=1)
    assert longer.resumed == 8 and longer.played_now == 2


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path: Path) -> None:
    config = paladin(("random",) * 4, 4)
    run(config, tmp_path, jobs=1)
    path = tmp_path / "results.jsonl"
    text = path.read_text()
    path.write_text(text[: len(text) - 20])  # killed while writing the last line
    again = run(config, tmp_path, jobs=1)
    assert again.resumed == 3 and again.played_now == 1
    assert all(json.loads(line) for line in path.read_text().splitlines())


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    run(paladin(("random",) * 4, 2), tmp_path, jobs=1)
    with pytest.raises(ArenaError, match="another run"):
        run(paladin(("heuristic",) * 4, 2), tmp_path, jobs=1)
    assert run(paladin(("heuristic",) * 4, 2), tmp_path, jobs=1, fresh=True).played_now == 2


def test_parallel_runs_give_the_same_games_as_serial_ones(tmp_path: Path) -> None:
    config = paladin(("heuristic", "random", "random", "random"), 6, seed=7)
    serial = run(config, tmp_path / "one", jobs=1)
    parallel = run(config, tmp_path / "two", jobs=2)
    assert outcomes(parallel.results) == outcomes(serial.results)


# --------------------------------------------------------------------------------------------- CLI
def test_cli_prints_the_table_and_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = arena_cli.main(["paladin", "--bots", "heuristic,random", "--games", "4", "--jobs", "1",
                           "--seed", "3", "--out", str(tmp_path), "--no-progress"])
    assert code == 0
    out = capsys.readouterr().out
    assert "win share [95% CI]" in out and "heuristic" in out and "random" in out
    assert "CPU s/move p95 | max" in out and "max / budget" in out
    assert (tmp_path / "standings.csv").exists() and (tmp_path / "summary.json").exists()


def test_cli_reports_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_cli.main(["nosuchgame", "--bots", "random", "--out", str(tmp_path)]) == 2
    assert arena_cli.main(["paladin", "--bots", "random,nosuchbot", "--out", str(tmp_path)]) == 2
    assert arena_cli.main(["paladin", "--bots", "ismcts:iters=0", "--out", str(tmp_path)]) == 2
    assert arena_cli.main(["paladin", "--bots", "random", "--plugin", "no.such.module", "--out", str(tmp_path)]) == 2
    assert "error" in capsys.readouterr().err
    a_file = tmp_path / "taken"
    a_file.write_text("mine\n")
    assert arena_cli.main(["paladin", "--bots", "random", "--games", "1", "--out", str(a_file)]) == 2
    assert "is a file, not a folder" in " ".join(capsys.readouterr().err.split())
    assert a_file.read_text() == "mine\n"  # nothing lost


def _ctrl_c_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_cli_resumes_after_ctrl_c(tmp_path: Path) -> None:
    """A real interrupt: SIGINT to a running ``arena`` process with two workers, then the same command."""
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "medieval.interfaces.arena_cli", "paladin", "--bots",
           "ismcts:iters=4,heuristic,random,random", "--games", "60", "--jobs", "2", "--seed", "9",
           "--out", str(out), "--no-progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    # A shell without job control (CI's) starts background jobs with SIGINT ignored, and Python then
    # installs no Ctrl-C handler; the child gets the default back, as a terminal would give it.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=_ctrl_c_as_at_a_terminal)
    results = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if results.exists() and len(results.read_text().splitlines()) >= 4:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    lines = results.read_text().splitlines()
    assert proc.returncode == 130, err
    assert "interrupted" in err
    saved = len(lines) - 1
    assert 3 <= saved < 60
    again = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"resumed: {saved} games" in again.stderr
    final = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    assert sorted(r["index"] for r in final) == list(range(60))


# --------------------------------------------------------------------------------------------- Ray
@pytest.mark.slow
def test_ray_spreads_the_games_over_a_local_instance(tmp_path: Path) -> None:
    """Ray is an optional extra: this runs where it is installed (pip install 'medieval[ray]')."""
    pytest.importorskip("ray")
    config = paladin(("heuristic", "random", "random", "random"), 6, seed=7)
    on_ray = run(config, tmp_path / "ray", ray_address="local")
    serial = run(config, tmp_path / "serial", jobs=1)
    assert outcomes(on_ray.results) == outcomes(serial.results)


def test_a_second_run_on_a_playing_runs_folder_is_refused_and_report_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """While one ``arena`` process plays a run, a second one in its folder (here with ``--fresh``, which
    would delete the results the first is still writing) is refused with the first's process id;
    ``--report`` prints the games so far and changes nothing, not even a line still being written."""
    out = tmp_path / "run"
    args = ["paladin", "--bots", "ismcts:iters=300,heuristic,random,random", "--games", "200", "--jobs", "1",
            "--seed", "11", "--out", str(out), "--no-progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "medieval.interfaces.arena_cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    results = out / "results.jsonl"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (results.exists() and len(results.read_bytes().splitlines()) >= 3):
            time.sleep(0.05)
        assert proc.poll() is None, "the first run ended before the test could watch it"
        assert arena_cli.main([*args, "--fresh"]) == 2
        err = capsys.readouterr().err
        assert "another run is playing in" in err and str(proc.pid) in err and "--report" in err
        assert results.exists() and len(results.read_bytes().splitlines()) >= 3  # --fresh deleted nothing

        with results.open("ab") as f:  # as if the first run were halfway through writing a line
            f.write(b'{"index": 199, "se')
        before = results.read_bytes()
        assert arena_cli.main([*args, "--report"]) == 0
        captured = capsys.readouterr()
        assert "heuristic" in captured.out and "ismcts:iters=300" in captured.out
        assert "so far; nothing played, no file written" in captured.err
        assert results.read_bytes()[:len(before)] == before  # the torn line is the writer's to finish
        assert not (out / "summary.json").exists()
    finally:
        # SIGTERM, which stops a run as Ctrl-C does (a test worker's children may ignore SIGINT)
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 130
    assert (out / ".playing").read_text() == ""  # the first run let go of the folder as it ended
    assert arena_cli.main([*args[:4], "1", *args[5:]]) == 0  # and a run there is accepted again
    assert (out / "summary.json").exists()


def test_report_needs_games_and_is_not_fresh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["paladin", "--bots", "heuristic,random,random", "--games", "2", "--out", str(tmp_path / "none"),
            "--no-progress"]
    assert arena_cli.main([*args, "--report"]) == 2
    assert "no games in" in capsys.readouterr().err
    assert arena_cli.main([*args, "--report", "--fresh"]) == 2
    assert "give one of them" in capsys.readouterr().err
    assert arena_cli.main([*args]) == 0  # a run of 2 games there, then a report with other bots
    capsys.readouterr()
    assert arena_cli.main(["paladin", "--bots", "random,random,random", *args[3:], "--report"]) == 2
    assert "holds another run" in (err := capsys.readouterr().err) and "started with" in err
