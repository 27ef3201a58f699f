"""§6.3 steps 4-6 of a battle: each group's owner places its +0/1 bonuses and orders the damage on its
cards (step 4), the Priests and Bowmen of both sides act in turn until all pass (step 5), and the
destroyed cards are discarded (step 6) — a fallen City defeats its owner (§10.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import CITY, CIVIL, DEF, IS_TROOP, KIND, NAME, POWER, TERR
from medieval.games.medievalia2007.end import eliminate
from medieval.games.medievalia2007.fief import (
    ALLOC,
    BONUS,
    DMG,
    FOUGHT,
    PLACED,
    POWERS,
    SHOT,
    WAR,
    add_mark,
    civil_bonus,
    dedup,
    destroy,
    hostile,
    in_range,
    mark,
    protected,
    rotate_group,
    set_mark,
    team_seats,
)
from medieval.games.medievalia2007.upkeep import recheck

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


# ---------------------------------------------------------------------------------------- step 4
def start_alloc(s: Medievalia2007State) -> None:
    b = s.battle
    assert b is not None
    busy: list[int] = []
    for u in b["units"]:
        busy += u["cards"]
    b["busy"] = busy
    b["step"] = ALLOC
    b["ui"] = 0
    alloc_flow(s)


def defence(s: Medievalia2007State, c: int, bon: dict[str, int]) -> int:
    """A card's defence in this battle: its own, the Infantry bonuses of the battle and the civilian
    bonuses placed on it this turn (§4.8, §11 Infantry)."""
    return DEF[c] + bon.get(str(c), 0) + civil_bonus(s, c)


def health(s: Medievalia2007State, c: int, bon: dict[str, int]) -> int:
    if KIND[c] == TERR:
        return max(0, 1 - mark(s, c, DMG))
    return max(0, defence(s, c, bon) - mark(s, c, DMG))


def place_bonus(s: Medievalia2007State, u: dict[str, Any], c: int) -> None:
    """Place the group's next +0/1 on card c: an Infantry's for this battle; a civilian building's for
    the rest of the turn (§4.8 "the player decides each turn"), or for this battle only with option
    ``civilian_bonus="target"``."""
    b = s.battle
    assert b is not None
    u["src"].pop(0)
    origins = u.setdefault("from", [])
    origin = origins.pop(0) if origins else -1
    if origin >= 0 and not s.game.civil_target:
        place_civil(s, origin, c)
    else:
        bon: dict[str, int] = b["bon"]
        bon[str(c)] = bon.get(str(c), 0) + 1


def place_civil(s: Medievalia2007State, building: int, c: int) -> None:
    add_mark(s, c, BONUS, 1)
    set_mark(s, building, PLACED, 1)


def shot_bonuses(s: Medievalia2007State, t: int) -> list[list[int]]:
    """§4.8 and a Bowman's shot: the civilian buildings on the territory troop t guards whose +0/1 is not
    placed yet this turn give it to the troops there. A bonus with one card to go to is placed at once;
    the others are returned, each as [owner, building, the cards it may go to], for the owner to place.
    Nothing with option ``civilian_bonus="target"`` (the bonus counts only when its territory is attacked)."""
    h = s.host[t]
    if h < 0 or s.game.civil_target:
        return []
    p = s.owner[h]
    here = [c for c in s.tables[p] if s.host[c] == h]
    buildings = [x for x in here if KIND[x] == CIVIL and not mark(s, x, PLACED)]
    if not buildings:
        return []
    # a shot troop is not on the City nor beside a military building (they shelter it): the bonus may go
    # to the troops on the territory
    eligible = dedup(s, [c for c in here if IS_TROOP[c]])
    out: list[list[int]] = []
    for x in buildings:
        if len(eligible) == 1:
            place_civil(s, x, eligible[0])
        else:
            out.append([p, x, *eligible])
    return out


def place_options(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    """The cards the next civilian +0/1 of a shot may go to."""
    return [A.Bolster(c) for c in dedup(s, b["place"][0][2:])]


def alloc_flow(s: Medievalia2007State) -> None:
    """Make every automatic allocation choice; stop at the first real one."""
    b = s.battle
    assert b is not None
    units = b["units"]
    bon: dict[str, int] = b["bon"]
    war_rule = not s.game.civil_target
    while b["ui"] < len(units):
        u = units[b["ui"]]
        if u["in"] <= 0:
            # no damage: an Infantry's bonus goes to the first card it may protect (R18); a civilian
            # building's stays unplaced, free for the rest of the turn
            origins = u.get("from") or [-1] * len(u["src"])
            for elig, origin in zip(u["src"], origins, strict=True):
                if origin < 0 or not war_rule:
                    bon[str(elig[0])] = bon.get(str(elig[0]), 0) + 1
            u["src"] = []
            u["from"] = []
            b["ui"] += 1
            continue
        while u["src"]:
            choices = dedup(s, u["src"][0])
            if len(choices) > 1:
                return
            place_bonus(s, u, choices[0])
        rest = [c for c in u["cards"] if c not in u["order"]]
        if len(dedup(s, rest)) > 1:
            return
        u["order"] += rest
        allocate(s, u)
        b["ui"] += 1
    open_window(s, start_after=-1)


def alloc_options(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    u = b["units"][b["ui"]]
    if u["src"]:
        return [A.Bolster(c) for c in dedup(s, u["src"][0])]
    return [A.First(c) for c in dedup(s, [c for c in u["cards"] if c not in u["order"]])]


def bolster(s: Medievalia2007State, seat: int, action: A.Bolster) -> None:
    """§4.8 / §11 Infantry: the owner places a +0/1 bonus (ruling R18)."""
    b = s.battle
    assert b is not None
    s._emit("bolster", {"seat": seat, "card": NAME[action.card]})
    pending = b.get("place")
    if pending:  # after a shot
        place_civil(s, pending.pop(0)[1], action.card)
        if not pending:
            if b.pop("then", "step") == "open":
                open_window(s, start_after=int(b["att"]))
            else:
                window_step(s, used=True)
        return
    place_bonus(s, b["units"][b["ui"]], action.card)
    alloc_flow(s)


def first(s: Medievalia2007State, seat: int, action: A.First) -> None:
    b = s.battle
    assert b is not None
    b["units"][b["ui"]]["order"].append(action.card)
    alloc_flow(s)


def allocate(s: Medievalia2007State, u: dict[str, Any]) -> None:
    """Damage goes to the cards in the owner's order: each absorbs up to its health, the excess
    passes on, the last card takes the rest (a guarded territory/City always comes last, R17)."""
    b = s.battle
    assert b is not None
    seq = u["order"] + ([u["fixed"]] if u["fixed"] >= 0 else [])
    left = u["in"]
    last = len(seq) - 1
    hits = {}
    for i, c in enumerate(seq):
        take = left if i == last else min(left, health(s, c, b["bon"]))
        if take:
            add_mark(s, c, DMG, take)
            hits[NAME[c]] = take
        left -= take
        if left <= 0:
            break
    s._emit("damage", {"seat": u["owner"], "damage": hits})


# ---------------------------------------------------------------------------------------- step 5
def open_window(s: Medievalia2007State, start_after: int) -> None:
    """Ruling R27: the attacker, the defender (and their allies) in turn may use a Priest or a Bowman."""
    b = s.battle
    assert b is not None
    g = s.game
    att, d = b["att"], b["def"]
    seats = [att, d]
    if g.allied:
        for x in (g.ally[att], g.ally[d]):
            if s.alive[x] and x not in seats:
                seats.append(x)
    b["win"] = seats
    b["wi"] = (seats.index(start_after) + 1) % len(seats) if start_after in seats else 0
    b["passes"] = 0
    b["step"] = POWERS
    window_flow(s)


def window_flow(s: Medievalia2007State) -> None:
    b = s.battle
    assert b is not None
    seats = b["win"]
    while b["passes"] < len(seats):
        x = seats[b["wi"]]
        if s.alive[x] and power_actions(s, x, b):
            return
        b["passes"] += 1
        b["wi"] = (b["wi"] + 1) % len(seats)
    resolve(s)


def window_step(s: Medievalia2007State, used: bool) -> None:
    b = s.battle
    assert b is not None
    b["passes"] = 0 if used else b["passes"] + 1
    b["wi"] = (b["wi"] + 1) % len(b["win"])
    window_flow(s)


def power_options(s: Medievalia2007State, seat: int, b: dict[str, Any]) -> list[Action]:
    return [*power_actions(s, seat, b), A.PASS]


def side(s: Medievalia2007State, seat: int, b: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(friends, foes) of ``seat`` in this battle."""
    att, d = b["att"], b["def"]
    ours, theirs = (att, d) if not hostile(s, seat, att) else (d, att)
    return team_seats(s, ours), team_seats(s, theirs)


