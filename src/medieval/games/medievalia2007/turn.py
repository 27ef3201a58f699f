"""§3 Turn Sequence and §8 End of Turn: the turn starts (the siege check of §10.2 comes first), the
player draws and re-activates his cards, acts, moves, makes war, and the next player clockwise plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import DECKS, FACE, FACES
from medieval.games.medievalia2007.end import decks_exhausted, eliminate, finish_on_points, under_siege
from medieval.games.medievalia2007.fief import ACTIONS, DRAW, MOVE, SIEGE_TURNS, WAR
from medieval.games.medievalia2007.movement import can_march
from medieval.games.medievalia2007.upkeep import recheck
from medieval.games.medievalia2007.war import war_options

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def start_turn(s: Medievalia2007State, p: int) -> None:
    """§3: the turn starts (siege check, §10.2), then the draw."""
    s.active = p
    s.turn += 1
    limit = s.game.turn_limit
    if limit and s.turn > limit:
        s._emit("turn_limit", {"turns": limit})
        finish_on_points(s, "turn_limit")
        return
    if under_siege(s, p):
        s.siege[p] += 1
        s._emit("siege", {"seat": p, "turns": s.siege[p]})
        if s.siege[p] >= SIEGE_TURNS:
            eliminate(s, p, "siege")
            if s.result is None:
                start_turn(s, next_seat(s, p))
            return
    else:
        s.siege[p] = 0
    s.called = 0  # NOT_ASKED
    s.abandoned = []
    s.phase = DRAW
    if s._log_on:
        s._emit("turn", {"seat": p, "turn": s.turn})
    recheck(s, p)  # §12.3: troops that could not be fed since the last turn go first (ruling R20)


def next_seat(s: Medievalia2007State, p: int) -> int:
    n = s.players
    for i in range(1, n + 1):
        x = (p + i) % n
        if s.alive[x]:
            return x
    return p  # pragma: no cover - a game with one seat alive is over


def draw(s: Medievalia2007State, seat: int, action: A.Draw) -> None:
    """§3.1 draw from a deck of your choice, then §3.2 re-activate every card."""
    card = s.decks[action.deck].pop(0)
    s.hands[seat].append(card)
    if s._log_on:
        deck = DECKS[action.deck]
        s._emit("draw", {"seat": seat, "deck": deck, "card": FACES[FACE[card]]}, (seat,), {"seat": seat, "deck": deck})
    if decks_exhausted(s):
        return
    rot = s.own_rot()
    for c in s.tables[seat]:
        rot[c] = 0
    s.phase = ACTIONS


def end_turn(s: Medievalia2007State) -> None:
    """§8: every card returns to full health; unspent resources are lost; the next seat plays."""
    s.marks = {}
    for x in range(s.players):
        s.pool[x] = [0, 0, 0, 0]
        s.wild[x] = 0
    start_turn(s, next_seat(s, s.active))


def end(s: Medievalia2007State, seat: int, action: A.End) -> None:
    """``end actions`` (on to external movement), ``end moves`` (on to war), ``end turn``."""
    if action.what == "actions":
        s.phase = MOVE
    elif action.what == "moves":
        s.phase = WAR
    else:
        end_turn(s)


def auto(s: Medievalia2007State) -> None:
    """Skip phases where the only choice is to end them."""
    while True:
        ph = s.phase
        if (ph != MOVE and ph != WAR) or s.result is not None or any(s.excess):
            return
        if ph == MOVE and not can_march(s, s.active):
            s.phase = WAR
            continue
        if ph == WAR and not war_options(s, s.active):
            end_turn(s)
            continue
        break
