"""§4 How Cards Are Played and Used, at the top of the actions phase: what the player may start paying
for (a card from hand, a face-up building, removing a territory, an extra card for 4 resources), the
internal movement of unused troops (§4.10), and dismissing them (§12.2). Only purchases that could be
paid are offered (ruling R21); the payment itself is in ``paying.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    ADDS_PRODUCTION,
    DECK,
    F_COST,
    F_COST_TOTAL,
    F_COST_UNHOUSED,
    F_DECK,
    F_KIND,
    F_NEEDS,
    FACE,
    FOOD,
    GOLD,
    IS_HOST,
    IS_TROOP,
    KIND,
    MIN_BUILDING_COST,
    NAME,
    POWER_ANY,
    POWER_BUILD,
    PROD,
    TERR,
    TROOP,
)
from medieval.games.medievalia2007.fief import (
    BUILD,
    CARD,
    FEE_PAID,
    IMOVED,
    MAX_ATTACHED,
    MAX_BUILDINGS,
    MAX_TERRITORIES,
    PAY,
    PLAY,
    REMOVE,
    boosted,
    dedup,
    first_of_face,
    has_building,
    mark,
    may_call_ally,
    production,
    set_mark,
)
from medieval.games.medievalia2007.upkeep import recheck

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

_NOTHING: frozenset[tuple[int, ...]] = frozenset()


def action_options(s: Medievalia2007State, p: int) -> list[Action]:
    """Top level of the actions phase: what to pay for, internal movement, dismissals."""
    out: list[Action] = []
    hand = s.hands[p]
    n_hand = len(hand)
    rot, host, loc = s.rot, s.host, s.loc
    stats, res, idle, food, upkeep = survey(s, p)
    ares = with_ally(s, p, res)  # §13 with the ally's help (None: no help to be had)
    hosts = list(stats)  # the City and territories, in table order
    territories = [h for h in hosts if KIND[h] == TERR]
    # R21 option abandoned="not_again": purchases given up this turn are not offered again
    gone = {tuple(x) for x in s.abandoned} if s.abandoned and s.game.abandoned_not_again else _NOTHING
    # play cards from hand (§4.1, §4.9)
    if hand:
        room = 2 * food - upkeep
        hand_left = n_hand - 1  # the card being played cannot also be sold
        military_upkeep = s.game.military_upkeep
        owned: set[int] | None = None  # faces in the Fief
        for f in sorted(set(map(FACE.__getitem__, hand))):
            k = F_KIND[f]
            if k == TERR and len(territories) >= MAX_TERRITORIES:
                continue
            if k == TROOP and (military_upkeep or F_DECK[f] == 2) and room < 1:
                continue
            cost = F_COST[f]
            need = F_NEEDS[f]
            if need >= 0:  # as play_cost
                if owned is None:
                    owned = set(map(FACE.__getitem__, s.tables[p]))
                if need not in owned:
                    cost = F_COST_UNHOUSED[f]
            if ((affordable(res, cost, 0, hand_left, False)
                 or (ares is not None and affordable(ares, cost, 0, hand_left, False))) and (PLAY, f) not in gone):
                out.append(A.PLAY[f])
    # buildings (§4.5)
    # everything that could pay a building: a building costing more is out of reach at once
    top = ares if ares is not None else res  # the ally's help only adds
    total = top[0] + top[1] + top[2] + top[3] + top[4] + top[5] + n_hand
    free_hosts = [h for h in hosts if not rot[h] and stats[h][0] < MAX_BUILDINGS]
    if free_hosts and total >= MIN_BUILDING_COST:
        tops = list(dict.fromkeys([FACE[stack[0]] for stack in s.stacks if stack]))  # faces on top
        if tops:
            cheapest = min(map(F_COST_TOTAL.__getitem__, tops))
            boosts = bool(s.marks)
            for h in free_hosts:
                st = stats[h]
                total_h = total - (boosted(s, h, st[2]) if boosts else st[2]) - st[3] - st[4]  # as without
                if total_h < cheapest:
                    continue
                res_h = without(s, res, h, stats)
                ares_h = without(s, ares, h, stats) if ares is not None else None
                for f in tops:
                    if (F_COST_TOTAL[f] <= total_h
                            and (affordable(res_h, F_COST[f], 0, n_hand, True)
                                 or (ares_h is not None and affordable(ares_h, F_COST[f], 0, n_hand, True)))
                            and (BUILD, f, h) not in gone):
                        out.append(A.BUILD[f][h])
    # remove a territory for 1 workforce (§4.4)
    if territories and (affordable(res, (0, 0, 0, 1), 0, n_hand, False)
                        or (ares is not None and affordable(ares, (0, 0, 0, 1), 0, n_hand, False))):
        for h in territories:
            if not gone or (REMOVE, h) not in gone:
                out.append(A.REMOVE[h])
    # 4 resources for a card (§9)
    decks = s.decks
    if (decks[0] or decks[1] or decks[2]) and (
            affordable(res, (0, 0, 0, 0), 4, n_hand, False)
            or (ares is not None and affordable(ares, (0, 0, 0, 0), 4, n_hand, False))):
        for d in (0, 1, 2):
            if decks[d] and (not gone or (CARD, d) not in gone):
                out.append(A.BUY_CARD[d])
    if idle:
        # internal movement (§4.10); the Fief and the IMOVED mark are part of the key, so the
        # interchangeable troops that may move are the first ones of dedup(idle) that may
        idle = dedup(s, idle)
        marks = s.marks
        moves_once = s.game.moves_once  # R13 option internal_moves="once"
        open_hosts: list[int] | None = None
        for t in idle:
            if loc[t] != p or (moves_once and marks and mark(s, t, IMOVED)):
                continue
            if open_hosts is None:
                open_hosts = [h for h in hosts if stats[h][1] < MAX_ATTACHED]
            ht = host[t]
            moves = A.MOVE[t]
            if ht >= 0:
                out.append(moves[0])
            for h in open_hosts:
                if h != ht:
                    out.append(moves[h + 1])
        # discard unused troops (§12)
        dismiss = A.DISMISS
        for t in idle:
            out.append(dismiss[t])
    out.append(A.END_ACTIONS)
    return out


def survey(s: Medievalia2007State, p: int) -> tuple[dict[int, list[int]], list[int], list[int], int, int]:
    """Seat p's table in one pass, for the actions phase: ``(stats, res, idle, food, upkeep)``.

    - ``stats``: per City/territory of p (in table order) ``[buildings on it, troops on it, its
      production before Artists (§4.3), what the powers of its unused troops might add to any
      resource, and toward a building]`` (cards are only attached to their owner's City and
      territories);
    - ``res``: what p could still produce this turn, [food, energy, gold, workforce, any,
      build-any], where 'any' is an optimistic count of what powers could add (Merchant 1,
      Artist 3) and 'build-any' the Bureaucrats' reductions (the ally's help: ``with_ally``);
    - ``idle``: p's unused troops;
    - ``food``, ``upkeep``: ``upkeep.food_capacity(p)`` and ``upkeep.upkeep(p)`` (§12)."""
    rot, host, loc = s.rot, s.host, s.loc
    tables = s.tables[p]
    stats = {c: [0, 0, 1, 0, 0] for c in tables if IS_HOST[c]}
    res = [0, 0, 0, 0, 0, 0]
    idle: list[int] = []
    food = upkeep = 0
    boosts = bool(s.marks)  # no marks: no Artist has inspired anything this turn
    fed_all = s.game.military_upkeep
    for c in tables:
        if IS_TROOP[c]:
            if fed_all or DECK[c] == 2:
                upkeep += 1
            h = host[c]
            home = loc[c] == p
            if h >= 0:
                st = stats[h]
                st[1] += 1
                st[2] += ADDS_PRODUCTION[c]
            elif home and PROD[c] == FOOD:
                food += 1
            if not rot[c]:
                idle.append(c)
                if h >= 0:
                    st[3] += POWER_ANY[c]
                    st[4] += POWER_BUILD[c]
                if home:
                    if h < 0 and PROD[c] >= 0:
                        res[PROD[c]] += boosted(s, c, 1) if boosts else 1
                    res[4] += POWER_ANY[c]
                    res[5] += POWER_BUILD[c]
        elif not IS_HOST[c]:  # a building
            h = host[c]
            if h >= 0:
                st = stats[h]
                st[0] += 1
                st[2] += ADDS_PRODUCTION[c]
    for h, st in stats.items():
        n = st[2]
        if PROD[h] == FOOD:
            food += n
        if not rot[h]:
            res[PROD[h]] += boosted(s, h, n) if boosts else n
    return stats, res, idle, food, upkeep


def with_ally(s: Medievalia2007State, p: int, res: list[int]) -> list[int] | None:
    """§13 ``res`` (see ``survey``) with what p's ally could still send this turn, the turn's fee
    taken from it unless a transfer already paid it; None when the ally cannot be called or would
    have nothing to send. A purchase p could pay alone stays payable alone: the fee is only due when
    the ally is called (``action_options`` checks both)."""
    if not may_call_ally(s, p):
        return None
    q = s.game.ally[p]
    rot, host, loc = s.rot, s.host, s.loc
    out = res[:]
    made = [0, 0, 0, 0]
    for c in s.tables[q]:
        if not rot[c] and PROD[c] >= 0 and (IS_HOST[c] or (host[c] < 0 and loc[c] == q)):
            made[PROD[c]] += production(s, c)
    cards = len(s.hands[q])
    fee = 0 if s.called == FEE_PAID else 1
    if sum(made) + cards - fee < 1:
        return None
    for r in range(4):
        out[r] += made[r]
    out[4] += cards
    if fee:  # the ally pays it from a card sold if he has one, else from what he makes most of
        if cards:
            out[4] -= 1
        else:
            out[max(range(4), key=made.__getitem__)] -= 1
    return out



def without(s: Medievalia2007State, res: list[int], h: int, stats: dict[int, list[int]]) -> list[int]:
    """``res`` without what the unused host h (and the powers of its troops) would give: a
    building's host must stay unused until the building is placed (``stats``: see ``survey``)."""
    out = res[:]
    st = stats[h]
    out[PROD[h]] -= boosted(s, h, st[2])
    out[4] -= st[3]
    out[5] -= st[4]
    return out


