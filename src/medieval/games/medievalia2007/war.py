"""§6 War, up to the pairings: declaring war (§6.1), a Bowman's shot from a distance (ruling R26), the
attacker's armies (§6.3 step 1), the defender's deployment (step 2), the targets of unengaged armies
(step 3), the damage each group takes (step 4) and combat in an intermediate Fief (§7.1). What follows
(placing the damage, the Priests and Bowmen, the casualties) is in ``damage.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import ATT, CITY, CIVIL, IS_HOST, IS_TROOP, KIND, NAME, POWER
from medieval.games.medievalia2007.damage import (
    alloc_options,
    open_window,
    place_options,
    power_options,
    shot_bonuses,
    start_alloc,
    window_step,
)
from medieval.games.medievalia2007.fief import (
    AIM,
    ALLOC,
    BATTLE,
    DEPLOY,
    DMG,
    FIEF_BATTLE,
    FOUGHT,
    MID_BATTLE,
    MUSTER,
    PLACED,
    POWERS,
    SHOT,
    add_mark,
    attached,
    dedup,
    guards,
    hosts,
    in_range,
    mark,
    protected,
    rotate_group,
)

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State


def ready(s: Medievalia2007State, p: int, where: int) -> list[int]:
    """Troops of p that may join a battle in a player's Fief: unused, not guarding, not yet fought."""
    return [t for t in s.tables[p] if IS_TROOP[t] and s.loc[t] == where and s.host[t] < 0
            and not s.rot[t] and not mark(s, t, FOUGHT)]


def war_options(s: Medievalia2007State, p: int) -> list[Action]:
    """§6.1: battles against an enemy where seat p has troops that may fight and the enemy has cards;
    the Bowmen's shots."""
    g = s.game
    n = g.players
    out: list[Action] = []
    alive = s.alive
    enemies = [x for x in g.foes[p] if alive[x]]
    if not enemies:
        return out
    loc, host, rot, marks = s.loc, s.host, s.rot, s.marks
    mine: dict[int, list[int]] = {}
    for t in s.tables[p]:
        if IS_TROOP[t]:
            mine.setdefault(loc[t], []).append(t)
    enemy_at: dict[int, set[int]] | None = None  # per enemy, where its troops are
    for where in sorted(mine):
        ts = mine[where]
        # no marks: no troop has fought this turn
        if where >= n:
            can = not marks or any(not mark(s, t, FOUGHT) for t in ts)
        else:
            can = any(host[t] < 0 and not rot[t] and (not marks or not mark(s, t, FOUGHT)) for t in ts)
        if not can:
            continue
        if enemy_at is None:
            enemy_at = {d: {loc[c] for c in s.tables[d] if IS_TROOP[c]} for d in enemies}
        for d in enemies:
            if where == d or where in enemy_at[d]:
                out.append(A.Attack(d, g.loc_names[where]))
    out += shots(s, p, enemies)
    return out


def shots(s: Medievalia2007State, p: int, enemies: list[int]) -> list[Action]:
    """§11 Bowman: 1 damage to an enemy troop in the same or an adjacent Fief."""
    out: list[Action] = []
    bowmen = [t for t in s.tables[p] if POWER[t] == "bowman" and not s.rot[t]]
    if not bowmen:
        return out
    b = s.battle
    busy: set[int] = set(b["busy"]) if b else set()
    targets = dedup(s, [c for d in enemies for c in s.tables[d] if IS_TROOP[c] and not protected(s, c)])
    for bw in dedup(s, [t for t in bowmen if t not in busy]):
        here = s.loc[bw]
        out += [A.Shoot(bw, c) for c in targets if in_range(s, here, s.loc[c])]
    return out


def attack(s: Medievalia2007State, seat: int, action: A.Attack) -> None:
    """§6.2: a battle in a player's Fief, or (§7.1, ruling R32) in an intermediate Fief, where every
    troop of both sides fights as one army."""
    where = s.game.loc_index[action.at]
    d = action.seat
    n = s.players
    s._emit("attack", {"seat": seat, "defender": d, "at": action.at})
    s.phase = BATTLE
    b: dict[str, Any] = {"kind": FIEF_BATTLE if where < n else MID_BATTLE, "loc": where, "att": seat,
                         "def": d, "step": MUSTER, "armies": [[]], "bands": [], "aims": [], "units": [],
                         "ui": 0, "bon": {}, "busy": [], "hit": [], "win": [], "wi": 0, "passes": 0}
    s.battle = b
    if where >= n:
        # §7 combat in an intermediate Fief: every troop of both sides, used or not
        att = [t for t in s.tables[seat] if IS_TROOP[t] and s.loc[t] == where]
        dfd = [t for t in s.tables[d] if IS_TROOP[t] and s.loc[t] == where]
        b["armies"] = [att]
        b["bands"] = [dfd]
        ua = unit(seat, att, -1, infantry_sources(att))
        ud = unit(d, dfd, -1, infantry_sources(dfd))
        ua["in"] = attack_of(dfd)
        ud["in"] = attack_of(att)
        b["units"] = [ua, ud]
        start_alloc(s)
    else:
        battle_flow(s)


