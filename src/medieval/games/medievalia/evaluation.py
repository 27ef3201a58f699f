"""Position evaluation for searches that stop their playouts early (the spec's ``evaluation`` part).

Each seat is described by a few numbers read off the table (total score, this round's creature stack
valued by the Magic Instructor card, the cards in hand and their strength, how close the seat is to
going out, whether it is stuck facing the table...); their weighted sum gives the seat's win chance
through a softmax (``medieval.core.evaluation``). The weights are our design: fitted on heuristic
self-play by ``scripts/fit_evaluation.py`` and stored in ``data/evaluation.json``. Searches call this on
determinized worlds, so it reads the whole state (every hand and the deck)."""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from medieval.core.evaluation import linear_scores, load_weights, softmax_rewards
from medieval.games.medievalia.components import W

if TYPE_CHECKING:
    from medieval.games.medievalia.state import MedievaliaState

FEATURE_NAMES: tuple[str, ...] = (
    "score", "round_score", "standing_pressure", "hand", "hand_endgame", "groups_endgame",
    "high_cards", "wildcards", "skips", "best_total", "stuck", "to_move",
)

_HIGH = (10, 11, 12, 13)


def features(state: MedievaliaState, p: int) -> list[float]:
    """What the evaluation weighs for seat ``p`` (see FEATURE_NAMES):

    ``score``              the total of the finished rounds (§6.5);
    ``round_score``        the creature stack so far, valued by the Magic Instructor card (§6.4);
    ``standing_pressure``  score + round_score over the square root of the rounds left (counting the
                           deck's share of this one): a lead matters more the less play remains;
    ``hand``               cards in hand;  ``hand_endgame``  the same once the deck is empty (§6.1:
                           the seat that hits ends the round, everyone else's hand joins the stack);
    ``groups_endgame``     distinct faces in hand once the deck is empty (the plays still needed to go out);
    ``high_cards``         numbered 10-13 that play as numbers under the Field card;
    ``wildcards``          Wildcards that are wild;  ``skips``  cards that play as Skips;
    ``best_total``         the highest total one play from the hand can make (/13);
    ``stuck``              the open cards, when the seat is to move and can neither beat nor skip;
    ``to_move``            1 for the seat to move."""
    game = state.game
    pt = game.play_tables[state.field]
    hand = state.hands[p]
    size = sum(hand)
    endgame = not state.deck
    nw = hand[W] if pt.wild else 0
    best = pt.top_wild * nw
    high = 0
    groups = 0
    for v in pt.number_faces:
        c = hand[v]
        if c:
            groups += 1
            if v * (c + nw) > best:
                best = v * (c + nw)
            if v >= 10:
                high += c
    skips = 0
    for f in pt.skip_faces:
        c = hand[f]
        if c:
            skips += c
            groups += 1
    if nw:
        groups += 1
    round_score = sum(map(mul, state.stacks[p], game.instructors[state.instructor].stack_values))
    left = game.rounds - state.round + len(state.deck) / len(game.all_faces) + 0.3
    standing = state.totals[p] + round_score
    stuck = 0
    if p == state.turn and state.total > 0 and not skips and best < state.need + state.margins[p]:
        stuck = sum(state.table)
    return [
        float(state.totals[p]),
        float(round_score),
        standing / left ** 0.5,
        float(size),
        float(size) if endgame else 0.0,
        float(groups) if endgame else 0.0,
        float(high),
        float(nw),
        float(skips),
        best / 13.0,
        float(stuck),
        1.0 if p == state.turn else 0.0,
    ]


def evaluate(state: MedievaliaState) -> list[float]:
    """Each seat's estimated reward (win chance; a shared victory splits it)."""
    weights = load_weights(__package__, FEATURE_NAMES)
    scores = linear_scores([features(state, p) for p in range(state.players)], weights)
    return softmax_rewards(scores)


def round_number(state: MedievaliaState) -> int:
    """The round under way (§6): a new round starts from a fresh deal with the standing known."""
    return state.round
