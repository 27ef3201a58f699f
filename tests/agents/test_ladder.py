"""The ladder: levels in a round-robin, bootstrap intervals of their ratings, adjacent head-to-heads, the
markdown table and the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medieval.agents.arena import ArenaConfig
from medieval.agents.batch import seating
from medieval.agents.ladder import analyse, ladder_config, markdown
from medieval.core.errors import InvalidOptionError
from medieval.interfaces import ladder_cli


def results(config: ArenaConfig, n: int, winner: Any) -> list[dict[str, Any]]:
    """``n`` made-up games of ``config``: ``winner(index, lineup)`` is the winning seat; the others
    score by seat order."""
    out = []
    for i in range(n):
        seats = list(seating(len(config.bots), config.players, i))
        lineup = [config.bots[b] for b in seats]
        w = winner(i, lineup)
        scores = [10.0 if s == w else float(s) for s in range(config.players)]
        out.append({"index": i, "seed": config.seed + i, "seating": seats, "winners": [w], "scores": scores,
                    "rewards": [1.0 if s == w else 0.0 for s in range(config.players)]})
    return out


def test_levels_that_always_finish_in_order_are_apart() -> None:
    config = ladder_config("paladin", 3, {}, ["easy", "medium", "hard"], 60)
    order = {"easy": 0, "medium": 1, "hard": 2}

    def best(i: int, lineup: list[str]) -> int:
        return max(range(len(lineup)), key=lambda s: order[lineup[s]])

    played = results(config, 60, best)
    # the runner-up (by score) is not always the middle level: make it so
    for r in played:
        lineup = [config.bots[b] for b in r["seating"]]
        r["scores"] = [float(order[b]) for b in lineup]
    ladder = analyse(config, played, bootstrap=50, seed=1)
    assert [r.level for r in ladder.rows] == ["easy", "medium", "hard"]
    assert [r.spec for r in ladder.rows] == ["heuristic:eps=0.25", "heuristic", "ismcts:time=1,clock=cpu"]
    assert [(p.upper, p.lower) for p in ladder.pairs] == [("medium", "easy"), ("hard", "medium")]
    for p in ladder.pairs:
        assert p.games == 60 and p.ahead == 60 and p.low > 0.9 and p.apart
        assert 0 < p.diff_low <= p.diff <= p.diff_high
    for row in ladder.rows:
        assert row.mu_low <= row.mu <= row.mu_high
    assert ladder.rows[0].mu_high < ladder.rows[1].mu_low


def test_levels_that_win_in_turn_are_not_apart() -> None:
    config = ladder_config("medievallons", 2, {}, ["medium", "hard"], 40)
    played = results(config, 40, lambda i, lineup: lineup.index("hard" if i % 2 else "medium"))  # 20 wins each
    ladder = analyse(config, played, bootstrap=50, seed=1)
    (pair,) = ladder.pairs
    assert pair.games == 40 and pair.ahead == 20 and pair.low < 0.5 < pair.high and not pair.apart
    assert pair.diff_low < 0 < pair.diff_high
    text = markdown(ladder, command="medieval ladder medievallons --players 2")
    assert "| hard vs medium | 40 | 50.0% [" in text and "| no |" in text
    assert "    medieval ladder medievallons --players 2" in text


def test_with_fewer_seats_than_levels_a_pair_counts_only_the_games_it_shared() -> None:
    config = ladder_config("medievallons", 2, {}, ["easy", "medium", "hard"], 12)
    played = results(config, 12, lambda i, lineup: 0)
    ladder = analyse(config, played, bootstrap=10)
    assert [p.games for p in ladder.pairs] == [4, 4]  # each ordered pair of levels twice in 12 games


@pytest.mark.parametrize("levels", [["easy"], ["easy", "easy"], ["easy", "grandmaster"]])
def test_a_ladder_needs_distinct_levels(levels: list[str]) -> None:
    with pytest.raises(InvalidOptionError):
        ladder_config("paladin", 3, {}, levels, 10)


def test_the_run_records_what_each_level_stands_for_in_the_game() -> None:
    header = ladder_config("midevil", None, {}, ["easy", "medium"], 10).header()
    assert header["levels"] == {"easy": "heuristic:eps=0.1", "medium": "heuristic"}
    assert "levels" not in ArenaConfig("paladin", 3, {}, ("heuristic", "random"), 10).header()


def test_the_command_plays_resumes_and_writes_the_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["paladin", "--players", "3", "--levels", "easy,medium", "--games", "6", "--jobs", "1", "--seed", "3",
            "--bootstrap", "20", "--out", str(tmp_path), "--no-progress"]
    assert ladder_cli.main(args) == 0
    out = capsys.readouterr().out
    assert "| easy | `heuristic:eps=0.25` | 9 |" in out and "| medium vs easy | 6 |" in out
    assert (tmp_path / "ladder.md").read_text() == out
    data = json.loads((tmp_path / "ladder.json").read_text())
    assert data["games_played"] == 6 and [lv["level"] for lv in data["levels"]] == ["easy", "medium"]
    assert ladder_cli.main([*args[:6], "8", *args[7:]]) == 0  # extended: two more games
    assert json.loads((tmp_path / "ladder.json").read_text())["games_played"] == 8
    written = (tmp_path / "ladder.md").read_text()
    capsys.readouterr()
    assert ladder_cli.main([*args[:6], "10", *args[7:], "--report"]) == 0  # reads the 8 games, plays none
    report = capsys.readouterr()
    assert "8 of 10 games (seeds 3..12)" in report.out and "| medium vs easy | 8 |" in report.out
    assert "8 of 10 games in" in report.err and "nothing played" in report.err
    assert (tmp_path / "ladder.md").read_text() == written
    assert ladder_cli.main(["paladin", "--levels", "easy,nonsense", "--out", str(tmp_path / "x")]) == 2
