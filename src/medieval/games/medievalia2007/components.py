"""Medievalia (2007)'s 110 cards, loaded from ``data/components.json``.

Every physical card is a small int id with a unique name: the face followed by its copy number
(``Field3``, ``Worker12``, ``City1``). The tables below are indexed by card id (``FACE[c]``,
``COST[c]``...) or by face index (``F_COST[f]``...). Values the rulebook prints are exact; the rest
is our design (docs/rules/medievalia2007.md, "Components (our design)")."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

RESOURCES: tuple[str, ...] = ("food", "energy", "gold", "workforce")
FOOD, ENERGY, GOLD, WORK = 0, 1, 2, 3
RES_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
DECKS: tuple[str, ...] = ("territory", "military", "character")
DECK_INDEX: dict[str, int] = {d: i for i, d in enumerate(DECKS)}

# card kinds
CITY, TERR, CIVIL, MILB, TROOP, MEMO = 0, 1, 2, 3, 4, 5
_KINDS = {"city": CITY, "territory": TERR, "civilian": CIVIL, "military_building": MILB, "troop": TROOP,
          "memo": MEMO}
KIND_NAMES = ("city", "territory", "civilian building", "military building", "troop", "memo")


def load_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


DATA = load_data()
FACE_ROWS: list[dict[str, Any]] = DATA["faces"]
FACES: tuple[str, ...] = tuple(r["face"] for r in FACE_ROWS)
FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACES)}
NFACES = len(FACES)


def _cost(row: dict[str, Any]) -> tuple[int, int, int, int]:
    c = row.get("cost", {})
    return (int(c.get("food", 0)), int(c.get("energy", 0)), int(c.get("gold", 0)), int(c.get("workforce", 0)))


F_KIND: tuple[int, ...] = tuple(_KINDS[r["kind"]] for r in FACE_ROWS)
F_COUNT: tuple[int, ...] = tuple(int(r["count"]) for r in FACE_ROWS)
F_DECK: tuple[int, ...] = tuple(DECK_INDEX[r["deck"]] if "deck" in r else -1 for r in FACE_ROWS)
F_COST: tuple[tuple[int, int, int, int], ...] = tuple(_cost(r) for r in FACE_ROWS)
F_PROD: tuple[int, ...] = tuple(RES_INDEX[r["produces"]] if r.get("produces") else -1 for r in FACE_ROWS)
F_ATT: tuple[int, ...] = tuple(int(r.get("attack", 0)) for r in FACE_ROWS)
F_DEF: tuple[int, ...] = tuple(int(r.get("defence", 0)) for r in FACE_ROWS)
F_POWER: tuple[str, ...] = tuple(str(r.get("power", "")) for r in FACE_ROWS)
F_VP: tuple[int, ...] = tuple(int(r.get("vp", 1)) if F_KIND[i] in (CIVIL, MILB) else 0
                              for i, r in enumerate(FACE_ROWS))
#: face index of the building a troop needs (-1: none)
F_NEEDS: tuple[int, ...] = tuple(FACE_INDEX[r["building"]] if r.get("building") else -1 for r in FACE_ROWS)
#: face index of the troop a civilian building unlocks (-1: none)
F_UNLOCKS: tuple[int, ...] = tuple(FACE_INDEX[r["unlocks"]] if r.get("unlocks") else -1 for r in FACE_ROWS)
#: how many times a troop may move to an adjacent Fief per turn (the Knight moves twice)
F_MOVES: tuple[int, ...] = tuple(2 if r.get("power") == "knight" else 1 for r in FACE_ROWS)

CITY_F = FACE_INDEX["City"]
CASTLE_F = FACE_INDEX["Castle"]
STACK_TOPS: tuple[int, ...] = tuple(FACE_INDEX[f] for f in DATA["stack_tops"])

# ---------------------------------------------------------------- per card id
_face_of: list[int] = []
_names: list[str] = []
for _f, _row in enumerate(FACE_ROWS):
    for _k in range(int(_row["count"])):
        _face_of.append(_f)
        _names.append(f"{_row['face']}{_k + 1}")

FACE: tuple[int, ...] = tuple(_face_of)
NAME: tuple[str, ...] = tuple(_names)
NCARDS = len(FACE)
ID_OF_NAME: dict[str, int] = {n.lower(): i for i, n in enumerate(NAME)}
KIND: tuple[int, ...] = tuple(F_KIND[f] for f in FACE)
DECK: tuple[int, ...] = tuple(F_DECK[f] for f in FACE)
COST: tuple[tuple[int, int, int, int], ...] = tuple(F_COST[f] for f in FACE)
PROD: tuple[int, ...] = tuple(F_PROD[f] for f in FACE)
ATT: tuple[int, ...] = tuple(F_ATT[f] for f in FACE)
DEF: tuple[int, ...] = tuple(F_DEF[f] for f in FACE)
POWER: tuple[str, ...] = tuple(F_POWER[f] for f in FACE)
VP: tuple[int, ...] = tuple(F_VP[f] for f in FACE)
MOVES: tuple[int, ...] = tuple(F_MOVES[f] for f in FACE)
IS_TROOP: tuple[bool, ...] = tuple(k == TROOP for k in KIND)
IS_HOST: tuple[bool, ...] = tuple(k in (CITY, TERR) for k in KIND)
CITY_IDS: tuple[int, ...] = tuple(i for i, f in enumerate(FACE) if f == CITY_F)
MEMO_IDS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == MEMO)
DECK_IDS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i, d in enumerate(DECK) if d == k) for k in range(3))
BUILDING_IDS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k in (CIVIL, MILB))
HOST_IDS: tuple[int, ...] = tuple(i for i, h in enumerate(IS_HOST) if h)

# ---------------------------------------------------------------- derived tables for the rules' hot loops
#: 1 if the card adds 1 to the production of the territory/City it is attached to (a civilian
#: building or a workforce-producing troop, §4.3/§4.7)
ADDS_PRODUCTION: tuple[int, ...] = tuple(int(k == CIVIL or (k == TROOP and p == WORK))
                                         for k, p in zip(KIND, PROD, strict=True))
#: True for the cards that guard the territory or City they are on: troops and military buildings (§4.3/§4.6)
GUARDS: tuple[bool, ...] = tuple(k in (TROOP, MILB) for k in KIND)
#: what a troop's power might add while paying: any resource (Merchant 1, Artist 3) ...
POWER_ANY: tuple[int, ...] = tuple(1 if pw == "merchant" else 3 if pw == "artist" else 0 for pw in POWER)
#: ... and toward a building (Bureaucrat 2)
POWER_BUILD: tuple[int, ...] = tuple(2 if pw == "bureaucrat" else 0 for pw in POWER)
#: a face's total cost (nothing with fewer resources in all can pay it)
F_COST_TOTAL: tuple[int, ...] = tuple(sum(c) for c in F_COST)
#: the cheapest building in all
MIN_BUILDING_COST = min(F_COST_TOTAL[FACE[c]] for c in BUILDING_IDS)
#: the powers used while paying (Merchant, Artist, Bureaucrat)
PAY_POWER: tuple[bool, ...] = tuple(pw in ("merchant", "artist", "bureaucrat") for pw in POWER)
#: a face's cost when the building it needs is not in the Fief (§4.9: 2 gold more)
F_COST_UNHOUSED: tuple[tuple[int, int, int, int], ...] = tuple((c[0], c[1], c[2] + 2, c[3]) for c in F_COST)


_FACE_OF_LOWER = {f.lower(): i for i, f in enumerate(FACES)}


def face_of_name(text: str) -> int:
    """A face by name (case-insensitive); raises ValueError."""
    f = _FACE_OF_LOWER.get(text.strip().lower())
    if f is None:
        raise ValueError(f"{text!r} is not a Medievalia card ({', '.join(FACES)})")
    return f


def card_of_name(text: str) -> int:
    """A card id by its name (``Field3``); raises ValueError."""
    c = ID_OF_NAME.get(text.strip().lower())
    if c is None:
        raise ValueError(f"{text!r} is not a card name (a face and a copy number, e.g. Field3, Worker12)")
    return c


def cost_text(cost: tuple[int, ...] | list[int]) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n]
    return ", ".join(parts) or "nothing"
