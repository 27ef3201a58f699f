"""§4.1 paying for a card and §9 General Rules for Resources: a purchase is paid one step at a time by
using cards (each produces once a turn), trading 3 for 1, selling cards from hand, and the Merchant,
Artist and Bureaucrat powers (§11); it happens as soon as it is covered, and what is left is lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    ADDS_PRODUCTION,
    DECKS,
    F_COST,
    F_COST_UNHOUSED,
    F_NEEDS,
    FACE,
    FACES,
    GOLD,
    IS_HOST,
    IS_TROOP,
    NAME,
    PAY_POWER,
    POWER,
    PROD,
    RESOURCES,
)
from medieval.games.medievalia2007.end import decks_exhausted, finish_on_points, prestige
from medieval.games.medievalia2007.fief import (
    ACTIONS,
    BOOST,
    BUILD,
    CARD,
    PAY,
    PLAY,
    REMOVE,
    SUPPLY,
    add_mark,
    boosted,
    dedup,
    destroy,
    first_of_face,
    has_building,
    may_call_ally,
    production,
    put,
    rotate_group,
    set_mark,
)
from medieval.games.medievalia2007.upkeep import recheck

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

#: the resources in each bitmask of the four, in order
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))


def price(s: Medievalia2007State, p: int) -> tuple[int, int, int, int]:
    """The cost of the purchase in progress (for a card: nothing specific, 4 of any kind)."""
    b = s.buying
    assert b is not None
    kind = b[0]
    if kind == PLAY:  # as playing.play_cost
        face = b[1]
        need = F_NEEDS[face]
        return F_COST_UNHOUSED[face] if need >= 0 and not has_building(s, p, need) else F_COST[face]
    if kind == BUILD:
        return F_COST[b[1]]
    if kind == REMOVE:
        return (0, 0, 0, 1)
    return (0, 0, 0, 0)


def shortfall(s: Medievalia2007State, p: int) -> list[int]:
    """Per resource, what the purchase in progress still lacks (ignoring Bureaucrat reductions)."""
    cost = price(s, p)
    pool = s.pool[p]
    return [max(0, cost[r] - pool[r]) for r in range(4)]


def paid(s: Medievalia2007State, p: int) -> bool:
    b = s.buying
    assert b is not None
    if b[0] == CARD:
        return sum(s.pool[p]) >= 4
    cost = price(s, p)
    pool = s.pool[p]
    short = 0  # as shortfall
    for r in range(4):
        if cost[r] > pool[r]:
            short += cost[r] - pool[r]
    return short <= (s.wild[p] if b[0] == BUILD else 0)


def pay_options(s: Medievalia2007State, p: int) -> list[Action]:
    """Paying for a purchase one step at a time (§4, §9, §11); choices that can only waste are left
    out (ruling R22)."""
    b = s.buying
    assert b is not None
    kind = b[0]
    pool = s.pool[p]
    rot, host, loc = s.rot, s.host, s.loc
    excl = b[2] if kind == BUILD else -1  # a building's host stays unused until it is placed
    cost = price(s, p)
    # resources that bring the purchase closer (others would only be lost, §9), as a bitmask
    need = 15 if kind == CARD else ((cost[0] > pool[0]) | (cost[1] > pool[1]) << 1
                                    | (cost[2] > pool[2]) << 2 | (cost[3] > pool[3]) << 3)
    useful = _BITS[need]
    hosts: list[int] = []  # unused City and territories
    free: list[int] = []  # unused producing troops at home, not attached
    powered: list[int] = []  # unused Merchants, Artists and Bureaucrats at home
    merchant = False
    bonus: dict[int, int] = {}  # per host, what its attached cards add to its production (§4.3)
    for c in s.tables[p]:
        if IS_HOST[c]:
            if not rot[c] and c != excl:
                hosts.append(c)
            continue
        h = host[c]
        if IS_TROOP[c] and loc[c] == p and not rot[c]:
            if h < 0 and PROD[c] >= 0:
                free.append(c)
            if PAY_POWER[c] and (excl < 0 or h != excl):
                powered.append(c)
                merchant = merchant or POWER[c] == "merchant"
        if h >= 0 and ADDS_PRODUCTION[c]:
            bonus[h] = bonus.get(h, 0) + 1
    producers_free = dedup(s, free)
    # a card whose resource is not needed is offered only if a 3-for-1 trade of it is possible
    # (anything else would only be lost, §9)
    helps = need
    if merchant:
        helps = 15  # a Merchant can turn any resource into a missing one
    elif kind != CARD and helps != 15:
        avail = pool[:]
        boosts = bool(s.marks)  # no marks: no Artist has inspired anything this turn
        for c in hosts:
            n = 1 + bonus.get(c, 0)
            avail[PROD[c]] += boosted(s, c, n) if boosts else n
        for t in producers_free:
            avail[PROD[t]] += boosted(s, t, 1) if boosts else 1
        for r in range(4):
            if avail[r] >= 3:
                helps |= 1 << r
        hosts = [h for h in hosts if helps >> PROD[h] & 1]
        producers_free = [t for t in producers_free if helps >> PROD[t] & 1]
    produce_action = A.PRODUCE.__getitem__
    out: list[Action] = list(map(produce_action, hosts))
    out += map(produce_action, producers_free)
    if kind != CARD:  # 3 of a kind the purchase does not need, for 1 it does (§9)
        for g in range(4):
            if pool[g] - cost[g] >= 3:
                out += A.TRADES[g][need]
    hand = s.hands[p]
    if hand and need:
        sells = A.SELLS
        for f in sorted(set(map(FACE.__getitem__, hand))):
            out += sells[f][need]
    for t in dedup(s, powered) if powered else ():
        pw = POWER[t]
        if pw == "merchant":  # from a resource the purchase does not need (or gold, worth 2)
            for g in range(4):
                spare = pool[g] - cost[g] if kind != CARD else (pool[g] if g == GOLD else 0)
                if spare > 0:
                    out += [A.Convert(t, g, r) for r in useful if r != g]
        elif pw == "artist":
            own = host[t]
            out += [A.Inspire(t, h) for h in hosts if h != own]
            out += [A.Inspire(t, x) for x in producers_free if x != t]
        elif kind == BUILD:
            out.append(A.Reduce(t))
    if s.game.allied and may_call_ally(s, p):
        out.append(A.CALL_ALLY)
    out.append(A.ABANDON)
    return out


def after_payment_step(s: Medievalia2007State, p: int) -> None:
    if s.phase == PAY and paid(s, p):
        complete(s, p)


def complete(s: Medievalia2007State, p: int) -> None:
    """The cost is covered: the purchase happens and what is left over is lost (§9). A building may
    win on prestige (§10.1); the last building bought ends the game (§10.3)."""
    b = s.buying
    assert b is not None
    spent = dict(zip(RESOURCES, s.pool[p], strict=True))
    s.buying = None
    s.pool[p] = [0, 0, 0, 0]
    s.wild[p] = 0
    s.phase = ACTIONS
    kind = b[0]
    if kind == PLAY:
        card = b[2]
        put(s, card, p, p, -1)
        s._emit("play", {"seat": p, "card": NAME[card], "paid": spent})
        recheck(s, p)
    elif kind == BUILD:
        x = next(i for i, st in enumerate(s.stacks) if st and FACE[st[0]] == b[1])
        card = s.stacks[x].pop(0)
        put(s, card, p, p, b[2])
        nxt = FACES[FACE[s.stacks[x][0]]] if s.stacks[x] else None
        s._emit("build", {"seat": p, "card": NAME[card], "on": NAME[b[2]], "stack": x, "revealed": nxt,
                          "paid": spent})
        recheck(s, p)
        if prestige(s, p):
            return
        if not any(s.stacks):
            s._emit("buildings_gone", {})
            finish_on_points(s, "cards")
    elif kind == REMOVE:
        destroy(s, b[1])
        s._emit("remove", {"seat": p, "card": NAME[b[1]], "paid": spent})
        recheck(s, p)
    else:
        card = s.decks[b[1]].pop(0)
        s.hands[p].append(card)
        where = {"seat": p, "deck": DECKS[b[1]], "paid": spent}
        s._emit("buy_card", {**where, "card": FACES[FACE[card]]}, to=(p,), redacted=where)
        decks_exhausted(s)


def abandon(s: Medievalia2007State, seat: int, action: Action) -> None:
    """Ruling R21: the purchase is given up; what was produced is lost, a card being played returns
    to hand. The turn's list of purchases given up names each once, however often it is given up."""
    b = s.buying
    assert b is not None
    given_up = b[:2] if b[0] != BUILD else b[:]
    if given_up not in s.abandoned:
        s.abandoned.append(given_up)
    if b[0] == PLAY:
        s.hands[seat].append(b[2])
    s.buying = None
    s.pool[seat] = [0, 0, 0, 0]
    s.wild[seat] = 0
    s.phase = ACTIONS
    s._emit("abandon", {"seat": seat})