def shoot(s: Medievalia2007State, seat: int, action: A.Shoot) -> None:
    """§11 Bowman: 1 damage on an enemy troop; from a distance it opens a powers window (ruling R26). A
    troop guarding a territory with civilian buildings has their +0/1 (§4.8, ruling R18); when it could
    go to either of two guards, their owner places it before play goes on."""
    t = action.target
    rotate_group(s, action.card)
    add_mark(s, t, DMG, 1)
    s._emit("shoot", {"seat": seat, "card": NAME[action.card], "target": NAME[t]})
    choices = shot_bonuses(s, t)
    b = s.battle
    if b is None:
        # a Bowman used from a distance (§6.1): a skirmish where the powers of both sides apply
        s.phase = BATTLE
        s.battle = b = {"kind": SHOT, "loc": s.loc[t], "att": seat, "def": s.owner[t],
                        "step": POWERS, "armies": [], "bands": [], "aims": [], "units": [], "ui": 0,
                        "bon": {}, "busy": [], "hit": [t], "win": [], "wi": 0, "passes": 0}
        if choices:
            b["place"], b["then"] = choices, "open"
            return
        open_window(s, start_after=seat)
        return
    if t not in b["hit"]:
        b["hit"].append(t)
    if choices:
        b["place"], b["then"] = choices, "step"
        return
    window_step(s, used=True)


# ---------------------------------------------------------------------------------------- whose decision
def battle_seat(s: Medievalia2007State) -> int:
    b = s.battle
    assert b is not None
    if b.get("place"):  # a civilian +0/1 to place after a shot
        return int(b["place"][0][0])
    step = b["step"]
    if step in (MUSTER, AIM):
        return int(b["att"])
    if step == DEPLOY:
        return int(b["def"])
    if step == ALLOC:
        return int(b["units"][b["ui"]]["owner"])
    return int(b["win"][b["wi"]])


def battle_options(s: Medievalia2007State, seat: int) -> list[Action]:
    b = s.battle
    assert b is not None
    if b.get("place"):
        return place_options(s, b)
    step = b["step"]
    if step == MUSTER:
        return muster_options(s, b)
    if step == DEPLOY:
        return deploy_options(s, b)
    if step == AIM:
        return aim_options(s, b)
    if step == ALLOC:
        return alloc_options(s, b)
    return power_options(s, seat, b)


def must_use_all(p: int, where: int) -> bool:
    """§6.3: a side that is not in its own Fief must use all its available troops."""
    return where != p


