"""§5 End of the game: the third guild (§5.1), the alternative end and its ranking (§5.3, R6), and a
2-player best-of-three match (§5.2, R1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievallons import guilds
from medieval.games.medievallons.guilds import G_COUNT, G_JESTERS, G_OWNER

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState


class RoundOver(Exception):
    """Raised inside an action when the round ends at once (§5.1 third guild, §5.3 pile empty)."""

    def __init__(self, termination: str, winners: list[int]) -> None:
        super().__init__(termination)
        self.termination = termination
        self.winners = winners


def alternative_key(s: MedievallonsState, seat: int) -> tuple[int, ...]:
    """§5.3 / R6: guilds then guild members (or their total), then cards in hand."""
    mine = [g for g in s.guilds if g[G_OWNER] == seat]
    count = guilds.count(s, seat)
    members = sum(g[G_COUNT] + g[G_JESTERS] for g in mine)
    hand = sum(s.hands[seat])
    if s.game.alt_total:
        return (count + members, hand)
    return (count, members, hand)


def close_round(s: MedievallonsState, termination: str, winners: list[int]) -> None:
    """The round is over: R13 cards caught mid-power go where they were heading; §5.3 the alternative
    ranking; the game's result, or (§5.2 / R1) the match's next round."""
    from medieval.games.medievallons.setup import deal

    n = s.players
    if s.played >= 0:
        s.discard.append(s.played)
        s.played = -1
    p = s.pending
    if s.wizard:
        assert p is not None
        for c in s.wizard:
            s.hands[p["s"]][c] += 1
        s.wizard = []
    for seat in range(n):
        for c in s.offers[seat]:
            s.hands[seat][c] += 1
        s.offers[seat] = []
    s.pending = None
    if termination == "alternative_end":
        keys = [alternative_key(s, seat) for seat in range(n)]
        best = max(keys)
        winners = [seat for seat in range(n) if keys[seat] == best]
    counts = [guilds.count(s, seat) for seat in range(n)]
    s._emit("round_over", {"round": s.round, "termination": termination, "winners": winners, "guilds": counts})
    if not s.game.match:
        s.result = {"termination": termination, "winners": winners, "scores": counts}
        return
    # §5.2 / R1 a 2-player match: first to two round wins, at most three rounds
    s.rounds = [*s.rounds, {"round": s.round, "termination": termination, "winners": winners}]
    wins = s.round_wins
    for w in winners:
        wins[w] += 1
    if max(wins) >= 2 or s.round >= 3:
        best_wins = max(wins)
        s.result = {"termination": "best_of_3", "winners": [x for x in range(n) if wins[x] == best_wins],
                    "scores": wins[:]}
        return
    s.round += 1
    s.turn += 1
    deal(s)