# ---------------------------------------------------------------------------------------- payment steps
def produce(s: Medievalia2007State, seat: int, action: A.Produce) -> None:
    """§4.1-4.3: using a card rotates it with its linked cards and makes its resource."""
    c = action.card
    n = production(s, c)
    r = PROD[c]
    rotate_group(s, c)
    set_mark(s, c, BOOST, 0)
    s.pool[seat][r] += n
    s._emit("produce", {"seat": seat, "card": NAME[c], "resource": RESOURCES[r], "amount": n})
    after_payment_step(s, seat)


def trade(s: Medievalia2007State, seat: int, action: A.Trade) -> None:
    """§9: 3 identical resources for 1 other."""
    pool = s.pool[seat]
    pool[action.give] -= 3
    pool[action.get] += 1
    s._emit("trade", {"seat": seat, "give": RESOURCES[action.give], "get": RESOURCES[action.get]})
    after_payment_step(s, seat)


def sell(s: Medievalia2007State, seat: int, action: A.Sell) -> None:
    """§9: discard a card from hand for one resource of your choice. Outside a payment (option
    ``exchanges="any_time"``, ruling R38) the resource cannot be stored and is lost at once (§9.4)."""
    hand = s.hands[seat]
    card = first_of_face(hand, action.face)
    hand.remove(card)
    s.discard.append(card)
    data: dict[str, object] = {"seat": seat, "card": FACES[action.face], "resource": RESOURCES[action.res]}
    if s.phase == PAY or s.phase == SUPPLY:
        s.pool[seat][action.res] += 1
    else:
        data["lost"] = True
    s._emit("sell", data)
    after_payment_step(s, seat)


