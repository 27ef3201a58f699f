"""§10 End of the Game: prestige (7 VP, 11 for an alliance), military victory (the last City standing,
or a siege held for three turns), and the lack of cards (two decks empty or the last building bought),
scored on VP, then gold production, then cards in hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievalia2007.components import CIVIL, FACE, FACES, GOLD, KIND, MILB, VP
from medieval.games.medievalia2007.fief import OVER, guarded, hostile, lift, output, team_seats, territories, troops_in

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def vp(s: Medievalia2007State, p: int) -> int:
    """§10.1: 1 VP per different building in the Fief, the Castle 2, duplicates 0."""
    seen: set[int] = set()
    total = 0
    for c in s.tables[p]:
        k = KIND[c]
        if k in (CIVIL, MILB) and FACE[c] not in seen:
            seen.add(FACE[c])
            total += VP[c]
    return total


def gold_production(s: Medievalia2007State, p: int) -> int:
    """§10.3 tie-break: the gold the seat's cards can produce, without special powers (ruling R29)."""
    return output(s, p, GOLD)


def under_siege(s: Medievalia2007State, p: int) -> bool:
    """§10.2: enemy troops in his Fief, and no territory left or one of them unguarded (ruling R2).
    In the allied game, allied troops in the Fief break the siege."""
    enemy = ally = False
    for x in range(s.players):
        if x == p or not s.alive[x]:
            continue
        if troops_in(s, x, p):
            if hostile(s, p, x):
                enemy = True
            else:
                ally = True
    if not enemy or ally:
        return False
    terrs = territories(s, p)
    if not terrs:
        return True
    if s.game.siege_rule == "literal":
        return any(not guarded(s, h) for h in terrs)
    return all(not guarded(s, h) for h in terrs)


def decks_exhausted(s: Medievalia2007State) -> bool:
    """§10.3: the game ends when two of the three decks are empty (ruling R3)."""
    decks = s.decks
    if (not decks[0]) + (not decks[1]) + (not decks[2]) >= 2:
        s._emit("decks_empty", {})
        finish_on_points(s, "cards")
        return True
    return False


def eliminate(s: Medievalia2007State, p: int, cause: str) -> None:
    """A defeated player's cards are removed from the game (§10.2, §13)."""
    table = s.tables[p][:]
    hand = s.hands[p][:]
    for c in table:
        lift(s, c)
    s.removed += table + hand
    s.hands[p] = []
    s.alive[p] = False
    s.excess[p] = 0
    s.siege[p] = 0
    s.pool[p] = [0, 0, 0, 0]
    s._emit("defeated", {"seat": p, "cause": cause, "hand": sorted(FACES[FACE[c]] for c in hand)})
    sides = {s.game.team[x] for x in range(s.players) if s.alive[x]}
    if len(sides) == 1:
        team = sides.pop()
        winners = [x for x in range(s.players) if s.game.team[x] == team]
        finish(s, cause, winners)


def prestige(s: Medievalia2007State, p: int) -> bool:
    """§10.1: 7 VP wins at once (11 for an alliance)."""
    g = s.game
    total = sum(vp(s, x) for x in team_seats(s, p) if s.alive[x])
    if total >= g.prestige_target:
        finish(s, "prestige", team_seats(s, p))
        return True
    return False


def finish_on_points(s: Medievalia2007State, termination: str) -> None:
    """§10.3: most VP; ties by gold production, then by cards in hand; then a shared win."""
    g = s.game
    n = s.players
    best: tuple[int, int, int] | None = None
    winners: list[int] = []
    for team in sorted({g.team[x] for x in range(n) if s.alive[x]}):
        seats = [x for x in range(n) if g.team[x] == team]
        live = [x for x in seats if s.alive[x]]
        key = (sum(vp(s, x) for x in live), sum(gold_production(s, x) for x in live),
               sum(len(s.hands[x]) for x in live))
        members = seats if g.allied else live
        if best is None or key > best:
            best, winners = key, members
        elif key == best:
            winners = winners + members
    finish(s, termination, sorted(winners))


def finish(s: Medievalia2007State, termination: str, winners: list[int]) -> None:
    scores = [vp(s, x) if s.alive[x] else 0 for x in range(s.players)]
    s.result = {"termination": termination, "winners": winners, "scores": scores}
    s.phase = OVER
    s.battle = None
    s.excess = [0] * s.players
    s._emit("game_over", {"termination": termination, "winners": winners, "scores": scores})
