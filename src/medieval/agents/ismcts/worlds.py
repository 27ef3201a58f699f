"""The worlds a search plays on: a generator that makes determinization depend on the view alone, and
the per-game self-test that allows playouts to skip the log and apply's checks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from medieval.core.state import Action, Game, State

#: Safety cap on the length of one rollout (every game must end long before).
MAX_ROLLOUT_STEPS = 100_000

Heuristic = Callable[[State, int, random.Random], Action]


class OrderBlindRandom(random.Random):
    """A generator that puts a sequence in a canonical order before drawing from it.

    ``determinize`` typically gathers the cards a seat cannot see *in the order they really lie* and
    shuffles them. The result is equally likely whatever that order was, but under one seed it still
    depends on it: two states that differ only in hidden cards would give different worlds, and a bot's
    search would differ between them. Handing ``determinize`` this generator sorts such a pool first,
    which changes no probability (a shuffle of a multiset, a sample or a choice from it, is uniform
    whatever the order) and makes the world a function of the view and the seed alone."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        _canonical(x)
        super().shuffle(x)

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        if counts is None and isinstance(population, list | tuple):
            population = list(population)
            _canonical(population)
        return super().sample(population, k, counts=counts)

    def choice(self, seq: Any) -> Any:
        if isinstance(seq, list | tuple) and len(seq) > 1:
            seq = list(seq)
            _canonical(seq)
        return super().choice(seq)


def _canonical(x: list[Any]) -> None:
    try:
        x.sort()
    except TypeError:  # unorderable items (dicts, mixed types): order by their text
        x.sort(key=repr)


_FAST_OK: dict[tuple[str, bool], bool] = {}


def fast_path_ok(game: Game[Any], games: int = 2) -> bool:
    """Whether rollouts may skip the log and ``apply``'s checks for this game configuration: a few
    seeded random games are played both ways and must agree at every step (cached)."""
    return _fast_ok(game, games, heuristic=False)


def fast_heuristic_ok(game: Game[Any], games: int = 2) -> bool:
    """Whether heuristic rollouts may skip the log and ``apply``'s checks for this game configuration:
    the random games of :func:`fast_path_ok` agree, and so do a few seeded games of the game's heuristic,
    on every move and every position (cached). A game's heuristic reads the seat's view, so this also
    checks that the view does not depend on the log."""
    return fast_path_ok(game, games) and _fast_ok(game, games, heuristic=True)


def _fast_ok(game: Game[Any], games: int, heuristic: bool) -> bool:
    key = (repr(game), heuristic)
    ok = _FAST_OK.get(key)
    if ok is None:
        ok = _FAST_OK[key] = _plays_the_same_muted(game, games, game.heuristic_action if heuristic else None)
    return ok


def _plays_the_same_muted(game: Game[Any], games: int, policy: Heuristic | None) -> bool:
    """Seeded games (random moves, or ``policy``'s on each world with its own equal random stream)
    played on a logged world with ``apply`` and on a muted one with ``_apply`` agree at every step."""
    seed = 9_000_001 if policy is None else 9_100_001
    try:
        for g in range(games):
            slow = game.new_game(seed=seed + g)
            fast = slow.clone()
            fast.mute_log()
            rng_slow, rng_fast = random.Random(g), random.Random(g)
            for _ in range(MAX_ROLLOUT_STEPS):
                if slow.to_move != fast.to_move:
                    return False
                if not slow.to_move:
                    break
                seat = slow.to_move[0]
                legal = slow.legal_actions(seat)
                if fast.legal_actions_fast(seat) != legal:
                    return False
                if policy is None:
                    action = legal[rng_slow.randrange(len(legal))]
                else:
                    action = policy(slow, seat, rng_slow)
                    if policy(fast, seat, rng_fast) != action:
                        return False
                slow.apply(seat, action)
                fast.apply_fast(seat, action)
                if slow.position_json() != fast.position_json():
                    return False
            if slow.outcome != fast.outcome:
                return False
    except Exception:  # any trouble: use the checked path
        return False
    return True
