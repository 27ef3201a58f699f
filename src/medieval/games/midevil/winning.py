"""§10 Winning the game: the Necronomicon at the Altar's centre square, or 30 points of skeletons (R8);
and the round limit that ends a game without either (R12). §11.4 the skeletons' points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.outcome import Outcome

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState


def points(k: list[int]) -> int:
    """§11.4 points of (white, red, blue) skeleton counts: 1, 2 and 3 each."""
    return k[0] + 2 * k[1] + 3 * k[2]


def check_points(s: MidEvilState, seat: int) -> None:
    """R8: with ``points_check=immediate`` (the default), the target is checked the moment a skeleton is
    collected."""
    opts = s.options
    if opts["points_check"] == "immediate" and points(s.kills[seat]) >= opts["target_points"]:
        win(s, seat, "skeleton_points")


def win(s: MidEvilState, seat: int, how: str) -> None:
    s.result = {"termination": how, "winners": [seat]}
    s.phase = "over"
    s._emit("game_over", {"termination": how, "winners": [seat]})


def finish_by_limit(s: MidEvilState) -> None:
    """R12: the round limit: most skeleton points win; a tie goes to the book's holder, else shared."""
    pts = [points(k) for k in s.kills]
    best = max(pts)
    tied = [x for x in range(s.players) if pts[x] == best]
    if len(tied) > 1 and s.book in tied:
        tied = [s.book]
    s.result = {"termination": "round_limit", "winners": tied}
    s.phase = "over"
    s._emit("game_over", {"termination": "round_limit", "winners": tied})


def outcome(s: MidEvilState) -> Outcome:
    """How a finished game ended: its termination and winners, each seat's skeleton points."""
    return Outcome(s.result["termination"], tuple(s.result["winners"]),
                   tuple(float(points(k)) for k in s.kills))
