"""Errors raised by the engine contract. All of them are ``ValueError`` subclasses."""

from __future__ import annotations

from collections.abc import Iterable

_MAX_LISTED = 60


def describe_legal(legal: Iterable[object]) -> str:
    """Render a list of legal actions for an error message (truncated when very long)."""
    items = [str(a) for a in legal]
    if not items:
        return "no action is legal for this seat now"
    shown = ", ".join(items[:_MAX_LISTED])
    if len(items) > _MAX_LISTED:
        shown += f", ... and {len(items) - _MAX_LISTED} more"
    return f"legal: {shown}"


def unquoted(reason: str, *texts: str) -> str:
    """``reason`` without a leading quote of the notation it is about, for a message that quotes that
    notation already: ``'play 3 6': all cards...`` -> ``all cards...``, ``'bogus' is not X notation`` ->
    ``not X notation``."""
    for text in texts:
        for prefix in (f"{text!r}: ", f"{text!r} is "):
            if reason.startswith(prefix):
                return reason[len(prefix):]
    return reason


class MedievalError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnknownGameError(MedievalError):
    """The game name is not registered."""


class InvalidOptionError(MedievalError):
    """A rule option, option value or player count is not valid for the game."""


class ActionError(MedievalError):
    """An action was refused. ``legal`` lists what the seat could do instead."""

    def __init__(self, message: str, legal: Iterable[object] = ()) -> None:
        #: The refusal alone, without the list of legal actions.
        self.reason = message
        self.legal = [str(a) for a in legal]
        super().__init__(f"{message} ({describe_legal(self.legal)})")


class InvalidActionError(ActionError):
    """The action is malformed: not an action of this game, or notation that cannot be read."""


class IllegalActionError(ActionError):
    """The action is well formed but not legal for that seat in this position."""


class RecordError(MedievalError):
    """A saved record or state cannot be read or does not replay."""
