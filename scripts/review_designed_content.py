"""Review the designed content with simulations: what each Medievalia Tower card and each MidEvil event card
and tile kind does to the scores and the length of a game.

    python scripts/review_designed_content.py medievalia --games 300 --jobs 1
    python scripts/review_designed_content.py midevil --games 300 --jobs 1 --json review.json

Heuristic bots in every seat (4 players), games seeded ``seed + i``, the same seeds for every variant.

Medievalia: a baseline without Tower cards (``tower=none``), then each card alone, in play every round
(``field=CMxx, instructor=none`` or ``field=none, instructor=IMxx``), the first round's first player fixed
at seat 0 (``first_player=0``). The cards of the first design that were revised are measured too
(``tower_design=first``).

MidEvil: the whole box, then the box without one event card or one kind of tile (``leave_out=NAME``); a
card's effect is the opposite of what leaving it out does. The baseline games also count how often each
card is played.

Each variant reports the mean game length (decisions; MidEvil also rounds), the mean score, the score
spread (the winner's score minus the last player's), the first player's share of the wins and, for MidEvil,
how the games end — with 95% intervals. Printed as Markdown tables for the rules documents."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from medieval.agents.base import make_agent
from medieval.agents.batch import bot_seed, execute
from medieval.agents.match import play_match
from medieval.agents.ratings import wilson_interval
from medieval.core.registry import make

PLAYERS = 4


# ------------------------------------------------------------------------------------ variants
def medievalia_variants() -> list[tuple[str, dict[str, Any]]]:
    from medieval.games.medievalia.tower import FIELD_CODES, INSTRUCTOR_CODES, REVISED

    base: dict[str, Any] = {"first_player": 0}
    out: list[tuple[str, dict[str, Any]]] = [("no Tower card", {**base, "tower": "none"})]
    out += [(c, {**base, "field": c, "instructor": "none"}) for c in FIELD_CODES]
    out += [(c, {**base, "field": "none", "instructor": c}) for c in INSTRUCTOR_CODES]
    for c in REVISED:
        forced = {"field": c, "instructor": "none"} if c.startswith("CM") else {"field": "none", "instructor": c}
        out.append((f"{c} (first design)", {**base, **forced, "tower_design": "first"}))
    return out


def midevil_variants() -> list[tuple[str, dict[str, Any]]]:
    from medieval.games.midevil.components import LEAVE_OUT

    return [("whole box", {}), *((f"without {name}", {"leave_out": name}) for name in LEAVE_OUT)]


VARIANTS = {"medievalia": medievalia_variants, "midevil": midevil_variants}


# ------------------------------------------------------------------------------------ one game
def play_one(task: dict[str, Any]) -> dict[str, Any]:
    """One game with heuristic bots; what the review needs of it."""
    game = make(task["game"], PLAYERS, **task["options"])
    seed = int(task["seed"])
    agents = [make_agent("heuristic", bot_seed(seed, s)) for s in range(PLAYERS)]
    result = play_match(game, agents, seed)
    state: Any = result.state
    out = result.outcome
    done: dict[str, Any] = {"index": task["index"], "variant": task["variant"], "decisions": result.decisions,
                            "scores": list(out.scores), "rewards": [out.reward(s) for s in range(PLAYERS)],
                            "termination": out.termination}
    if task["game"] == "midevil":
        done["first"] = int(state.first)
        done["rounds"] = int(state.round)
        done["plays"] = dict(Counter(e["card"] for e in state.events(None) if e["kind"] == "play"))
    else:
        done["first"] = 0
        done["trail"], done["lead"] = trail_and_lead(state.round_scores)
    return done


def trail_and_lead(round_scores: list[list[int]]) -> tuple[float, float]:
    """Medievalia, rounds 2 on: the mean round score of the player(s) with the lowest total before the
    round, and of the player(s) with the highest, each minus the round's mean (what a catch-up card moves)."""
    trail: list[float] = []
    lead: list[float] = []
    totals = [0] * len(round_scores[0])
    for r, scores in enumerate(round_scores):
        if r:
            mean = sum(scores) / len(scores)
            low, high = min(totals), max(totals)
            lows = [scores[x] for x, t in enumerate(totals) if t == low]
            highs = [scores[x] for x, t in enumerate(totals) if t == high]
            trail.append(sum(lows) / len(lows) - mean)
            lead.append(sum(highs) / len(highs) - mean)
        totals = [t + x for t, x in zip(totals, scores, strict=True)]
    return sum(trail) / len(trail), sum(lead) / len(lead)