def sales(s: Medievalia2007State, seat: int) -> list[Action]:
    """Option ``exchanges="any_time"`` (ruling R38): a card from hand for a resource at any decision of the
    seat outside a payment, the resource lost at once."""
    hand = s.hands[seat]
    return [A.SELL[f][r] for f in sorted(set(map(FACE.__getitem__, hand))) for r in range(4)] if hand else []


def convert(s: Medievalia2007State, seat: int, action: A.Convert) -> None:
    """§11 Merchant (ruling R6): one unit, or every unit with merchant='all'; gold counts double."""
    pool = s.pool[seat]
    k = pool[action.give] if s.game.merchant_all else 1
    pool[action.give] -= k
    pool[action.get] += k * (2 if action.give == GOLD else 1)
    rotate_group(s, action.card)
    s._emit("convert", {"seat": seat, "card": NAME[action.card], "give": RESOURCES[action.give],
                        "get": RESOURCES[action.get], "units": k})
    after_payment_step(s, seat)


def inspire(s: Medievalia2007State, seat: int, action: A.Inspire) -> None:
    """§11 Artist: the target's next production is doubled (on up to three cards of its group)."""
    rotate_group(s, action.card)
    add_mark(s, action.target, BOOST, 1)
    s._emit("inspire", {"seat": seat, "card": NAME[action.card], "target": NAME[action.target]})


def reduce(s: Medievalia2007State, seat: int, action: A.Reduce) -> None:
    """§11 Bureaucrat: the building being bought costs any 2 resources less."""
    rotate_group(s, action.card)
    s.wild[seat] += 2
    s._emit("reduce", {"seat": seat, "card": NAME[action.card]})
    after_payment_step(s, seat)
