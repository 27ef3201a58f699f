"""Medievallons in the terminal: your hand, every seat's guilds, the discard pile's top card, the draw
pile count, the End of Game card's side, the pending decision and the match score. Drawn from
``state.view(seat)`` only (the sentences of the log are in ``text.py``)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import seat_label
from medieval.games.medievallons.components import GUILDS, KIND_OF
from medieval.games.medievallons.text import ending
from medieval.games.medievallons.view import GuildView, MedievallonsView

_COLOUR = {g.name: g.colour for g in GUILDS}

_DECISIONS = {
    "knight": "Knight: name a seat and a kind of card",
    "knight_give": "hand over the demanded card",
    "merchant": "Merchant: pick a trading partner",
    "exchange": "Merchant: each side secretly picks two cards to hand over",
    "noble": "Noble: hand over a card of your choice",
    "priest": "Priest: pick a hand to look at",
    "priest_take": "Priest: take a card",
    "priest_give": "Priest: hand back a card",
    "beggar": "Beggar: pick which tied seat gives",
    "witch": "Witch: pick a guild to copy",
    "assassin": "Assassin: pick a guild card to discard",
    "prowler": "Prowler: pick a guild card to take",
    "wizard": "Wizard: keep one card, discard the other two",
}


def _p(seat: object) -> str:
    return seat_label(seat)


def card(name: str | None) -> Text:
    """One card as a coloured chip."""
    if name is None:
        return Text("—", style="dim")
    return Text(f" {name} ", style=f"bold black on {_COLOUR.get(name, 'white')}")


def cards(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(card(name))
    return out


def _hand(names: list[str]) -> Text:
    """A hand grouped by kind: ``Knight x3``."""
    if not names:
        return Text("(empty)", style="dim")
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    out = Text()
    for i, (name, c) in enumerate(sorted(counts.items(), key=lambda kv: KIND_OF[kv[0].lower()])):
        if i:
            out.append("  ")
        out.append_text(card(name))
        if c > 1:
            out.append(f"x{c}", style="bold")
    return out


def _guild(g: GuildView) -> Text:
    out = Text()
    out.append(f"{g['label']} ", style="bold" if g["usable"] else "")
    kinds: dict[str, int] = {}
    for n in g["cards"]:
        kinds[n] = kinds.get(n, 0) + 1
    for i, (name, c) in enumerate(kinds.items()):
        if i:
            out.append(" + ")
        out.append_text(card(name))
        if c > 1:
            out.append(f"x{c}")
    if not g["usable"]:
        out.append(" (no power)" if g["kind"] == "Jester" else " (new)", style="dim")
    return out


def _pending(view: MedievallonsView) -> Text:
    p = view["pending"]
    if view["outcome"]:
        o = view["outcome"]
        winners = ", ".join(_p(w) for w in o["winners"])
        return Text(f"Game over ({ending(o['termination'])}): {winners} win{'s' if len(o['winners']) == 1 else ''}",
                    style="bold green")
    if p is None:
        return Text(f"{_p(view['current'])}: play a card, lay, use or reinforce a guild", style="bold")
    text = Text(_DECISIONS.get(p["decision"], p["decision"]), style="bold")
    who = p.get("seat")
    if who is not None:
        text.append(f" — {_p(who)}")
    if p["decision"] == "exchange":
        text.append(f" — waiting for {', '.join(_p(w) for w in p['waiting'])}")
        if p.get("my_offer"):
            text.append("  you offer ")
            text.append_text(cards(p["my_offer"]))
    if p["decision"] == "knight_give":
        text.append(f" → {_p(p['to'])}")
        text.append(" demands ")
        text.append_text(card(p["card"]))
    if p["decision"] == "noble":
        text.append(f" to {_p(p['to'])}")
    if p.get("hand") is not None:
        text.append("\n  their hand: ")
        text.append_text(cards(p["hand"]))
    if p.get("cards") is not None:
        text.append("\n  drawn: ")
        text.append_text(cards(p["cards"]))
    if p["decision"] == "beggar":
        text.append(f" among {', '.join(_p(o) for o in p['options'])}")
    return text


def render(view: MedievallonsView) -> RenderableType:
    """The picture of a Medievallons view."""
    seat = view["seat"]
    match = view.get("match")
    title = f"Medievallons — turn {view['turn']}"
    if match:
        title += f" — round {match['round']} of 3, wins {match['round_wins'][0]}-{match['round_wins'][1]}"

    centre = Table.grid(padding=(0, 2))
    end = view["end_card"]
    centre.add_row(
        Text(f"Draw pile: {view['draw_count']}", style="bold"),
        Text.assemble("End card: ", (f" {end.upper()} ", f"bold black on {'red' if end == 'red' else 'yellow'}")),
        Text.assemble("Discard: ", card(view["discard_top"]), f" ({len(view['discard'])})"),
        Text.assemble("In play: ", card(view["played"])) if view["played"] else Text(""),
    )

    seats = Table(show_lines=False)
    seats.add_column("Seat", no_wrap=True)
    seats.add_column("Hand", justify="right")
    seats.add_column("Guilds")
    for s in range(view["players"]):
        label = Text(f"{'▶ ' if s == view['current'] else '  '}{_p(s)}")
        if s == seat:
            label.append(" (you)", style="bold cyan")
        if s in view["to_move"]:
            label.stylize("bold")
        gl = [g for g in view["guilds"] if g["owner"] == s]
        guilds = Text("\n").join([_guild(g) for g in gl]) if gl else Text("—", style="dim")
        seats.add_row(label, str(view["hand_counts"][s]), guilds)

    parts: list[RenderableType] = [centre, seats]
    if view["hand"] is not None:
        parts.append(Text.assemble(("Your hand: ", "bold"), _hand(view["hand"])))
    seen = view.get("seen") or {}
    for target, memo in sorted(seen.items()):
        parts.append(Text.assemble((f"Seen {_p(int(target))}'s hand (turn {memo['turn']}): ", "dim"),
                                   cards(memo["hand"])))
    parts.append(_pending(view))
    return Panel(Group(*parts), title=title, border_style="gold3")


def _header(view: MedievallonsView) -> Text:
    end = view["end_card"]
    head = Text.assemble(("Medievallons", "bold gold3"), f" · turn {view['turn']}")
    match = view.get("match")
    if match:
        head.append(f" · round {match['round']} of 3, wins {match['round_wins'][0]}-{match['round_wins'][1]}")
    head.append(f" · draw {view['draw_count']} · end card ")
    head.append(f" {end.upper()} ", style=f"bold black on {'red' if end == 'red' else 'yellow'}")
    head.append(" · discard ")
    head.append_text(card(view["discard_top"]))
    head.append(f" ({len(view['discard'])})")
    if view["played"]:
        head.append(" · in play ")
        head.append_text(card(view["played"]))
    return head


def render_compact(view: MedievallonsView) -> RenderableType:
    """A Medievallons view without boxes: a line per seat with its guilds, then the hand."""
    seat = view["seat"]
    parts: list[RenderableType] = [Hanging(_header(view), 4)]
    for s in range(view["players"]):
        line = Text("▶ " if s == view["current"] else "  ", style="yellow")
        line.append(_p(s) + (" you" if s == seat else ""), style="bold" if s == seat or s in view["to_move"] else "")
        count = view["hand_counts"][s]
        line.append(f"  {count} card{'s' if count != 1 else ''}  ")
        gl = [g for g in view["guilds"] if g["owner"] == s]
        if gl:
            line.append_text(Text("   ").join(_guild(g) for g in gl))
        else:
            line.append("no guild", style="dim")
        parts.append(Hanging(line, 4))
    if view["hand"] is not None:
        parts.append(Hanging(Text.assemble(("Your hand: ", "bold"), _hand(view["hand"])), 4))
    seen = view.get("seen") or {}
    for target, memo in sorted(seen.items()):
        parts.append(Hanging(Text.assemble((f"Seen {_p(int(target))}'s hand (turn {memo['turn']}): ", "dim"),
                                           cards(memo["hand"])), 4))
    parts.append(_pending(view))
    return Group(*parts)
