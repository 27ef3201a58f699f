"""What a seat may know of a Medievalia (2007) position (``state.view(seat)``), as a typed view.

Everything on the table is public; so are the deck each hand card came from, the face-up card under
each deck and the face-up top of each building stack. Hidden: the order of the decks and stacks and
the other players' hand cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from medieval.games.medievalia2007.components import (
    ATT,
    CIVIL,
    DECK,
    DECKS,
    DEF,
    FACE,
    FACES,
    IS_HOST,
    IS_TROOP,
    KIND,
    KIND_NAMES,
    NAME,
    PROD,
    RESOURCES,
    TERR,
)
from medieval.games.medievalia2007.end import gold_production, vp
from medieval.games.medievalia2007.fief import (
    ACTIONS,
    AIM,
    ALLOC,
    BATTLE,
    BONUS,
    BOOST,
    DEPLOY,
    DMG,
    DRAW,
    FOUGHT,
    IMOVED,
    KEY,
    MOVE,
    MOVED,
    MUSTER,
    PAY,
    PLACED,
    POWERS,
    SETUP,
    SUPPLY,
    WAR,
    Phase,
    base_production,
    boosted,
    guarded,
)
from medieval.games.medievalia2007.paying import price, shortfall
from medieval.games.medievalia2007.upkeep import food_capacity, upkeep

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

Decision = Literal["take_starting_card", "draw", "actions", "pay", "ally_supply", "external_movement", "war",
                   "upkeep", "form_armies", "deploy", "choose_target", "powers", "bonus", "damage_order"]


class Resources(TypedDict):
    food: int
    energy: int
    gold: int
    workforce: int


class DeckCounts(TypedDict):
    territory: int
    military: int
    character: int


class Pending(TypedDict):
    decision: Decision
    seat: int
    excess: NotRequired[int]  # upkeep: how many troops to disband


class Purchase(TypedDict):
    """The payment in progress."""

    kind: Literal["play", "build", "remove", "card"]
    what: str  # the face played or built, the territory removed, the deck of the card bought
    on: str | None  # a building's territory/City
    cost: Resources
    any: int  # resources of any kind (4 for an extra card)
    shortfall: Resources
    pool: Resources
    discount: int  # the Bureaucrats' reduction so far


class Deck(TypedDict):
    name: str
    count: int
    bottom: str | None  # the face-up card under it


class Stack(TypedDict):
    count: int
    top: str | None  # the face-up building on top


class PlayerInfo(TypedDict):
    seat: int
    alive: bool
    team: int
    vp: int
    hand_count: int
    hand_by_deck: DeckCounts
    pool: Resources
    building_discount: int
    siege_turns: int
    food: int
    upkeep: int
    must_disband: int
    gold_production: int
    territories: int


class FiefEntry(TypedDict):
    name: str  # F0.. a player's Fief, I01.. an intermediate Fief
    owner: int | None
    adjacent: list[str]
    between: NotRequired[list[int]]  # an intermediate Fief's two seats
    cards: list[str]  # names of the cards standing in it


class TableCard(TypedDict):
    """A card on the table."""

    name: str
    face: str
    kind: str  # city, territory, civilian building, military building, troop
    owner: int
    fief: str
    on: str | None  # the territory/City it is attached to
    rotated: bool
    damage: int
    strength: NotRequired[list[int]]  # [attack, defence]
    produces: NotRequired[str]
    production: NotRequired[int]  # what using it yields now (0 for a troop out of its Fief)
    moves: NotRequired[int]  # troops: external moves made this turn
    moved_inside: NotRequired[bool]
    fought: NotRequired[bool]
    guarded: NotRequired[bool]  # the City and territories
    artists: NotRequired[int]  # Artists on its next production
    bonus: NotRequired[int]  # civilian +0/1 bonuses placed on it this turn (§4.8)
    bonus_placed: NotRequired[bool]  # a civilian building: its +0/1 is placed this turn (§4.8)


class Group(TypedDict):
    """A group taking damage in the battle."""

    owner: int
    cards: list[str]
    territory: str | None  # the territory/City the group guards
    incoming: int
    order: list[str]  # the damage order chosen so far
    bonuses_to_place: int


class BattleView(TypedDict):
    kind: Literal["fief", "mid", "shot"]
    fief: str
    attacker: int
    defender: int
    step: Literal["muster", "deploy", "aim", "alloc", "powers"]
    armies: list[list[str]]
    bands: list[list[str]]  # the defending band engaging each army
    targets: list[str | None]  # each army's target: a card, "band N", "engaged", "none" or not yet chosen
    groups: list[Group]
    bonus: dict[str, int]
    powers_order: list[int]


class Medievalia2007View(TypedDict):
    game: Literal["medievalia2007"]
    seat: int | None
    players: int
    allied: bool
    turn: int
    active: int
    phase: Phase
    to_move: list[int]
    pending: Pending | None
    purchase: Purchase | None
    abandoned: list[str]  # the purchases given up this turn, in notation (R21)
    decks: list[Deck]
    stacks: list[Stack]
    discard: list[str]
    removed: list[str]
    hand: list[str] | None  # the seat's own hand (faces); None for the spectator
    players_info: list[PlayerInfo]
    fiefs: list[FiefEntry]
    table: dict[str, TableCard]
    battle: BattleView | None
    prestige_target: int
    outcome: dict[str, Any] | None


def resources(amounts: list[int] | tuple[int, ...]) -> Resources:
    return {"food": amounts[0], "energy": amounts[1], "gold": amounts[2], "workforce": amounts[3]}


def card_json(s: Medievalia2007State, c: int, on: dict[int, list[int]]) -> TableCard:
    """A card on the table as every seat sees it. ``on``: each territory's and City's own cards on it
    (``view`` gathers them once for the whole table, for ``guarded`` and ``base_production``)."""
    # (the card's marks read once: ``mark`` for each would look them up seven times; views are built at
    # every decision of the heuristic bot)
    m = s.marks.get(KEY[c])
    mk = (*m, 0, 0, 0, 0, 0, 0, 0) if m else _NO_MARKS  # a state saved with fewer marks reads 0 for the new
    host = s.host[c]
    kind = KIND[c]
    d: TableCard = {
        "name": NAME[c],
        "face": FACES[FACE[c]],
        "kind": KIND_NAMES[kind],
        "owner": s.owner[c],
        "fief": s.game.loc_names[s.loc[c]],
        "on": NAME[host] if host >= 0 else None,
        "rotated": bool(s.rot[c]),
        "damage": mk[DMG],
    }
    if ATT[c] or DEF[c]:
        d["strength"] = [ATT[c], DEF[c]]
    if PROD[c] >= 0:
        d["produces"] = RESOURCES[PROD[c]]
        produces = IS_HOST[c] or s.loc[c] == s.owner[c]
        d["production"] = boosted(s, c, base_production(s, c, on.get(c, []))) if produces else 0
    if IS_TROOP[c]:
        d["moves"] = mk[MOVED]
        d["moved_inside"] = bool(mk[IMOVED])
        d["fought"] = bool(mk[FOUGHT])
    if IS_HOST[c]:
        d["guarded"] = guarded(s, c, on.get(c, []))
    if mk[BOOST]:
        d["artists"] = mk[BOOST]
    if mk[BONUS]:
        d["bonus"] = mk[BONUS]
    if kind == CIVIL:
        d["bonus_placed"] = bool(mk[PLACED])
    return d


_NO_MARKS = (0, 0, 0, 0, 0, 0, 0)


_STEP_DECISIONS: dict[str, Decision] = {MUSTER: "form_armies", DEPLOY: "deploy", AIM: "choose_target",
                                        POWERS: "powers"}
_PHASE_DECISIONS: dict[str, Decision] = {SETUP: "take_starting_card", DRAW: "draw", ACTIONS: "actions", PAY: "pay",
                                         SUPPLY: "ally_supply", MOVE: "external_movement", WAR: "war"}


def pending(s: Medievalia2007State) -> Pending | None:
    """The decision the game waits for, and whose it is."""
    tm = s.to_move
    if not tm:
        return None
    seat = tm[0]
    if s.excess[seat]:
        return {"decision": "upkeep", "seat": seat, "excess": s.excess[seat]}
    ph = s.phase
    if ph == BATTLE:
        b = s.battle
        assert b is not None
        if b.get("place"):
            return {"decision": "bonus", "seat": seat}
        step = b["step"]
        if step == ALLOC:
            u = b["units"][b["ui"]]
            return {"decision": "bonus" if u["src"] else "damage_order", "seat": seat}
        return {"decision": _STEP_DECISIONS[step], "seat": seat}
    return {"decision": _PHASE_DECISIONS[ph], "seat": seat}


def _battle(s: Medievalia2007State) -> BattleView | None:
    b = s.battle
    if b is None:
        return None
    g = s.game
    return {
        "kind": b["kind"], "fief": g.loc_names[b["loc"]], "attacker": b["att"], "defender": b["def"],
        "step": b["step"],
        "armies": [[NAME[t] for t in a] for a in b["armies"]],
        "bands": [[NAME[t] for t in band] for band in b["bands"]],
        "targets": [None if a is None else _aim_json(a) for a in b["aims"]],
        "groups": [{"owner": u["owner"], "cards": [NAME[c] for c in u["cards"]],
                    "territory": NAME[u["fixed"]] if u["fixed"] >= 0 else None,
                    "incoming": u["in"], "order": [NAME[c] for c in u["order"]],
                    "bonuses_to_place": len(u["src"])} for u in b["units"]],
        "bonus": _bonuses(s, b),
        "powers_order": b["win"],
    }


def _bonuses(s: Medievalia2007State, b: dict[str, Any]) -> dict[str, int]:
    """Each card's extra defence now: the battle's Infantry bonuses and this turn's civilian ones."""
    out = {NAME[int(k)]: v for k, v in b["bon"].items()}
    for k, m in s.marks.items():
        if len(m) > BONUS and m[BONUS]:
            name = NAME[int(k)]
            out[name] = out.get(name, 0) + m[BONUS]
    return out


