"""Golden playthroughs: seeded games of every game and test configuration, written down step by step.

A playthrough pins what a game does with a seed: every action's notation and seat, the number of
legal actions at each step, fingerprints of every seat's view, the spectator's view, every seat's
log, and of a determinized world at some steps, the search's choice at a few positions, and the
outcome. A refactor that changes none of these changed no behaviour a player, a bot or a recorded
game could notice; a rule change regenerates them on purpose (``python scripts/golden.py --update``).

Files: ``tests/golden/<game>/<configuration>.json``, one per test configuration of the game
(``GameSpec.test_configurations``), each holding its playthroughs. A step is one line, so a change
reads well in a diff.

``tests/golden/<game>/record1/`` pins the game's first configuration played with the chance of the first
record format (``medieval/record@1``, ``Game.new_game(seed, first_chance=True)``), so that old records keep
replaying exactly: those files were written before the second format existed, and must not change
unless the rules do.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import medieval
from medieval.agents.base import make_agent
from medieval.core.registry import game_class
from medieval.core.state import Game, State

GOLDEN_DIR = Path(__file__).resolve().parent
FORMAT = "medieval/golden@1"
#: Random-play seeds per configuration.
RANDOM_SEEDS = (1, 2)
#: One game of heuristic bots per game, on its first test configuration, with this seed.
HEURISTIC_SEED = 3
STORED_SEED = 11  # the stored records of the first format (tests/golden/records)
#: Fingerprints are taken every this many steps (and at the end).
EVERY = 10
#: The search's choice is pinned at these steps of the heuristic game (where it has a choice).
SEARCH_AT = (5, 25, 60)
SEARCH_SPEC = "ismcts:iters=40"


def digest(value: Any) -> str:
    """A short stable fingerprint of a JSON-safe value."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def config_label(players: int, options: dict[str, Any]) -> str:
    return f"{players}p" + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def _snapshot(state: State, step: int) -> dict[str, Any]:
    n = state.players
    seats: list[int | None] = [*range(n), None]
    snap: dict[str, Any] = {
        "step": step,
        "views": [digest(state.view(s)) for s in seats],
        "events": [digest(state.events(s)) for s in seats],
    }
    if state.to_move:
        seat = state.to_move[0]
        world = state.determinize(seat, random.Random(step))
        snap["determinized"] = {"seat": seat, "views": digest([world.view(s) for s in range(n)])}
    return snap


def playthrough(game: Game[Any], seed: int, policy: str, first_chance: bool = False) -> dict[str, Any]:
    """Play one seeded game (``policy``: random moves from a seeded generator, or heuristic bots; with the
    chance of the first record format if ``first_chance``) and write down what it did."""
    state = game.new_game(seed, first_chance=first_chance)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", seed * 100 + s) for s in range(game.players)] if policy == "heuristic" else []
    steps: list[list[Any]] = []
    snapshots = [_snapshot(state, 0)]
    searches: list[dict[str, Any]] = []
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        step = len(steps)
        if policy == "heuristic":
            if step in SEARCH_AT and len(legal) > 1:
                bot = make_agent(SEARCH_SPEC, step)
                searches.append({"step": step, "seat": seat, "spec": SEARCH_SPEC,
                                 "choice": str(bot.choose(state.clone(), seat))})
            action = agents[seat].choose(state, seat)
        else:
            action = legal[rng.randrange(len(legal))]
        steps.append([seat, str(action), len(legal)])
        state.apply(seat, action)
        if len(steps) % EVERY == 0 and not state.is_over:
            snapshots.append(_snapshot(state, len(steps)))
    snapshots.append(_snapshot(state, len(steps)))
    outcome = state.outcome
    assert outcome is not None
    out: dict[str, Any] = {"seed": seed, "policy": policy, "steps": steps, "snapshots": snapshots}
    if searches:
        out["searches"] = searches
    out["outcome"] = outcome.to_json()
    out["record"] = digest(state.record())
    return out


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    return [(p, dict(o)) for p, o in game_class(name).test_configurations()]


def generate(name: str, first_chance: bool = False) -> dict[str, str]:
    """Every golden file of one game: file name -> text (with ``first_chance``: the files of ``record1/``,
    the first configuration only)."""
    files: dict[str, str] = {}
    configs = configurations(name)[:1] if first_chance else configurations(name)
    for i, (players, options) in enumerate(configs):
        game = medieval.make(name, players, **options)
        plays = [playthrough(game, seed, "random", first_chance) for seed in RANDOM_SEEDS]
        if i == 0 and type(game).has_heuristic():
            plays.append(playthrough(game, HEURISTIC_SEED, "heuristic", first_chance))
        doc = {"format": FORMAT, "game": name, "players": players, "options": options, "playthroughs": plays}
        files[f"{config_label(players, options)}.json"] = dumps(doc)
    return files


def stored_record(name: str) -> str:
    """The stored record of the first record format (tests/golden/records/<game>-record1.json): a random
    game of the game's first configuration played to its end on the first format's chance, kept as the
    server would store it, so that the suite replays a whole record of that format (seed 11)."""
    players, options = configurations(name)[0]
    game = medieval.make(name, players, **options)
    state = game.new_game(STORED_SEED, first_chance=True)
    rng = random.Random(STORED_SEED)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return json.dumps(state.record(), separators=(",", ":"))


def dumps(doc: dict[str, Any]) -> str:
    """JSON with one step, snapshot or search per line."""
    def line(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(", ", ": "), ensure_ascii=True)

    head = {k: v for k, v in doc.items() if k != "playthroughs"}
    parts = ["{"]
    for k, v in head.items():
        parts.append(f"  {json.dumps(k)}: {line(v)},")
    parts.append('  "playthroughs": [')
    plays = doc["playthroughs"]
    for pi, play in enumerate(plays):
        parts.append("    {")
        keys = list(play)
        for ki, k in enumerate(keys):
            v = play[k]
            comma = "," if ki < len(keys) - 1 else ""
            if isinstance(v, list):
                parts.append(f"      {json.dumps(k)}: [")
                parts.extend(f"        {line(x)}{',' if xi < len(v) - 1 else ''}" for xi, x in enumerate(v))
                parts.append(f"      ]{comma}")
            else:
                parts.append(f"      {json.dumps(k)}: {line(v)}{comma}")
        parts.append("    }" + ("," if pi < len(plays) - 1 else ""))
    parts.append("  ]")
    parts.append("}")
    return "\n".join(parts) + "\n"


def game_names() -> list[str]:
    return [spec.name for spec in medieval.list_games()]


def record_path(name: str) -> Path:
    return GOLDEN_DIR / "records" / f"{name}-record1.json"


def folder(name: str, first_chance: bool = False) -> Path:
    return GOLDEN_DIR / name / "record1" if first_chance else GOLDEN_DIR / name
