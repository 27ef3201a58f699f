"""Medievalia (2007) in the terminal: every Fief with its City and territories, the buildings and
troops on them (used cards dimmed with ↻), free troops, visitors from other Fiefs, resources and VP;
then the decks, the building stacks, the seat's hand, the purchase or battle in progress and the
pending decision. Drawn from ``state.view(seat)`` only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import seat_label
from medieval.games.medievalia2007.text import ending
from medieval.games.medievalia2007.view import FiefEntry, Medievalia2007View, Resources, TableCard

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")
RES_SHORT = {"food": "F", "energy": "E", "gold": "G", "workforce": "W"}
RES_STYLE = {"food": "green", "energy": "yellow", "gold": "bright_yellow", "workforce": "bright_blue"}
#: What each pending decision asks, in words.
DECISIONS = {"take_starting_card": "take a starting card", "draw": "draw a card from a deck",
             "actions": "take actions, then end them", "pay": "pay for the purchase",
             "ally_supply": "send resources to the ally, or refuse",
             "external_movement": "march troops, or end the moves",
             "war": "attack, or end the turn", "upkeep": "disband the troops that cannot be fed",
             "form_armies": "form armies", "deploy": "deploy defenders against the armies",
             "choose_target": "choose each army's target", "powers": "use Priests and Bowmen, or stand",
             "bonus": "give a troop the +0/1 bonus", "damage_order": "choose the order the damage falls in"}
#: The steps of a battle (§10), in words.
BATTLE_STEPS = {"muster": "forming armies", "deploy": "deploying defenders", "aim": "choosing targets",
                "alloc": "placing damage", "powers": "Priests and Bowmen act"}
PHASES = {"setup": "choosing starting cards", "draw": "drawing", "actions": "actions", "pay": "paying",
          "supply": "ally producing", "move": "external movement", "war": "war", "battle": "battle",
          "over": "game over"}


def _seat(seat: Any) -> Text:
    if not isinstance(seat, int) or isinstance(seat, bool):
        return Text(str(seat))
    return Text(seat_label(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _res(amounts: Resources | Mapping[str, Any]) -> Text:
    out = Text()
    for r, n in amounts.items():
        if n:
            if out:
                out.append(" ")
            out.append(f"{n}{RES_SHORT.get(r, r)}", style=RES_STYLE.get(r, ""))
    return out if out else Text("-", style="dim")


def card_text(card: TableCard, show_owner: bool = False) -> Text:
    """A card on the table: name, strength, damage; dimmed with ↻ when used."""
    used = bool(card.get("rotated"))
    style = "dim" if used else ""
    if card.get("kind") in ("civilian building", "military building"):
        style = (style + " italic").strip()
    t = Text(str(card["name"]), style=style)
    if show_owner:
        t.append(" ")
        t.append_text(_seat(card.get("owner")))
    if "strength" in card:
        a, d = card["strength"]
        t.append(f" {a}/{d}", style="dim")
    if card.get("damage"):
        t.append(f" -{card['damage']}", style="bold red")
    if card.get("artists"):
        t.append(f" x{2 ** int(card['artists'])}", style="magenta")
    if used:
        t.append(" ↻", style="dim")
    return t


def _join(parts: list[Text]) -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(", ")
        out.append_text(p)
    return out if parts else Text("-", style="dim")


def _fief_panel(view: Medievalia2007View, fief: FiefEntry) -> Panel:
    table = view["table"]
    cards = [table[n] for n in fief["cards"] if n in table]
    owner = fief.get("owner")
    if owner is None:
        title = Text.assemble((str(fief["name"]), "bold"), " intermediate Fief between ",
                              *_pair(fief.get("between") or []))
        body = Table.grid(padding=(0, 1))
        body.add_column(style="bold")
        body.add_column()
        by_seat: dict[int, list[Text]] = {}
        for c in cards:
            by_seat.setdefault(int(c["owner"]), []).append(card_text(c))
        if not by_seat:
            body.add_row("", Text("empty", style="dim"))
        for s, parts in sorted(by_seat.items()):
            body.add_row(_seat(s), _join(parts))
        return Panel(body, title=title, box=box.ROUNDED, border_style="dim")
    info = view["players_info"][owner]
    title = Text.assemble((str(fief["name"]), "bold"), " ", _seat(owner))
    if not info["alive"]:
        title.append(" defeated", style="red")
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    grid.add_column("card")
    grid.add_column("makes", justify="right")
    grid.add_column("buildings")
    grid.add_column("troops")
    hosts = [c for c in cards if c.get("kind") in ("city", "territory") and c["owner"] == owner]
    for h in hosts:
        on = [c for c in cards if c.get("on") == h["name"]]
        buildings = [card_text(c) for c in on if "building" in str(c.get("kind"))]
        troops = [card_text(c) for c in on if c.get("kind") == "troop"]
        makes = Text(f"{h.get('production', 0)}{RES_SHORT.get(str(h.get('produces')), '')}",
                     style=RES_STYLE.get(str(h.get("produces")), ""))
        name = card_text(h)
        if h.get("guarded"):
            name.append(" ⛨", style="bold")
        grid.add_row(name, makes, _join(buildings), _join(troops))
    free = [card_text(c) for c in cards if c.get("kind") == "troop" and c.get("on") is None and c["owner"] == owner]
    visitors = [card_text(c, show_owner=True) for c in cards if c["owner"] != owner]
    lines: list[RenderableType] = [grid, Text.assemble(("free troops: ", "bold"), _join(free))]
    if visitors:
        lines.append(Text.assemble(("visitors: ", "bold red"), _join(visitors)))
    stats = Text.assemble(
        ("VP ", "bold"), str(info["vp"]), "  ", ("food ", "bold"), f"{info['food']} for {_troops(info['upkeep'])}",
        "  ", ("hand ", "bold"), str(info["hand_count"]))
    if info.get("siege_turns"):
        stats.append(f"  under siege {info['siege_turns']}", style="bold red")
    if info.get("must_disband"):
        stats.append(f"  must disband {info['must_disband']}", style="bold red")
    lines.append(stats)
    active = view.get("active") == owner
    return Panel(Group(*lines), title=title, box=box.HEAVY if active else box.ROUNDED,
                 border_style=SEAT_STYLES[owner % len(SEAT_STYLES)] if active else "white")


def _troops(n: int) -> str:
    return f"{n} troop{'' if n == 1 else 's'}"


def _pair(seats: list[Any]) -> list[Text]:
    out: list[Text] = []
    for i, s in enumerate(seats):
        if i:
            out.append(Text(" and "))
        out.append(_seat(s))
    return out


def _supply_line(view: Medievalia2007View) -> Text:
    t = Text("Decks: ", style="bold")
    for d in view["decks"]:
        t.append(f"{d['name']} {d['count']}")
        if d.get("bottom"):
            t.append(f" (under: {d['bottom']})", style="dim")
        t.append("  ")
    t.append("buildings: ", style="bold")
    for st in view["stacks"]:
        t.append(f"{st['top'] or '-'} ({st['count']})  ")
    return t


def _total(pool: Resources) -> int:
    return pool["food"] + pool["energy"] + pool["gold"] + pool["workforce"]


def _purchase(view: Medievalia2007View) -> RenderableType | None:
    p = view.get("purchase")
    if not p:
        return None
    what = {"remove": f"removing {p['what']}", "card": f"an extra card from the {p['what']} deck"}.get(
        p["kind"], str(p["what"])) + (f" on {p['on']}" if p.get("on") else "")
    t = Text.assemble(("Paying for ", "bold"), what, " · cost ",
                      _res(p["cost"]) if not p.get("any") else Text(f"any {p['any']}"),
                      " · produced ", _res(p["pool"]), " · missing ",
                      _res(p["shortfall"]) if not p.get("any") else
                      Text(f"{max(0, p['any'] - _total(p['pool']))} of any kind"))
    if p.get("discount"):
        t.append(f" · Bureaucrats -{p['discount']}", style="magenta")
    return t


def _battle(view: Medievalia2007View) -> RenderableType | None:
    b = view.get("battle")
    if not b:
        return None
    head = Text.assemble(("Battle in ", "bold red"), str(b["fief"]), ": ", _seat(b["attacker"]), " attacks ",
                         _seat(b["defender"]), f"  ({BATTLE_STEPS.get(b['step'], b['step'])})")
    rows: list[RenderableType] = [head]
    for i, army in enumerate(b["armies"]):
        band = b["bands"][i] if i < len(b["bands"]) else []
        target = b["targets"][i] if i < len(b["targets"]) else None
        line = Text(f"Army {i + 1}: {', '.join(army) or '-'}")
        if band:
            line.append(f"  against {', '.join(band)}", style="red")
        elif target:
            line.append(f"  → {target}", style="red")
        rows.append(line)
    for g in b["groups"]:
        if g["incoming"]:
            who = ", ".join(g["cards"]) + (f" + {g['territory']}" if g.get("territory") else "")
            rows.append(Text.assemble("  ", _seat(g["owner"]), f" {who} takes {g['incoming']}"))
    return Panel(Group(*rows), box=box.ROUNDED, border_style="red")


def render(view: Medievalia2007View) -> RenderableType:
    """The whole table as the seat sees it."""
    seat = view.get("seat")
    header = Text.assemble(("Medievalia (2007)", "bold"), f"  turn {view['turn']}  ",
                           _seat(view["active"]), f" {PHASES.get(str(view['phase']), view['phase'])}")
    if view.get("allied"):
        header.append("  allied: P0+P2 v P1+P3", style="dim")
    vp = Text("  VP ")
    for info in view["players_info"]:
        vp.append_text(_seat(info["seat"]))
        vp.append(f" {info['vp']}  ")
    vp.append(f"(target {view.get('prestige_target', 7)})", style="dim")
    header.append_text(vp)
    parts: list[RenderableType] = [header]
    fiefs = view["fiefs"]
    players = [f for f in fiefs if f.get("owner") is not None]
    middles = [f for f in fiefs if f.get("owner") is None]
    parts.append(Columns([_fief_panel(view, f) for f in players], equal=False, expand=False))
    parts.append(Columns([_fief_panel(view, f) for f in middles], equal=False, expand=False))
    parts.append(_supply_line(view))
    if seat is not None:
        hand = view.get("hand") or []
        parts.append(Text.assemble(("Your hand: ", "bold"), ", ".join(hand) or "-"))
    for extra in (_purchase(view), _battle(view)):
        if extra is not None:
            parts.append(extra)
    status = _status(view)
    if status is not None:
        parts.append(status)
    return Group(*parts)


def _status(view: Medievalia2007View) -> Text | None:
    seat = view.get("seat")
    outcome = view.get("outcome")
    pending = view.get("pending")
    if outcome:
        winners = outcome["winners"]
        line = Text.assemble(("Game over", "bold green"), f" ({ending(str(outcome['termination']))}): ")
        for i, w in enumerate(winners):
            if i:
                line.append(" and ")
            line.append_text(_seat(w))
        line.append(" wins" if len(winners) == 1 else " share the win", style="bold green")
        return line
    if pending:
        you = " (you)" if pending.get("seat") == seat else ""
        decision = str(pending.get("decision", ""))
        return Text.assemble(("Now: ", "bold"), _seat(pending.get("seat")), you, " — ",
                             DECISIONS.get(decision, decision.replace("_", " ")))
    return None


def _header(view: Medievalia2007View) -> Text:
    header = Text.assemble(("Medievalia (2007)", "bold"), f" · turn {view['turn']} · ",
                           _seat(view["active"]), f" {PHASES.get(str(view['phase']), view['phase'])} · VP")
    for info in view["players_info"]:
        header.append(" ")
        header.append_text(_seat(info["seat"]))
        header.append(f" {info['vp']}")
    header.append(f" (target {view.get('prestige_target', 7)})", style="dim")
    if view.get("allied"):
        header.append(" · allied P0+P2 v P1+P3", style="dim")
    return header


def _fief_lines(view: Medievalia2007View, fief: FiefEntry) -> Text:
    """A player's Fief in a line or two: its cards with what stands on them in brackets."""
    table = view["table"]
    cards = [table[n] for n in fief["cards"] if n in table]
    owner = fief.get("owner")
    assert owner is not None
    info = view["players_info"][owner]
    line = Text("▶ " if view.get("active") == owner else "  ", style="yellow")
    line.append(f"{fief['name']} ", style="bold")
    line.append_text(_seat(owner))
    if owner == view.get("seat"):
        line.append(" you", style="bold")
    if not info["alive"]:
        line.append(" defeated", style="red")
    line.append(f" · food {info['food']}/{info['upkeep']} · hand {info['hand_count']}", style="dim")
    if info.get("siege_turns"):
        line.append(f" · under siege {info['siege_turns']}", style="bold red")
    if info.get("must_disband"):
        line.append(f" · must disband {info['must_disband']}", style="bold red")
    line.append(":")
    hosts = [c for c in cards if c.get("kind") in ("city", "territory") and c["owner"] == owner]
    for h in hosts:
        line.append("  ")
        name = card_text(h)
        if h.get("guarded"):
            name.append(" ⛨", style="bold")
        line.append_text(name)
        line.append(f" {h.get('production', 0)}{RES_SHORT.get(str(h.get('produces')), '')}",
                    style=RES_STYLE.get(str(h.get("produces")), ""))
        on = [card_text(c) for c in cards if c.get("on") == h["name"]]
        if on:
            line.append(" [")
            line.append_text(_join(on))
            line.append("]")
    free = [card_text(c) for c in cards if c.get("kind") == "troop" and c.get("on") is None and c["owner"] == owner]
    if free:
        line.append("  free: ", style="bold")
        line.append_text(_join(free))
    visitors = [card_text(c, show_owner=True) for c in cards if c["owner"] != owner]
    if visitors:
        line.append("  visitors: ", style="bold red")
        line.append_text(_join(visitors))
    return line


