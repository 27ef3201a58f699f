"""ISMCTS speed: iterations per second on every registered game (or those named), one core.

Positions are taken from games played by the heuristic bots (seeded), evenly spread over each game,
at decisions with a real choice; at each, the ISMCTS of the seat to move searches with a fixed
iteration budget. The rate is total iterations over total search time, on the wall clock and on this
process's CPU clock (the CPU figure is what the machine gives one core when other programs share it).

    python benchmarks/bench_ismcts.py                      # every game, 300 iterations a position
    python benchmarks/bench_ismcts.py paladin medievallons --iters 1000 --positions 40
    python benchmarks/bench_ismcts.py --bot "ismcts:rollout=heuristic" --iters 50
    python benchmarks/bench_ismcts.py --json bench.json    # also write the figures as JSON

Large decisions and time budgets (``--min-actions``, ``--time``): positions with at least that many legal
actions, each searched for that many CPU-seconds; the table then also gives, per move, the playouts of
the most sampled root action other than the most sampled one (for the paired search: the best-sampled
challenger of the heuristic's move) and how many moves left the most sampled action (for the paired
search: left the heuristic's move):

    python benchmarks/bench_ismcts.py midevil --min-actions 8 --positions 12 --time 1 --seed 1200
    python benchmarks/bench_ismcts.py midevil --min-actions 8 --positions 12 --time 1 --seed 1200 --bot ismcts:halving=8

Recorded baselines: docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

import medieval
from medieval.agents import make_agent
from medieval.agents.ismcts import ISMCTSAgent
from medieval.interfaces.bench import decision_points


def bench_game(name: str, bot: str, iters: int, count: int, seed: int, players: int | None,
               min_actions: int = 2, seconds: float | None = None) -> dict[str, Any]:
    points = decision_points(medieval.make(name, players), count, seed, min_actions=min_actions)
    # settle=off: a search that stops once its move is decided would measure only its early iterations
    budget = f"time={seconds:g},clock=cpu,settle=off" if seconds is not None else f"iters={iters}"
    spec = f"{bot},{budget}" if ":" in bot else f"{bot}:{budget}"
    total_iters = 0
    wall = cpu = 0.0
    runner_up = 0
    left = 0
    for i, (state, seat) in enumerate(points):
        agent = make_agent(spec, seed + i)
        assert isinstance(agent, ISMCTSAgent)
        agent.prepare(state.game)
        choice = agent.search(state, seat, state.legal_actions(seat))
        total_iters += agent.last.iterations
        wall += agent.last.seconds
        cpu += agent.last.cpu_seconds
        visits = sorted(agent.last.root.items(), key=lambda kv: -kv[1][0])
        runner_up += visits[1][1][0] if len(visits) > 1 else 0
        left += bool(visits) and str(choice) != visits[0][0]
    n = len(points)
    return {"game": name, "players": points[0][0].players, "bot": spec, "positions": n,
            "iterations": total_iters, "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            "iters_per_s_wall": round(total_iters / wall, 1) if wall else None,
            "iters_per_s_cpu": round(total_iters / cpu, 1) if cpu else None,
            "median_actions": sorted(len(s.legal_actions(p)) for s, p in points)[n // 2],
            "iters_per_move": round(total_iters / n, 1), "runner_up_per_move": round(runner_up / n, 1),
            "left_most_sampled": left}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    p.add_argument("--bot", default="ismcts", help="ISMCTS spec without budget (default: ismcts)")
    p.add_argument("--iters", type=int, default=300, help="iterations per position (default 300)")
    p.add_argument("--positions", type=int, default=20, help="positions per game (default 20)")
    p.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--min-actions", type=int, default=2, help="only positions with this many legal actions")
    p.add_argument("--time", type=float, default=None, help="CPU seconds a position instead of --iters")
    p.add_argument("--json", default=None, help="also write the rows to this JSON file")
    args = p.parse_args(argv)
    names = args.games or [s.name for s in medieval.list_games()]
    rows = []
    print(f"| game | players | positions | median actions | iterations | iters/s (CPU) | iters/s (wall) | "
          f"iters/move | runner-up/move | left the most sampled |  bot: {args.bot}")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        t = time.perf_counter()
        row = bench_game(name, args.bot, args.iters, args.positions, args.seed, args.players, args.min_actions,
                         args.time)
        rows.append(row)
        print(f"| {name} | {row['players']} | {row['positions']} | {row['median_actions']} | {row['iterations']} | "
              f"{row['iters_per_s_cpu']:,.0f} | {row['iters_per_s_wall']:,.0f} | {row['iters_per_move']} | "
              f"{row['runner_up_per_move']} | {row['left_most_sampled']} |  "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": sys.version.split()[0], "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
