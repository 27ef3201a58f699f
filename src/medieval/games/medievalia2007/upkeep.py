"""§12 Limits to Characters: each food a player's cards can produce feeds two characters, throughout the
turn; unused characters may be dismissed, and those that cannot be fed are disbanded at once in their
owner's turn (ruling R20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import DECK, FOOD, IS_TROOP, NAME
from medieval.games.medievalia2007.fief import dedup, lift, output, troops

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def needs_food(s: Medievalia2007State, c: int) -> bool:
    return bool(s.game.military_upkeep) or DECK[c] == 2


def food_capacity(s: Medievalia2007State, p: int) -> int:
    """§12: food production of the seat's cards, used or not, without Artists."""
    return output(s, p, FOOD)


def upkeep(s: Medievalia2007State, p: int) -> int:
    """§12: troops that must be fed (every troop; only character cards with military_upkeep=False)."""
    if s.game.military_upkeep:
        return list(map(IS_TROOP.__getitem__, s.tables[p])).count(True)
    return sum(1 for c in s.tables[p] if IS_TROOP[c] and DECK[c] == 2)


def recheck(s: Medievalia2007State, p: int) -> None:
    """§12.3 (ruling R20): how many troops seat p must disband now. "If a player cannot maintain all his
    characters at any point during his turn, he must remove the excess characters immediately": a seat
    whose food drops in another player's turn settles it when its own turn starts (``turn.start_turn``);
    with option ``upkeep_check="at_once"`` at once, on anyone's turn."""
    if not s.alive[p] or (p != s.active and not s.game.upkeep_at_once):
        s.excess[p] = 0
        return
    need = upkeep(s, p)
    # food_capacity(p) only matters with troops to feed
    s.excess[p] = max(0, need - 2 * food_capacity(s, p)) if need else 0


def disband_options(s: Medievalia2007State, p: int) -> list[Action]:
    return [A.DISBAND[t] for t in dedup(s, [t for t in troops(s, p) if needs_food(s, t)])]


def disband(s: Medievalia2007State, seat: int, action: A.Disband) -> None:
    lift(s, action.card)
    s.discard.append(action.card)
    s._emit("disband", {"seat": seat, "card": NAME[action.card]})
    recheck(s, seat)


def dismiss(s: Medievalia2007State, seat: int, action: A.Dismiss) -> None:
    """§12.2: in his turn a player may discard unused characters from the table."""
    lift(s, action.card)
    s.discard.append(action.card)
    s._emit("dismiss", {"seat": seat, "card": NAME[action.card]})
    recheck(s, seat)
