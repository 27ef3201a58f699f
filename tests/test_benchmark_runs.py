"""The kept runs (``benchmarks/runs``) and their index agree: every run the index lists has its folder,
its command names the run its results file holds, and the games and win share it states are what the
arena's own summary of that file gives; no folder is left out of the index. A run marked "closed" was
played with levels defined otherwise than today's (its file records them): it is read with those."""

from __future__ import annotations

import re
import shlex
from dataclasses import replace
from pathlib import Path

import pytest

from medieval.agents.arena import LevelsChanged, read_results, summarize
from medieval.interfaces import arena_cli, ladder_cli
from medieval.interfaces.cli import build_parser

RUNS = Path(__file__).resolve().parent.parent / "benchmarks" / "runs"
#: An index row: | `folder` | `command` | `commit` | games (", closed") | share |
ROW = re.compile(r"^\| `(?P<folder>[\w.-]+)` \| `(?P<command>medieval [^`]+)` \| `(?P<commit>[0-9a-f]{7,40})` "
                 r"\| (?P<games>\d+) of (?P<requested>\d+)(?P<closed>, closed)? \| (?P<share>\d+\.\d)% \|",
                 re.MULTILINE)


def _index() -> list[re.Match[str]]:
    return list(ROW.finditer((RUNS / "README.md").read_text(encoding="utf-8")))


def test_the_index_lists_every_kept_run_once() -> None:
    listed = [m["folder"] for m in _index()]
    assert listed, "the index of benchmarks/runs lists no run"
    assert len(listed) == len(set(listed))
    kept = sorted(p.name for p in RUNS.iterdir() if p.is_dir())
    assert sorted(listed) == kept


@pytest.mark.parametrize("row", _index(), ids=lambda m: m["folder"])
def test_a_kept_run_is_the_run_its_index_row_states(row: re.Match[str]) -> None:
    args = build_parser().parse_args(shlex.split(row["command"])[1:])
    assert args.out == Path("benchmarks/runs") / row["folder"], "the command resumes the run in its own folder"
    assert args.command in ("arena", "ladder")
    config = (ladder_cli if args.command == "ladder" else arena_cli).config_from_args(args)
    if row["closed"]:  # played with the levels its first line records, no longer today's: read it with those
        with pytest.raises(LevelsChanged) as closed:
            read_results(RUNS / row["folder"], config)
        config = replace(config, levels=closed.value.then)
    # As --report reads it: the file's first line must name the command's run (game, options, bots, seed).
    done = read_results(RUNS / row["folder"], config)
    assert config.games == int(row["requested"])
    assert len(done) == int(row["games"])
    # A kept file holds its first line and one line a game: no game twice, no failed game left in it.
    assert len((RUNS / row["folder"] / "results.jsonl").read_text(encoding="utf-8").splitlines()) == len(done) + 1
    assert all(0 <= i < config.games and g["seed"] == config.seed + i for i, g in done.items())
    # The share as the arena's summary computes it, for the run's first bot.
    summary = summarize(config, [done[i] for i in sorted(done)], bootstrap=10)
    first = next(r for r in summary.rows if r.bot == config.bots[0])
    assert f"{first.share:.1%}" == f"{row['share']}%"
