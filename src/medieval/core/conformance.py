"""Invariant checks of the engine contract (ARCHITECTURE.md §4), run after every step of random games
of every registered game: by the conformance tests (``tests/conformance``) and by ``medieval soak``."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from medieval.core.errors import IllegalActionError, InvalidActionError
from medieval.core.registry import replay
from medieval.core.state import Action, Game, State
from medieval.core.undo import can_undo, undo_allowed_cheaply, undo_record

#: Random games longer than this fail: every game must end.
MAX_DECISIONS = 20_000
#: Outside the fully checked games, the JSON round-trip (with the whole history and log) runs every
#: this many steps and at the end; everything else runs at every step.
ROUNDTRIP_EVERY = 20
#: The undo check (``check_undo``) runs on the first action the undo policy may allow after every this
#: many steps (it replays the record).
UNDO_EVERY = 40


class ContractViolation(AssertionError):
    pass


def _fail(state: State, msg: str) -> None:
    raise ContractViolation(f"{state!r}: {msg}\nhistory tail: {state.history[-8:]}")


def check_position(state: State, rng: random.Random, full: bool, roundtrip: bool) -> None:
    """Check one position. ``full`` adds the costlier checks (every action applied to a clone, every
    seat's events); ``roundtrip`` the lossless JSON round-trip with history and log."""
    n = state.players
    to_move = state.to_move
    if state.is_over != (to_move == ()):
        _fail(state, f"is_over={state.is_over} but to_move={to_move}")
    if len(set(to_move)) != len(to_move) or any(not 0 <= s < n for s in to_move):
        _fail(state, f"bad to_move {to_move}")
    for seat in range(n):
        legal = state.legal_actions(seat)
        if (seat in to_move) != bool(legal):
            _fail(state, f"seat {seat}: to_move={to_move} but {len(legal)} legal actions")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            dup = [t for t, k in Counter(texts).items() if k > 1]
            _fail(state, f"seat {seat}: duplicate notation {dup}")
        if len(set(legal)) != len(legal):
            _fail(state, f"seat {seat}: duplicate actions")
        for a, t in zip(legal, texts, strict=True):
            if state.parse_action(seat, t) != a or state.game.parse_notation(t) != a:
                _fail(state, f"seat {seat}: notation {t!r} does not read back as {a!r}")
    # views and events are JSON-safe, and a seat's view is untouched by what it cannot see
    if roundtrip:
        for seat in [None, *range(n)]:
            json.dumps(state.view(seat))
            if full:
                json.dumps(state.events(seat))
    if state.is_over:
        return
    seat = rng.choice(to_move)
    before = state.fingerprint()
    # refused actions leave the state exactly as it was
    for bad in ("", "definitely not an action", "\x00"):
        try:
            state.parse_action(seat, bad)
        except InvalidActionError:
            pass
        except IllegalActionError:
            pass
        else:
            _fail(state, f"parse_action accepted {bad!r}")
    others = [s for s in range(n) if s not in to_move]
    legal = state.legal_actions(seat)
    if others:
        try:
            state.apply(others[0], legal[0])
        except IllegalActionError:
            pass
        else:
            _fail(state, f"seat {others[0]} was allowed to act out of turn")
    try:
        state.apply(seat, object())  # type: ignore[arg-type]
    except InvalidActionError:
        pass
    else:
        _fail(state, "apply accepted a non-action")
    # JSON round-trip
    if roundtrip:
        snapshot = state.to_json()
        restored = state.game.from_json(json.loads(json.dumps(snapshot)))
        if restored.to_json() != snapshot:
            _fail(state, "to_json/from_json is lossy")
        for s in range(n):
            if restored.legal_actions(s) != state.legal_actions(s):
                _fail(state, f"restored state has other legal actions for seat {s}")
    # clone independence
    twin = state.clone()
    if twin.fingerprint() != before:
        _fail(state, "clone differs from the original")
    twin.apply(seat, rng.choice(legal))
    # every listed action applies
    sample = legal if full else rng.sample(legal, min(2, len(legal)))
    for a in sample:
        c = state.clone()
        c.apply(seat, a)
    # determinize keeps what the seat knows, and is a playable state
    for s in to_move:
        d = state.determinize(s, random.Random(rng.getrandbits(32)))
        if d.view(s) != state.view(s):
            _fail(state, f"determinize({s}) changed view({s})")
        # The filtered event lists are compared in the fully checked games and at the round-trip steps
        # (filtering the whole log at every step makes long games quadratic).
        if d.log_size != state.log_size or ((full or roundtrip) and d.events(s) != state.events(s)):
            _fail(state, f"determinize({s}) changed events({s})")
        if d.legal_actions(s) != state.legal_actions(s):
            _fail(state, f"determinize({s}) changed seat {s}'s legal actions")
        if d.components() != state.components():
            _fail(state, f"determinize({s}) created or lost components")
        d.apply(s, rng.choice(d.legal_actions(s)))
    # the original is untouched by refused actions, by play on a clone and by determinize
    if state.fingerprint() != before:
        _fail(state, "a refused action, play on a clone or determinize changed the original")


def check_undo(before: State, seat: int, action: Action, after: State) -> bool:
    """Where the undo policy (core/undo.py) lets ``seat`` take back ``action`` (which turned ``before``
    into ``after``), taking it back restores exactly the earlier state (position, history, log, chance)
    and leaves nothing of the action in any seat's or the spectator's view or log. Returns whether the
    undo was allowed. Cheap where it is refused: the policy's constant-time half is asked first."""
    if not undo_allowed_cheaply(before, seat, action, after) or not can_undo(before, seat, action, after):
        return False
    back = after.game.replay(undo_record(after.record()))
    if back.to_json() != before.to_json():
        _fail(after, f"taking back seat {seat}'s {action} does not restore the earlier state")
    for s in [None, *range(before.players)]:
        if back.view(s) != before.view(s) or back.events(s) != before.events(s):
            _fail(after, f"taking back seat {seat}'s {action} leaves something in the view or log of {s}")
        if s is not None and back.legal_actions(s) != before.legal_actions(s):
            _fail(after, f"taking back seat {seat}'s {action} changed what seat {s} may do")
    return True


def play_checked(game: Game[Any], seed: int, *, full: bool) -> dict[str, Any]:
    """Play one random game with every check after every step; return a few statistics."""
    rng = random.Random(seed * 7919 + 1)
    state = game.new_game(seed)
    components: Counter[Hashable] = state.components()
    steps = 0
    snap_at = rng.randrange(0, 60)
    snapshot: dict[str, Any] | None = None
    hidden_changed = False
    undone = undo_checked = 0
    while True:
        check_position(state, rng, full, roundtrip=full or steps % ROUNDTRIP_EVERY == 0)
        if state.components() != components:
            _fail(state, f"components not conserved: {state.components() - components} / "
                         f"{components - state.components()}")
        if steps == snap_at:
            snapshot = state.to_json()
            # a determinized copy for another seat differs somewhere when anything is hidden
        if not hidden_changed and state.to_move:
            d = state.determinize(state.to_move[0], random.Random(steps))
            hidden_changed = d.to_json()["state"] != state.to_json()["state"]
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        action: Action = rng.choice(state.legal_actions(seat))
        before_undo = state.clone() if steps - undo_checked >= UNDO_EVERY else None
        state.apply(seat, action)
        if before_undo is not None and undo_allowed_cheaply(before_undo, seat, action, state):
            undone += check_undo(before_undo, seat, action, state)
            undo_checked = steps
        steps += 1
        if steps > MAX_DECISIONS:
            _fail(state, f"no end after {MAX_DECISIONS} decisions")
    final = state.to_json()
    for seat in [None, *range(game.players)]:
        json.dumps(state.events(seat))
    if game.from_json(json.loads(json.dumps(final))).to_json() != final:
        _fail(state, "to_json/from_json is lossy at the end")
    record = json.loads(json.dumps(state.record()))
    if replay(record).to_json() != final:
        _fail(state, "replay(record) does not rebuild the final state")
    if snapshot is not None:
        k = len(snapshot["history"])
        if game.replay(record, upto=k).to_json() != snapshot:
            _fail(state, f"replay of the first {k} actions differs from the state at step {k}")
        resumed = game.from_json(snapshot)
        for s, text in record["actions"][k:]:
            resumed.apply(s, resumed.parse_action(s, text))
        if resumed.to_json() != final:
            _fail(state, f"a state restored at step {k} did not continue identically")
    outcome = state.outcome
    assert outcome is not None
    if not outcome.winners or any(not 0 <= w < game.players for w in outcome.winners):
        _fail(state, f"bad winners {outcome.winners}")
    if len(outcome.scores) != game.players:
        _fail(state, f"outcome has {len(outcome.scores)} scores for {game.players} players")
    return {"steps": steps, "hidden_changed": hidden_changed, "undone": undone}
