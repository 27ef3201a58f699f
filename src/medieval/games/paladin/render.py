"""Paladin in the terminal: the quest row with the cards facing each quest, the seat's hand, every
seat's public situation, the decks, and the pending decision. Drawn from ``state.view(seat)`` only.
``render`` draws cards as little cards; ``render_compact`` draws the same in a line per quest and per
seat, for an 80x24 screen."""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medieval.core.picture import Hanging
from medieval.core.text import seat_label
from medieval.games.paladin.view import CardFace, Hand, Hero, PaladinView, PlacedCard, QuestSlot

PHASES = {"first": "choosing the first player", "place": "placing Paladins", "resolve": "resolving the quests",
          "over": "game over"}
SWORD = "⚔"
MAX_KNOWN_DECK = 6


def _p(seat: object) -> str:
    return seat_label(seat)


def card_text(card: CardFace) -> Text:
    """A card face as coloured text: red cards red."""
    return Text(str(card["label"]), style="bold red" if card.get("red") else "bold")


def card_panel(card: CardFace | None, owner: int | None = None) -> Panel:
    """A small card: its face (red cards red), or its back with the owner's seat when unknown."""
    subtitle = None if owner is None else _p(owner)
    if card is None:
        return Panel(Text("░░░", style="blue"), box=box.ROUNDED, width=7, border_style="blue",
                     subtitle=subtitle, padding=(0, 1))
    red = bool(card.get("red"))
    face = Text(str(card["value"]), style="bold red" if red else "bold")
    if red:
        face.append(SWORD, style="red")
    return Panel(face, box=box.ROUNDED, width=7, border_style="red" if red else "white",
                 subtitle=subtitle, padding=(0, 1))


def _cards_row(cards: list[RenderableType]) -> RenderableType:
    if not cards:
        return Text("no card yet", style="dim")
    grid = Table.grid(padding=(0, 0))
    for _ in cards:
        grid.add_column()
    grid.add_row(*cards)
    return grid


def _won_card(view: PaladinView, label: str, winner: int | None) -> CardFace | None:
    won = view.get("won") or []
    if isinstance(winner, int) and 0 <= winner < len(won):
        for w in won[winner]:
            if w["quest"]["label"] == label:
                return w["paladin"]
    return None


def _quest_panel(view: PaladinView, entry: QuestSlot) -> Panel:
    subtitle: str | None
    quest = entry["quest"]
    swords = int(quest["swords"])
    title = Text.assemble((str(quest["label"]), "bold"), " ", (SWORD * swords, "yellow"))
    state = entry.get("state", "open")
    body: list[RenderableType] = []
    hero = entry.get("hero")
    if hero:
        body.append(Text.assemble("hero ", (_p(hero["seat"]), "bold")))
        body.append(_cards_row([card_panel(hero["card"], hero["seat"])]))
        if entry.get("cards"):
            body.append(Text("challengers", style="dim"))
    if state == "won":
        winner = entry.get("winner")
        card = _won_card(view, str(quest["label"]), winner)
        body.append(Text.assemble("won by ", (_p(winner), "bold green")))
        if card is not None:
            body.append(_cards_row([card_panel(card, winner)]))
    elif entry.get("cards") or not hero:
        body.append(_cards_row([card_panel(c.get("card"), c.get("seat")) for c in entry.get("cards", [])]))
    subtitle, style = {"won": ("won", "green"), "resolving": ("now", "yellow"),
                       "waiting": ("next", "white")}.get(str(state), (None, "cyan"))
    return Panel(Group(*body), title=title, subtitle=subtitle, border_style=style, box=box.ROUNDED,
                 padding=(0, 1))


def _pending_text(view: PaladinView) -> Text:
    out = view.get("outcome")
    if out:
        winners = ", ".join(_p(w) for w in out.get("winners", []))
        return Text(f"Game over — won by {winners}", style="bold green")
    return _now(view)