def power_actions(s: Medievalia2007State, seat: int, b: dict[str, Any]) -> list[Action]:
    """§11 Priest and Bowman, §11.8: unused, not fighting in this battle, in range (R27, R37)."""
    busy = set(b["busy"])
    mine = [t for t in s.tables[seat] if POWER[t] in ("priest", "bowman") and not s.rot[t] and t not in busy]
    if not mine:
        return []
    friends, foes = side(s, seat, b)
    out: list[Action] = []
    priests = dedup(s, [t for t in mine if POWER[t] == "priest"])
    if priests:
        hurt = dedup(s, [c for f in friends for c in s.tables[f] if IS_TROOP[c] and mark(s, c, DMG) > 0])
        for pr in priests:
            out += [A.Heal(pr, c) for c in hurt if c != pr and in_range(s, s.loc[pr], s.loc[c])]
    bowmen = dedup(s, [t for t in mine if POWER[t] == "bowman"])
    if bowmen:
        targets = dedup(s, [c for f in foes if s.alive[f] for c in s.tables[f] if IS_TROOP[c] and not protected(s, c)])
        for bw in bowmen:
            out += [A.Shoot(bw, c) for c in targets if in_range(s, s.loc[bw], s.loc[c])]
    return out


def heal(s: Medievalia2007State, seat: int, action: A.Heal) -> None:
    """§11 Priest: 1 less damage on a troop of his side."""
    rotate_group(s, action.card)
    add_mark(s, action.target, DMG, -1)
    b = s.battle
    assert b is not None
    if action.target not in b["hit"]:
        b["hit"].append(action.target)
    s._emit("heal", {"seat": seat, "card": NAME[action.card], "target": NAME[action.target]})
    window_step(s, used=True)


