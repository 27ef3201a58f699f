"""What a seat may know of a MidEvil table, as a typed view.

Everything on the table is public: the map, the tokens, every pawn and its items, the book, the decks'
sizes, the discard pile. Hidden are the other hands (a count only), the order of both decks, and a
player-combat commitment until both players are ready (§6.4). ``bot_view`` is the part of the view the
heuristic reads, several times cheaper to build: every entry is the view's own, with squares given as the
map's square ids (the view's ``[x, y]``, looked up in the public map), and ``skeleton_squares`` and
``human_squares`` are the view's ``skeletons`` and ``humans_on_map`` by square. The heuristic reads these
entries one at a time where a decision needs them (``pawn_square``, ``bot_book``, ``skeleton_at`` ...)."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from medieval.games.midevil import movement, winning
from medieval.games.midevil.components import (
    BOOK_AT_GRAVEYARD,
    CARD_NAMES,
    CARDS,
    COLOURS,
    KILL_ROLL,
    TERRAIN,
    TILES,
)
from medieval.games.midevil.geometry import Geometry

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState

Phase = Literal["place", "seed", "combat", "move", "commit", "pvp", "skeletons", "discard", "react", "over"]
#: The moments of a reaction window (react.MOMENTS).
Moment = Literal["move_roll", "combat", "pvp"]
Colour = Literal["white", "red", "blue"]
#: A square of the map: ``[x, y]``.
Square = list[int]
#: A skeleton on the map: ``[x, y, colour]``.
SkeletonOnMap = list[Any]
#: A wall or door of an inside square: ``[x, y, sides]`` (sides: letters of N, E, S, W).
SquareSides = list[Any]

TERRAIN_LEGEND = {" ": "no tile", **TERRAIN}
PENDING = {"place": "place the drawn tile", "seed": "choose the skeletons' colours",
           "combat": "a missed combat roll: spend skeletons, spend a Human, or play a card",
           "move": "move, stop or play a card", "commit": "secretly commit skeletons and Humans",
           "pvp": "re-roll or stand", "skeletons": "move a skeleton one square",
           "discard": "discard a card or end the turn",
           "react": "play an event card now, or pass", "over": "the game is over"}


class Reaction(TypedDict):
    moment: Moment  # after the movement roll, after a missed combat roll, in a player combat
    interrupted: Phase  # the phase play goes back to
    seat: int  # the seat deciding now (the others still to be asked are not shown)


class Skeletons(TypedDict):
    white: int
    red: int
    blue: int


class Commitment(TypedDict):
    white: int
    red: int
    blue: int
    humans: int


class _PawnBase(TypedDict):
    seat: int
    humans: int
    points: int
    in_play: list[str]  # card names
    has_book: bool
    hand: NotRequired[list[str]]  # the viewing seat's own pawn only


class BotPawn(_PawnBase):
    """A player as the heuristic reads it: the view's pawn, at its square id instead of ``x, y``."""

    square: int


class Pawn(_PawnBase):
    """A player as the view shows it."""

    x: int
    y: int
    skeletons: Skeletons  # killed skeletons by colour
    hand_count: int
    played_card_this_round: bool
    horse_waiting_at: Square | None
    respawn_pending: bool


class Book(TypedDict):
    status: Literal["held", "graveyard", "set_aside"]
    holder: int | None
    square: Square | None


class BotBook(TypedDict):
    """The view's book, at its square id (-1: set aside)."""

    status: Literal["held", "graveyard", "set_aside"]
    holder: int | None
    square: int


class CombatSide(TypedDict):
    seat: int
    die: int
    ready: bool
    rerolls_used: int
    done: bool
    committed: NotRequired[Commitment]  # once revealed, or to the committing seat itself


class PlayerCombat(TypedDict):
    challenger: CombatSide
    holder: CombatSide
    revealed: bool


class BotView(TypedDict):
    """What the heuristic reads (``MidEvilState.bot_view``), besides the skeletons and Humans on the map
    (``skeleton_squares``, ``human_squares``)."""

    game: Literal["midevil"]
    seat: int
    players: int
    turn: int
    phase: Phase
    to_move: list[int]
    pawns: list[BotPawn]
    book: BotBook
    player_combat: NotRequired[PlayerCombat]  # while a player combat is under way


