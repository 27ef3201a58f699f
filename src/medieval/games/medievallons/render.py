"""Rich rendering of a Medievallons view: your hand, every seat's guilds, the discard pile's top card,
the draw pile count, the End of Game card's side, the pending decision and the match score."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.games.medievallons.components import GUILDS, KIND_OF

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
    return f"P{seat}" if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)


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


def _guild(g: dict[str, Any]) -> Text:
    out = Text()
    out.append(f"{g['label']} ", style="bold" if g["usable"] else "")
    kinds: dict[str, int] = {}
    for n in g["cards"]:
        kinds[n] = kinds.get(n, 0) + 1
    for i, (name, c) in enumerate(kinds.items()):
        if i:
            out.append("+")
        out.append_text(card(name))
        out.append(f"x{c}")
    if not g["usable"]:
        out.append(" (no power)" if g["kind"] == "Jester" else " (new)", style="dim")
    return out


def _pending(view: dict[str, Any]) -> Text:
    p = view["pending"]
    if view["outcome"]:
        o = view["outcome"]
        winners = ", ".join(_p(w) for w in o["winners"])
        return Text(f"Game over ({o['termination']}): {winners} win{'s' if len(o['winners']) == 1 else ''}",
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


def render(view: dict[str, Any]) -> RenderableType:
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


def _list(names: list[str]) -> str:
    return ", ".join(names) if names else "nothing"


def describe_event(event: dict[str, Any]) -> str:
    """A readable line for a Medievallons log event (as the seat it was filtered for sees it)."""
    e = event
    kind = e.get("kind")
    seat = _p(e.get("seat"))
    if kind == "round":
        return f"Round {e['round']}: {_p(e['first'])} starts; End card {e['end_card']}; discard {e['discard']}"
    if kind == "deal":
        return f"{seat} holds {_list(e['cards'])}" if "cards" in e else f"{seat} holds {e.get('count', '?')} cards"
    if kind == "scenario":
        return f"Position set up: {_p(e['current'])} to play, turn {e['turn']}, End card {e['end_card']}"
    if kind == "play":
        return f"Turn {e['turn']}: {seat} plays {e['card']}"
    if kind == "lay":
        return f"Turn {e['turn']}: {seat} lays {e['guild']} ({_list(e['cards'])})"
    if kind == "use":
        return f"Turn {e['turn']}: {seat} uses {e['guild']}"
    if kind == "reinforce":
        becomes = f", now {e['now']}" if e["now"] != e["guild"] else ""
        return f"Turn {e['turn']}: {seat} reinforces {e['guild']} with {_list(e['cards'])}{becomes}"
    if kind == "no_action":
        return f"Turn {e['turn']}: {seat} can do nothing and draws instead"
    if kind == "draw":
        what = _list(e["cards"]) if "cards" in e else f"{e['count']} card{'s' if e['count'] != 1 else ''}"
        return f"{seat} draws {what} ({e['why']})"
    if kind == "end_card":
        return f"The draw pile ran out: End card flipped to {e['side']}; {e['reshuffled']} cards reshuffled"
    if kind == "pile_empty":
        return "The draw pile ran out again: the round ends"
    if kind == "no_target":
        return f"{seat}'s {e['power']} has no guild to attack: draws a card instead"
    if kind == "artisan":
        return f"{seat} takes {e['card']} from the discard pile" if e["card"] else f"{seat}: the discard pile is empty"
    if kind == "beggar":
        return f"{seat} has the most cards: draws instead of begging"
    if kind == "beg":
        return f"{seat} takes {e.get('card', 'a random card')} from {_p(e['from'])}"
    if kind == "no_power":
        return f"{seat}: no power"
    if kind == "witch_reveal":
        return f"{seat}'s Witch reveals {e['card']} from the draw pile"
    if kind == "wizard_draw":
        return f"{seat}'s Wizard draws {_list(e['cards']) if 'cards' in e else str(e['count']) + ' cards'}"
    if kind == "keep":
        return f"{seat} keeps {e.get('card', 'one card')}"
    if kind == "wizard_discard":
        return f"{seat} discards {_list(e['cards'])}"
    if kind == "ask":
        answer = "" if e["has"] else f" — {_p(e['target'])} has none"
        return f"{seat} asks {_p(e['target'])} for a {e['card']}{answer}"
    if kind == "give":
        return f"{seat} gives {e.get('card', 'a card')} to {_p(e['to'])} ({e['power']})"
    if kind == "trade":
        return f"{seat} trades with {_p(e['with'])}"
    if kind == "offer":
        return f"{seat} offers {_list(e['cards'])}" if "cards" in e else f"{seat} has chosen two cards"
    if kind == "exchange":
        if "a_gave" in e:
            return (f"{_p(e['a'])} gives {_list(e['a_gave'])}; {_p(e['b'])} gives {_list(e['b_gave'])}")
        return f"{_p(e['a'])} and {_p(e['b'])} exchange two cards"
    if kind == "look":
        seen = f": {_list(e['hand'])}" if "hand" in e else ""
        return f"{seat} looks at {_p(e['target'])}'s hand{seen}"
    if kind == "take":
        return f"{seat} takes {e.get('card', 'a card')} from {_p(e['from'])}"
    if kind == "copy":
        return f"{seat}'s Witch copies {e['guild']}"
    if kind == "assassinate":
        return f"{seat}'s Assassin discards {e['card']} from {_p(e['owner'])}'s {e['guild']}"
    if kind == "steal":
        return f"{seat}'s Prowler takes {e['card']} from {_p(e['owner'])}'s {e['guild']}"
    if kind == "guild_returned":
        return f"{_p(e['owner'])}'s {e['guild']} is too small: {_list(e['cards'])} go back to hand"
    if kind == "guild_changed":
        return f"{_p(e['owner'])}'s {e['guild']} has only Jesters left: now {e['now']}"
    if kind == "round_over":
        who = ", ".join(_p(w) for w in e["winners"])
        verb = "wins" if len(e["winners"]) == 1 else "win"
        return f"Round {e['round']} over ({e['termination'].replace('_', ' ')}): {who} {verb}"
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k != "kind")
    return f"{kind}: {fields}"