def _now(view: PaladinView) -> Text:
    pending = view.get("pending")
    if not pending:
        return Text("")
    seat = _p(pending.get("seat"))
    decision = pending.get("decision")
    text = {
        "choose_first": f"{seat} (dealer) chooses the first player of the round",
        "look": f"{seat} may look at one face-down card, then places a card",
        "place_hero": f"{seat} places a hero on a quest that has no card yet",
        "place": f"{seat} places a card face down on a quest",
        "resolve": f"{seat} decides on {pending.get('quest')}: challenge, take back or discard",
    }.get(str(decision), f"{seat}: {decision}")
    return Text(f"Now: {text}", style="bold yellow")


def _seats_table(view: PaladinView) -> Table:
    me = view.get("seat")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for col in ("seat", "hand", "known in hand", "won quests", "score"):
        table.add_column(col, justify="right" if col in ("hand", "score") else "left")
    scores = view.get("scores") or []
    won = view.get("won") or []
    to_move = view.get("to_move") or []
    for h in view.get("hands", []):
        s = h["seat"]
        marks = []
        if s == view.get("dealer"):
            marks.append("dealer")
        if s == view.get("first_player"):
            marks.append("first")
        name = Text(_p(s), style="bold" if s == me else "")
        if s == me:
            name.append(" (you)")
        if s in to_move:
            name = Text("▶ ", style="yellow") + name
        if marks:
            name.append(f" [{', '.join(marks)}]", style="dim")
        known = Text(" ").join(card_text(c) for c in h.get("known", [])) if s != me else Text("all", style="dim")
        quests = Text(" ").join(
            Text.assemble((w["quest"]["label"], "bold"), (f" {w['quest']['swords']}{SWORD}", "yellow"), "/",
                          card_text(w["paladin"]))
            for w in (won[s] if s < len(won) else []))
        table.add_row(name, str(h.get("count", "?")), known, quests, str(scores[s]) if s < len(scores) else "")
    return table


def render(view: PaladinView) -> RenderableType:
    """The picture of a Paladin view."""
    seat = view.get("seat")
    who = "spectator" if seat is None else _p(seat)
    head = Text.assemble(("Paladin", "bold magenta"), f" · round {view.get('round')} · ",
                         (PHASES.get(str(view.get("phase")), str(view.get("phase"))), "bold"),
                         f" · dealer {_p(view.get('dealer'))}")
    if view.get("first_player") is not None:
        head.append(f" · first player {_p(view.get('first_player'))}")
    head.append(f" · view of {who}", style="dim")
    parts: list[RenderableType] = [head]
    quests = view.get("quests") or []
    if quests:
        parts.append(Columns([_quest_panel(view, q) for q in quests], padding=(0, 1)))
    hand = view.get("hand")
    if hand is not None:
        cards: list[RenderableType] = [card_panel(c) for c in hand]
        parts.append(Panel(_cards_row(cards) if cards else Text("empty", style="dim"),
                           title=f"Hand of {who}", title_align="left", border_style="magenta",
                           box=box.ROUNDED, expand=False))
    parts.append(_seats_table(view))
    deck = view.get("deck") or {}
    qd = view.get("quest_deck") or {}
    line = Text(f"Paladin stock: {deck.get('count', '?')} cards")
    known = deck.get("known") or []
    if known:
        line.append(" (known: ")
        line.append(Text(", ").join(card_text(k["card"]) + Text(f" at depth {k['depth']}", style="dim")
                                    for k in known[:MAX_KNOWN_DECK]))
        if len(known) > MAX_KNOWN_DECK:
            line.append(f", +{len(known) - MAX_KNOWN_DECK} more")
        line.append(")")
    parts.append(line)
    parts.append(Text(f"Quest deck: {qd.get('count', '?')} ({qd.get('queen', '?')} queen, {qd.get('king', '?')} king)"))
    parts.append(_pending_text(view))
    return Group(*parts)


# ------------------------------------------------------------------------------ compact
def _mini(card: CardFace | None) -> Text:
    """A card in a word, as the notation writes it: its face (red cards red, ``7r``), or ░ face down."""
    if card is None:
        return Text("░", style="blue")
    red = bool(card.get("red"))
    return Text(f"{card['value']}{'r' if red else ''}", style="bold red" if red else "bold")


