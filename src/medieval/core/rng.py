"""Deterministic chance. A state carries a seed and a counter; every chance event draws a fresh
``random.Random`` derived from both, so the state stays tiny to clone and to serialise, and
replaying the same actions from the same seed reproduces every shuffle and roll."""

from __future__ import annotations

import random
import secrets


def derive(seed: int, *keys: int | str) -> random.Random:
    """A generator determined by ``seed`` and ``keys`` alone (string seeding is stable across runs)."""
    return random.Random(":".join([str(seed), *map(str, keys)]))


def fresh_seed() -> int:
    """A new random seed, for games started without one."""
    return secrets.randbits(63)