_PURCHASE_KINDS: tuple[Literal["play", "build", "remove", "card"], ...] = ("play", "build", "remove", "card")


def abandoned_notation(b: list[int]) -> str:
    """A purchase given up (``state.abandoned``: [PLAY, face], [BUILD, face, host], [REMOVE, card] or
    [CARD, deck]) as the action that chose it."""
    from medieval.games.medievalia2007 import actions as A
    from medieval.games.medievalia2007.fief import BUILD, PLAY, REMOVE

    if b[0] == PLAY:
        return str(A.PLAY[b[1]])
    if b[0] == BUILD:
        return str(A.BUILD[b[1]][b[2]])
    if b[0] == REMOVE:
        return str(A.REMOVE[b[1]])
    return str(A.BUY_CARD[b[1]])


def _purchase(s: Medievalia2007State) -> Purchase | None:
    b = s.buying
    if b is None:
        return None
    kind = b[0]
    p = s.active
    return {
        "kind": _PURCHASE_KINDS[kind],
        "what": (FACES[b[1]] if kind in (0, 1) else NAME[b[1]] if kind == 2 else DECKS[b[1]]),
        "on": NAME[b[2]] if kind == 1 else None,
        "cost": resources(price(s, p)),
        "any": 4 if kind == 3 else 0,
        "shortfall": resources(shortfall(s, p)),
        "pool": resources(s.pool[p]),
        "discount": s.wild[p],
    }


