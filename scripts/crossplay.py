"""Cross-play: our search against OpenSpiel's ISMCTS through the adapter, at equal CPU time a move.

For each game (default: every game OpenSpiel's ISMCTS can play, that is every imperfect-information
game), at two players where the game allows it (else its smallest table, the two bots taking seats in
turn), an arena run of ``ismcts:time=T,clock=cpu`` (tuned for the game) against
``openspiel-ismcts:time=T,clock=cpu`` (random rollouts, UCT c=2), seats rotated. Each run lives in its
own arena folder, so an interrupted cross-play resumes where it stopped. Prints a markdown table.
OpenSpiel's bot has no guard against keeping its own turn going for ever (R13 of Medievalia 2007 lets
troops move freely), so a game still going after ``--max-decisions`` decisions (default 5,000: the
longest heuristic games take a few hundred) is reported as an error and left out of the table.

    python scripts/crossplay.py --time 1 --games 40 --seed 3000 --jobs 2
    python scripts/crossplay.py medievallons paladin --time 0.5 --games 10
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import medieval
from medieval.agents.arena import ArenaConfig, run, summarize, write_summary
from medieval.core.registry import make

PLUGIN = "medieval.interop.openspiel"


def table_size(name: str) -> int:
    spec = medieval.make(name).spec
    return 2 if spec.min_players <= 2 <= spec.max_players else spec.min_players


def playable(name: str) -> bool:
    spec = make(name).spec
    return spec.hidden_information or spec.simultaneous  # OpenSpiel's ISMCTS asks for imperfect information


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games_", nargs="*", metavar="GAME", help="games (default: every one OpenSpiel's ISMCTS plays)")
    p.add_argument("--time", type=float, default=1.0, help="CPU seconds a move for both bots (default 1)")
    p.add_argument("--games", type=int, default=40, help="games per game (default 40)")
    p.add_argument("--seed", type=int, default=3000, help="seed of game 0 (default 3000)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--max-decisions", type=int, default=5000,
                   help="a game still going after this many decisions is an error, not a result (default 5000)")
    p.add_argument("--out", type=Path, default=Path("arena-runs"), help="folder of the runs (default arena-runs)")
    args = p.parse_args(argv)
    if args.max_decisions < 1:
        p.error(f"--max-decisions must be at least 1, got {args.max_decisions}")
    import medieval.interop.openspiel  # registers openspiel-ismcts here (the workers import it too)

    names = args.games_ or [s.name for s in medieval.list_games() if playable(s.name)]
    ours, theirs = f"ismcts:time={args.time:g},clock=cpu", f"openspiel-ismcts:time={args.time:g},clock=cpu"
    print(f"Our ISMCTS (`{ours}`) against OpenSpiel's (`{theirs}`), seats rotated, 95% Wilson intervals\n")
    print("| game | players | games (seeds) | ours: win share [95% CI] | x fair | OpenSpiel's | "
          "longest move / budget, ours | theirs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        players = table_size(name)
        config = ArenaConfig(name, players, {}, (ours, theirs), args.games, args.seed, plugins=(PLUGIN,),
                             max_decisions=args.max_decisions)
        out = args.out / f"crossplay-{name}-{players}p-t{args.time:g}-s{args.seed}"
        report = run(config, out, jobs=args.jobs)
        summary = summarize(config, report.results)
        write_summary(summary, report.results, out)
        rows = {r.bot: r for r in summary.rows}
        a, b = rows[ours], rows[theirs]
        over_a, over_b = a.over_budget, b.over_budget
        print(f"| {medieval.make(name).spec.display_name} | {players} | {summary.games} ({args.seed}-"
              f"{args.seed + summary.games - 1}) | **{a.share:.1%}** [{a.low:.1%}, {a.high:.1%}] | "
              f"{a.vs_fair:.2f} | {b.share:.1%} | {'-' if over_a is None else f'{over_a:.2f}'} | "
              f"{'-' if over_b is None else f'{over_b:.2f}'} |", flush=True)
        for failed in report.errors[:3]:
            print(f"<!-- {name}: game {failed['index']} raised {failed['error']} -->", file=sys.stderr)
        if report.interrupted:
            return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
