"""A Medievalia heuristic that decides from the seat's view and legal actions only (the part of the view it
reads: ``state.bot_view(seat)``).

- Responding: beat the table as cheaply as possible, measured by what the cards used are worth for
  later (high numbers, Wildcards and Skips are kept); prefer plays that shed more cards once the deck
  is empty. With no affordable beat, play a Skip when the table holds cards worth avoiding, else take.
- Leading: shed the largest group of low numbers; Wildcards and Skips only when nothing else is left.
- Choices: CM01 hands the stack to the opponent with the best total score; CM10 names the opponent
  with the best total as the next player (the one most worth making take the table).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import W

if TYPE_CHECKING:
    from medieval.games.medievalia.state import MedievaliaState

#: How much keeping a card is worth (a 13 almost always beats; a Wildcard beats and flexes).
_KEEP = {v: v / 13.0 for v in range(1, 14)}
_KEEP.update({W: 1.3})
_SKIP_KEEP = 1.1


def _card_cost(face: int, skip_faces: set[int]) -> float:
    if face in skip_faces:
        return _SKIP_KEEP
    return _KEEP.get(face, 1.0)


def choose(state: MedievaliaState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.bot_view(seat)
    skip_faces = set(_skip_faces(state, view["field"]))
    scores = view["scores"]
    stack_sizes = view["stack_sizes"]
    opponents = [s for s in range(view["players"]) if s != seat]
    target = max(opponents, key=lambda s: (scores[s], -stack_sizes[s], s))
    count = view["table_count"]
    endgame = view["deck_size"] == 0
    leading = count == 0 and view["table_total"] == 0

    best: Action | None = None
    best_score = -1e18
    for a in legal:
        if isinstance(a, A.Take):
            continue
        assert isinstance(a, A.Play)
        if a.give >= 0 and a.give != target:
            continue
        if a.next >= 0 and a.next != target:
            continue
        score = _score_play(a, skip_faces, leading, endgame, count)
        if score > best_score:
            best, best_score = a, score
    take_score = _score_take(count, endgame)
    if best is None or (not leading and take_score > best_score):
        return A.TAKE if A.TAKE in legal else legal[0]
    return best


def _skip_faces(state: MedievaliaState, field_code: str | None) -> list[int]:
    """The faces that play as Skips under the Magic Field card in play (public: the card is face up)."""
    return list(state.game.fields[field_code].skip_effect)


def _score_play(a: A.Play, skip_faces: set[int], leading: bool, endgame: bool, count: int) -> float:
    """How good playing ``a`` is (``count``: the cards open on the table)."""
    is_skip = a.count > 0 and a.face in skip_faces
    cards = a.count + a.wilds
    if is_skip:
        cost = _SKIP_KEEP * cards
        # a Skip is worth spending when the table is costly to take
        if leading:
            return -10.0 + (3.0 if endgame else 0.0) * cards
        return 1.0 * count - cost - 1.5 + (2.0 * cards if endgame else 0.0)
    cost = a.count * _card_cost(a.face, skip_faces) + a.wilds * _KEEP[W]
    total = a.value * cards
    if leading:
        # shed many low cards; keep the high ones and the Wildcards for defence
        return 1.5 * cards - 2.0 * cost - 0.02 * total + (1.5 * cards if endgame else 0.0)
    # responding: beat cheaply; a higher total is a little harder for the next player
    return 3.0 - 2.0 * cost + 0.02 * total + (1.2 * cards if endgame else 0.3 * cards)


def _score_take(count: int, endgame: bool) -> float:
    return -1.0 * count + (0.5 if not endgame else 0.0)