def view(s: Medievalia2007State, seat: int | None) -> Medievalia2007View:
    g = s.game
    n = g.players
    players: list[PlayerInfo] = []
    for x in range(n):
        hand = s.hands[x]
        by_deck = [0, 0, 0]
        for c in hand:
            by_deck[DECK[c]] += 1
        players.append({
            "seat": x,
            "alive": s.alive[x],
            "team": g.team[x],
            "vp": vp(s, x),
            "hand_count": len(hand),
            "hand_by_deck": {"territory": by_deck[0], "military": by_deck[1], "character": by_deck[2]},
            "pool": resources(s.pool[x]),
            "building_discount": s.wild[x],
            "siege_turns": s.siege[x],
            "food": food_capacity(s, x),
            "upkeep": upkeep(s, x),
            "must_disband": s.excess[x],
            "gold_production": gold_production(s, x),
            "territories": sum(1 for c in s.tables[x] if KIND[c] == TERR),
        })
    at: list[list[str]] = [[] for _ in g.loc_names]
    table: dict[str, TableCard] = {}
    loc, host, owner_of = s.loc, s.host, s.owner
    on: dict[int, list[int]] = {}  # each territory's and City's own cards on it
    for x in range(n):
        for c in s.tables[x]:
            h = host[c]
            if h >= 0 and owner_of[h] == x:
                on.setdefault(h, []).append(c)
    for x in range(n):
        for c in s.tables[x]:
            at[loc[c]].append(NAME[c])
            table[NAME[c]] = card_json(s, c, on)
    fiefs: list[FiefEntry] = []
    for i, (name, owner, adjacent, between) in enumerate(g.fiefs):
        if between is None:
            fiefs.append({"name": name, "owner": owner, "adjacent": list(adjacent), "cards": at[i]})
        else:
            fiefs.append({"name": name, "owner": owner, "adjacent": list(adjacent), "between": list(between),
                          "cards": at[i]})
    out = s.outcome
    return {
        "game": "medievalia2007",
        "seat": seat,
        "players": n,
        "allied": g.allied,
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "to_move": list(s.to_move),
        "pending": pending(s),
        "purchase": _purchase(s),
        "abandoned": [abandoned_notation(b) for b in s.abandoned],
        "decks": [{"name": DECKS[d], "count": len(deck), "bottom": FACES[FACE[deck[-1]]] if deck else None}
                  for d, deck in enumerate(s.decks)],
        "stacks": [{"count": len(st), "top": FACES[FACE[st[0]]] if st else None} for st in s.stacks],
        "discard": [NAME[c] for c in s.discard],
        "removed": [NAME[c] for c in s.removed],
        "hand": None if seat is None else sorted(FACES[FACE[c]] for c in s.hands[seat]),
        "players_info": players,
        "fiefs": fiefs,
        "table": table,
        "battle": _battle(s),
        "prestige_target": g.prestige_target,
        "outcome": None if out is None else out.to_json(),
    }


def _aim_json(a: list[Any]) -> str:
    kind, val = a
    if kind == "card":
        return str(NAME[val])
    if kind == "band":
        return f"band {val + 1}"
    return str(kind)