class PlacedTile(TypedDict):
    tile: str
    x: int  # tile coordinates
    y: int
    rotation: int  # degrees clockwise


class MapView(TypedDict):
    """The map as drawn: terrain rows (one character a square, see ``legend``) from ``left, top``."""

    left: int
    top: int
    width: int
    height: int
    rows: list[str]
    walls: list[SquareSides]
    doors: list[SquareSides]


class TileLayout(TypedDict):
    """The drawn tile as it would lie turned by ``rotation`` degrees: its three terrain rows and the walls
    and doors of its inside squares, in the tile's own squares (0-2 from its north-west corner)."""

    rotation: int
    rows: list[str]
    walls: list[SquareSides]
    doors: list[SquareSides]


class Movement(TypedDict):
    roll: int
    half_steps_left: int
    riding: bool


class Pending(TypedDict):
    decision: Phase
    seats: list[int]
    what: str


class CombatView(TypedDict):
    square: Square
    skeleton: Colour
    roll: int
    bonus: int
    weapon_card: bool
    need: int


class Seeding(TypedDict):
    tile: str
    points_rolled: int | None  # None: a named tile (a count, not points)


class SkeletonPhase(TypedDict):
    left: int
    moved: list[Square]


class Result(TypedDict):
    termination: str
    winners: list[int]


class MidEvilView(TypedDict):
    game: Literal["midevil"]
    seat: int | None
    players: int
    turn: int
    phase: Phase
    to_move: list[int]
    skeletons: list[SkeletonOnMap]
    humans_on_map: list[Square]
    pawns: list[Pawn]
    book: Book
    player_combat: NotRequired[PlayerCombat]  # while a player combat is under way
    round: int
    max_rounds: int
    target_points: int
    first: int
    tiles: list[PlacedTile]
    map: MapView
    legend: dict[str, str]
    altar: Square
    graveyard: Square | None
    drawn_tile: str | None
    drawn_layouts: NotRequired[list[TileLayout]]  # the drawn tile's distinct turns, while it is placed
    tile_deck: int
    event_deck: int
    discard: list[str]
    pool: Skeletons
    removed: Skeletons
    human_supply: int
    movement: Movement
    scores: list[int]
    pending: Pending
    outcome: Result | None
    combat: NotRequired[CombatView]  # during a skeleton combat
    seeding: NotRequired[Seeding]  # while the skeletons' colours are chosen
    skeleton_phase: NotRequired[SkeletonPhase]  # during a skeleton movement
    reaction: NotRequired[Reaction]  # while a reaction window is open (R7)


def _counts(k: list[int]) -> Skeletons:
    return {"white": k[0], "red": k[1], "blue": k[2]}


def commit_json(h: list[int]) -> Commitment:
    """A commitment ``[white, red, blue, humans]`` as the view and the log write it."""
    return {"white": h[0], "red": h[1], "blue": h[2], "humans": h[3]}