# ------------------------------------------------------------------------------------ statistics
def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def summarise(game: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    length = mean_ci([float(r["decisions"]) for r in rows])
    score = mean_ci([sum(r["scores"]) / PLAYERS for r in rows])
    spread = mean_ci([float(max(r["scores"]) - min(r["scores"])) for r in rows])
    first_wins = sum(r["rewards"][r["first"]] for r in rows)
    lo, hi = wilson_interval(first_wins, n)
    out: dict[str, Any] = {"games": n, "decisions": length, "score": score, "spread": spread,
                           "first_player_wins": [first_wins / n, lo, hi]}
    if game == "medievalia":
        out["trail"] = mean_ci([r["trail"] for r in rows])
        out["lead"] = mean_ci([r["lead"] for r in rows])
    if game == "midevil":
        out["rounds"] = mean_ci([float(r["rounds"]) for r in rows])
        ends = Counter(r["termination"] for r in rows)
        out["endings"] = {k: v / n for k, v in sorted(ends.items())}
        plays: Counter[str] = Counter()
        for r in rows:
            plays.update(r["plays"])
        out["plays_per_game"] = {k: v / n for k, v in sorted(plays.items())}
    return out


def _pm(mc: list[float] | tuple[float, float], digits: int = 1) -> str:
    return f"{mc[0]:.{digits}f} ± {mc[1]:.{digits}f}"


def _pct(p: list[float]) -> str:
    return f"{100 * p[0]:.0f}% ({100 * p[1]:.0f}-{100 * p[2]:.0f})"


def markdown(game: str, summary: dict[str, dict[str, Any]]) -> str:
    if game == "medievalia":
        lines = ["| variant | decisions | mean score | spread (best - worst) | last's round | leader's round | "
                 "first player wins |", "|---|---:|---:|---:|---:|---:|---:|"]
        for name, s in summary.items():
            lines.append(f"| {name} | {_pm(s['decisions'], 0)} | {_pm(s['score'])} | {_pm(s['spread'])} | "
                         f"{_pm(s['trail'], 2)} | {_pm(s['lead'], 2)} | {_pct(s['first_player_wins'])} |")
        return "\n".join(lines)
    lines = ["| variant | rounds | decisions | book / points / limit | spread (points) | first player wins |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, s in summary.items():
        e = s["endings"]
        ends = " / ".join(f"{100 * e.get(k, 0):.0f}%" for k in ("necronomicon", "skeleton_points", "round_limit"))
        lines.append(f"| {name} | {_pm(s['rounds'])} | {_pm(s['decisions'], 0)} | {ends} | {_pm(s['spread'])} | "
                     f"{_pct(s['first_player_wins'])} |")
    base = next(iter(summary.values()))
    lines += ["", "| card | plays per game (whole box) |", "|---|---:|"]
    lines += [f"| {k} | {v:.2f} |" for k, v in sorted(base["plays_per_game"].items())]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_to_review", nargs="*", choices=sorted(VARIANTS), metavar="GAME",
                        help="medievalia and/or midevil (default: both)")
    parser.add_argument("--games", type=int, default=300, help="games per variant (300)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--only", nargs="*", default=None, help="variants to run (names as printed)")
    parser.add_argument("--json", metavar="FILE", help="write the numbers as JSON")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    for game in args.games_to_review or sorted(VARIANTS):
        started = time.perf_counter()
        variants = [(n, o) for n, o in VARIANTS[game]() if args.only is None or n in args.only]
        tasks = [{"game": game, "variant": name, "options": options, "index": k * args.games + i,
                  "seed": args.seed + i} for k, (name, options) in enumerate(variants) for i in range(args.games)]
        rows: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in variants}
        for r in execute(tasks, args.jobs, worker=play_one):
            rows[r["variant"]].append(r)
        summary = {name: summarise(game, rs) for name, rs in rows.items()}
        elapsed = time.perf_counter() - started
        report[game] = {"games_per_variant": args.games, "seconds": round(elapsed, 1), "variants": summary}
        print(f"## {game}: {len(tasks)} games in {elapsed:.0f} s\n")
        print(markdown(game, summary))
        print()
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
