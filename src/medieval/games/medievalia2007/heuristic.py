"""A Medievalia (2007) heuristic that decides from the seat's view and legal actions only.

- Economy first: up to four territories, Workers attached to them, then buildings (a new kind of
  building before a duplicate, the Castle above all) on the least useful unused territory.
- Paying: the producer that covers most of what is missing with the least waste; then trades,
  Merchants and Bureaucrats; selling the least useful card in hand last.
- War: once its troops at home can break a City (or raze territories), it marches on the enemy with
  the most VP; Knights ride ahead. In battle it hits the City when it can, else unguarded territories
  with buildings, and defends only when its band survives or wins.
- Damage goes first to the cheapest card; Priests save troops that would die; Bowmen shoot troops
  that one more point kills.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    F_COST,
    F_KIND,
    F_NEEDS,
    F_VP,
    FACE,
    FACE_INDEX,
    FACES,
    NAME,
    RES_INDEX,
    RESOURCES,
    TERR,
)
from medieval.games.medievalia2007.view import BattleView, Medievalia2007View, Resources, TableCard

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

VALUE = {"Worker": 2.0, "Soldier": 3.0, "Knight": 5.0, "Priest": 3.0, "Bowman": 3.0, "Infantry": 3.0,
         "Merchant": 3.0, "Artist": 2.5, "Bureaucrat": 3.0, "Field": 3.0, "Farm": 3.0, "Forest": 3.0,
         "Mine": 3.5}
MILITARY = {"Soldier", "Knight", "Infantry", "Bowman"}
RAID_POWER = 4  # troops march once they can raze a guarded territory
WANT_MILITARY = 3
FOOD_HOSTS = {"Field", "Farm"}


class Ctx:
    """The seat's view, digested."""

    def __init__(self, state: Medievalia2007State, seat: int, legal: list[Action], rng: random.Random) -> None:
        self.view: Medievalia2007View = state.view(seat)
        v = self.view
        self.seat = seat
        self.legal = legal
        self.rng = rng
        self.table: dict[str, TableCard] = v["table"]
        self.me = v["players_info"][seat]
        self.mine = [c for c in self.table.values() if c["owner"] == seat]
        self.hand: list[str] = v["hand"] or []
        teams = [p["team"] for p in v["players_info"]]
        self.enemies = [p["seat"] for p in v["players_info"]
                        if p["alive"] and teams[p["seat"]] != teams[seat]]
        self.territories = [c for c in self.mine if c["kind"] == "territory"]
        self.home = f"F{seat}"

    def card(self, card_id: int) -> TableCard:
        return self.table[NAME[card_id]]

    def count_face(self, face: str) -> int:
        return sum(1 for c in self.mine if c["face"] == face) + self.hand.count(face)

    def attached(self, name: str) -> list[TableCard]:
        return [c for c in self.table.values() if c["on"] == name]

    def room(self) -> int:
        return 2 * int(self.me["food"]) - int(self.me["upkeep"])


def amounts(resources: Resources) -> dict[str, int]:
    """A view's resources as a dict by name, in the order of ``RESOURCES``."""
    return {"food": resources["food"], "energy": resources["energy"], "gold": resources["gold"],
            "workforce": resources["workforce"]}


