"""A player's Fief and the cards on the table: what the rules ask of them and how they move.

"A player's Fief is made up of his City, territories, buildings and characters." A card on the table
has an owner, a Fief it stands in, maybe a territory or City it is attached to, a rotation (used this
turn) and the marks it collects during a turn (damage, moves, Artists). This module also names the
position's states (phases, purchases, battle steps, marks) that every rules module shares."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Literal

from medieval.games.medievalia2007.components import (
    ADDS_PRODUCTION,
    CITY,
    FACE,
    FACES,
    GUARDS,
    IS_HOST,
    IS_TROOP,
    KIND,
    MILB,
    NCARDS,
    PROD,
    TERR,
)

if TYPE_CHECKING:
    from medieval.games.medievalia2007.state import Medievalia2007State

Phase = Literal["setup", "draw", "actions", "pay", "supply", "move", "war", "battle", "over"]
SETUP: Phase = "setup"
DRAW: Phase = "draw"
ACTIONS: Phase = "actions"
PAY: Phase = "pay"
SUPPLY: Phase = "supply"
#: ``state.called``, the ally this turn (§13): not asked yet, a transfer made (the turn's fee paid), refused
NOT_ASKED, FEE_PAID, REFUSED = 0, 1, 2
MOVE: Phase = "move"
WAR: Phase = "war"
BATTLE: Phase = "battle"
OVER: Phase = "over"
PLAY, BUILD, REMOVE, CARD = 0, 1, 2, 3  # what a purchase in progress buys
MUSTER, DEPLOY, AIM, ALLOC, POWERS = "muster", "deploy", "aim", "alloc", "powers"  # the steps of a battle
FIEF_BATTLE, MID_BATTLE, SHOT = "fief", "mid", "shot"  # the kinds of battle
SETUP_CARDS = 8  # §2.5 cards each player takes before the first turn
MAX_TERRITORIES = 4  # §4.4
MAX_BUILDINGS = 2  # §4.5 per territory/City
MAX_ATTACHED = 2  # ruling R12: troops per territory/City
SIEGE_TURNS = 3  # §10.2
#: the marks a card collects during a turn: damage, external moves, moved inside its Fief, fought as
#: attacker, Artists on its next production, civilian +0/1 bonuses it holds, and (on a civilian building)
#: whether its +0/1 has been placed this turn (§4.8: "the player decides each turn how it will be applied")
DMG, MOVED, IMOVED, FOUGHT, BOOST, BONUS, PLACED = 0, 1, 2, 3, 4, 5, 6
NMARKS = 7
KEY: tuple[str, ...] = tuple(str(c) for c in range(NCARDS))  # a card's key in ``marks``

Key = tuple[int, ...]


# ---------------------------------------------------------------------------------------- queries
def hostile(s: Medievalia2007State, a: int, b: int) -> bool:
    """Seats of different factions (§13: allies are not hostile)."""
    return a != b and s.game.team[a] != s.game.team[b]


def team_seats(s: Medievalia2007State, p: int) -> list[int]:
    t = s.game.team[p]
    return [x for x in range(s.players) if s.game.team[x] == t]


def hosts(s: Medievalia2007State, p: int) -> list[int]:
    """The City and territories of seat p."""
    return [c for c in s.tables[p] if IS_HOST[c]]


def territories(s: Medievalia2007State, p: int) -> list[int]:
    return [c for c in s.tables[p] if KIND[c] == TERR]


def troops(s: Medievalia2007State, p: int) -> list[int]:
    return [c for c in s.tables[p] if IS_TROOP[c]]


def attached(s: Medievalia2007State, h: int) -> list[int]:
    p = s.owner[h]
    host = s.host
    return [c for c in s.tables[p] if host[c] == h]


def guards(s: Medievalia2007State, h: int) -> list[int]:
    """§4.3/§4.6: troops on a territory/City and military buildings on it guard it."""
    host = s.host
    return [c for c in s.tables[s.owner[h]] if host[c] == h and GUARDS[c]]


def guarded(s: Medievalia2007State, h: int, on: list[int] | None = None) -> bool:
    """Whether territory/City ``h`` has a guard; ``on``: its owner's cards on it, where the caller has
    gathered them (else they are found in the owner's table)."""
    if on is not None:
        return any(map(GUARDS.__getitem__, on))
    host = s.host
    return any(host[c] == h and GUARDS[c] for c in s.tables[s.owner[h]])


def protected(s: Medievalia2007State, t: int) -> bool:
    """§11 Bowman: a troop on the City or with a military building is out of a Bowman's reach."""
    h = s.host[t]
    if h < 0:
        return False
    if KIND[h] == CITY:
        return True
    host = s.host
    return any(host[c] == h and KIND[c] == MILB for c in s.tables[s.owner[h]])


def troops_in(s: Medievalia2007State, seat: int, where: int) -> bool:
    """Whether ``seat`` has troops in Fief ``where``."""
    loc = s.loc
    return where in [loc[c] for c in s.tables[seat] if IS_TROOP[c]]


def in_range(s: Medievalia2007State, a: int, b: int) -> bool:
    """Same or adjacent Fief."""
    return a == b or b in s.game.adj[a]


def has_building(s: Medievalia2007State, p: int, face: int) -> bool:
    return face in map(FACE.__getitem__, s.tables[p])


def base_production(s: Medievalia2007State, c: int, on: list[int] | None = None) -> int:
    """§4.3: a territory/City produces 1, +1 per attached workforce-producing troop, +1 per civilian
    building on it (§4.7, ruling R5). A free troop produces 1. ``on``: as for ``guarded``."""
    if not IS_HOST[c]:
        return 1
    if on is not None:
        return 1 + sum(map(ADDS_PRODUCTION.__getitem__, on))
    host = s.host
    n = 1
    for x in s.tables[s.owner[c]]:
        if host[x] == c:
            n += ADDS_PRODUCTION[x]
    return n


def production(s: Medievalia2007State, c: int) -> int:
    """What using card c yields now, with the Artists applied to it."""
    return boosted(s, c, base_production(s, c))


def boosted(s: Medievalia2007State, c: int, n: int) -> int:
    """Production ``n`` of card c with its Artists (§11 Artist: up to three cards of the group are
    multiplied by 2 per Artist)."""
    m = s.marks.get(KEY[c])
    k = m[BOOST] if m else 0
    if k:
        n = min(3, n) * (1 << k) + max(0, n - 3)
    return n


def output(s: Medievalia2007State, p: int, r: int) -> int:
    """What seat p's City, territories and free troops at home produce of resource r, used or not,
    without Artists (``base_production`` of each)."""
    host, loc = s.host, s.loc
    tables = s.tables[p]
    producers = {c for c in tables if IS_HOST[c] and PROD[c] == r}
    total = len(producers)  # each produces 1, +1 per card on it that adds production (§4.3)
    for c in tables:
        h = host[c]
        if h >= 0:
            if h in producers:
                total += ADDS_PRODUCTION[c]
        elif PROD[c] == r and not IS_HOST[c] and loc[c] == p:
            total += 1
    return total


# ---------------------------------------------------------------------------------------- marks
def mark(s: Medievalia2007State, c: int, i: int) -> int:
    """This turn's mark ``i`` (DMG, MOVED, IMOVED, FOUGHT, BOOST, BONUS, PLACED) of card c."""
    m = s.marks.get(KEY[c])
    return m[i] if m and i < len(m) else 0  # a state saved with fewer marks reads 0 for the new ones


def _marks_of(s: Medievalia2007State, c: int) -> list[int]:
    m = s.marks.get(KEY[c])
    if m is None:
        m = s.marks[KEY[c]] = [0] * NMARKS
    elif len(m) < NMARKS:
        m += [0] * (NMARKS - len(m))
    return m


def add_mark(s: Medievalia2007State, c: int, i: int, v: int) -> None:
    _marks_of(s, c)[i] += v


def set_mark(s: Medievalia2007State, c: int, i: int, v: int) -> None:
    if not v and KEY[c] not in s.marks:
        return
    _marks_of(s, c)[i] = v


def civil_bonus(s: Medievalia2007State, c: int) -> int:
    """§4.8: the civilian buildings' +0/1 bonuses placed on card c this turn."""
    return mark(s, c, BONUS) if s.marks else 0


def dedup(s: Medievalia2007State, cards: list[int]) -> list[int]:
    """The first of each set of interchangeable cards, in order: legal actions name only one of
    them. Cards are interchangeable when they have the same key: face, owner, Fief, host, rotation
    and this turn's marks."""
    if len(cards) < 2:
        return cards
    owner, loc, host, rot, marks = s.owner, s.loc, s.host, s.rot, s.marks
    seen: set[Key] = set()
    out = []
    for c in cards:
        m = marks.get(KEY[c]) if marks else None
        if m and any(m):
            k: Key = (FACE[c], owner[c], loc[c], host[c], rot[c], *m)
        else:
            k = (FACE[c], owner[c], loc[c], host[c], rot[c])
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def first_of_face(cards: list[int], face: int) -> int:
    """The first card of ``cards`` with that face (copies in a hand are interchangeable)."""
    for c in cards:
        if FACE[c] == face:
            return c
    raise ValueError(f"no {FACES[face]} among the cards")  # pragma: no cover - legal actions name cards held


# ---------------------------------------------------------------------------------------- card movements
def put(s: Medievalia2007State, c: int, p: int, where: int, host: int) -> None:
    """Put card c on the table: seat p's, in Fief ``where``, attached to ``host`` (-1: none)."""
    s.own_owner()[c] = p
    s.own_loc()[c] = where
    s.own_host()[c] = host
    s.own_rot()[c] = 0
    s.marks.pop(KEY[c], None)
    insort(s.tables[p], c)


def lift(s: Medievalia2007State, c: int) -> None:
    """Take a card off the table (the caller puts it in a pile)."""
    s.tables[s.owner[c]].remove(c)
    s.own_owner()[c] = -1
    s.own_loc()[c] = -1
    s.own_host()[c] = -1
    s.own_rot()[c] = 0
    s.marks.pop(KEY[c], None)


def destroy(s: Medievalia2007State, c: int) -> None:
    """Discard a card from the table; a territory/City takes its buildings with it and frees its
    troops (who, in battle, are already destroyed)."""
    if IS_HOST[c]:
        for x in attached(s, c):
            if IS_TROOP[x]:
                s.own_host()[x] = -1
            else:
                lift(s, x)
                s.discard.append(x)
    lift(s, c)
    s.discard.append(c)


def rotate_group(s: Medievalia2007State, c: int) -> None:
    """§4.2/§11.8: using a card rotates it with every card linked to it."""
    h = c if IS_HOST[c] else s.host[c]
    rot = s.own_rot()
    rot[c] = 1
    if h >= 0:
        rot[h] = 1
        host = s.host
        for x in s.tables[s.owner[h]]:
            if host[x] == h:
                rot[x] = 1


def may_call_ally(s: Medievalia2007State, p: int) -> bool:
    """§13 the ally may be called for each payment of the turn (one fee for the turn, ruling R28) until
    he refuses, while he has something to produce or sell."""
    g = s.game
    if not g.allied or s.called == REFUSED or (s.called == FEE_PAID and g.ally_once):
        return False
    q = g.ally[p]
    if not s.alive[q]:
        return False
    if s.hands[q]:
        return True
    rot, host, loc = s.rot, s.host, s.loc
    return any(not rot[c] and PROD[c] >= 0 and (IS_HOST[c] or (host[c] < 0 and loc[c] == q)) for c in s.tables[q])
