"""A plain-text picture of a Medievalia view (``state.render(seat)``; logs and ``ansi`` mode)."""

from __future__ import annotations

from typing import Any


def render_text(view: dict[str, Any]) -> str:
    n = view["players"]
    tower = view["tower"]
    field = tower["field"]["code"] + " " + tower["field"]["name"] if tower["field"] else "none"
    instr = tower["instructor"]["code"] + " " + tower["instructor"]["name"] if tower["instructor"] else "none"
    table = view["table"]
    lines = [
        f"Medievalia - round {view['round']}/{view['rounds']} - {view['direction']} - deck {view['deck_size']}",
        f"Magic Field: {field}   Magic Instructor: {instr}",
        "Table: " + (" | ".join(f"{p['seat']}: {p['cards']}" + (f" ({p['total']})" if p["total"] else
                                                                 f" [{p['effect']}]")
                               for p in table["plays"]) or "empty")
        + f"   total {table['total']}",
    ]
    for s in range(n):
        mark = ">" if s in view["to_move"] else " "
        rounds = " ".join(f"{r[s]:+d}" for r in view["round_scores"])
        lines.append(f"{mark} seat {s}: hand {view['hand_sizes'][s]}, stack {view['stack_sizes'][s]}, "
                     f"score {view['scores'][s]:+d} [{rounds}]")
    if view["hand"] is not None:
        lines.append("Your hand: " + " ".join(view["hand"]))
    if view["outcome"] is not None:
        lines.append(f"Game over: winners {view['outcome']['winners']} ({view['outcome']['termination']})")
    return "\n".join(lines)