def _middles_line(view: Medievalia2007View, middles: list[FiefEntry]) -> Text:
    table = view["table"]
    line = Text()
    for f in middles:
        if line.cell_len:
            line.append(" · ")
        line.append(str(f["name"]), style="bold")
        cards = [table[n] for n in f["cards"] if n in table]
        line.append(": ")
        line.append_text(_join([card_text(c, show_owner=True) for c in cards]) if cards
                         else Text("empty", style="dim"))
    return line


def render_compact(view: Medievalia2007View) -> RenderableType:
    """The table without boxes: a line or two per Fief (``name strength makes [what stands on it]``, a
    wrapped line indented), the intermediate Fiefs on one line, the supply, the hand and the decision."""
    v = view
    fiefs = v["fiefs"]
    parts: list[RenderableType] = [Hanging(_header(v), 4)]
    parts.extend(Hanging(_fief_lines(v, f), 4) for f in fiefs if f.get("owner") is not None)
    middles = [f for f in fiefs if f.get("owner") is None]
    if middles:
        parts.append(Hanging(_middles_line(v, middles), 4))
    parts.append(Hanging(_supply_line(v), 4))
    if v.get("seat") is not None:
        parts.append(Hanging(Text.assemble(("Your hand: ", "bold"), ", ".join(v.get("hand") or []) or "-"), 4))
    for extra in (_purchase(v), _battle(v)):
        if extra is not None:
            parts.append(Hanging(extra, 4) if isinstance(extra, Text) else extra)
    status = _status(v)
    if status is not None:
        parts.append(status)
    return Group(*parts)
