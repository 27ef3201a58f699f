"""The end of a game as a value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended: which rule ended it, who won (several on a shared win) and the final scores."""

    termination: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination, "winners": list(self.winners), "scores": list(self.scores)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Outcome:
        return cls(str(d["termination"]), tuple(int(w) for w in d["winners"]),
                   tuple(float(s) for s in d["scores"]))

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise."""
        if seat in self.winners:
            return 1.0 / len(self.winners)
        return 0.0
