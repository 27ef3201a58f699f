"""§5 External Movement (and §7.2-7.3 on intermediate Fiefs): once per turn each unused troop may move
to an adjacent Fief without turning (the Knight twice); unused enemies in an intermediate Fief let a
troop leave it only towards its own or an ally's Fief."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import IS_TROOP, MOVES, NAME
from medieval.games.medievalia2007.fief import MOVED, add_mark, dedup, hostile, mark
from medieval.games.medievalia2007.upkeep import recheck

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def marchers(s: Medievalia2007State, p: int) -> list[int]:
    """Seat p's unused troops with external moves left this turn."""
    rot, marks = s.rot, s.marks
    return [t for t in s.tables[p] if IS_TROOP[t] and not rot[t]
            and (not marks or mark(s, t, MOVED) < MOVES[t])]  # no marks: nobody has moved


def can_march(s: Medievalia2007State, p: int) -> bool:
    """Whether ``march_options(s, p)`` is not empty (without building it)."""
    g = s.game
    loc = s.loc
    for t in marchers(s, p):
        here = loc[t]
        blocked = here >= g.players and hostile_unused(s, p, here)
        for dest in g.adj[here]:
            if not blocked or (dest < g.players and not hostile(s, p, dest)):
                return True
    return False


def march_options(s: Medievalia2007State, p: int) -> list[Action]:
    troops = marchers(s, p)
    if not troops:
        return []
    g = s.game
    out: list[Action] = []
    blocked_cache: dict[int, bool] = {}
    loc = s.loc
    for t in dedup(s, troops):
        here = loc[t]
        if here >= g.players:
            blocked = blocked_cache.get(here)
            if blocked is None:
                blocked = blocked_cache[here] = hostile_unused(s, p, here)
        else:
            blocked = False
        for dest in g.adj[here]:
            if blocked and not (dest < g.players and not hostile(s, p, dest)):
                continue  # §7.2 leaving an intermediate Fief held by unused enemies: home or ally only
            out.append(A.March(t, g.loc_names[dest]))
    return out


def hostile_unused(s: Medievalia2007State, p: int, where: int) -> bool:
    """§7.2 (ruling R15): unused hostile troops in Fief ``where``."""
    for x in range(s.players):
        if hostile(s, p, x):
            for c in s.tables[x]:
                if IS_TROOP[c] and s.loc[c] == where and not s.rot[c]:
                    return True
    return False


def march(s: Medievalia2007State, seat: int, action: A.March) -> None:
    t = action.card
    dest = s.game.loc_index[action.to]
    was = s.host[t]
    s.own_loc()[t] = dest
    s.own_host()[t] = -1
    add_mark(s, t, MOVED, 1)
    if s._log_on:
        s._emit("march", {"seat": seat, "card": NAME[t], "to": action.to})
    if was >= 0:
        recheck(s, seat)