def choose(state: Medievalia2007State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    ctx = Ctx(state, seat, legal, rng)
    pending = ctx.view["pending"]
    assert pending is not None  # a seat with a choice to make is the pending one
    handler = _DECISIONS.get(pending["decision"], _first)
    return handler(ctx)


def _first(ctx: Ctx) -> Action:
    return ctx.legal[0]


def _best(ctx: Ctx, scored: list[tuple[float, Action]]) -> Action:
    best = max(s for s, _ in scored)
    options = [a for s, a in scored if s == best]
    return options[0] if len(options) == 1 else ctx.rng.choice(options)


# ---------------------------------------------------------------------- decks
def _deck_wish(ctx: Ctx) -> dict[int, float]:
    terr = len(ctx.territories) + sum(1 for f in ctx.hand if F_KIND[FACE_INDEX[f]] == TERR)
    workers = ctx.count_face("Worker")
    military = sum(ctx.count_face(f) for f in MILITARY)
    return {0: 3.0 if terr < 4 else 0.3,
            2: 2.5 if workers < 2 * min(4, max(terr, 1)) else 0.8,
            1: 1.5 + (1.0 if workers >= 3 else 0.0) - 0.3 * military}


def _take(ctx: Ctx) -> Action:
    wish = _deck_wish(ctx)
    return _best(ctx, [(wish[a.deck], a) for a in ctx.legal if isinstance(a, A.Take | A.Draw)])


# ---------------------------------------------------------------------- actions phase
def _can_pay(ctx: Ctx, cost: tuple[int, ...], any_n: int, exclude: str | None, building: bool) -> bool:
    """Could the purchase be paid from unused producers, surplus trades and cheap cards in hand?"""
    avail = {r: 0 for r in RESOURCES}
    for c in ctx.mine:
        if c["rotated"] or "production" not in c or c["fief"] != ctx.home or c["name"] == exclude:
            continue
        if c["kind"] == "troop" and c["on"] is not None:
            continue
        avail[c["produces"]] += int(c["production"])
    junk = sum(1 for f in ctx.hand if _hand_value(ctx, f) <= 2.0)
    if building:
        junk += 2 * sum(1 for c in ctx.mine if c["face"] == "Bureaucrat" and not c["rotated"]
                        and c["fief"] == ctx.home and c["on"] != exclude)
    if any_n:
        return sum(avail.values()) + junk >= any_n
    short = 0
    extra = junk
    for i, r in enumerate(RESOURCES):
        d = avail[r] - cost[i]
        if d < 0:
            short -= d
        else:
            extra += d // 3
    return short <= extra


def _aggressive(ctx: Ctx) -> bool:
    info = ctx.view["players_info"]
    mine = int(ctx.me["vp"])
    return any(int(info[s]["vp"]) >= 4 or int(info[s]["vp"]) > mine for s in ctx.enemies)


def _actions(ctx: Ctx) -> Action:
    scored: list[tuple[float, Action]] = []
    owned_buildings = {c["face"] for c in ctx.mine if c["kind"] in ("civilian building", "military building")}
    workers = [c for c in ctx.mine if c["face"] == "Worker"]
    military = [c for c in ctx.mine if c["face"] in MILITARY]
    n_terr = len(ctx.territories)
    developed = n_terr >= 3 and len(workers) >= 3
    want_military = (WANT_MILITARY + 2 if _aggressive(ctx) else WANT_MILITARY) if developed else 0
    given_up = set(ctx.view["abandoned"])  # R21: what it could not pay once this turn, it does not retry
    for a in ctx.legal:
        if given_up and str(a) in given_up:
            continue
        if isinstance(a, A.Build):
            face = FACES[a.face]
            if not _can_pay(ctx, F_COST[a.face], 0, NAME[a.host], True):
                continue
            gain = F_VP[a.face] if face not in owned_buildings else 0
            host = ctx.card(a.host)
            s = (6.0 + 3 * gain + (3.0 if developed else 0.0)) if gain else 0.5
            s += 0.3 if host["face"] in FOOD_HOSTS else 0.0
            s += 0.5 if host["kind"] == "city" else 0.0
            s -= 0.1 * len(ctx.attached(NAME[a.host]))
            scored.append((s, a))
        elif isinstance(a, A.Play):
            face = FACES[a.face]
            kind = F_KIND[a.face]
            cost = list(F_COST[a.face])
            need = F_NEEDS[a.face]
            if need >= 0 and FACES[need] not in owned_buildings:
                cost[2] += 2
            if not _can_pay(ctx, tuple(cost), 0, None, False):
                continue
            if kind == TERR:
                s = 12.0 if n_terr < 4 else 0.0
                if face in FOOD_HOSTS and ctx.room() < 2:
                    s += 1.0
            elif face == "Worker":
                s = 10.0 if len(workers) < 2 * max(1, n_terr) + 1 else 1.0
            elif face in MILITARY:
                s = 13.0 if len(military) < want_military else 1.5
                if face == "Knight":
                    s += 1.0
            else:
                s = 4.0 if developed else 1.0
            scored.append((s, a))
        elif isinstance(a, A.Move):
            c = ctx.card(a.card)
            if a.host < 0:
                scored.append((-1.0, a))
                continue
            host = ctx.card(a.host)
            s = -1.0
            if c.get("produces") == "workforce" and host["kind"] == "territory":
                s = 8.0 + (0.5 if host["face"] in FOOD_HOSTS and ctx.room() < 2 else 0.0)
            if c["on"] is not None:
                s -= 9.0
            scored.append((s, a))
        elif isinstance(a, A.BuyCard):
            if _can_pay(ctx, (0, 0, 0, 0), 4, None, False):
                scored.append((1.5 if len(ctx.hand) < 3 else 0.2, a))
        elif a is A.END_ACTIONS:
            scored.append((0.5, a))
        else:
            scored.append((-5.0, a))
    return _best(ctx, scored)


def _hand_value(ctx: Ctx, face: str) -> float:
    f = FACE_INDEX[face]
    if F_KIND[f] == TERR:
        return 4.0 if len(ctx.territories) < 4 else 0.5
    if face == "Worker":
        n = sum(1 for c in ctx.mine if c["face"] == "Worker")
        return 3.0 if n < 2 * max(1, len(ctx.territories)) + 1 else 1.0
    return VALUE.get(face, 2.0)


def _enemy_troops_near(ctx: Ctx) -> list[TableCard]:
    near = [ctx.home] + [f["name"] for f in ctx.view["fiefs"] if ctx.home in f["adjacent"]]
    return [c for c in ctx.table.values() if c["owner"] in ctx.enemies and c["kind"] == "troop" and c["fief"] in near]


def _pay(ctx: Ctx) -> Action:
    pur = ctx.view["purchase"]
    assert pur is not None  # paying: a purchase is in progress
    any_left = max(0, int(pur["any"]) - sum(amounts(pur["pool"]).values())) if pur["any"] else 0
    need = amounts(pur["shortfall"])
    scored: list[tuple[float, Action]] = []
    for a in ctx.legal:
        if isinstance(a, A.Produce):
            c = ctx.card(a.card)
            r, amount = c["produces"], int(c["production"])
            useful = min(amount, need[r]) if not any_left else min(amount, any_left)
            waste = amount - useful
            s = 5.0 + useful - 0.5 * waste if useful else 0.5
            if c["kind"] in ("territory", "city") and pur["kind"] != "card":
                s -= 0.2  # keep hosts unused for buildings when a worker will do
            scored.append((s, a))
        elif isinstance(a, A.Reduce):
            scored.append((9.0, a))
        elif isinstance(a, A.Trade):
            scored.append((6.0, a))
        elif isinstance(a, A.Convert):
            scored.append((3.5 if a.give == RES_INDEX["gold"] else 3.0, a))
        elif isinstance(a, A.Sell):
            scored.append((2.5 - 0.5 * _hand_value(ctx, FACES[a.face]), a))
        elif a is A.ABANDON:
            scored.append((-3.0, a))
        else:
            scored.append((-4.0, a))
    return _best(ctx, scored)


def _supply(ctx: Ctx) -> Action:
    pur = ctx.view["purchase"]
    short = amounts(pur["shortfall"]) if pur else {}
    any_n = pur["any"] if pur else 0
    pool = amounts(ctx.me["pool"])
    total = sum(pool.values())
    needed = sum(short.values()) or any_n
    if A.SEND_FREE in ctx.legal and total >= needed:  # the turn's fee is paid: send what is needed
        return A.SEND_FREE
    if total >= needed + 1 and any(isinstance(a, A.Send) and a.fee >= 0 for a in ctx.legal):
        spare = max((a for a in ctx.legal if isinstance(a, A.Send) and a.fee >= 0),
                    key=lambda a: int(pool[RESOURCES[a.fee]]) - short.get(RESOURCES[a.fee], 0))
        return spare
    for a in ctx.legal:
        if isinstance(a, A.Produce):
            c = ctx.card(a.card)
            if short.get(c["produces"], 0) > 0 or any_n:
                return a
    if total >= 2 and any(isinstance(a, A.Send) for a in ctx.legal):
        return next(a for a in ctx.legal if isinstance(a, A.Send))
    return A.REFUSE


def _upkeep(ctx: Ctx) -> Action:
    return min(ctx.legal, key=lambda a: VALUE.get(FACES[FACE[a.card]], 2.0) if isinstance(a, A.Disband) else 99)


# ---------------------------------------------------------------------- movement and war
def _target_enemy(ctx: Ctx) -> int | None:
    """The enemy to march on: a neighbour (one intermediate Fief away) first, the most VP among them."""
    if not ctx.enemies:
        return None
    info = ctx.view["players_info"]
    fiefs = {f["name"]: f["adjacent"] for f in ctx.view["fiefs"]}
    near = {f"F{s}" for m in fiefs[ctx.home] for s in range(len(info)) if f"F{s}" in fiefs[m]}
    n = len(info)
    best: int = max(ctx.enemies, key=lambda s: (f"F{s}" in near, int(info[s]["vp"]),
                                                 -int(info[s]["territories"]), -((s - ctx.seat) % n)))
    return best


def _path_step(ctx: Ctx, here: str, goal: str) -> str | None:
    """The next Fief on a shortest path from ``here`` to ``goal``."""
    fiefs = {f["name"]: f["adjacent"] for f in ctx.view["fiefs"]}
    frontier = [goal]
    dist = {goal: 0}
    while frontier:
        nxt = []
        for f in frontier:
            for g in fiefs[f]:
                if g not in dist:
                    dist[g] = dist[f] + 1
                    nxt.append(g)
        frontier = nxt
    best = None
    for g in fiefs[here]:
        if g in dist and dist[g] < dist.get(here, 99) and (best is None or dist[g] < dist[best]):
            best = g
    return best


def _city_defence(ctx: Ctx, seat: int) -> int:
    city = next((c for c in ctx.table.values() if c["owner"] == seat and c["kind"] == "city"), None)
    if city is None:
        return 0
    total = int(city["strength"][1])
    for c in ctx.attached(city["name"]):
        if c["kind"] == "civilian building":
            total += 1
        elif "strength" in c:
            total += int(c["strength"][1])
    return total


def _army_power(ctx: Ctx, where: str) -> int:
    return sum(int(c["strength"][0]) for c in ctx.mine
               if c["kind"] == "troop" and c["fief"] == where and c["on"] is None and c["face"] in MILITARY)


def _march(ctx: Ctx) -> Action:
    """Gather in the intermediate Fief on the way, then go in together once strong enough to break
    the City; Knights (two moves) may go straight in to join them."""
    target = _target_enemy(ctx)
    if target is None:
        return A.END_MOVES
    goal = f"F{target}"
    threat = _enemy_troops_near(ctx)
    need = min(_city_defence(ctx, target) + 1, RAID_POWER)
    staging = _path_step(ctx, ctx.home, goal)
    home_power = _army_power(ctx, ctx.home)
    staged = _army_power(ctx, staging) if staging else 0
    keep = 1 if threat else 0
    home_troops = sorted((c for c in ctx.mine if c["kind"] == "troop" and c["fief"] == ctx.home
                          and c["on"] is None and c["face"] in MILITARY),
                         key=lambda c: int(c["strength"][1]), reverse=True)
    keepers = {c["name"] for c in home_troops[:keep]}
    scored: list[tuple[float, Action]] = [(0.0, A.END_MOVES)]
    for a in ctx.legal:
        if not isinstance(a, A.March):
            continue
        c = ctx.card(a.card)
        if c["face"] not in MILITARY or c["name"] in keepers:
            continue
        here = c["fief"]
        if _path_step(ctx, here, goal) != a.to:
            continue
        if (here == ctx.home and home_power + staged < need) or (
                here == staging and a.to == goal and staged < need):
            continue
        scored.append((2.0 + int(c["strength"][0]), a))
    return _best(ctx, scored)


def _war(ctx: Ctx) -> Action:
    scored: list[tuple[float, Action]] = [(0.0, A.END_TURN)]
    for a in ctx.legal:
        if isinstance(a, A.Attack):
            mine = _army_power(ctx, a.at) + sum(
                int(c["strength"][0]) for c in ctx.mine if c["fief"] == a.at and c["kind"] == "troop"
                and c["face"] not in MILITARY)
            theirs = [c for c in ctx.table.values() if c["owner"] == a.seat and c["fief"] == a.at
                      and c["kind"] == "troop"]
            their_def = sum(int(c["strength"][1]) for c in theirs)
            if a.at == f"F{a.seat}":
                scored.append((5.0, a))  # in an enemy Fief: strike
            elif a.at.startswith("I"):
                if mine >= their_def:
                    scored.append((4.0, a))
            elif mine >= their_def:
                scored.append((3.0, a))
        elif isinstance(a, A.Shoot):
            t = ctx.card(a.target)
            if int(t["damage"]) + 1 >= _shot_defence(ctx, t, t.get("bonus", 0)):
                scored.append((3.0 + VALUE.get(t["face"], 2.0), a))
    return _best(ctx, scored)


def _shot_defence(ctx: Ctx, t: TableCard, bonus: int) -> int:
    """A troop's defence against a Bowman: its own, the bonuses it holds, and the civilian buildings of
    its territory whose +0/1 is still free this turn (§4.8: it may go to the troop shot)."""
    free = sum(1 for c in ctx.attached(t["on"]) if c.get("bonus_placed") is False) if t["on"] else 0
    return int(t["strength"][1]) + bonus + free


def _battle(ctx: Ctx) -> BattleView:
    b = ctx.view["battle"]
    assert b is not None
    return b


def _muster(ctx: Ctx) -> Action:
    b = _battle(ctx)
    total = sum(int(ctx.table[n]["strength"][0]) for army in b["armies"] for n in army)
    total += sum(int(ctx.card(a.card)["strength"][0]) for a in ctx.legal if isinstance(a, A.Enlist))
    one = total >= _city_defence(ctx, int(b["defender"])) or b["fief"] != f"F{b['defender']}"
    enlist = [a for a in ctx.legal if isinstance(a, A.Enlist)]
    if one:
        return enlist[0] if enlist else A.CHARGE
    if A.NEW_ARMY in ctx.legal:
        return A.NEW_ARMY
    if enlist:
        return max(enlist, key=lambda a: int(ctx.card(a.card)["strength"][0]))
    return A.CHARGE


def _deploy(ctx: Ctx) -> Action:
    b = _battle(ctx)
    engages = [a for a in ctx.legal if isinstance(a, A.Engage)]
    if not engages:
        return A.HOLD
    must = A.HOLD not in ctx.legal
    armies = b["armies"]
    attacks = [_strength(ctx, army, 0) for army in armies]
    k = attacks.index(max(attacks))  # (the first of the strongest)
    band = b["bands"][k]
    mine_att = _strength(ctx, band, 0) + sum(int(ctx.card(a.card)["strength"][0]) for a in engages if a.army == k)
    mine_def = _strength(ctx, band, 1) + sum(int(ctx.card(a.card)["strength"][1]) for a in engages if a.army == k)
    if must or mine_att >= _strength(ctx, armies[k], 1) or mine_def > attacks[k]:
        for a in engages:
            if a.army == k:
                return a
    return A.HOLD


def _strength(ctx: Ctx, names: list[str], i: int) -> int:
    """The summed attack (``i`` 0) or defence (1) of the named cards on the table."""
    return sum(int(ctx.table[n]["strength"][i]) for n in names)


def _aim(ctx: Ctx) -> Action:
    b = _battle(ctx)
    k = b["targets"].index(None)
    army = b["armies"][k]
    att = sum(int(ctx.table[n]["strength"][0]) for n in army)
    scored: list[tuple[float, Action]] = [(0.5, A.STAND)]
    for a in ctx.legal:
        if not isinstance(a, A.Aim):
            continue
        if a.band >= 0:
            names = b["bands"][a.band]
            d = sum(int(ctx.table[n]["strength"][1]) for n in names)
            scored.append((10.0 if att >= d else 1.0, a))
            continue
        t = ctx.card(a.card)
        on = ctx.attached(t["name"])
        guards = [c for c in on if c["kind"] in ("troop", "military building")]
        gdef = sum(int(c["strength"][1]) for c in guards)
        bonus = sum(1 for c in on if c["kind"] == "civilian building") if guards or t["kind"] == "city" else 0
        if t["kind"] == "city":
            scored.append((100.0 if att >= gdef + int(t["strength"][1]) + bonus else 0.2, a))
        elif t["kind"] == "territory":
            builds = sum(1 for c in on if "building" in c["kind"])
            ok = att >= gdef + bonus + 1
            scored.append((20.0 + 5 * builds if ok else 0.3, a))
        else:
            ok = att >= int(t["strength"][1]) - int(t["damage"])
            scored.append((8.0 + VALUE.get(t["face"], 2.0) if ok else 0.4, a))
    return _best(ctx, scored)


def _bonus(ctx: Ctx) -> Action:
    return max(ctx.legal, key=lambda a: VALUE.get(ctx.card(a.card)["face"], 4.0)
               if isinstance(a, A.Bolster) else -1.0)


def _order(ctx: Ctx) -> Action:
    return min(ctx.legal, key=lambda a: VALUE.get(ctx.card(a.card)["face"], 6.0)
               if isinstance(a, A.First) else 99.0)


def _powers(ctx: Ctx) -> Action:
    scored: list[tuple[float, Action]] = [(0.0, A.PASS)]
    b = ctx.view["battle"]
    bonus = dict(b["bonus"]) if b else {}
    for a in ctx.legal:
        if isinstance(a, A.Heal):
            t = ctx.card(a.target)
            d = int(t["strength"][1]) + bonus.get(t["name"], 0)
            if int(t["damage"]) >= d and int(t["damage"]) - 1 < d:
                scored.append((2.0 + VALUE.get(t["face"], 2.0), a))
        elif isinstance(a, A.Shoot):
            t = ctx.card(a.target)
            d = _shot_defence(ctx, t, bonus.get(t["name"], 0))
            if int(t["damage"]) < d <= int(t["damage"]) + 1:
                scored.append((2.0 + VALUE.get(t["face"], 2.0), a))
    return _best(ctx, scored)


_DECISIONS = {
    "take_starting_card": _take,
    "draw": _take,
    "actions": _actions,
    "pay": _pay,
    "ally_supply": _supply,
    "upkeep": _upkeep,
    "external_movement": _march,
    "war": _war,
    "form_armies": _muster,
    "deploy": _deploy,
    "choose_target": _aim,
    "bonus": _bonus,
    "damage_order": _order,
    "powers": _powers,
}

__all__ = ["choose"]