def pass_(s: Medievalia2007State, seat: int, action: Action) -> None:
    window_step(s, used=False)


# ---------------------------------------------------------------------------------------- step 6
def resolve(s: Medievalia2007State) -> None:
    """§6.3 step 6: the cards whose damage reached their defence are discarded; a territory falls to 1
    point once its guards are dead, the City to its defence (R40); a fallen City defeats its owner."""
    b = s.battle
    assert b is not None
    bon: dict[str, int] = b["bon"]
    involved: list[int] = []
    for u in b["units"]:
        involved += u["cards"]
    involved += b["hit"]
    dead: list[int] = []
    for c in dict.fromkeys(involved):
        if s.owner[c] >= 0 and mark(s, c, DMG) >= defence(s, c, bon):
            dead.append(c)
    dead_set = set(dead)
    fallen_hosts: list[int] = []
    for u in b["units"]:
        h = u["fixed"]
        if h < 0 or not all(c in dead_set for c in u["cards"]):
            continue
        if KIND[h] == TERR:
            if mark(s, h, DMG) >= 1:
                fallen_hosts.append(h)
        elif mark(s, h, DMG) >= defence(s, h, bon):
            fallen_hosts.append(h)
    # the attacker's troops have fought this turn
    att = b["att"]
    if b["kind"] != SHOT:
        for army in b["armies"]:
            for t in army:
                if s.owner[t] == att:
                    set_mark(s, t, FOUGHT, 1)
    touched = {s.owner[c] for c in dead} | {s.owner[h] for h in fallen_hosts}
    for c in dead:
        if s.owner[c] >= 0:
            destroy(s, c)
    cities = []
    for h in fallen_hosts:
        if KIND[h] == CITY:
            cities.append(s.owner[h])
        else:
            destroy(s, h)
    s._emit("casualties", {"cards": [NAME[c] for c in dead] + [NAME[h] for h in fallen_hosts]})
    s.battle = None
    s.phase = WAR
    for x in touched:
        if x >= 0:
            recheck(s, x)
    for p in cities:
        eliminate(s, p, "military")
        if s.result is not None:
            return
