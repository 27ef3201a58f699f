"""Undo, by Board Game Arena's policy: a player may take back their own action within their turn, never
past a reveal of hidden information, a chance event or another seat's decision.

The engine decides it from the action itself, for every game alike:

- the action is the last one, and its seat's own;
- its seat is still to move afterwards (the turn goes on);
- it drew no chance (no shuffle, roll or draw from the seeded stream);
- it revealed nothing to anyone: it wrote no private log entry (a card drawn, a card looked at), and for
  every seat, the same action is possible and gives that seat the same view and the same new log entries
  in every world that seat cannot tell from the real one (``determinize``) — so what it learnt, the action
  included, did not depend on anything hidden;
- and the game does not forbid it (``State.undo_barrier``, for actions a game wants final).

Taking an action back is replaying the record without it (``Game.replay(record, upto=n - 1)``): the state
is exactly the one before the action, and nothing of the undone action remains in any view or log.
"""

from __future__ import annotations

import random
from typing import Any

from medieval.core.state import Action, State

#: Worlds per seat in which the action is replayed to see whether it revealed anything.
WORLDS = 4


def reveals_nothing(before: State, seat: int, action: Action, after: State, worlds: int = WORLDS) -> bool:
    """Whether applying ``action`` for ``seat`` to ``before`` (giving ``after``) told any seat something that
    depended on what it could not see."""
    for entry in after.log_since(before.log_size):
        if entry.to is not None and entry.data != entry.redacted:
            return False  # someone was told something the others were not
    rng = random.Random(repr(before.fingerprint()))
    for observer in range(before.players):  # (a spectator knows only what every seat knows)
        want_view = after.view(observer)
        start = len(before.events(observer))
        want_events = after.events(observer)[start:]
        for _ in range(worlds):
            world = before.determinize(observer, rng)
            if action not in world.legal_actions(seat):
                return False  # the observer could not be sure the action was possible: it learnt something
            world.apply(seat, action)
            if world.view(observer) != want_view or world.events(observer)[start:] != want_events:
                return False
    return True


def undo_allowed_cheaply(before: State, seat: int, action: Action, after: State) -> bool:
    """The cheap half of the policy, in constant time but for the new log entries: the turn goes on, no
    chance was drawn, nobody was told anything privately, and the game does not forbid it. A server
    checks it after every action; ``can_undo`` adds the costly part when an undo is asked for."""
    if after.is_over or seat not in after.to_move:
        return False
    if after._chance != before._chance:
        return False
    if any(e.to is not None and e.data != e.redacted for e in after.log_since(before.log_size)):
        return False
    return not after.undo_barrier(seat, action)


def can_undo(before: State, seat: int, action: Action, after: State) -> bool:
    """Whether ``seat`` may take back ``action``, which turned ``before`` into ``after`` (see the module)."""
    return undo_allowed_cheaply(before, seat, action, after) and reveals_nothing(before, seat, action, after)


def undo_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record without its last action."""
    out = dict(record)
    out["actions"] = list(record["actions"])[:-1]
    out.pop("outcome", None)
    return out