def affordable(res: list[int], cost: tuple[int, ...] | list[int], any_n: int, hand: int, building: bool) -> bool:
    """Could ``cost`` (plus ``any_n`` resources of any kind) be paid from ``res`` (see
    ``survey``) and ``hand`` cards to sell? Exact without special powers, optimistic with them:
    a purchase that turns out too dear can be abandoned."""
    extra = hand + res[4] + (res[5] if building else 0)
    if any_n:
        return res[0] + res[1] + res[2] + res[3] + extra >= any_n
    # per resource: what is missing, or the surplus traded 3 for 1 (§9); written out for the four
    # resources because this is the rules' hottest loop
    short = 0
    d = res[0] - cost[0]
    if d < 0:
        short -= d
    else:
        extra += d // 3
    d = res[1] - cost[1]
    if d < 0:
        short -= d
    else:
        extra += d // 3
    d = res[2] - cost[2]
    if d < 0:
        short -= d
    else:
        extra += d // 3
    d = res[3] - cost[3]
    if d < 0:
        short -= d
    else:
        extra += d // 3
    return short <= extra


def play_cost(s: Medievalia2007State, p: int, face: int) -> list[int]:
    """§4.7/§4.9: a troop whose building is not in the Fief costs 2 gold more."""
    cost = list(F_COST[face])
    need = F_NEEDS[face]
    if need >= 0 and not has_building(s, p, need):
        cost[GOLD] += 2
    return cost