def view(s: MidEvilState, seat: int | None) -> MidEvilView:
    g = s.geo()
    skel, xs, ys = s.skel, g.xs, g.ys
    pawns: list[Pawn] = []
    for p in range(s.players):
        sq = s.pawn[p]
        info: Pawn = {
            "seat": p, "x": xs[sq], "y": ys[sq], "humans": s.humans[p], "points": winning.points(s.kills[p]),
            "in_play": [CARDS[c].name for c in s.in_play[p]], "has_book": s.book == p,
            "skeletons": _counts(s.kills[p]), "hand_count": len(s.hands[p]),
            "played_card_this_round": s.played[p],
            "horse_waiting_at": None if s.horse_at[p] < 0 else s.xy(s.horse_at[p]),
            "respawn_pending": s.respawn[p],
        }
        if p == seat:
            info["hand"] = [CARDS[c].name for c in s.hands[p]]
        pawns.append(info)
    phase = cast(Phase, s.phase)
    v: MidEvilView = {
        "game": "midevil", "seat": seat, "players": s.players, "turn": s.turn, "phase": phase,
        "to_move": list(s.to_move), "skeletons": _skeletons(s), "humans_on_map": _humans(s),
        "pawns": pawns, "book": _book(s),
        "round": s.round, "max_rounds": s.options["max_rounds"],
        "target_points": s.options["target_points"], "first": s.first,
        "tiles": [{"tile": TILES[t[0]].name, "x": t[1], "y": t[2], "rotation": t[3] * 90} for t in s.tiles],
        "map": g.map_view(), "legend": dict(TERRAIN_LEGEND),
        "altar": s.xy(g.altar), "graveyard": None if g.graveyard < 0 else s.xy(g.graveyard),
        "drawn_tile": None if s.drawn < 0 else TILES[s.drawn].name,
        "tile_deck": len(s.tile_deck), "event_deck": len(s.deck),
        "discard": [CARDS[c].name for c in s.discard],
        "pool": _counts(s.pool), "removed": _counts(s.gone), "human_supply": s.supply,
        "movement": {"roll": s.roll, "half_steps_left": s.moves,
                     "riding": s.phase == "move" and movement.riding(s, s.turn)},
        "scores": [winning.points(k) for k in s.kills],
        "pending": {"decision": phase, "seats": list(s.to_move), "what": PENDING[phase]},
        "outcome": ({"termination": s.result["termination"], "winners": list(s.result["winners"])}
                    if s.result else None),
    }
    if s.drawn >= 0:
        v["drawn_layouts"] = _layouts(s.drawn)
    if s.combat:
        sq, raw, bonus, weapon = s.combat
        v["combat"] = {"square": s.xy(sq), "skeleton": cast(Colour, COLOURS[skel[sq] - 1]), "roll": raw,
                       "bonus": bonus, "weapon_card": bool(weapon), "need": KILL_ROLL}
    if s.phase == "seed":
        k, pts = s.seeding
        v["seeding"] = {"tile": TILES[s.tiles[k][0]].name, "points_rolled": None if pts < 0 else pts}
    if s.phase == "skeletons":
        v["skeleton_phase"] = {"left": s.skel_left, "moved": [s.xy(sq) for sq in s.skel_moved]}
    if s.phase == "react":
        v["reaction"] = {"moment": cast(Moment, s.react_at), "interrupted": cast(Phase, s.react_back),
                         "seat": s.react_seats[0]}
    if s.pvp:
        v["player_combat"] = _player_combat(s, seat)
    return v


def bot_view(s: MidEvilState, seat: int) -> BotView:
    """The part of ``view(seat)`` the heuristic reads, by square: who is where and holds what, the book,
    the phase and a player combat."""
    pawns: list[BotPawn] = []
    kills, humans, in_play, book = s.kills, s.humans, s.in_play, s.book
    for p, sq in enumerate(s.pawn):
        info: BotPawn = {
            "seat": p, "square": sq, "humans": humans[p], "points": winning.points(kills[p]),
            "in_play": [CARD_NAMES[c] for c in in_play[p]], "has_book": book == p,
        }
        if p == seat:
            info["hand"] = [CARD_NAMES[c] for c in s.hands[p]]
        pawns.append(info)
    v: BotView = {
        "game": "midevil", "seat": seat, "players": s.players, "turn": s.turn, "phase": cast(Phase, s.phase),
        "to_move": list(s.to_move), "pawns": pawns, "book": bot_book(s),
    }
    if s.pvp:
        v["player_combat"] = _player_combat(s, seat)
    return v


# The bot view's entries one at a time, for a heuristic that reads a few of them where it needs them
# rather than building the whole bot view each decision (each is the bot view's entry of that name).
def bot_book(s: MidEvilState) -> BotBook:
    """The bot view's ``book``."""
    book = s.book
    if book >= 0:
        return {"status": "held", "holder": book, "square": s.pawn[book]}
    if book == BOOK_AT_GRAVEYARD:
        return {"status": "graveyard", "holder": None, "square": s.geo().graveyard}
    return {"status": "set_aside", "holder": None, "square": -1}