# ---------------------------------------------------------------------------------------- §6.3 step 1
def muster_options(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    att, where = b["att"], b["loc"]
    used = {t for army in b["armies"] for t in army}
    avail = [t for t in ready(s, att, where) if t not in used]
    out: list[Action] = [A.Enlist(t) for t in dedup(s, avail)]
    if b["armies"][-1] and avail:
        out.append(A.NEW_ARMY)
    if any(b["armies"]) and (not avail or not must_use_all(att, where)):
        out.append(A.CHARGE)
    return out


def enlist(s: Medievalia2007State, seat: int, action: A.Enlist) -> None:
    b = s.battle
    assert b is not None
    b["armies"][-1].append(action.card)
    if muster_options(s, b) == [A.CHARGE]:
        charge(s, seat, A.CHARGE)  # every troop is in: nothing left to decide


def new_army(s: Medievalia2007State, seat: int, action: Action) -> None:
    assert s.battle is not None
    s.battle["armies"].append([])


def charge(s: Medievalia2007State, seat: int, action: Action) -> None:
    b = s.battle
    assert b is not None
    b["armies"] = [a for a in b["armies"] if a]
    b["bands"] = [[] for _ in b["armies"]]
    b["aims"] = [None] * len(b["armies"])
    s._emit("armies", {"seat": seat, "armies": [[NAME[t] for t in a] for a in b["armies"]]})
    b["step"] = DEPLOY
    battle_flow(s)


# ---------------------------------------------------------------------------------------- §6.3 step 2
def deploy_avail(s: Medievalia2007State, b: dict[str, Any]) -> list[int]:
    used = {t for band in b["bands"] for t in band}
    return [t for t in ready(s, b["def"], b["loc"]) if t not in used]


def deploy_options(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    avail = deploy_avail(s, b)
    out: list[Action] = [A.Engage(k, t) for t in dedup(s, avail) for k in range(len(b["armies"]))]
    if not avail or not must_use_all(b["def"], b["loc"]):
        out.append(A.HOLD)
    return out


def engage(s: Medievalia2007State, seat: int, action: A.Engage) -> None:
    b = s.battle
    assert b is not None
    b["bands"][action.army].append(action.card)
    if deploy_options(s, b) == [A.HOLD]:
        hold(s, seat, A.HOLD)  # every troop is deployed: nothing left to decide


def hold(s: Medievalia2007State, seat: int, action: Action) -> None:
    b = s.battle
    assert b is not None
    s._emit("deploy", {"seat": seat, "bands": [[NAME[t] for t in band] for band in b["bands"]]})
    b["step"] = AIM
    battle_flow(s)


def battle_flow(s: Medievalia2007State) -> None:
    """Advance the battle past steps with nothing to decide."""
    b = s.battle
    assert b is not None
    if b["step"] == DEPLOY and not deploy_avail(s, b):
        b["step"] = AIM
    if b["step"] == AIM:
        aims = b["aims"]
        for k, band in enumerate(b["bands"]):
            if band and aims[k] is None:
                aims[k] = ["engaged", k]
        if all(a is not None for a in aims):
            fight(s)


# ---------------------------------------------------------------------------------------- §6.3 step 3
def aim_targets(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    d, where = b["def"], b["loc"]
    taken_cards = {a[1] for a in b["aims"] if a is not None and a[0] == "card"}
    taken_bands = {a[1] for a in b["aims"] if a is not None and a[0] == "band"}
    out: list[Action] = []
    if where == d:
        out += [A.Aim(h) for h in hosts(s, d) if h not in taken_cards]
    out += [A.Aim(-1, k) for k, band in enumerate(b["bands"]) if band and k not in taken_bands]
    in_bands = {t for band in b["bands"] for t in band}
    loose = [t for t in s.tables[d] if IS_TROOP[t] and s.loc[t] == where and s.host[t] < 0
             and t not in in_bands and t not in taken_cards]
    out += [A.Aim(t) for t in dedup(s, loose)]
    return out


def aim_options(s: Medievalia2007State, b: dict[str, Any]) -> list[Action]:
    return [*aim_targets(s, b), A.STAND]


def aim(s: Medievalia2007State, seat: int, action: A.Aim | A.Stand) -> None:
    b = s.battle
    assert b is not None
    k = b["aims"].index(None)
    if isinstance(action, A.Aim):
        b["aims"][k] = ["band", action.band] if action.band >= 0 else ["card", action.card]
    else:
        b["aims"][k] = ["none", 0]
    battle_flow(s)


# ---------------------------------------------------------------------------------------- §6.3 steps 3-4
def unit(owner: int, cards: list[int], fixed: int, sources: list[list[int]],
         origins: list[int] | None = None) -> dict[str, Any]:
    """A group taking damage: its cards, the territory/City it guards (``fixed``, -1 none), the damage
    coming in, the +0/1 bonuses still to place (``src``: each a list of the cards it may go to;
    ``from``: the civilian building giving it, -1 for an Infantry) and the order in which its cards
    take the damage."""
    return {"owner": owner, "cards": list(cards), "fixed": fixed, "in": 0, "src": sources,
            "from": list(origins) if origins is not None else [-1] * len(sources), "order": []}


def infantry_sources(army: list[int]) -> list[list[int]]:
    """§11 Infantry: +0/1 to one other troop of the same army."""
    out = []
    for t in army:
        if POWER[t] == "infantry":
            others = [x for x in army if x != t]
            if others:
                out.append(others)
    return out


def attack_of(cards: list[int]) -> int:
    return sum(ATT[c] for c in cards)


def fight(s: Medievalia2007State) -> None:
    """§6.3 steps 3-4: every pairing deals its damage at once."""
    b = s.battle
    assert b is not None
    att, d = b["att"], b["def"]
    units: list[dict[str, Any]] = []
    ua: list[int] = []
    for army in b["armies"]:
        ua.append(len(units))
        units.append(unit(att, army, -1, infantry_sources(army)))
    ub: dict[int, int] = {}
    for k, band in enumerate(b["bands"]):
        if band:
            ub[k] = len(units)
            units.append(unit(d, band, -1, infantry_sources(band)))
    for k, target in enumerate(b["aims"]):
        army = b["armies"][k]
        kind, val = target
        if kind == "engaged":
            units[ub[k]]["in"] += attack_of(army)
            units[ua[k]]["in"] += attack_of(b["bands"][k])
        elif kind == "band":
            units[ub[val]]["in"] += attack_of(army)  # the band strikes only the army it engages
        elif kind == "card":
            if IS_HOST[val]:
                guard = guards(s, val)
                defenders = guard + ([val] if KIND[val] == CITY else [])
                civil = [x for x in attached(s, val) if KIND[x] == CIVIL]
                if not s.game.civil_target:  # a bonus placed earlier this turn stays where it is (§4.8)
                    civil = [x for x in civil if not mark(s, x, PLACED)]
                if not defenders:  # Example 3: nothing guards the territory, no bonus
                    civil = []
                u = unit(d, guard, val, [defenders[:] for _ in civil], civil)
                u["in"] = attack_of(army)
                units[ua[k]]["in"] += attack_of(defenders)
            else:
                u = unit(d, [val], -1, [])
                u["in"] = attack_of(army)
                units[ua[k]]["in"] += ATT[val]
            units.append(u)
    b["units"] = units
    s._emit("fight", {"seat": att, "defender": d,
                      "units": [{"owner": u["owner"], "cards": [NAME[c] for c in u["cards"]],
                                 "target": NAME[u["fixed"]] if u["fixed"] >= 0 else None,
                                 "damage": u["in"]} for u in units]})
    start_alloc(s)
