"""A plain-text picture of a Medievallons view (``State.render``; logs and ANSI-less terminals)."""

from __future__ import annotations

from typing import Any


def render_text(view: dict[str, Any]) -> str:
    lines = []
    match = view.get("match")
    head = f"Medievallons - turn {view['turn']}, seat {view['current']} to play"
    if match:
        head += f" - round {match['round']} of 3, round wins {match['round_wins']}"
    lines.append(head)
    lines.append(f"draw pile {view['draw_count']} | End card {view['end_card']} | "
                 f"discard top {view['discard_top'] or '-'} ({len(view['discard'])})")
    for seat in range(view["players"]):
        guilds = [f"{g['label']}[{' '.join(g['cards'])}]" for g in view["guilds"] if g["owner"] == seat]
        mark = ">" if seat == view["current"] else " "
        lines.append(f"{mark} seat {seat}: {view['hand_counts'][seat]} cards | guilds: "
                     f"{', '.join(guilds) or '-'}")
    if view["hand"] is not None:
        lines.append(f"your hand: {' '.join(view['hand']) or '(empty)'}")
    pending = view["pending"]
    if pending:
        lines.append(f"waiting for: {pending}")
    if view["outcome"]:
        lines.append(f"over: {view['outcome']}")
    return "\n".join(lines)
