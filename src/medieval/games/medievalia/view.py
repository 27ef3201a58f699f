"""What a seat may know of a Medievalia table, as a typed view.

Everything is public except the hands and the deck: a seat sees its own hand and only the sizes of the
others (the spectator sees no hand at all), every creature stack's faces (Ruling R15: each card was open
on the table when it was taken), the table, the Tower, the scores and the last round's scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from medieval.games.medievalia.components import CLOCKWISE, names_of
from medieval.games.medievalia.tower import FIELD_TEXT, INSTRUCTOR_TEXT

if TYPE_CHECKING:
    from medieval.games.medievalia.state import MedievaliaState

Phase = Literal["lead", "respond", "over"]
Direction = Literal["clockwise", "counterclockwise"]
Effect = Literal["skip", "reverse", "choose"]


class TablePlay(TypedDict):
    seat: int
    cards: str  # the cards as notation writes them, without "play", "give" and "next": "5 5 W", "W W as 7"
    total: int  # 0 for a Skip play
    effect: Effect | None  # a Skip play's effect, None for a number play
    next: int | None  # CM10: the seat named to play next


class Table(TypedDict):
    plays: list[TablePlay]  # oldest first
    cards: list[str]  # every open card, in face order
    count: int
    total: int  # the total to beat (0: the next play leads)
    need: list[int]  # the total each seat must reach now


class TowerCard(TypedDict):
    code: str  # CM01..CM10, IM01..IM10
    name: str
    source: Literal["rulebook", "rulebook+design", "design"]
    text: str  # the rule as the game implements it


class Tower(TypedDict):
    field: TowerCard | None  # the Magic Field card in play
    instructor: TowerCard | None  # the Magic Instructor card in play
    field_deck: int  # cards left in each Tower deck
    field_used: list[str]
    instructor_deck: int
    instructor_used: list[str]
    margins: list[int]  # per seat: what the Field card adds to the total that seat must reach


class Pending(TypedDict):
    decision: Literal["lead", "respond"]
    seat: int
    need: int  # the total the seat must reach


class RoundSummary(TypedDict):
    """A round's scoring (§6), the data of its ``round_end`` event."""

    round: int
    hitter: int  # the seat that went out
    field: str | None
    instructor: str | None
    hands: list[list[str]]  # each seat's cards left in hand, shown at the end
    stacks: list[list[str]]  # each creature stack before the hands joined it
    ignored: list[str]  # the open cards left on the table (they do not count, §6.3)
    scores: list[int]
    notes: list[str]  # what the Magic Instructor card added or took
    totals: list[int]


class MedievaliaView(TypedDict):
    game: Literal["medievalia"]
    seat: int | None
    players: int
    round: int  # 1-based
    rounds: int
    phase: Phase
    to_move: list[int]
    pending: Pending | None
    first_player: int  # the holder of the Initial Player card
    direction: Direction  # now
    round_direction: Direction  # at the round's start
    hand: list[str] | None  # the viewer's own cards; None for the spectator
    hand_sizes: list[int]
    hand_limits: list[int]
    deck_size: int
    table: Table
    discard: list[str]  # played Skips set aside (skip_cards="discard")
    aside: int  # cards a scenario left out, face down (0 in real games)
    stacks: list[list[str]]
    stack_sizes: list[int]
    tower: Tower
    scores: list[int]  # totals of the finished rounds
    round_scores: list[list[int]]  # one list per finished round
    last_round: RoundSummary | None
    outcome: dict[str, Any] | None


def tower_card(code: str | None, first_design: bool = False) -> TowerCard | None:
    """A Tower card in play as the view shows it (None: no card, the base rules); with
    ``tower_design="first"`` a revised card shows its first text."""
    if code is None:
        return None
    data = FIELD_TEXT.get(code) or INSTRUCTOR_TEXT[code]
    text = data["first_text"] if first_design and "first_text" in data else data["text"]
    return {"code": data["code"], "name": data["name"], "source": data["source"], "text": text}


def round_summary(d: Mapping[str, Any]) -> RoundSummary:
    """A round's scoring as the view shows it: a copy that shares no list with the position."""
    return {"round": d["round"], "hitter": d["hitter"], "field": d["field"], "instructor": d["instructor"],
            "hands": [h[:] for h in d["hands"]], "stacks": [x[:] for x in d["stacks"]],
            "ignored": d["ignored"][:], "scores": d["scores"][:], "notes": d["notes"][:],
            "totals": d["totals"][:]}


def _direction(step: int) -> Direction:
    return "clockwise" if step == CLOCKWISE else "counterclockwise"


class BotView(TypedDict):
    """The part of ``view(seat)`` the heuristic reads (``MedievaliaState.bot_view``), several times cheaper to
    build: every entry is the view's own (``field``: the code of ``tower.field``; ``table_count`` and
    ``table_total``: ``table.count`` and ``table.total``)."""

    players: int
    field: str | None
    scores: list[int]
    stack_sizes: list[int]
    deck_size: int
    table_count: int
    table_total: int


def bot_view(s: MedievaliaState, seat: int) -> BotView:
    field = tower_card(s.field)
    return {"players": s.players, "field": None if field is None else field["code"], "scores": s.totals[:],
            "stack_sizes": [sum(x) for x in s.stacks], "deck_size": len(s.deck), "table_count": sum(s.table),
            "table_total": s.total}


def view(s: MedievaliaState, seat: int | None) -> MedievaliaView:
    n = s.players
    out = s.outcome
    phase = s.current_phase()
    plays: list[TablePlay] = []
    for p in s.plays:
        effect: Effect | None = p[3] or None
        plays.append({"seat": p[0], "cards": p[1], "total": p[2], "effect": effect,
                      "next": None if p[4] < 0 else p[4]})
    pending: Pending | None = None
    if phase != "over":
        pending = {"decision": phase, "seat": s.turn, "need": s.threshold(s.turn)}
    return {
        "game": "medievalia",
        "seat": seat,
        "players": n,
        "round": s.round,
        "rounds": s.game.rounds,
        "phase": phase,
        "to_move": list(s.to_move),
        "pending": pending,
        "first_player": s.first_player,
        "direction": _direction(s.direction),
        "round_direction": _direction(s.start_dir),
        "hand": None if seat is None else names_of(s.hands[seat]),
        "hand_sizes": [sum(h) for h in s.hands],
        "hand_limits": s.hand_limits[:],
        "deck_size": len(s.deck),
        "table": {
            "plays": plays,
            "cards": names_of(s.table),
            "count": sum(s.table),
            "total": s.total,
            "need": [s.threshold(x) for x in range(n)],
        },
        "discard": names_of(s.discard),
        "aside": sum(s.aside),
        "stacks": [names_of(x) for x in s.stacks],
        "stack_sizes": [sum(x) for x in s.stacks],
        "tower": {
            "field": tower_card(s.field, s.game.first_design),
            "instructor": tower_card(s.instructor, s.game.first_design),
            "field_deck": len(s.field_deck),
            "field_used": s.field_used[:],
            "instructor_deck": len(s.instructor_deck),
            "instructor_used": s.instructor_used[:],
            "margins": s.margins[:],
        },
        "scores": s.totals[:],
        "round_scores": [r[:] for r in s.round_scores],
        "last_round": None if s.last_round is None else round_summary(s.last_round),
        "outcome": None if out is None else out.to_json(),
    }
