"""The base of every game's actions (re-exported by ``core/state.py``)."""

from __future__ import annotations

from typing import Any


class Action:
    """Base of every game's actions: small frozen values that name things by identity.

    ``str(action)`` is the action's notation; ``State.parse_action`` reads it back. Games define
    their actions as ``@dataclass(frozen=True, slots=True)`` subclasses."""

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError

    @property
    def type_name(self) -> str:
        """What sort of action this is (``place``, ``challenge``...): by default its class name in snake
        case. Clients group and draw actions by kind."""
        name = type(self).__name__
        return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))

    def args(self) -> dict[str, Any]:
        """The action's arguments as JSON-safe values named for a client (cards, quests, squares by their
        names, not by internal ids). Default: the dataclass fields; games override where fields are ids."""
        import dataclasses

        if dataclasses.is_dataclass(self):
            return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return {}

    def to_json(self) -> dict[str, Any]:
        """The structured form a client receives: ``{"kind", "args", "notation"}`` (the notation is what
        it sends back)."""
        return {"kind": self.type_name, "args": self.args(), "notation": str(self)}
