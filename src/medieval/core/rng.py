"""Deterministic chance. A state carries a seed and a counter; every chance event (a shuffle, a roll, a
draw) gets a generator determined by both, so the state stays tiny to clone and to serialise, and
replaying the same actions from the same seed reproduces every shuffle and roll.

:class:`Chance` is that generator since the second record format (``medieval/record@2``): a counter-based
SplitMix64 stream whose start is the seed and the event's counter mixed together, built in well under a
microsecond. Records of the first format (``medieval/record@1``) replay with :func:`derive`, the
generator of that format: a Mersenne Twister seeded with the text ``"seed:counter"`` (several microseconds
to build)."""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_TWO64 = 1 << 64
_UNIT = 2.0 ** -53


class Rng(Protocol):
    """What the rules draw from a chance event's generator (:class:`Chance`, or a ``random.Random``)."""

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = None) -> int: ...

    def randint(self, a: int, b: int) -> int: ...

    def shuffle(self, x: MutableSequence[Any]) -> None: ...

    def choice(self, seq: Sequence[T]) -> T: ...


def derive(seed: int, *keys: int | str) -> random.Random:
    """A generator determined by ``seed`` and ``keys`` alone (string seeding is stable across runs). The
    chance of the first record format, and what setups outside a game's chance stream use."""
    return random.Random(":".join([str(seed), *map(str, keys)]))


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit integers that spreads every input bit."""
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def seed_key(seed: int) -> int:
    """A 64-bit key of any integer seed: the seed itself in 0..2**64-1, else a hash of its digits."""
    if 0 <= seed <= _MASK:
        return seed
    return int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=8).digest(), "little")


#: The mixed counters of the first chance events of a game (most games draw fewer), and the mixed key of
#: the last seed met (a game draws all its chance from one seed).
_COUNTERS = [_mix(((c + 1) * _GAMMA) & _MASK) for c in range(4096)]
_last_seed = 0
_last_key = _mix(0)


def chance(seed: int, counter: int) -> Chance:
    """The generator of chance event number ``counter`` of a game seeded ``seed``."""
    global _last_seed, _last_key
    if seed != _last_seed:
        _last_key = _mix(seed if 0 <= seed <= _MASK else seed_key(seed))
        _last_seed = seed
    return Chance(_last_key ^ (_COUNTERS[counter] if counter < 4096 else _mix(((counter + 1) * _GAMMA) & _MASK)))


class Chance:
    """The generator of one chance event: SplitMix64 (Steele, Lea and Flood's splittable generator), started
    where :func:`chance` puts it, from the game's seed and the event's counter. Every draw is exact (no
    modulo bias): ``randrange`` by Lemire's multiply-and-reject, ``shuffle`` by one uniform draw among the
    n! orders, decoded as the Fisher-Yates walk."""

    __slots__ = ("_x",)

    def __init__(self, start: int) -> None:
        self._x = start & _MASK

    def next64(self) -> int:
        """The next 64 random bits."""
        z = self._x = (self._x + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n - 1`` (1 <= n <= 2**64)."""
        if not 0 < n <= _TWO64:
            raise ValueError(f"cannot draw below {n}")
        x = self._x
        while True:
            z = x = (x + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            m = (z ^ (z >> 31)) * n
            low = m & _MASK
            if low >= n or low >= (_TWO64 - n) % n:  # (the second test only near the rare rejection)
                self._x = x
                return m >> 64

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * _UNIT

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self.below(start)
        return start + self.below(stop - start)

    def randint(self, a: int, b: int) -> int:
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """In place: one uniform number below n! (whole 64-bit draws, the rare excess rejected), read as the
        Fisher-Yates walk (its digits in the factorial number system are the walk's swaps)."""
        n = len(x)
        if n < 2:
            return
        total, words, limit = _orders(n)
        while True:
            r = 0
            for _ in range(words):
                r = (r << 64) | self.next64()
            if r < limit:
                break
        r %= total
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            x[i], x[j] = x[j], x[i]


@cache
def _orders(n: int) -> tuple[int, int, int]:
    """(n!, the 64-bit words drawn for a shuffle of n, the largest multiple of n! they can hold)."""
    total = math.factorial(n)
    words = total.bit_length() // 64 + 2  # at least 64 spare bits: a redraw once in 2**64 shuffles at most
    return total, words, (1 << (64 * words)) // total * total


def fresh_seed() -> int:
    """A new random seed, for games started without one."""
    return secrets.randbits(63)
