"""The match standing as a position evaluation (our design, not part of the rules).

A 2-player game is a best-of-three match (§5.2, Ruling R1). At the start of a round the only thing that
separates the two seats is the rounds they have won: the new deal is fair to both. Counting each round
still to play as a fair coin gives each seat's chance of taking the match, which is what a search that
stops its playouts at the end of a round (``ismcts:depth=round``) needs. Within a round the figure
ignores the cards, so it is meant for round starts only; single-round games have no evaluation.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

#: rounds needed to take the match, and the most rounds played (§5.2)
TARGET = 2
MAX_ROUNDS = 3


@cache
def match_chances(wins: tuple[int, ...], played: int) -> tuple[float, ...]:
    """Each seat's expected match reward (1 for a win, 1/k for a match shared by k) when ``played``
    rounds are over with ``wins`` rounds won, every further round a fair coin between the seats."""
    n = len(wins)
    if max(wins) >= TARGET or played >= MAX_ROUNDS:
        best = max(wins)
        winners = [s for s in range(n) if wins[s] == best]
        return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(n))
    total = [0.0] * n
    for w in range(n):
        after = match_chances(tuple(x + (s == w) for s, x in enumerate(wins)), played + 1)
        for s in range(n):
            total[s] += after[s] / n
    return tuple(total)


def evaluate(state: MedievallonsState) -> list[float] | None:
    """A 2-player match's standing: each seat's chance of taking it with every round still to play a
    fair coin (meant for round starts, where ``depth=round`` searches call it). None for a single-round
    game."""
    if not state.game.match:
        return None
    return list(match_chances(tuple(state.round_wins), state.round - 1))


def round_number(state: MedievallonsState) -> int | None:
    """The round of a 2-player match (§5.2); None for a single-round game."""
    return state.round if state.game.match else None
