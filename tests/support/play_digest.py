"""Digests of seeded play in every test configuration of every game, for telling whether two builds of
the package play alike (``tests/test_compiled_build.py`` compares the compiled build with pure Python).

Each digest covers what a golden playthrough pins (tests/golden/playthrough.py: every action, the size of
every legal list, views, logs and determinized worlds along the way, a few searches' choices, the
outcome), over more seeds than the golden files keep. ``python -m tests.support.play_digest`` prints them
as JSON."""

from __future__ import annotations

import json
from typing import Any

import medieval
from tests.golden.playthrough import config_label, configurations, digest, game_names, playthrough

#: Random-play seeds per configuration, and heuristic-play seeds (first configuration of each game).
RANDOM_SEEDS = range(100, 110)
HEURISTIC_SEEDS = range(200, 203)


def digests() -> dict[str, str]:
    """Configuration label (``game/4p-option=value``) -> digest of its seeded playthroughs."""
    out: dict[str, str] = {}
    for name in game_names():
        for i, (players, options) in enumerate(configurations(name)):
            game = medieval.make(name, players, **options)
            plays: list[dict[str, Any]] = [playthrough(game, seed, "random") for seed in RANDOM_SEEDS]
            if i == 0 and type(game).has_heuristic():
                plays += [playthrough(game, seed, "heuristic") for seed in HEURISTIC_SEEDS]
            out[f"{name}/{config_label(players, options)}"] = digest(plays)
    return out


if __name__ == "__main__":
    print(json.dumps(digests(), sort_keys=True))
