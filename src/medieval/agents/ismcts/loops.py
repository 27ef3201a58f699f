"""No endless turns: a searching bot never takes an action that brings its own turn back to a position it
has already been in.

Some rules let a player act as often as they like without anything changing for good: move an unused
troop onto a territory and off it again, "freely", say. A person stops when they are done; a search that
finds the two moves worth the same may take them for ever, and the game never ends (a one-second bot
moved one troop on and off for thousands of decisions).

The guard remembers the seat's view at each of its decisions (a digest of ``state.view(seat)``: what the
seat knows, never the hidden cards), and checks the move the search chose on a world determinized from
that view: when the view right after it is one the seat has already had at a decision, the move would
close a loop, and the bot plays the search's next best move instead (by visits, then mean reward) that
does not. The view after a move that passes the turn names another seat to move, so it never matches a
view at this seat's own decision: the guard only ever acts inside one seat's run of decisions. Every game
still ends under the rule because a turn has finitely many views: each decision of the turn reaches a new
one.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from medieval.agents.ismcts.worlds import OrderBlindRandom
from medieval.core.state import Action, State

#: How many of the seat's last decision views are remembered (far more than one turn's decisions).
MEMORY = 512


def view_digest(view: Mapping[str, Any]) -> int:
    """A digest of a view (the same for equal views within one process)."""
    return hash(json.dumps(view, sort_keys=True, separators=(",", ":"), default=str))


class LoopGuard:
    """The views one seat has had at its decisions, and the check of a chosen move against them."""

    __slots__ = ("_order", "_rng", "_seen")

    def __init__(self) -> None:
        self._order: deque[int] = deque()
        self._seen: set[int] = set()
        # determinizes the check's worlds (blind to how the hidden cards really lie, like the search's own);
        # the search's draws are untouched
        self._rng = OrderBlindRandom(0)

    def remember(self, state: State, seat: int) -> None:
        """Note the seat's view at a decision it is taking."""
        self._add(view_digest(state.view(seat)))

    def _add(self, digest: int) -> None:
        if digest in self._seen:
            return
        self._seen.add(digest)
        self._order.append(digest)
        if len(self._order) > MEMORY:
            self._seen.discard(self._order.popleft())

    def closes_loop(self, state: State, seat: int, action: Action) -> bool:
        """Whether ``action`` brings ``seat`` back to a view it has had at one of its decisions."""
        world = state.determinize(seat, self._rng)
        world.apply(seat, action)
        if seat not in world.to_move:
            return False
        return view_digest(world.view(seat)) in self._seen

    def choose(self, state: State, seat: int, legal: Sequence[Action], best: Action,
               rank: Callable[[Action], Any]) -> Action:
        """``best``, or when it closes a loop the highest ranked legal action that does not (``best`` when
        every action would)."""
        if not self._seen or not self.closes_loop(state, seat, best):
            return best
        for action in sorted((a for a in legal if a != best), key=rank, reverse=True):
            if not self.closes_loop(state, seat, action):
                return action
        return best
