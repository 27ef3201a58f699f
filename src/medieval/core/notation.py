"""Helpers for games' notation readers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

A = TypeVar("A")


def memoized(parse: Callable[[str], A], limit: int = 50_000) -> Callable[[str], A]:
    """Wrap a pure notation reader with a bounded cache: notation is read back far more often than it
    is new (replays, conformance checks, servers). Errors are not cached."""
    cache: dict[str, A] = {}

    def read(text: str) -> A:
        action = cache.get(text)
        if action is None:
            action = parse(text)
            if len(cache) >= limit:
                cache.clear()
            cache[text] = action
        return action

    read.__doc__ = parse.__doc__
    return read
