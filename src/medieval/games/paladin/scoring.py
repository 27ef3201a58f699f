"""§7 Scoring and the new round, §8 the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.outcome import Outcome
from medieval.games.paladin.components import CARD_RED, QUEST_SWORDS
from medieval.games.paladin.setup import start_round

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


def scores(s: PaladinState) -> list[int]:
    """§7.1 one point per sword on won quests, one per won red Paladin."""
    return [sum(map(QUEST_SWORDS.__getitem__, won[0::2])) + sum(map(CARD_RED.__getitem__, won[1::2]))
            for won in s.won]


def nearest_from(s: PaladinState, start: int, seats: list[int]) -> int:
    """The first of ``seats`` in turn order from ``start``."""
    n = s.players
    return min(seats, key=lambda x: (x - start) % n)


def outcome(s: PaladinState) -> Outcome:
    """§8.2 most points wins; a tie goes to the tied player nearest in turn order from the last round's
    first player (ruling R6), or is shared (option ``final_tie``)."""
    totals = scores(s)
    best = max(totals)
    tied = [x for x in range(s.players) if totals[x] == best]
    if len(tied) > 1 and s.game.options["final_tie"] == "turn_order":
        tied = [nearest_from(s, s.first, tied)]
    return Outcome("quests_exhausted", tuple(tied), tuple(float(x) for x in totals))


def end_round(s: PaladinState) -> None:
    """§7.2 the next dealer (most points, or fewest: ruling R1; ties to the last round's first player),
    §8.1 or the end when the quests run short."""
    n = s.players
    totals = scores(s)
    s._emit("round_over", {"round": s.round + 1, "scores": totals})
    s.prev_first = s.first
    if len(s.quest_deck) < n:  # §8.1 not enough quests for a new round
        s.phase = "over"
        out = s.outcome
        assert out is not None
        s._emit("game_over", {"scores": totals, "winners": list(out.winners)})
        return
    target = max(totals) if s.game.options["next_dealer"] == "most" else min(totals)
    tied = [x for x in range(n) if totals[x] == target]
    s.dealer = nearest_from(s, s.first, tied)  # §7.2 ties: the last round's first player
    s.round += 1
    start_round(s)
