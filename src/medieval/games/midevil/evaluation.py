"""Position evaluation for searches that stop their playouts early (``GameSpec.parts.evaluation``).

Each seat is described by a few numbers read off the table: the race for the Necronomicon (holding it;
how many turns the holder is from the Altar's centre and whether one roll can get there; how far a
chaser is from the holder, or everyone from the Graveyard's centre while the book lies there; who is
nearest to the book), the skeleton points against the target (and against the round limit), Humans
(lives), the best weapon, the Horse, cards in hand, whether the seat has just died, and the turn order
(whose turn it is, who plays soonest after it). Their weighted sum gives the seat's win chance through a
softmax (``medieval.core.evaluation``). The weights are our design: fitted on heuristic self-play by
``scripts/fit_evaluation.py`` and stored in ``data/evaluation.json``. Searches call this on
determinized worlds, so it reads the whole state."""

from __future__ import annotations

from medieval.core.evaluation import linear_scores, load_weights, softmax_rewards
from medieval.games.midevil.components import BOOK_AT_GRAVEYARD, CARDS, HORSE
from medieval.games.midevil.state import MidEvilState

FEATURE_NAMES: tuple[str, ...] = (
    "points", "late_points", "humans", "hand", "weapon", "horse",
    "has_book", "altar_closeness", "altar_in_reach", "graveyard_closeness", "chase_closeness",
    "nearest_to_book", "dead", "to_move", "turn_order",
)

#: Card id -> its bonus if it is a weapon item (Sword, Battle Axe), else 0.
_WEAPON = tuple(c.bonus if c.effect == "melee_item" else 0 for c in CARDS)
#: Squares a pawn covers in a turn on average, and at most (one die; doubled by the Horse).
_MEAN_ROLL = 3.5
_MAX_ROLL = 6
#: Turns counted for a square that cannot be reached.
_FAR = 10.0


def _closeness(dist: list[int], square: int, horse: bool) -> float:
    """1 / (1 + expected turns to walk from ``square`` along ``dist``)."""
    d = dist[square]
    turns = _FAR if d < 0 else d / (_MEAN_ROLL * (2.0 if horse else 1.0))
    return 1.0 / (1.0 + turns)


def features(state: MidEvilState, p: int) -> list[float]:
    """What the evaluation weighs for seat ``p`` (see FEATURE_NAMES)."""
    opts = state.options
    n = state.players
    k = state.kills[p]
    share = (k[0] + 2 * k[1] + 3 * k[2]) / opts["target_points"]
    items = state.in_play[p]
    horse = HORSE in items
    weapon = max((_WEAPON[c] for c in items), default=0)
    humans = state.humans[p]
    book = state.book
    pawn = state.pawn
    altar = reach = graveyard = chase = nearest = 0.0
    if book == p:
        g = state.geo()
        dist = g.distances(g.altar)
        altar = _closeness(dist, pawn[p], horse)
        d = dist[pawn[p]]
        reach = 1.0 if 0 <= d <= _MAX_ROLL * (2 if horse else 1) else 0.0
    elif book >= 0 or book == BOOK_AT_GRAVEYARD:
        g = state.geo()
        dist = g.distances(g.graveyard if book == BOOK_AT_GRAVEYARD else pawn[book])
        if book >= 0:
            chase = _closeness(dist, pawn[p], horse)
        else:
            graveyard = _closeness(dist, pawn[p], horse)
        # the (co-)nearest seat to the book among those who do not hold it
        far = 1 << 20
        mine = dist[pawn[p]] if dist[pawn[p]] >= 0 else far
        ties = 0
        for q in range(n):
            if q == book:
                continue
            d = dist[pawn[q]] if dist[pawn[q]] >= 0 else far
            if d < mine:
                ties = 0
                break
            if d == mine:
                ties += 1
        nearest = 1.0 / ties if ties else 0.0
    return [
        share,
        share * state.round / opts["max_rounds"],
        float(humans),
        float(len(state.hands[p])),
        float(weapon),
        1.0 if horse else 0.0,
        1.0 if book == p else 0.0,
        altar,
        reach,
        graveyard,
        chase,
        nearest,
        1.0 if state.respawn[p] else 0.0,
        1.0 if p in state.to_move else 0.0,
        ((p - state.turn) % n) / n,
    ]


def evaluate(state: MidEvilState) -> list[float]:
    """Each seat's estimated reward (win chance)."""
    weights = load_weights(__package__, FEATURE_NAMES)
    n = state.game.players
    scores = linear_scores([features(state, p) for p in range(n)], weights)
    return softmax_rewards(scores)
