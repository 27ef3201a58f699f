"""Mid-game Medievalia (2007) positions for tests and tutorials (``Medievalia2007Game.scenario``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from medieval.core.errors import InvalidOptionError
from medieval.games.medievalia2007.components import (
    BUILDING_IDS,
    CITY_IDS,
    DECK,
    DECKS,
    FACE,
    FACE_INDEX,
    FACES,
    IS_HOST,
    IS_TROOP,
    KIND,
    MEMO,
    NCARDS,
    TERR,
    TROOP,
)
from medieval.games.medievalia2007.fief import (
    ACTIONS,
    DMG,
    DRAW,
    FOUGHT,
    MAX_ATTACHED,
    MAX_BUILDINGS,
    MAX_TERRITORIES,
    MOVE,
    MOVED,
    WAR,
    put,
    set_mark,
)
from medieval.games.medievalia2007.setup import blank, building_stacks
from medieval.games.medievalia2007.turn import auto
from medieval.games.medievalia2007.upkeep import recheck

if TYPE_CHECKING:
    from medieval.games.medievalia2007.game import Medievalia2007Game
    from medieval.games.medievalia2007.state import Medievalia2007State

KEYS = frozenset({"active", "phase", "fiefs", "away", "hands", "decks", "stacks", "siege", "seed"})


def build(game: Medievalia2007Game, setup: dict[str, Any]) -> Medievalia2007State:
    """A mid-game position (all values JSON-safe).

    - ``active`` (seat, default 0) and ``phase`` (``draw``, ``actions``, ``move``, ``war``;
      default ``actions``): whose turn and where in it.
    - ``fiefs``: per seat (key ``"0"``...) a dict with ``city`` (``{"troops": [...],
      "buildings": [...]}``), ``territories`` (list of ``{"face": "Field", "troops": [...],
      "buildings": [...], "rotated": false}``) and ``free`` (troops free in the Fief).
    - ``away``: troops outside their owner's Fief, ``{"I01": {"0": ["Soldier"]}, "F1": {...}}``.
    - A troop is a face (``"Worker"``) or ``{"face": "Worker", "rotated": true, "damage": 0,
      "moves": 0, "fought": false}``.
    - ``hands``: per seat a list of faces.
    - ``decks``: per deck name the faces on top (the rest of that deck follows, shuffled);
      ``stacks``: three lists of building faces, top first (default: the rest, School/Workshop/Bank
      on top when available).
    - ``siege``: per seat the turns already begun under siege. ``seed``: for the shuffles.
    """
    unknown = set(setup) - KEYS
    if unknown:
        raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(KEYS)})")
    n = game.players
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
    s = blank(game, seed)
    s._origin = {"scenario": dict(setup)}
    free_ids = [c for c in range(NCARDS) if KIND[c] != MEMO and c not in CITY_IDS]

    def take(face: Any, what: str) -> int:
        if not isinstance(face, str) or face not in FACE_INDEX:
            raise InvalidOptionError(f"{what}: {face!r} is not a card face ({', '.join(FACES)})")
        f = FACE_INDEX[face]
        for c in free_ids:
            if FACE[c] == f:
                free_ids.remove(c)
                return c
        raise InvalidOptionError(f"{what}: no {face} left (the game has only so many)")

    def seat_of(key: Any) -> int:
        try:
            p = int(key)
        except (TypeError, ValueError):
            raise InvalidOptionError(f"{key!r} is not a seat") from None
        if not 0 <= p < n:
            raise InvalidOptionError(f"seat {p} does not exist in a {n}-player game")
        return p

    def troop(spec: Any, p: int, where: int, host: int, what: str) -> None:
        if isinstance(spec, str):
            spec = {"face": spec}
        if not isinstance(spec, dict) or set(spec) - {"face", "rotated", "damage", "moves", "fought"}:
            raise InvalidOptionError(f"{what}: a troop is a face or a dict with face/rotated/damage/"
                                     f"moves/fought, got {spec!r}")
        c = take(spec.get("face"), what)
        if KIND[c] != TROOP:
            raise InvalidOptionError(f"{what}: {FACES[FACE[c]]} is not a military or character card")
        put(s, c, p, where, host)
        s.own_rot()[c] = int(bool(spec.get("rotated", False)))
        set_mark(s, c, DMG, int(spec.get("damage", 0)))
        set_mark(s, c, MOVED, int(spec.get("moves", 0)))
        set_mark(s, c, FOUGHT, int(bool(spec.get("fought", False))))

    def buildings(specs: Any, p: int, host: int, what: str) -> None:
        if not isinstance(specs, list) or len(specs) > MAX_BUILDINGS:
            raise InvalidOptionError(f"{what}: buildings must be a list of at most {MAX_BUILDINGS} faces")
        for face in specs:
            c = take(face, what)
            if IS_HOST[c] or IS_TROOP[c] or DECK[c] >= 0:
                raise InvalidOptionError(f"{what}: {face} is not a building")
            put(s, c, p, p, host)
            s.own_rot()[c] = s.rot[host]

    def group(spec: Any, p: int, host: int, what: str) -> None:
        if not isinstance(spec, dict) or set(spec) - {"face", "troops", "buildings", "rotated"}:
            raise InvalidOptionError(f"{what}: expected a dict with face/troops/buildings/rotated")
        s.own_rot()[host] = int(bool(spec.get("rotated", False)))
        buildings(spec.get("buildings", []), p, host, what)
        troops = spec.get("troops", [])
        if not isinstance(troops, list) or len(troops) > MAX_ATTACHED:
            raise InvalidOptionError(f"{what}: at most {MAX_ATTACHED} troops on a territory or City")
        for t in troops:
            troop(t, p, p, host, what)

    for p in range(n):
        put(s, CITY_IDS[p], p, p, -1)
    fiefs = setup.get("fiefs", {})
    if not isinstance(fiefs, dict):
        raise InvalidOptionError("fiefs must be a dict by seat")
    for key, fief in fiefs.items():
        p = seat_of(key)
        if not isinstance(fief, dict) or set(fief) - {"city", "territories", "free"}:
            raise InvalidOptionError(f"fief of seat {p}: expected a dict with city/territories/free")
        group({"face": "City", **fief.get("city", {})}, p, CITY_IDS[p], f"seat {p} City")
        terrs = fief.get("territories", [])
        if not isinstance(terrs, list) or len(terrs) > MAX_TERRITORIES:
            raise InvalidOptionError(f"seat {p}: at most {MAX_TERRITORIES} territories")
        for i, spec in enumerate(terrs):
            what = f"seat {p} territory {i}"
            if not isinstance(spec, dict):
                raise InvalidOptionError(f"{what}: expected a dict with a face")
            h = take(spec.get("face"), what)
            if KIND[h] != TERR:
                raise InvalidOptionError(f"{what}: {spec.get('face')} is not a territory")
            put(s, h, p, p, -1)
            group(spec, p, h, what)
        free = fief.get("free", [])
        if not isinstance(free, list):
            raise InvalidOptionError(f"seat {p}: free must be a list of troops")
        for t in free:
            troop(t, p, p, -1, f"seat {p} free troop")
    away = setup.get("away", {})
    if not isinstance(away, dict):
        raise InvalidOptionError("away must be a dict by Fief name")
    for where_name, by_seat in away.items():
        if where_name not in game.loc_index:
            raise InvalidOptionError(f"{where_name!r} is not a Fief here ({', '.join(game.loc_names)})")
        if not isinstance(by_seat, dict):
            raise InvalidOptionError(f"away[{where_name!r}] must be a dict by seat")
        for key, troops in by_seat.items():
            p = seat_of(key)
            if not isinstance(troops, list):
                raise InvalidOptionError(f"away[{where_name!r}][{key!r}] must be a list of troops")
            for t in troops:
                troop(t, p, game.loc_index[where_name], -1, f"seat {p} troop at {where_name}")
    hands = setup.get("hands", {})
    if not isinstance(hands, dict):
        raise InvalidOptionError("hands must be a dict by seat")
    for key, faces in hands.items():
        p = seat_of(key)
        if not isinstance(faces, list):
            raise InvalidOptionError(f"hand of seat {p} must be a list of faces")
        for f in faces:
            c = take(f, f"hand of seat {p}")
            if DECK[c] < 0:
                raise InvalidOptionError(f"hand of seat {p}: {f} is not a deck card")
            s.hands[p].append(c)
    sieges = setup.get("siege", {})
    if not isinstance(sieges, dict):
        raise InvalidOptionError("siege must be a dict by seat")
    for key, v in sieges.items():
        s.siege[seat_of(key)] = int(v)
    rng = random.Random(seed)
    decks_spec = setup.get("decks", {})
    if not isinstance(decks_spec, dict) or set(decks_spec) - set(DECKS):
        raise InvalidOptionError(f"decks must be a dict by deck name ({', '.join(DECKS)})")
    stacks_spec = setup.get("stacks")
    if stacks_spec is not None:
        if not isinstance(stacks_spec, list) or len(stacks_spec) != 3:
            raise InvalidOptionError("stacks must be three lists of building faces")
        s.stacks = [[take(f, "stacks") for f in st] for st in stacks_spec]
        if any(KIND[c] not in (2, 3) for st in s.stacks for c in st):
            raise InvalidOptionError("stacks hold building cards only")
    for d, name in enumerate(DECKS):
        top = [take(f, f"deck {name}") for f in decks_spec.get(name, [])]
        if any(DECK[c] != d for c in top):
            raise InvalidOptionError(f"deck {name}: a card of another deck")
        rest = [c for c in free_ids if DECK[c] == d]
        rng.shuffle(rest)
        s.decks[d] = top + rest
    if stacks_spec is None:
        rest_b = [c for c in free_ids if c in BUILDING_IDS]
        s.stacks = building_stacks(rng, rest_b)
    s.active = seat_of(setup.get("active", 0))
    phase = setup.get("phase", ACTIONS)
    if phase not in (DRAW, ACTIONS, MOVE, WAR):
        raise InvalidOptionError(f"phase must be draw, actions, move or war, got {phase!r}")
    s.phase = phase
    s.turn = 1
    for p in range(n):
        recheck(s, p)
    s._emit("scenario", {"active": s.active, "phase": phase})
    auto(s)
    return s
