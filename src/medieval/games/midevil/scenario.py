"""Scenario builder: a MidEvil position from JSON-safe keywords, for tests and tutorials.

Keys (all optional):

``tiles``           placed tiles ``[[name, tile_x, tile_y, degrees], ...]``; must include the Altar
                    (default: just the Altar at 0,0)
``tile_deck``       tile names, top first (default: every other tile, shuffled); tiles left over are
                    out of the game
``skeletons``       ``[[x, y, "white"|"red"|"blue"], ...]`` on the map
``humans_on_map``   ``[[x, y], ...]`` Human tokens on the map
``pawns``           ``[[x, y], ...]`` one per seat (default: the Altar's centre)
``humans``          Humans of each player (default 3 each)
``kills``           killed skeletons of each player ``[[white, red, blue], ...]``
``hands``           event cards in each hand ``[["Sword", ...], ...]``
``in_play``         items in front of each player
``deck``            event cards on top of the deck, top first; the other cards lie shuffled below
                    them, or in the discard pile with ``rest_to_discard: true``
``discard``         the discard pile, oldest first
``pool``            ``[white, red, blue]`` skeletons left in the pool; the others are out of play
                    (default: every skeleton not on the map or killed)
``book``            "aside", "graveyard" or a holder's seat (default: "graveyard" when the Graveyard
                    is on the map)
``horse_at``        per seat ``[x, y]`` where that player's Horse waits, or null
``played``          per seat: an event card was already played this round
``respawn``         per seat: died, takes 3 Humans at the start of the next turn
``turn``, ``first``, ``round``
``phase``           "turn" (start of ``turn``'s turn, default), "move" (with ``roll``, default 3),
                    "skeletons" (with ``skeleton_roll``), "discard"
``dice``            loaded dice: the next rolls, in order, before the random ones
``seed``            seed of the chance stream and of the default shuffles (default 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.errors import InvalidOptionError
from medieval.games.midevil import movement, skeletons, turn
from medieval.games.midevil.components import (
    BOOK_ASIDE,
    BOOK_AT_GRAVEYARD,
    CARDS,
    COLOURS,
    EVENT_DECK,
    HORSE,
    N_HUMANS,
    N_SKELETONS,
    NECRONOMICON,
    TILES,
    card_by_name,
    tile_by_name,
)
from medieval.games.midevil.setup import blank

if TYPE_CHECKING:
    from medieval.games.midevil.game import MidEvilGame
    from medieval.games.midevil.state import MidEvilState

KEYS = {"tiles", "tile_deck", "skeletons", "humans_on_map", "pawns", "humans", "kills", "hands", "in_play",
        "deck", "rest_to_discard", "discard", "pool", "book", "horse_at", "played", "respawn", "turn",
        "first", "round", "phase", "roll", "skeleton_roll", "dice", "seed"}


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidOptionError(f"{what} must be an integer from {lo} to {hi}, got {value!r}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        more = "" if length is None else f" of {length} entries"
        raise InvalidOptionError(f"{what} must be a list{more}, got {value!r}")
    return value


def _tile_id(name: Any) -> int:
    try:
        return tile_by_name(str(name)).index
    except ValueError as e:
        raise InvalidOptionError(str(e)) from None


def _card_id(name: Any) -> int:
    try:
        return card_by_name(str(name)).index
    except ValueError as e:
        raise InvalidOptionError(str(e)) from None


def build(game: MidEvilGame, setup: dict[str, Any]) -> MidEvilState:
    """The position ``setup`` describes (see the module's docstring), at the start of its phase."""
    unknown = set(setup) - KEYS
    if unknown:
        raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(KEYS)})")
    n = game.players
    seed = _int(setup.get("seed", 0), "seed", 0, 2**63)
    s = blank(game, seed)
    rng = s._rng()

    # the map
    placed: list[list[int]] = []
    for entry in _list(setup.get("tiles", [["Altar", 0, 0, 0]]), "tiles"):
        e = _list(entry, "a tile entry [name, x, y, degrees]", 4)
        tid = _tile_id(e[0])
        deg = _int(e[3], "a rotation", 0, 270)
        if deg % 90:
            raise InvalidOptionError(f"a rotation is 0, 90, 180 or 270, got {deg}")
        x, y = _int(e[1], "a tile x", -99, 99), _int(e[2], "a tile y", -99, 99)
        if any(p[1] == x and p[2] == y for p in placed) or any(p[0] == tid for p in placed):
            raise InvalidOptionError(f"tile {e[0]!r} at {x},{y}: a tile is listed twice or a place is taken")
        placed.append([tid, x, y, deg // 90])
    if not any(TILES[p[0]].start for p in placed):
        raise InvalidOptionError("the map must include the Altar")
    s.tiles = placed
    s._geo = None
    g = s.geo()
    s.skel = [0] * g.n
    s.hum = [0] * g.n
    used_tiles = {p[0] for p in placed}
    rest = [t.index for t in TILES if t.index not in used_tiles]
    if "tile_deck" in setup:
        top = [_tile_id(x) for x in _list(setup["tile_deck"], "tile_deck")]
        if len(set(top)) != len(top) or any(t in used_tiles for t in top):
            raise InvalidOptionError("tile_deck lists a tile twice or a tile already on the map")
        s.tile_deck = top[::-1]
        s.tiles_out = [t for t in rest if t not in top]
    else:
        rng.shuffle(rest)
        s.tile_deck = rest

    def square(xy: Any, what: str) -> int:
        xy = _list(xy, what, 2)
        sq = g.at.get((int(xy[0]), int(xy[1]))) if all(isinstance(v, int) for v in xy) else None
        if sq is None:
            raise InvalidOptionError(f"{what} {xy!r} is not a square of the map")
        return sq

    for entry in _list(setup.get("skeletons", []), "skeletons"):
        e = _list(entry, "a skeleton [x, y, colour]", 3)
        sq = square(e[:2], "skeleton square")
        if e[2] not in COLOURS:
            raise InvalidOptionError(f"a skeleton colour is white, red or blue, got {e[2]!r}")
        if s.skel[sq] or not g.walk[sq]:
            raise InvalidOptionError(f"square {e[:2]} cannot take a skeleton (blocked or taken)")
        s.skel[sq] = COLOURS.index(e[2]) + 1
    for xy in _list(setup.get("humans_on_map", []), "humans_on_map"):
        sq = square(xy, "Human square")
        if s.hum[sq] or not g.walk[sq]:
            raise InvalidOptionError(f"square {xy} cannot take a Human (blocked or taken)")
        s.hum[sq] = 1
    s.pawn = [g.altar] * n
    if "pawns" in setup:
        s.pawn = [square(xy, "pawn square") for xy in _list(setup["pawns"], "pawns", n)]
        if any(not g.walk[p] for p in s.pawn):
            raise InvalidOptionError("a pawn stands on a blocked square")

    # the players
    s.humans = [_int(h, "a player's Humans", 0, 5) for h in _list(setup.get("humans", [3] * n), "humans", n)]
    kills = _list(setup.get("kills", [[0, 0, 0]] * n), "kills", n)
    s.kills = [[_int(v, "a kill count", 0, 40) for v in _list(k, "kills of a player", 3)] for k in kills]

    # skeletons and Humans accounted for
    on_map = [s.skel.count(c) for c in (1, 2, 3)]
    spare = [N_SKELETONS[c] - on_map[c] - sum(k[c] for k in s.kills) for c in range(3)]
    if any(v < 0 for v in spare):
        raise InvalidOptionError("more skeletons of a colour than the game has")
    if "pool" in setup:
        s.pool = [_int(v, "a pool count", 0, 40) for v in _list(setup["pool"], "pool", 3)]
        if any(s.pool[c] > spare[c] for c in range(3)):
            raise InvalidOptionError(f"the pool can hold at most {spare} skeletons here")
    else:
        s.pool = spare[:]
    s.gone = [spare[c] - s.pool[c] for c in range(3)]
    s.supply = N_HUMANS - sum(s.hum) - sum(s.humans)

    # cards
    cards = list(EVENT_DECK)

    def take(name: Any) -> int:
        c = _card_id(name)
        if c == NECRONOMICON:
            raise InvalidOptionError("the Necronomicon is not an event card in play: use 'book'")
        if c not in cards:
            raise InvalidOptionError(f"no copy of {name!r} left: the deck has only so many")
        cards.remove(c)
        return c

    s.hands = [sorted(take(c) for c in _list(h, "a hand")) for h in
               _list(setup.get("hands", [[]] * n), "hands", n)]
    s.in_play = [[take(c) for c in _list(h, "cards in play")] for h in
                 _list(setup.get("in_play", [[]] * n), "in_play", n)]
    for items in s.in_play:
        if len(set(items)) != len(items) or any(CARDS[c].kind != "item" for c in items):
            raise InvalidOptionError("only items stay in play, one copy of each per player")
    s.discard = [take(c) for c in _list(setup.get("discard", []), "discard")]
    top = [take(c) for c in _list(setup.get("deck", []), "deck")]
    rng.shuffle(cards)
    if setup.get("rest_to_discard", False):
        s.discard += cards
        cards = []
    s.deck = cards + top[::-1]

    # the book
    book = setup.get("book", "graveyard" if g.graveyard >= 0 else "aside")
    if book == "aside":
        s.book = BOOK_ASIDE
    elif book == "graveyard":
        if g.graveyard < 0:
            raise InvalidOptionError("the book cannot be at the Graveyard: the Graveyard is not on the map")
        s.book = BOOK_AT_GRAVEYARD
    else:
        s.book = _int(book, "book (aside, graveyard or a seat)", 0, n - 1)
        if g.graveyard < 0:
            raise InvalidOptionError("a player can hold the book only once the Graveyard is on the map")

    # turn bookkeeping
    for p, xy in enumerate(_list(setup.get("horse_at", [None] * n), "horse_at", n)):
        if xy is not None:
            if HORSE not in s.in_play[p]:
                raise InvalidOptionError(f"seat {p} has no Horse in play")
            s.horse_at[p] = square(xy, "horse square")
    s.played = [bool(v) for v in _list(setup.get("played", [False] * n), "played", n)]
    s.respawn = [bool(v) for v in _list(setup.get("respawn", [False] * n), "respawn", n)]
    s.turn = _int(setup.get("turn", 0), "turn", 0, n - 1)
    s.first = _int(setup.get("first", 0), "first", 0, n - 1)
    s.round = _int(setup.get("round", 1), "round", 1, 500)
    s.dice = [_int(d, "a loaded die", 1, 6) for d in _list(setup.get("dice", []), "dice")]
    phase = setup.get("phase", "turn")
    if phase == "turn":
        turn.begin_turn(s)
    elif phase == "move":
        s.roll = _int(setup.get("roll", 3), "roll", 0, 6)
        s.moves = 2 * s.roll
        s.phase = "move"
        movement.settle_move(s)
    elif phase == "skeletons":
        skeletons.start(s, _int(setup.get("skeleton_roll", 1), "skeleton_roll", 1, 6), "step9")
    elif phase == "discard":
        turn.step9(s)
    else:
        raise InvalidOptionError(f"phase must be turn, move, skeletons or discard, got {phase!r}")
    return s
