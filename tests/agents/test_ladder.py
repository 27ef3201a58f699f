"""The ladder: levels in a round-robin, bootstrap intervals of their ratings, adjacent head-to-heads, the
markdown table and the command."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from medieval.agents.arena import ArenaConfig, bot_budgets
from medieval.agents.batch import seating
from medieval.agents.ladder import INTERIM_Z, Pair, analyse, ladder_config, look_every, looks, markdown, stopping_point
from medieval.agents.levels import NAMES
from medieval.agents.ratings import wilson_interval
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
    assert [r.spec for r in ladder.rows] == ["heuristic:eps=0.35", "heuristic", "ismcts:time=1,clock=cpu"]
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
    assert "hard vs medium not ahead so far" in text
    assert "    medieval ladder medievallons --players 2" in text


def test_with_fewer_seats_than_levels_a_pair_counts_only_the_games_it_shared() -> None:
    config = ladder_config("medievallons", 2, {}, ["easy", "medium", "hard"], 12)
    played = results(config, 12, lambda i, lineup: 0)
    ladder = analyse(config, played, bootstrap=10)
    assert [p.games for p in ladder.pairs] == [4, 4]  # each ordered pair of levels twice in 12 games


def test_every_two_levels_have_their_head_to_head_beside_the_adjacent_pairs() -> None:
    """A level may gain on the one below it and not on the others: the rating difference reads all the
    games, so the ladder also shows every two levels' meetings."""
    config = ladder_config("medievallons", 4, {}, ["easy", "medium", "hard", "expert"], 48)
    played = results(config, 48, lambda i, lineup: 0)
    for r in played:  # expert, hard, medium, easy; one game in four medium first, then expert, hard, easy
        lineup = [config.bots[b] for b in r["seating"]]
        order = ["medium", "expert", "hard", "easy"] if r["index"] % 4 == 0 else ["expert", "hard", "medium", "easy"]
        r["scores"] = [float(4 - order.index(b)) for b in lineup]
        r["winners"] = [lineup.index(order[0])]
    ladder = analyse(config, played, bootstrap=20, seed=1)
    shares = {(m.upper, m.lower): (m.games, m.share) for m in ladder.meetings}
    assert shares == {("medium", "easy"): (48, 1.0), ("hard", "easy"): (48, 1.0), ("hard", "medium"): (48, 0.75),
                      ("expert", "easy"): (48, 1.0), ("expert", "medium"): (48, 0.75), ("expert", "hard"): (48, 1.0)}
    assert [(p.upper, p.lower, p.share) for p in ladder.pairs] == [
        ("medium", "easy", 1.0), ("hard", "medium", 0.75), ("expert", "hard", 1.0)]
    text = markdown(ladder)
    assert "| finished ahead of | easy | medium | hard |" in text
    assert "| expert | 100.0% of 48 | 75.0% of 48 | 100.0% of 48 |" in text
    assert "| hard | 100.0% of 48 | 75.0% of 48 |  |" in text
    meetings = ladder.to_json()["meetings"]
    (em,) = [m for m in meetings if (m["upper"], m["lower"]) == ("expert", "medium")]
    assert em["games"] == 48 and em["upper_ahead"] == 36 and em["ci95"] == list(wilson_interval(36, 48))


def test_with_fewer_seats_every_two_levels_count_only_the_games_they_shared() -> None:
    config = ladder_config("medievallons", 2, {}, ["easy", "medium", "hard"], 12)
    strongest = ["easy", "medium", "hard"].index
    ladder = analyse(config, results(config, 12, lambda i, lineup: lineup.index(max(lineup, key=strongest))),
                     bootstrap=10)
    assert [(m.upper, m.lower, m.games, m.share) for m in ladder.meetings] == [
        ("medium", "easy", 4, 1.0), ("hard", "easy", 4, 1.0), ("hard", "medium", 4, 1.0)]
    two = analyse(ladder_config("medievallons", 2, {}, ["hard", "expert"], 4), [], bootstrap=10)
    assert "finished ahead of" not in markdown(two)  # two levels: the pairs table says it all


@pytest.mark.parametrize("levels", [["easy"], ["easy", "easy"], ["easy", "grandmaster"]])
def test_a_ladder_needs_distinct_levels(levels: list[str]) -> None:
    with pytest.raises(InvalidOptionError):
        ladder_config("paladin", 3, {}, levels, 10)


def test_the_run_records_what_each_level_stands_for_in_the_game() -> None:
    header = ladder_config("medievalia", None, {}, ["easy", "medium"], 10).header()
    assert header["levels"] == {"easy": "heuristic:eps=0.15", "medium": "heuristic"}
    assert "levels" not in ArenaConfig("paladin", 3, {}, ("heuristic", "random"), 10).header()