# ---------------------------------------------------------------------------------------- purchases
def start_purchase(s: Medievalia2007State, p: int, buying: list[int]) -> None:
    s.buying = buying
    s.pool[p] = [0, 0, 0, 0]
    s.wild[p] = 0
    s.phase = PAY


def play(s: Medievalia2007State, seat: int, action: A.Play) -> None:
    """The card leaves the hand while it is paid for (it comes back if the purchase is abandoned, R23)."""
    hand = s.hands[seat]
    card = first_of_face(hand, action.face)
    hand.remove(card)
    start_purchase(s, seat, [PLAY, action.face, card])


def build(s: Medievalia2007State, seat: int, action: A.Build) -> None:
    start_purchase(s, seat, [BUILD, action.face, action.host])


def remove(s: Medievalia2007State, seat: int, action: A.Remove) -> None:
    start_purchase(s, seat, [REMOVE, action.card])


def buy_card(s: Medievalia2007State, seat: int, action: A.BuyCard) -> None:
    start_purchase(s, seat, [CARD, action.deck])


# ---------------------------------------------------------------------------------------- §4.10
def move(s: Medievalia2007State, seat: int, action: A.Move) -> None:
    """§4.10 (ruling R13): an unused troop moves onto a territory or the City, or off it ("moved freely";
    once a turn with the option internal_moves="once")."""
    t = action.card
    s.own_host()[t] = action.host
    set_mark(s, t, IMOVED, 1)
    if s._log_on:
        s._emit("move", {"seat": seat, "card": NAME[t], "to": NAME[action.host] if action.host >= 0 else None})
    recheck(s, seat)
