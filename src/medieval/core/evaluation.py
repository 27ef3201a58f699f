"""Linear position evaluations for searches that stop their playouts early (``Game.evaluate``).

A game that offers an evaluation describes each seat by a few numbers (``features(state, seat)``) and
weighs them; the seats' weighted sums become win chances with a softmax (a conditional logit model):
``P(seat wins) = exp(s_seat) / sum(exp(s_other))``. Seats out of the game get nothing; in team games a
team's chance is shared by its members, as ``Outcome.reward`` shares a team's win. The weights are
fitted on self-play of the game's heuristic bot by ``scripts/fit_evaluation.py``."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources


@cache
def load_weights(package: str, names: tuple[str, ...]) -> tuple[float, ...]:
    """The weights of ``names``, in that order, from ``data/evaluation.json`` of a game's package (read
    once). A missing weight is an error: the data and the features must agree."""
    text = resources.files(package).joinpath("data/evaluation.json").read_text("utf-8")
    weights = json.loads(text)["weights"]
    missing = [n for n in names if n not in weights]
    if missing:
        raise ValueError(f"{package}: data/evaluation.json lacks weights for {missing}")
    return tuple(float(weights[n]) for n in names)


def linear_scores(features: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Each seat's weighted sum of its features."""
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features]


def softmax_rewards(scores: Sequence[float], alive: Sequence[bool] | None = None,
                    teams: Sequence[int] | None = None) -> list[float]:
    """Expected rewards from seat scores: a softmax over the live seats (or over the teams, a team scoring
    the log-sum of its live members' chances), a team's chance split evenly among its members."""
    n = len(scores)
    live = [True] * n if alive is None else list(alive)
    if not any(live):
        return [1.0 / n] * n
    top = max(s for s, a in zip(scores, live, strict=True) if a)
    weights = [math.exp(s - top) if a else 0.0 for s, a in zip(scores, live, strict=True)]
    total = sum(weights)
    chances = [w / total for w in weights]
    if teams is None:
        return chances
    team_chance: dict[int, float] = {}
    members: dict[int, int] = {}
    for p in range(n):
        team_chance[teams[p]] = team_chance.get(teams[p], 0.0) + chances[p]
        members[teams[p]] = members.get(teams[p], 0) + 1
    return [team_chance[teams[p]] / members[teams[p]] for p in range(n)]
