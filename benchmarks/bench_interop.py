"""Step overhead of the RL adapters over the raw engine, per game (needs the ``interop`` extra).

Each measurement plays uniformly random games for ``--seconds`` and counts decisions per second:

- **raw**: the engine alone: ``seat = state.to_move[0]; state.apply(seat, rng.choice(state.legal_actions(seat)))``;
- **mask**: the PettingZoo AEC env, the agent choosing at random among the indices its action mask allows:
  ``mask = env.action_mask(agent); env.step(random index where mask == 1)`` (``last(observe=False)`` style);
- **obs**: the same, also computing the observation every step (``env.last()``: ``view(seat)`` encoded
  into the float32 vector, plus the mask);
- **openspiel**: the OpenSpiel game, ``state.apply_action(random choice of state.legal_actions())``.

The measurements are interleaved and repeated (``--repeat``); the best of each is kept, which is the least
disturbed by other processes. Ratios are raw / adapter (how many times slower).

    python benchmarks/bench_interop.py                      # every game at its default player count
    python benchmarks/bench_interop.py paladin --players 5 --seconds 2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import medieval
from medieval.interop.encodings import games_with_encodings


def raw_steps(name: str, players: int, seconds: float, seed: int) -> float:
    game = medieval.make(name, players)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(rng.getrandbits(32))
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    return steps / (time.perf_counter() - start)


def env_steps(name: str, players: int, seconds: float, seed: int, observe: bool) -> float:
    from medieval.interop.pettingzoo import env

    e = env(name, players=players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset()
        terminations = e.terminations
        while True:
            agent = e.agent_selection
            if terminations[agent]:
                break
            mask = e.last()[0]["action_mask"] if observe else e.action_mask(agent)
            legal = mask.nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_steps(name: str, players: int, seconds: float, seed: int) -> float:
    from medieval.interop.openspiel import load

    game = load(name, players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def bench(name: str, players: int, seconds: float, repeat: int, openspiel: bool) -> dict[str, Any]:
    runs: dict[str, Callable[[int], float]] = {
        "raw": lambda seed: raw_steps(name, players, seconds, seed),
        "mask": lambda seed: env_steps(name, players, seconds, seed, observe=False),
        "obs": lambda seed: env_steps(name, players, seconds, seed, observe=True),
    }
    if openspiel:
        runs["openspiel"] = lambda seed: openspiel_steps(name, players, seconds, seed)
    best = dict.fromkeys(runs, 0.0)
    for r in range(repeat):
        for key, run in runs.items():
            best[key] = max(best[key], run(r))
    out: dict[str, Any] = {"game": name, "players": players, "steps_per_s": {k: round(v) for k, v in best.items()}}
    out["slowdown"] = {k: round(best["raw"] / v, 2) for k, v in best.items() if k != "raw" and v}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games (default: every game with an encoding)")
    parser.add_argument("--players", type=int, help="player count (default: each game's default)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved repetitions, best kept (default 3)")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel measurement")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    names = args.games or games_with_encodings()
    results = []
    header = f"{'game':<16}{'players':>8}{'raw/s':>10}{'mask/s':>10}{'x':>7}{'obs/s':>10}{'x':>7}"
    if not args.no_openspiel:
        header += f"{'spiel/s':>10}{'x':>7}"
    print(header)
    for name in names:
        spec = medieval.make(name).spec
        players = args.players or spec.default_players or spec.min_players
        res = bench(name, players, args.seconds, args.repeat, not args.no_openspiel)
        results.append(res)
        sps, slow = res["steps_per_s"], res["slowdown"]
        line = (f"{name:<16}{players:>8}{sps['raw']:>10}{sps['mask']:>10}{slow['mask']:>7}"
                f"{sps['obs']:>10}{slow['obs']:>7}")
        if not args.no_openspiel:
            line += f"{sps['openspiel']:>10}{slow['openspiel']:>7}"
        print(line, flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
