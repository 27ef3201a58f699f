"""Position evaluation for searches that stop their playouts early (``Game.evaluate``, the spec's evaluation part).

Each seat is described by a few numbers read off the table (prestige, siege, territories, troops at
home and abroad, enemy troops in its Fief, gold production, cards in hand...); their weighted sum gives
the seat's win chance through a softmax (``medieval.core.evaluation``). The weights are our design:
fitted on heuristic self-play by ``scripts/fit_evaluation.py`` and stored in ``data/evaluation.json``.
Searches call this on determinized worlds, so it reads the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.evaluation import linear_scores, load_weights, softmax_rewards
from medieval.games.medievalia2007.components import ATT, CIVIL, DEF, IS_TROOP, KIND, MILB, TERR
from medieval.games.medievalia2007.end import gold_production, vp
from medieval.games.medievalia2007.fief import guarded

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

FEATURE_NAMES: tuple[str, ...] = (
    "vp", "siege_turns", "territories", "troops", "defence_at_home", "attack_abroad",
    "enemy_attack_in_fief", "gold_production", "hand", "buildings", "unguarded_territories",
    "threatened", "to_move",
)


def features(state: Medievalia2007State, p: int) -> list[float]:
    """What the evaluation weighs for seat ``p`` (see FEATURE_NAMES)."""
    table = state.tables[p]
    loc = state.loc
    troops = [c for c in table if IS_TROOP[c]]
    territories = [c for c in table if KIND[c] == TERR]
    enemy_in = 0
    for q, other in enumerate(state.tables):
        if q != p:
            enemy_in += sum(ATT[c] for c in other if IS_TROOP[c] and loc[c] == p)
    unguarded = sum(1 for h in territories if not guarded(state, h))
    return [
        float(vp(state, p)),
        float(state.siege[p]),
        float(len(territories)),
        float(len(troops)),
        float(sum(ATT[c] + DEF[c] for c in troops if loc[c] == p)),
        float(sum(ATT[c] for c in troops if loc[c] != p)),
        float(enemy_in),
        float(gold_production(state, p)),
        float(len(state.hands[p])),
        float(sum(1 for c in table if KIND[c] in (CIVIL, MILB))),
        float(unguarded),
        1.0 if enemy_in and unguarded else 0.0,
        1.0 if state.active == p else 0.0,
    ]


def evaluate(state: Medievalia2007State) -> list[float]:
    """Each seat's estimated reward (win chance; a team's chance shared by its members)."""
    weights = load_weights(__package__, FEATURE_NAMES)
    n = state.game.players
    scores = linear_scores([features(state, p) for p in range(n)], weights)
    return softmax_rewards(scores, state.alive, state.game.team if state.game.allied else None)