def test_the_command_plays_resumes_and_writes_the_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["paladin", "--players", "3", "--levels", "easy,medium", "--games", "6", "--jobs", "1", "--seed", "3",
            "--bootstrap", "20", "--out", str(tmp_path), "--no-progress"]
    assert ladder_cli.main(args) == 0
    out = capsys.readouterr().out
    assert "| easy | `heuristic:eps=0.35` | 9 |" in out and "| medium vs easy | 6 |" in out
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


def test_a_run_whose_levels_were_redefined_goes_on_no_more_but_reports_as_it_was_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A level redefined after a run started (as 2-player Medievallons' hard was): the run's games were
    played by other bots, so it is not played on, and the error says what changed; ``--report`` shows its
    games with the levels they were played with, and says so."""
    args = ["paladin", "--players", "3", "--levels", "easy,medium", "--games", "4", "--jobs", "1", "--out",
            str(tmp_path), "--no-progress", "--bootstrap", "20"]
    assert ladder_cli.main([*args[:6], "2", *args[7:]]) == 0
    path = tmp_path / "results.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["levels"]["easy"] = "heuristic:eps=0.5"  # what easy stood for when the run was played
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]), encoding="utf-8")
    changed = "easy was heuristic:eps=0.5 and is now heuristic:eps=0.35"
    capsys.readouterr()
    assert ladder_cli.main(args) == 2
    err = capsys.readouterr().err
    assert f"played with levels defined otherwise than now ({changed})" in err and "another --out folder" in err
    assert path.read_text(encoding="utf-8").splitlines(keepends=True)[1:] == lines[1:]  # nothing played or lost
    assert ladder_cli.main([*args, "--report"]) == 0
    report = capsys.readouterr()
    assert "| easy | `heuristic:eps=0.5` |" in report.out and "2 of 4 games" in report.out
    then = replace(ladder_config("paladin", 3, {}, ["easy", "hard"], 4),
                   levels={"easy": "heuristic", "hard": "ismcts:time=2"})
    assert bot_budgets(then) == {"easy": None, "hard": (2.0, "wall")}  # the budgets of the levels as played
    assert changed in report.err and "the tables show the levels it was played with" in report.err


# ------------------------------------------------------------------------------------- stopping early
def test_a_ladder_settles_at_the_first_look_where_every_pair_clears_the_stricter_bar() -> None:
    """``stopping_point``: levels that always finish in order settle at the first look; levels that win in
    turn never do; a look whose games are not all in yet settles nothing."""
    config = ladder_config("paladin", 3, {}, ["easy", "medium", "hard"], 240)
    order = {"easy": 0, "medium": 1, "hard": 2}
    in_order = results(config, 240, lambda i, lineup: max(range(3), key=lambda s: order[lineup[s]]))
    for r in in_order:
        r["scores"] = [float(order[config.bots[b]]) for b in r["seating"]]
    assert look_every(config) == 48 and looks(config, 48) == [48, 96, 144, 192]
    assert stopping_point(config, in_order, 48, bootstrap=100) == 48
    assert stopping_point(config, in_order, 24, bootstrap=100) == 24
    assert stopping_point(config, [r for r in in_order if r["index"] != 5], 48, bootstrap=100) is None
    in_turn = results(config, 240, lambda i, lineup: i % 3)
    assert stopping_point(config, in_turn, 48, bootstrap=100) is None
    # a look judges the games up to it alone: 48 games in turn, then in order, do not settle at 48
    late = in_turn[:48] + in_order[48:]
    assert stopping_point(config, late, 48, bootstrap=100) in (96, 144)


def test_an_interim_look_asks_both_the_head_to_head_and_the_rating_difference_to_clear_the_bar() -> None:
    ahead_only = Pair("hard", "medium", 100, 90.0, 0.82, 0.95, diff=2.0, diff_low=0.1, diff_high=4.0, diff_sd=1.0)
    rated_only = Pair("hard", "medium", 100, 60.0, 0.5, 0.7, diff=9.0, diff_low=6.0, diff_high=12.0, diff_sd=1.0)
    both = Pair("hard", "medium", 100, 90.0, 0.82, 0.95, diff=9.0, diff_low=6.0, diff_high=12.0, diff_sd=1.0)
    assert [p.apart_at(INTERIM_Z) for p in (ahead_only, rated_only, both)] == [False, False, True]


def test_the_stricter_bar_asks_more_than_the_last_looks() -> None:
    """A pair apart at 95% after 60 games of 40 won to 20 is not apart by an interim look's bar."""
    config = ladder_config("medievallons", 2, {}, ["medium", "hard"], 60)
    played = results(config, 60, lambda i, lineup: lineup.index("hard" if i % 3 else "medium"))
    (pair,) = analyse(config, played, bootstrap=400, seed=2).pairs
    assert pair.ahead == 40 and pair.apart and pair.apart_at(1.96)
    assert not pair.apart_at(INTERIM_Z)
    assert pair.diff_low < pair.diff - 1.5 * pair.diff_sd < pair.diff  # the deviation is the interval's scale
    assert look_every(config) == 48 and look_every(ladder_config("medievallons", 2, {}, NAMES, 60)) == 48
    assert look_every(ladder_config("medievallons", 3, {}, NAMES, 60)) == 48  # 24 orders of 4 levels in 3 seats


def test_the_command_stops_early_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Medievalia 2007's easy and medium, far apart, settle at the first look of a 240-game run; Paladin's
    (3 players) do not, and play every game."""
    args = ["medievalia2007", "--levels", "easy,medium", "--games", "240", "--jobs", "1", "--seed", "0",
            "--bootstrap", "300", "--out", str(tmp_path / "m7"), "--no-progress", "--stop-early"]
    assert ladder_cli.main(args) == 0
    out, err = capsys.readouterr()
    assert "48 of 240 games" in out and "Stopped early after 48 games" in out and "--stop-early" in out
    assert "apart after 48 games: stopping early" in err
    data = json.loads((tmp_path / "m7" / "ladder.json").read_text())
    assert data["games_played"] == 48 and data["stopped_early"] and data["adjacent"][0]["apart"]
    assert len((tmp_path / "m7" / "results.jsonl").read_text().splitlines()) == 1 + 48
    assert ladder_cli.main(args) == 0  # the same command: nothing more to play
    again = capsys.readouterr()
    assert again.out == out and "resumed: 48 games" in again.err
    assert ladder_cli.main([*args, "--report"]) == 0
    assert capsys.readouterr().out == out
    unsettled = ["paladin", "--players", "3", "--levels", "easy,medium", "--games", "96", "--jobs", "1",
                 "--bootstrap", "300", "--out", str(tmp_path / "p3"), "--no-progress", "--stop-early",
                 "--look-every", "24"]
    assert ladder_cli.main(unsettled) == 0
    out, err = capsys.readouterr()
    assert "96 games" in out and "of 96" not in out and "Stopped early" not in out and "stopping early" not in err
    assert not json.loads((tmp_path / "p3" / "ladder.json").read_text())["stopped_early"]


def test_looks_are_whole_seating_cycles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["paladin", "--players", "3", "--levels", "easy,medium,hard", "--games", "10", "--out", str(tmp_path)]
    assert ladder_cli.main([*base, "--stop-early", "--look-every", "10"]) == 2  # 3 levels in 3 seats: cycles of 3
    assert "whole number of seating cycles (3 games here" in " ".join(capsys.readouterr().err.split())
    assert ladder_cli.main([*base, "--look-every", "9"]) == 2
    assert "--look-every is for --stop-early" in capsys.readouterr().err
    assert not (tmp_path / "results.jsonl").exists()


def test_a_pair_not_yet_apart_projects_the_games_that_would_part_it_at_the_rates_seen() -> None:
    """Intervals narrow as one over the square root of the games: 58 of 100 ahead needs about 147 games
    for the head-to-head, a difference of 2.0 with a deviation of 1.5 about 217 for the rating."""
    def pair(ahead: float, diff: float, sd: float, games: int = 100) -> Pair:
        return Pair("hard", "medium", games, ahead, 0.48, 0.67, diff=diff, diff_low=diff - 2 * sd,
                    diff_high=diff + 2 * sd, diff_sd=sd)

    assert pair(58.0, 2.0, 1.5).games_to_part(100) == 217  # the rating difference binds
    assert pair(58.0, 2.0, 0.5).games_to_part(100) == 147  # the head-to-head binds
    sixth = pair(29.0, 2.0, 0.5, games=50).games_to_part(300)  # 58% of 50: the pair met in a sixth of the games
    assert sixth == 878  # 146.2 games together (as above), six times as many in all
    assert pair(50.0, 2.0, 0.5).games_to_part(100) is None  # not ahead: no number of games parts it
    assert pair(58.0, -0.5, 0.5).games_to_part(100) is None
    apart = Pair("hard", "medium", 400, 300.0, 0.7, 0.79, diff=5.0, diff_low=3.0, diff_high=7.0, diff_sd=1.0)
    assert apart.apart and apart.games_to_part(400) is None