def _quest_line(view: PaladinView, entry: QuestSlot) -> Text:
    quest = entry["quest"]
    swords = int(quest["swords"])
    state = str(entry.get("state", "open"))
    line = Text.assemble((f"{quest['label']:<3} ", "bold"), (f"{swords}{SWORD}  ", "yellow"))
    if state == "won":
        winner = entry.get("winner")
        card = _won_card(view, str(quest["label"]), winner)
        line.append("won by ")
        line.append(_p(winner), style="bold green")
        if card is not None:
            line.append(" with ")
            line.append_text(_mini(card))
        return line
    revealed = entry.get("hero")
    cards = list(entry.get("cards", []))
    hero: Hero | PlacedCard | None = revealed
    if not revealed and cards:  # face down, the hero is the first card placed
        hero, cards = cards[0], cards[1:]
    if hero:
        line.append("hero ", style="dim")
        line.append(f"{_p(hero['seat'])} ")
        line.append_text(_mini(hero.get("card")))
    else:
        line.append("no card yet", style="dim")
    if cards:
        line.append("  then ", style="dim")
    for i, c in enumerate(cards):
        line.append("  " if i else "")
        line.append(f"{_p(c.get('seat'))} ")
        line.append_text(_mini(c.get("card")))
    mark = {"resolving": ("  ◀ now", "bold yellow"), "waiting": ("  next", "dim")}.get(state)
    if mark:
        line.append(*mark)
    return line


def _seat_line(view: PaladinView, h: Hand) -> Text:
    me = view.get("seat")
    s = h["seat"]
    scores = view.get("scores") or []
    won = view.get("won") or []
    line = Text("▶ " if s in (view.get("to_move") or []) else "  ", style="yellow")
    line.append(_p(s) + (" you" if s == me else ""), style="bold" if s == me else "")
    marks = [m for m, key in (("dealer", "dealer"), ("first", "first_player")) if view.get(key) == s]
    if marks:
        line.append(f" [{', '.join(marks)}]", style="dim")
    count = h.get("count", "?")
    line.append(f"  {count} card{'s' if count != 1 else ''}  valour {scores[s] if s < len(scores) else '?'}")
    quests = won[s] if s < len(won) else []
    if quests:
        line.append("  won ")
        line.append(Text(" ").join(Text.assemble((w["quest"]["label"], "bold"), "/", _mini(w["paladin"]))
                                   for w in quests))
    known = h.get("known") or []
    if known and s != me:
        line.append("  you know: ")
        line.append(Text(" ").join(_mini(c) for c in known))
    return line


def render_compact(view: PaladinView) -> RenderableType:
    """A Paladin view in about a dozen lines: a line per quest, the hand, a line per seat."""
    deck = view.get("deck") or {}
    qd = view.get("quest_deck") or {}
    head = Text.assemble(("Paladin", "bold magenta"), f" · round {view.get('round')} · ",
                         (PHASES.get(str(view.get("phase")), str(view.get("phase"))), "bold"),
                         f" · stock {deck.get('count', '?')} · quest deck {qd.get('count', '?')}")
    parts: list[RenderableType] = [head]
    parts.extend(Hanging(_quest_line(view, q), 9) for q in view.get("quests") or [])
    hand = view.get("hand")
    if hand is not None:
        line = Text("Your hand: ", style="magenta")
        line.append(Text("  ").join(_mini(c) for c in hand) if hand else Text("empty", style="dim"))
        parts.append(line)
    parts.extend(Hanging(_seat_line(view, h), 4) for h in view.get("hands", []))
    known = deck.get("known") or []
    if known:
        line = Text("Known in the stock: ", style="dim")
        line.append(Text(", ").join(_mini(k["card"]) + Text(f" at {k['depth']}", style="dim")
                                    for k in known[:MAX_KNOWN_DECK]))
        parts.append(line)
    parts.append(_pending_text(view))
    return Group(*parts)
