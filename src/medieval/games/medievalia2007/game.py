"""Medievalia (2007): the game object (options, setup, scenarios). Rules: rules.py; document:
docs/rules/medievalia2007.md."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from medieval.core.errors import InvalidOptionError
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec
from medieval.core.state import Action, Game, State
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    BUILDING_IDS,
    CITY_IDS,
    DECK,
    DECK_IDS,
    DECKS,
    FACE,
    FACE_INDEX,
    FACES,
    IS_HOST,
    IS_TROOP,
    KIND,
    MEMO,
    NCARDS,
    STACK_TOPS,
    TERR,
    TROOP,
)
from medieval.games.medievalia2007.rules import (
    ACTIONS,
    DMG,
    DRAW,
    FOUGHT,
    MAX_ATTACHED,
    MAX_BUILDINGS,
    MAX_TERRITORIES,
    MOVE,
    MOVED,
    SETUP,
    WAR,
    Medievalia2007State,
)

SPEC = GameSpec(
    package="medieval.games.medievalia2007",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        search="data/search.json",
        render="render",
        encoding="encoding:ENCODING",
        rules="rules.md",
    ),
    name="medievalia2007",
    display_name="Medievalia (2007)",
    min_players=2,
    max_players=4,
    default_players=2,
    summary="Resources and war: build an economy of territories and workers, buy buildings for prestige, "
            "raise troops and march on your neighbours' Fiefs. 7 VP, the last City standing, or the "
            "most VP when the cards run out.",
    options=(
        OptionSpec("allied", False, "4 players in two alliances (partners opposite: seats 0+2 v 1+3)."),
        OptionSpec("layout", "ring",
                   "Fief adjacency for 3-4 players: an intermediate Fief between neighbouring seats (ring) "
                   "or between every pair of players (all_pairs).", choices=("ring", "all_pairs")),
        OptionSpec("siege_rule", "literal",
                   "Siege condition 2: no territory left or ANY territory unguarded (literal) or every "
                   "territory unguarded (none_guarded).", choices=("literal", "none_guarded")),
        OptionSpec("military_upkeep", True,
                   "Military cards need food like character cards (2 troops per food)."),
        OptionSpec("merchant", "one",
                   "A Merchant converts one unit of a resource (gold gives 2) or every unit of it.",
                   choices=("one", "all")),
        OptionSpec("turn_limit", 0,
                   "End the game (scored like lack of cards) after this many turns in all; 0 = no limit.",
                   minimum=0, maximum=10_000),
    ),
)


@register
class Medievalia2007Game(Game["Medievalia2007State"]):
    spec = SPEC

    players: int
    allied: bool
    team: tuple[int, ...]
    ally: tuple[int, ...]
    foes: tuple[tuple[int, ...], ...]
    loc_names: tuple[str, ...]
    loc_index: dict[str, int]
    adj: tuple[frozenset[int], ...]
    ends: tuple[tuple[int, int], ...]
    prestige_target: int
    military_upkeep: bool
    siege_rule: str
    merchant_all: bool
    turn_limit: int

    def _setup(self) -> None:
        n = self.players
        opts = self.options
        self.allied = bool(opts["allied"])
        if self.allied and n != 4:
            raise InvalidOptionError(f"the allied game is for 4 players (2 v 2), not {n}")
        self.team = tuple(s % 2 for s in range(n)) if self.allied else tuple(range(n))
        self.ally = tuple((s + 2) % n for s in range(n)) if self.allied else tuple(range(n))
        #: per seat, the seats of the other factions (``Medievalia2007State.hostile``), in seat order
        self.foes = tuple(tuple(s for s in range(n) if self.team[s] != self.team[p]) for p in range(n))
        if n == 2:
            pairs: list[tuple[int, int]] = [(0, 1)]
        elif opts["layout"] == "all_pairs" or n == 3:
            pairs = list(combinations(range(n), 2))
        else:
            pairs = [(s, (s + 1) % n) if s + 1 < n else (0, s) for s in range(n)]
        names = [f"F{s}" for s in range(n)] + [f"I{a}{b}" for a, b in pairs]
        self.loc_names = tuple(names)
        self.loc_index = {name: i for i, name in enumerate(names)}
        adj: list[set[int]] = [set() for _ in names]
        for i, (a, b) in enumerate(pairs):
            m = n + i
            adj[m] |= {a, b}
            adj[a].add(m)
            adj[b].add(m)
        self.adj = tuple(frozenset(x) for x in adj)
        self.ends = tuple(pairs)
        self.prestige_target = 11 if self.allied else 7
        self.military_upkeep = bool(opts["military_upkeep"])
        self.siege_rule = str(opts["siege_rule"])
        self.merchant_all = opts["merchant"] == "all"
        self.turn_limit = int(opts["turn_limit"])

    @classmethod
    def state_class(cls) -> type[Medievalia2007State]:
        return Medievalia2007State

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """The 2-player game in full; 3, 4 and allied games cut at 24 turns (random play would need
        about 40 turns to empty two decks) to keep thousands of checked games affordable."""
        return [(2, {}), (3, {"turn_limit": 24}), (4, {"turn_limit": 24}), (4, {"allied": True, "turn_limit": 24})]

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        from medieval.games.medievalia2007.heuristic import choose

        assert isinstance(state, Medievalia2007State)
        return choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's estimated reward from a position (for searches that cut their playouts short)."""
        from medieval.games.medievalia2007.evaluation import evaluate

        assert isinstance(state, Medievalia2007State)
        return evaluate(state)

    # ------------------------------------------------------------------ new states
    def _blank(self, seed: int) -> Medievalia2007State:
        s = Medievalia2007State(self, seed)
        n = self.players
        s.phase = SETUP
        s.active = 0
        s.turn = 0
        s.picker = 0
        s.picks = 0
        s.decks = [[], [], []]
        s.stacks = [[], [], []]
        s.hands = [[] for _ in range(n)]
        s.discard = []
        s.removed = []
        s.owner = [-1] * NCARDS
        s.loc = [-1] * NCARDS
        s.host = [-1] * NCARDS
        s.rot = [0] * NCARDS
        s.marks = {}
        s.tables = [[] for _ in range(n)]
        s.pool = [[0, 0, 0, 0] for _ in range(n)]
        s.wild = [0] * n
        s.alive = [True] * n
        s.siege = [0] * n
        s.called = False
        s.buying = None
        s.abandoned = []
        s.excess = [0] * n
        s.battle = None
        s.result = None
        return s

    def _initial_state(self, seed: int) -> Medievalia2007State:
        """§2: three shuffled decks (the first card of each placed face up under it), three building
        stacks with School, Workshop and Bank face up, a City per player; then each player in turn
        takes 8 cards."""
        s = self._blank(seed)
        rng = s._rng()
        for d in range(3):
            deck = list(DECK_IDS[d])
            rng.shuffle(deck)
            deck.append(deck.pop(0))  # the first card goes face up under the deck
            s.decks[d] = deck
        s.stacks = _building_stacks(rng, list(BUILDING_IDS))
        for p in range(self.players):
            s._put(CITY_IDS[p], p, p, -1)
        s._emit("setup", {"players": self.players, "allied": self.allied,
                          "deck_bottoms": [FACES[FACE[d[-1]]] for d in s.decks],
                          "stack_tops": [FACES[FACE[st[0]]] for st in s.stacks]})
        return s

    def scenario(self, **setup: Any) -> Medievalia2007State:
        """A mid-game position for tests and tutorials (all values JSON-safe).

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
        known = {"active", "phase", "fiefs", "away", "hands", "decks", "stacks", "siege", "seed"}
        unknown = set(setup) - known
        if unknown:
            raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(known)})")
        n = self.players
        seed = setup.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
        s = self._blank(seed)
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
            s._put(c, p, where, host)
            s.rot[c] = int(bool(spec.get("rotated", False)))
            s._set_mark(c, DMG, int(spec.get("damage", 0)))
            s._set_mark(c, MOVED, int(spec.get("moves", 0)))
            s._set_mark(c, FOUGHT, int(bool(spec.get("fought", False))))

        def buildings(specs: Any, p: int, host: int, what: str) -> None:
            if not isinstance(specs, list) or len(specs) > MAX_BUILDINGS:
                raise InvalidOptionError(f"{what}: buildings must be a list of at most {MAX_BUILDINGS} faces")
            for face in specs:
                c = take(face, what)
                if IS_HOST[c] or IS_TROOP[c] or DECK[c] >= 0:
                    raise InvalidOptionError(f"{what}: {face} is not a building")
                s._put(c, p, p, host)
                s.rot[c] = s.rot[host]

        def group(spec: Any, p: int, host: int, what: str) -> None:
            if not isinstance(spec, dict) or set(spec) - {"face", "troops", "buildings", "rotated"}:
                raise InvalidOptionError(f"{what}: expected a dict with face/troops/buildings/rotated")
            s.rot[host] = int(bool(spec.get("rotated", False)))
            buildings(spec.get("buildings", []), p, host, what)
            troops = spec.get("troops", [])
            if not isinstance(troops, list) or len(troops) > MAX_ATTACHED:
                raise InvalidOptionError(f"{what}: at most {MAX_ATTACHED} troops on a territory or City")
            for t in troops:
                troop(t, p, p, host, what)

        for p in range(n):
            s._put(CITY_IDS[p], p, p, -1)
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
                s._put(h, p, p, -1)
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
            if where_name not in self.loc_index:
                raise InvalidOptionError(f"{where_name!r} is not a Fief here ({', '.join(self.loc_names)})")
            if not isinstance(by_seat, dict):
                raise InvalidOptionError(f"away[{where_name!r}] must be a dict by seat")
            for key, troops in by_seat.items():
                p = seat_of(key)
                if not isinstance(troops, list):
                    raise InvalidOptionError(f"away[{where_name!r}][{key!r}] must be a list of troops")
                for t in troops:
                    troop(t, p, self.loc_index[where_name], -1, f"seat {p} troop at {where_name}")
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
            s.stacks = _building_stacks(rng, rest_b)
        active = setup.get("active", 0)
        s.active = seat_of(active)
        phase = setup.get("phase", ACTIONS)
        if phase not in (DRAW, ACTIONS, MOVE, WAR):
            raise InvalidOptionError(f"phase must be draw, actions, move or war, got {phase!r}")
        s.phase = phase
        s.turn = 1
        for p in range(n):
            s._recheck(p)
        s._emit("scenario", {"active": s.active, "phase": phase})
        s._auto()
        return s


def _building_stacks(rng: random.Random, ids: list[int]) -> list[list[int]]:
    """§2.3-4: School, Workshop and Bank face up on three roughly equal stacks of the other buildings
    (their second copies are shuffled into the stacks, ruling R9)."""
    tops: list[int] = []
    for f in STACK_TOPS:
        for c in ids:
            if FACE[c] == f and c not in tops:
                tops.append(c)
                break
    rest = [c for c in ids if c not in tops]
    rng.shuffle(rest)
    k = len(tops) or 3
    stacks: list[list[int]] = [[] for _ in range(3)]
    for i, c in enumerate(rest):
        stacks[i % 3].append(c)
    for i, t in enumerate(tops[:k]):
        stacks[i].insert(0, t)
    return stacks


__all__ = ["SPEC", "Medievalia2007Game"]
