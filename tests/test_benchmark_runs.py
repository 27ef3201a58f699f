"""The kept runs (``benchmarks/runs``) and their index agree: every run the index lists has its folder,
its command names the run its results file holds, and the games and win share it states are what the
arena's own summary of that file gives; no folder is left out of the index."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from medieval.agents.arena import ArenaConfig, summarize
from medieval.agents.ladder import ladder_config
from medieval.interfaces.arena_cli import config_from_args, options_of
from medieval.interfaces.cli import build_parser

RUNS = Path(__file__).resolve().parent.parent / "benchmarks" / "runs"
#: An index row: | `folder` | `command` | `commit` | games | share |
ROW = re.compile(r"^\| `(?P<folder>[\w.-]+)` \| `(?P<command>medieval [^`]+)` \| `(?P<commit>[0-9a-f]{7,40})` "
                 r"\| (?P<games>\d+) of (?P<requested>\d+) \| (?P<share>\d+\.\d)% \|", re.MULTILINE)


def _index() -> list[re.Match[str]]:
    return list(ROW.finditer((RUNS / "README.md").read_text(encoding="utf-8")))


def _results(folder: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = (RUNS / folder / "results.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    games = [json.loads(line) for line in lines[1:]]
    return header, [g for g in games if "error" not in g]


def test_the_index_lists_every_kept_run_once() -> None:
    listed = [m["folder"] for m in _index()]
    assert listed, "the index of benchmarks/runs lists no run"
    assert len(listed) == len(set(listed))
    kept = sorted(p.name for p in RUNS.iterdir() if p.is_dir())
    assert sorted(listed) == kept


@pytest.mark.parametrize("row", _index(), ids=lambda m: m["folder"])
def test_a_kept_run_is_the_run_its_index_row_states(row: re.Match[str]) -> None:
    header, games = _results(row["folder"])
    args = build_parser().parse_args(shlex.split(row["command"])[1:])
    assert args.out == Path("benchmarks/runs") / row["folder"], "the command resumes the run in its own folder"
    if args.command == "ladder":
        levels = [lv for lv in args.levels.split(",") if lv.strip()]
        config = ladder_config(args.game, args.players, options_of(args.option), levels, args.games, args.seed)
    else:
        assert args.command == "arena"
        config = config_from_args(args)
    for key in ("game", "players", "bots", "seed"):
        assert config.header()[key] == header[key], f"the command's {key} is not the run's"
    assert config.games == int(row["requested"])
    indices = [g["index"] for g in games]
    assert len(indices) == len(set(indices)) == int(row["games"])
    assert all(0 <= i < config.games for i in indices)
    assert all(g["seed"] == config.seed + g["index"] for g in games)
    # The share as the arena's summary computes it, for the run's first bot.
    played = ArenaConfig(header["game"], header["players"], header["options"], tuple(header["bots"]),
                         config.games, header["seed"])
    summary = summarize(played, games, bootstrap=10)
    first = next(r for r in summary.rows if r.bot == header["bots"][0])
    assert f"{first.share:.1%}" == f"{row['share']}%"