def pawn_square(s: MidEvilState, p: int) -> int:
    """The bot view's ``square`` of seat ``p``'s pawn."""
    return s.pawn[p]


def pawn_in_play(s: MidEvilState, p: int) -> list[str]:
    """The bot view's ``in_play`` of seat ``p`` (card names)."""
    return [CARD_NAMES[c] for c in s.in_play[p]]


def bot_player_combat(s: MidEvilState, seat: int) -> PlayerCombat:
    """The bot view's ``player_combat`` for ``seat`` (a player combat must be under way)."""
    return _player_combat(s, seat)


def pawn_humans(s: MidEvilState, p: int) -> int:
    """The bot view's ``humans`` of seat ``p``."""
    return s.humans[p]


def pawn_points(s: MidEvilState, p: int) -> int:
    """The bot view's ``points`` of seat ``p``."""
    return winning.points(s.kills[p])


def book_holder(s: MidEvilState) -> int:
    """The seat whose pawn ``has_book`` in the bot view, or -1."""
    return s.book if s.book >= 0 else -1


def skeleton_at(s: MidEvilState, sq: int) -> int:
    """The points of the skeleton on square ``sq`` (as ``skeleton_squares``), 0 for none."""
    return s.skel[sq]


def human_at(s: MidEvilState, sq: int) -> bool:
    """Whether a Human lies on square ``sq`` (as ``human_squares``)."""
    return bool(s.hum[sq])


def skeleton_squares(s: MidEvilState) -> dict[int, int]:
    """The view's ``skeletons`` by square: square -> the skeleton's points (its colour: 1 white, 2 red,
    3 blue)."""
    skel = s.skel
    return {sq: skel[sq] for sq in compress(range(len(skel)), skel)}


def human_squares(s: MidEvilState) -> set[int]:
    """The view's ``humans_on_map`` by square."""
    hum = s.hum
    return set(compress(range(len(hum)), hum))


def _layouts(tile: int) -> list[TileLayout]:
    """The drawn tile (public once drawn, §4) as it lies at each of its distinct turns, drawn by the
    engine's own geometry of the tile alone."""
    out: list[TileLayout] = []
    for rot in TILES[tile].rotations:
        m = Geometry(((tile, 0, 0, rot),), None).static_map()
        out.append({"rotation": rot * 90, "rows": list(m["rows"]), "walls": [list(w) for w in m["walls"]],
                    "doors": [list(d) for d in m["doors"]]})
    return out


def _skeletons(s: MidEvilState) -> list[SkeletonOnMap]:
    g = s.geo()
    skel, xs, ys = s.skel, g.xs, g.ys
    return [[xs[sq], ys[sq], COLOURS[skel[sq] - 1]] for sq in compress(range(len(skel)), skel)]


def _humans(s: MidEvilState) -> list[Square]:
    g = s.geo()
    hum, xs, ys = s.hum, g.xs, g.ys
    return [[xs[sq], ys[sq]] for sq in compress(range(len(hum)), hum)]


def _book(s: MidEvilState) -> Book:
    if s.book >= 0:
        return {"status": "held", "holder": s.book, "square": s.xy(s.pawn[s.book])}
    if s.book == BOOK_AT_GRAVEYARD:
        return {"status": "graveyard", "holder": None, "square": s.xy(s.geo().graveyard)}
    return {"status": "set_aside", "holder": None, "square": None}


def _player_combat(s: MidEvilState, seat: int | None) -> PlayerCombat:
    """§6.4: a commitment is shown to its own seat, and to everyone once both are ready."""
    pc = s.pvp
    sides: list[CombatSide] = []
    for i, ps in enumerate((pc["att"], pc["def"])):
        side: CombatSide = {"seat": ps, "die": pc["dice"][i], "ready": pc["ready"][i],
                            "rerolls_used": pc["used"][i], "done": pc["done"][i]}
        if pc["revealed"] or ps == seat:
            side["committed"] = commit_json(pc["hide"][i])
        sides.append(side)
    return {"challenger": sides[0], "holder": sides[1], "revealed": pc["revealed"]}
