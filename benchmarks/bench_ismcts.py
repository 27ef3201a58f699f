"""ISMCTS speed: iterations per second on every registered game (or those named), one core.

Positions are taken from games played by the heuristic bots (seeded), evenly spread over each game,
at decisions with a real choice; at each, the ISMCTS of the seat to move searches with a fixed
iteration budget. The rate is total iterations over total search time, on the wall clock and on this
process's CPU clock (the CPU figure is what the machine gives one core when other programs share it).

    python benchmarks/bench_ismcts.py                      # every game, 300 iterations a position
    python benchmarks/bench_ismcts.py paladin medievallons --iters 1000 --positions 40
    python benchmarks/bench_ismcts.py --bot "ismcts:rollout=heuristic" --iters 50
    python benchmarks/bench_ismcts.py --json bench.json    # also write the figures as JSON

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


def bench_game(name: str, bot: str, iters: int, count: int, seed: int, players: int | None) -> dict[str, Any]:
    points = decision_points(medieval.make(name, players), count, seed)
    spec = f"{bot},iters={iters}" if ":" in bot else f"{bot}:iters={iters}"
    total_iters = 0
    wall = cpu = 0.0
    for i, (state, seat) in enumerate(points):
        agent = make_agent(spec, seed + i)
        assert isinstance(agent, ISMCTSAgent)
        agent.search(state, seat, state.legal_actions(seat))
        total_iters += agent.last.iterations
        wall += agent.last.seconds
        cpu += agent.last.cpu_seconds
    return {"game": name, "players": points[0][0].players, "bot": spec, "positions": len(points),
            "iterations": total_iters, "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            "iters_per_s_wall": round(total_iters / wall, 1) if wall else None,
            "iters_per_s_cpu": round(total_iters / cpu, 1) if cpu else None}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    p.add_argument("--bot", default="ismcts", help="ISMCTS spec without budget (default: ismcts)")
    p.add_argument("--iters", type=int, default=300, help="iterations per position (default 300)")
    p.add_argument("--positions", type=int, default=20, help="positions per game (default 20)")
    p.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default=None, help="also write the rows to this JSON file")
    args = p.parse_args(argv)
    names = args.games or [s.name for s in medieval.list_games()]
    rows = []
    print(f"| game | players | positions | iterations | iters/s (CPU) | iters/s (wall) |  bot: {args.bot}")
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        t = time.perf_counter()
        row = bench_game(name, args.bot, args.iters, args.positions, args.seed, args.players)
        rows.append(row)
        print(f"| {name} | {row['players']} | {row['positions']} | {row['iterations']} | "
              f"{row['iters_per_s_cpu']:,.0f} | {row['iters_per_s_wall']:,.0f} |  "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": sys.version.split()[0], "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
