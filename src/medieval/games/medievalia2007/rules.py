"""Medievalia (2007): the rules. Section numbers (§) refer to docs/rules/medievalia2007.md.

A position is a handful of int lists indexed by card id (see components.py): who owns a card on the table,
in which Fief it is, which territory/City it is attached to, whether it is rotated (used), its damage
this turn and its moves this turn. Decks, building stacks, hands, the discard pile and the cards
removed from the game are lists of ids. A battle in progress is one JSON-native dict.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Self

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State, copy_json
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    ADDS_PRODUCTION,
    ATT,
    CITY,
    CIVIL,
    DECK,
    DECKS,
    DEF,
    F_COST,
    F_COST_TOTAL,
    F_COST_UNHOUSED,
    F_DECK,
    F_KIND,
    F_NEEDS,
    FACE,
    FACES,
    FOOD,
    GOLD,
    IS_HOST,
    IS_TROOP,
    KIND,
    MILB,
    MIN_BUILDING_COST,
    MOVES,
    NAME,
    NCARDS,
    PAY_POWER,
    POWER,
    POWER_ANY,
    POWER_BUILD,
    PROD,
    RESOURCES,
    TERR,
    TROOP,
    VP,
)

if TYPE_CHECKING:
    from medieval.games.medievalia2007.game import Medievalia2007Game

SETUP, DRAW, ACTIONS, PAY, SUPPLY, MOVE, WAR, BATTLE, OVER = (
    "setup", "draw", "actions", "pay", "supply", "move", "war", "battle", "over")
PLAY, BUILD, REMOVE, CARD = 0, 1, 2, 3  # what a purchase in progress buys
MUSTER, DEPLOY, AIM, ALLOC, POWERS = "muster", "deploy", "aim", "alloc", "powers"
SETUP_CARDS = 8
MAX_TERRITORIES = 4
MAX_BUILDINGS = 2
MAX_ATTACHED = 2
SIEGE_TURNS = 3
FIEF_BATTLE, MID_BATTLE, SHOT = "fief", "mid", "shot"
DMG, MOVED, IMOVED, FOUGHT, BOOST = 0, 1, 2, 3, 4  # the marks a card collects during a turn
KEY: tuple[str, ...] = tuple(str(c) for c in range(NCARDS))

Key = tuple[int, ...]


class Medievalia2007State(State):
    FIELDS = ("phase", "active", "turn", "picker", "picks", "decks", "stacks", "hands", "discard", "removed",
              "owner", "loc", "host", "rot", "marks", "tables", "pool",
              "wild", "alive", "siege", "called", "buying", "abandoned", "excess", "battle", "result")

    game: Medievalia2007Game
    phase: str
    active: int  # whose turn it is
    turn: int  # turns started so far
    picker: int  # setup: the seat taking its starting cards
    picks: int  # setup: cards the picker has taken
    decks: list[list[int]]  # territory, military, character; top first, the last card is face up
    stacks: list[list[int]]  # the three building stacks, top (face up) first
    hands: list[list[int]]
    discard: list[int]
    removed: list[int]  # cards of defeated players, out of the game
    owner: list[int]  # per card: seat owning it on the table, -1 off the table
    loc: list[int]  # per card on the table: its Fief (0..n-1 players' Fiefs, n.. intermediate Fiefs)
    host: list[int]  # per card: the territory/City it is attached to, -1 none
    rot: list[int]  # per card: 1 if rotated (used)
    #: per card (key: card id as text), what happened to it this turn, cleared at the end of each turn:
    #: [damage, external moves, moved inside its Fief, fought as attacker, Artists on its next production]
    marks: dict[str, list[int]]
    tables: list[list[int]]  # per seat: ids of its cards on the table, sorted
    pool: list[list[int]]  # per seat: resources produced and not yet spent [food, energy, gold, workforce]
    wild: list[int]  # per seat: Bureaucrat reduction available for the next building
    alive: list[bool]
    siege: list[int]  # per seat: consecutive turns begun under siege
    called: bool  # allied game: the ally has been asked for resources this turn
    buying: list[int] | None  # the purchase being paid: [PLAY, face, card] [BUILD, face, host] [REMOVE, card]
    #                           or [CARD, deck]
    abandoned: list[list[int]]  # purchases given up this turn (not offered again this turn)
    excess: list[int]  # per seat: troops it must disband (upkeep)
    battle: dict[str, Any] | None
    result: dict[str, Any] | None

    # ================================================================== contract
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        ex = self.excess
        if any(ex):
            if ex[self.active]:
                return (self.active,)
            for s, e in enumerate(ex):
                if e:
                    return (s,)
        ph = self.phase
        if ph == SETUP:
            return (self.picker,)
        if ph == SUPPLY:
            return (self.game.ally[self.active],)
        if ph == BATTLE:
            return (self._battle_seat(),)
        return (self.active,)

    @property
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome.from_json(r)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.excess[seat]:
            return self._disband_options(seat)
        ph = self.phase
        if ph == ACTIONS:
            return self._action_options(seat)
        if ph == PAY:
            return self._pay_options(seat)
        if ph == DRAW:
            return [A.DRAW[d] for d in range(3) if self.decks[d]]
        if ph == BATTLE:
            return self._battle_options(seat)
        if ph == MOVE:
            return [*self._march_options(seat), A.END_MOVES]
        if ph == WAR:
            return [*self._war_options(seat), A.END_TURN]
        if ph == SETUP:
            return [A.TAKE[d] for d in range(3) if self.decks[d]]
        if ph == SUPPLY:
            return self._supply_options(seat)
        return []

    def _apply(self, seat: int, action: Action) -> None:
        t = type(action)
        handler = _HANDLERS.get(t)
        if handler is None:  # pragma: no cover - legal_actions only lists known actions
            raise AssertionError(f"no handler for {action!r}")
        handler(self, seat, action)
        self._auto()

    # ================================================================== small queries
    def _n(self) -> int:
        return self.game.players

    def hostile(self, a: int, b: int) -> bool:
        """Seats of different factions (§13: allies are not hostile)."""
        return a != b and self.game.team[a] != self.game.team[b]

    def _hosts(self, p: int) -> list[int]:
        """The City and territories of seat p."""
        return [c for c in self.tables[p] if IS_HOST[c]]

    def _territories(self, p: int) -> list[int]:
        return [c for c in self.tables[p] if KIND[c] == TERR]

    def _troops(self, p: int) -> list[int]:
        return [c for c in self.tables[p] if IS_TROOP[c]]

    def _attached(self, h: int) -> list[int]:
        p = self.owner[h]
        host = self.host
        return [c for c in self.tables[p] if host[c] == h]

    def _guards(self, h: int) -> list[int]:
        """§4.3/§4.6: troops on a territory/City and military buildings on it guard it."""
        host = self.host
        return [c for c in self.tables[self.owner[h]] if host[c] == h and (IS_TROOP[c] or KIND[c] == MILB)]

    def guarded(self, h: int) -> bool:
        host = self.host
        return any(host[c] == h and (IS_TROOP[c] or KIND[c] == MILB) for c in self.tables[self.owner[h]])

    def protected(self, t: int) -> bool:
        """§11 Bowman: a troop on the City or with a military building is out of a Bowman's reach."""
        h = self.host[t]
        if h < 0:
            return False
        if KIND[h] == CITY:
            return True
        host = self.host
        return any(host[c] == h and KIND[c] == MILB for c in self.tables[self.owner[h]])

    def base_production(self, c: int) -> int:
        """§4.3: a territory/City produces 1, +1 per attached workforce-producing troop, +1 per
        civilian building on it (§4.7, ruling R5). A free troop produces 1."""
        if not IS_HOST[c]:
            return 1
        host = self.host
        n = 1
        for x in self.tables[self.owner[c]]:
            if host[x] == c:
                n += ADDS_PRODUCTION[x]
        return n

    def production(self, c: int) -> int:
        """What using card c yields now, with the Artists applied to it."""
        return self._boosted(c, self.base_production(c))

    def _boosted(self, c: int, n: int) -> int:
        """Production ``n`` of card c with its Artists (§11 Artist: up to three cards of the group are
        multiplied by 2 per Artist)."""
        m = self.marks.get(KEY[c])
        k = m[BOOST] if m else 0
        if k:
            n = min(3, n) * (1 << k) + max(0, n - 3)
        return n

    def food_capacity(self, p: int) -> int:
        """§12: food production of the seat's cards, used or not, without Artists."""
        return self._output(p, FOOD)

    def _output(self, p: int, r: int) -> int:
        """What seat p's City, territories and free troops at home produce of resource r, used or
        not, without Artists (``base_production`` of each)."""
        host, loc = self.host, self.loc
        tables = self.tables[p]
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

    def _needs_food(self, c: int) -> bool:
        return bool(self.game.military_upkeep) or DECK[c] == 2

    def upkeep(self, p: int) -> int:
        """§12: troops that must be fed (every troop; only character cards with military_upkeep=False)."""
        if self.game.military_upkeep:
            return list(map(IS_TROOP.__getitem__, self.tables[p])).count(True)
        return sum(1 for c in self.tables[p] if IS_TROOP[c] and DECK[c] == 2)

    def _recheck(self, p: int) -> None:
        if not self.alive[p]:
            self.excess[p] = 0
            return
        upkeep = self.upkeep(p)
        # food_capacity(p) only matters with troops to feed
        self.excess[p] = max(0, upkeep - 2 * self.food_capacity(p)) if upkeep else 0

    def vp(self, p: int) -> int:
        """§10.1: 1 VP per different building in the Fief, the Castle 2, duplicates 0."""
        seen: set[int] = set()
        total = 0
        for c in self.tables[p]:
            k = KIND[c]
            if k in (CIVIL, MILB) and FACE[c] not in seen:
                seen.add(FACE[c])
                total += VP[c]
        return total

    def gold_production(self, p: int) -> int:
        """§10.3 tie-break: the gold the seat's cards can produce, without special powers."""
        return self._output(p, GOLD)

    def has_building(self, p: int, face: int) -> bool:
        return face in map(FACE.__getitem__, self.tables[p])

    def play_cost(self, p: int, face: int) -> list[int]:
        """§4.9: a troop whose building is not in the Fief costs 2 gold more."""
        cost = list(F_COST[face])
        need = F_NEEDS[face]
        if need >= 0 and not self.has_building(p, need):
            cost[GOLD] += 2
        return cost

    def mark(self, c: int, i: int) -> int:
        """This turn's mark ``i`` (DMG, MOVED, IMOVED, FOUGHT, BOOST) of card c."""
        m = self.marks.get(KEY[c])
        return m[i] if m else 0

    def _add_mark(self, c: int, i: int, v: int) -> None:
        m = self.marks.get(KEY[c])
        if m is None:
            m = self.marks[KEY[c]] = [0, 0, 0, 0, 0]
        m[i] += v

    def _set_mark(self, c: int, i: int, v: int) -> None:
        m = self.marks.get(KEY[c])
        if m is None:
            if not v:
                return
            m = self.marks[KEY[c]] = [0, 0, 0, 0, 0]
        m[i] = v

    def _dedup(self, cards: list[int]) -> list[int]:
        """The first of each set of interchangeable cards, in order: legal actions name only one of
        them. Cards are interchangeable when they have the same key: face, owner, Fief, host, rotation
        and this turn's marks."""
        if len(cards) < 2:
            return cards
        owner, loc, host, rot, marks = self.owner, self.loc, self.host, self.rot, self.marks
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

    def _in_range(self, a: int, b: int) -> bool:
        """Same or adjacent Fief."""
        return a == b or b in self.game.adj[a]

    def _team_seats(self, p: int) -> list[int]:
        t = self.game.team[p]
        return [s for s in range(self._n()) if self.game.team[s] == t]

    # ================================================================== card movements
    def _put(self, c: int, p: int, where: int, host: int) -> None:
        self.owner[c] = p
        self.loc[c] = where
        self.host[c] = host
        self.rot[c] = 0
        self.marks.pop(KEY[c], None)
        insort(self.tables[p], c)

    def _lift(self, c: int) -> None:
        """Take a card off the table (the caller puts it in a pile)."""
        self.tables[self.owner[c]].remove(c)
        self.owner[c] = -1
        self.loc[c] = -1
        self.host[c] = -1
        self.rot[c] = 0
        self.marks.pop(KEY[c], None)

    def _destroy(self, c: int) -> None:
        """Discard a card from the table; a territory/City takes its buildings with it and frees its
        troops (who, in battle, are already destroyed)."""
        if IS_HOST[c]:
            for x in self._attached(c):
                if IS_TROOP[x]:
                    self.host[x] = -1
                else:
                    self._lift(x)
                    self.discard.append(x)
        self._lift(c)
        self.discard.append(c)

    def _rotate_group(self, c: int) -> None:
        """§4.2/§11.8: using a card rotates it with every card linked to it."""
        h = c if IS_HOST[c] else self.host[c]
        self.rot[c] = 1
        if h >= 0:
            self.rot[h] = 1
            host = self.host
            for x in self.tables[self.owner[h]]:
                if host[x] == h:
                    self.rot[x] = 1

    # ================================================================== setup and turns
    def _take(self, seat: int, action: A.Take) -> None:
        """§2.5: take the top card of a deck, looking at it."""
        card = self.decks[action.deck].pop(0)
        self.hands[seat].append(card)
        where = {"seat": seat, "deck": DECKS[action.deck]}
        self._emit("take", {**where, "card": FACES[FACE[card]]}, to=(seat,), redacted=where)
        self.picks += 1
        if self.picks == SETUP_CARDS:
            self.picks = 0
            if self.picker + 1 < self._n():
                self.picker += 1
            else:
                self._start_turn(0)

    def _start_turn(self, p: int) -> None:
        """§3: the turn starts (siege check, §10.2), then the draw."""
        self.active = p
        self.turn += 1
        limit = self.game.turn_limit
        if limit and self.turn > limit:
            self._emit("turn_limit", {"turns": limit})
            self._finish_on_points("turn_limit")
            return
        if self._under_siege(p):
            self.siege[p] += 1
            self._emit("siege", {"seat": p, "turns": self.siege[p]})
            if self.siege[p] >= SIEGE_TURNS:
                self._eliminate(p, "siege")
                if self.result is None:
                    self._start_turn(self._next_seat(p))
                return
        else:
            self.siege[p] = 0
        self.called = False
        self.abandoned = []
        self.phase = DRAW
        self._emit("turn", {"seat": p, "turn": self.turn})

    def _next_seat(self, p: int) -> int:
        n = self._n()
        for i in range(1, n + 1):
            s = (p + i) % n
            if self.alive[s]:
                return s
        return p  # pragma: no cover - a game with one seat alive is over

    def _under_siege(self, p: int) -> bool:
        """§10.2: enemy troops in his Fief, and no territory left or one of them unguarded (ruling R2).
        In the allied game, allied troops in the Fief break the siege."""
        enemy = ally = False
        for s in range(self._n()):
            if s == p or not self.alive[s]:
                continue
            if self._troops_in(s, p):
                if self.hostile(p, s):
                    enemy = True
                else:
                    ally = True
        if not enemy or ally:
            return False
        terrs = self._territories(p)
        if not terrs:
            return True
        if self.game.siege_rule == "literal":
            return any(not self.guarded(h) for h in terrs)
        return all(not self.guarded(h) for h in terrs)

    def _draw(self, seat: int, action: A.Draw) -> None:
        """§3.1 draw from a deck of your choice, then §3.2 re-activate every card."""
        card = self.decks[action.deck].pop(0)
        self.hands[seat].append(card)
        where = {"seat": seat, "deck": DECKS[action.deck]}
        self._emit("draw", {**where, "card": FACES[FACE[card]]}, to=(seat,), redacted=where)
        if self._decks_exhausted():
            return
        for c in self.tables[seat]:
            self.rot[c] = 0
        self.phase = ACTIONS

    def _decks_exhausted(self) -> bool:
        """§10.3: the game ends when two of the three decks are empty (ruling R3)."""
        decks = self.decks
        if (not decks[0]) + (not decks[1]) + (not decks[2]) >= 2:
            self._emit("decks_empty", {})
            self._finish_on_points("cards")
            return True
        return False

    def _end_turn(self, seat: int, action: Action | None = None) -> None:
        """§8: every card returns to full health; unspent resources are lost; the next seat plays."""
        self.marks = {}
        for s in range(self._n()):
            self.pool[s] = [0, 0, 0, 0]
            self.wild[s] = 0
        self._start_turn(self._next_seat(self.active))

    def _auto(self) -> None:
        """Skip phases where the only choice is to end them."""
        while True:
            ph = self.phase
            if (ph != MOVE and ph != WAR) or self.result is not None or any(self.excess):
                return
            if ph == MOVE and not self._can_march(self.active):
                self.phase = WAR
                continue
            if ph == WAR and not self._war_options(self.active):
                self._end_turn(self.active)
                continue
            break

    # ================================================================== actions phase (§4)
    def _action_options(self, p: int) -> list[Action]:
        """Top level of the actions phase: what to pay for, internal movement, dismissals."""
        out: list[Action] = []
        hand = self.hands[p]
        n_hand = len(hand)
        rot, host, loc = self.rot, self.host, self.loc
        stats, res, idle, food, upkeep = self._survey(p)
        hosts = list(stats)  # the City and territories, in table order
        territories = [h for h in hosts if KIND[h] == TERR]
        # purchases given up this turn are not offered again
        gone = {tuple(x) for x in self.abandoned} if self.abandoned else _NOTHING
        # play cards from hand (§4.1, §4.9)
        if hand:
            room = 2 * food - upkeep
            hand_left = n_hand - 1  # the card being played cannot also be sold
            military_upkeep = self.game.military_upkeep
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
                        owned = set(map(FACE.__getitem__, self.tables[p]))
                    if need not in owned:
                        cost = F_COST_UNHOUSED[f]
                if _affordable(res, cost, 0, hand_left, False) and (PLAY, f) not in gone:
                    out.append(A.PLAY[f])
        # buildings (§4.5)
        # everything that could pay a building: a building costing more is out of reach at once
        total = res[0] + res[1] + res[2] + res[3] + res[4] + res[5] + n_hand
        free_hosts = [h for h in hosts if not rot[h] and stats[h][0] < MAX_BUILDINGS]
        if free_hosts and total >= MIN_BUILDING_COST:
            tops = list(dict.fromkeys([FACE[stack[0]] for stack in self.stacks if stack]))  # faces on top
            if tops:
                cheapest = min(map(F_COST_TOTAL.__getitem__, tops))
                boosts = bool(self.marks)
                for h in free_hosts:
                    st = stats[h]
                    total_h = total - (self._boosted(h, st[2]) if boosts else st[2]) - st[3] - st[4]  # _without
                    if total_h < cheapest:
                        continue
                    res_h = self._without(res, h, stats)
                    for f in tops:
                        if (F_COST_TOTAL[f] <= total_h and _affordable(res_h, F_COST[f], 0, n_hand, True)
                                and (BUILD, f, h) not in gone):
                            out.append(A.BUILD[f][h])
        # remove a territory for 1 workforce (§4.4)
        if territories and _affordable(res, (0, 0, 0, 1), 0, n_hand, False):
            for h in territories:
                if not gone or (REMOVE, h) not in gone:
                    out.append(A.REMOVE[h])
        # 4 resources for a card (§9)
        decks = self.decks
        if (decks[0] or decks[1] or decks[2]) and _affordable(res, (0, 0, 0, 0), 4, n_hand, False):
            for d in (0, 1, 2):
                if decks[d] and (not gone or (CARD, d) not in gone):
                    out.append(A.BUY_CARD[d])
        if idle:
            # internal movement (§4.10); the Fief and the IMOVED mark are part of the key, so the
            # interchangeable troops that may move are the first ones of _dedup(idle) that may
            idle = self._dedup(idle)
            marks = self.marks
            open_hosts: list[int] | None = None
            for t in idle:
                if loc[t] != p or (marks and self.mark(t, IMOVED)):
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

    def _survey(self, p: int) -> tuple[dict[int, list[int]], list[int], list[int], int, int]:
        """Seat p's table in one pass, for the actions phase: ``(stats, res, idle, food, upkeep)``.

        - ``stats``: per City/territory of p (in table order) ``[buildings on it, troops on it, its
          production before Artists (§4.3), what the powers of its unused troops might add to any
          resource, and toward a building]`` (cards are only attached to their owner's City and
          territories);
        - ``res``: what p could still produce this turn, [food, energy, gold, workforce, any,
          build-any], where 'any' is an optimistic count of what powers could add (Merchant 1,
          Artist 3) and 'build-any' the Bureaucrats' reductions; in the allied game, with what the
          ally could send;
        - ``idle``: p's unused troops;
        - ``food``, ``upkeep``: ``food_capacity(p)`` and ``upkeep(p)`` (§12)."""
        rot, host, loc = self.rot, self.host, self.loc
        tables = self.tables[p]
        stats = {c: [0, 0, 1, 0, 0] for c in tables if IS_HOST[c]}
        res = [0, 0, 0, 0, 0, 0]
        idle: list[int] = []
        food = upkeep = 0
        boosts = bool(self.marks)  # no marks: no Artist has inspired anything this turn
        fed_all = self.game.military_upkeep
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
                            res[PROD[c]] += self._boosted(c, 1) if boosts else 1
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
                res[PROD[h]] += self._boosted(h, n) if boosts else n
        g = self.game
        if g.allied and not self.called and self.alive[g.ally[p]]:
            q = g.ally[p]  # §13: what the ally could send, less this turn's fee
            for c in self.tables[q]:
                if not rot[c] and PROD[c] >= 0 and (IS_HOST[c] or (host[c] < 0 and loc[c] == q)):
                    res[PROD[c]] += self.production(c)
            res[4] += len(self.hands[q]) - 1
        return stats, res, idle, food, upkeep

    def _without(self, res: list[int], h: int, stats: dict[int, list[int]]) -> list[int]:
        """``res`` without what the unused host h (and the powers of its troops) would give: a
        building's host must stay unused until the building is placed (``stats``: see ``_survey``)."""
        out = res[:]
        st = stats[h]
        out[PROD[h]] -= self._boosted(h, st[2])
        out[4] -= st[3]
        out[5] -= st[4]
        return out

    def _start_purchase(self, p: int, buying: list[int]) -> None:
        self.buying = buying
        self.pool[p] = [0, 0, 0, 0]
        self.wild[p] = 0
        self.phase = PAY

    def _play(self, seat: int, action: A.Play) -> None:
        """The card leaves the hand while it is paid for (it comes back if the purchase is abandoned)."""
        hand = self.hands[seat]
        card = _first_of_face(hand, action.face)
        hand.remove(card)
        self._start_purchase(seat, [PLAY, action.face, card])

    def _build(self, seat: int, action: A.Build) -> None:
        self._start_purchase(seat, [BUILD, action.face, action.host])

    def _remove(self, seat: int, action: A.Remove) -> None:
        self._start_purchase(seat, [REMOVE, action.card])

    def _buy_card(self, seat: int, action: A.BuyCard) -> None:
        self._start_purchase(seat, [CARD, action.deck])

    def price(self, p: int) -> tuple[int, int, int, int]:
        """The cost of the purchase in progress (for a card: nothing specific, 4 of any kind)."""
        b = self.buying
        assert b is not None
        kind = b[0]
        if kind == PLAY:  # as play_cost
            face = b[1]
            need = F_NEEDS[face]
            return F_COST_UNHOUSED[face] if need >= 0 and not self.has_building(p, need) else F_COST[face]
        if kind == BUILD:
            return F_COST[b[1]]
        if kind == REMOVE:
            return (0, 0, 0, 1)
        return (0, 0, 0, 0)

    def shortfall(self, p: int) -> list[int]:
        """Per resource, what the purchase in progress still lacks (ignoring Bureaucrat reductions)."""
        cost = self.price(p)
        pool = self.pool[p]
        return [max(0, cost[r] - pool[r]) for r in range(4)]

    def _paid(self, p: int) -> bool:
        b = self.buying
        assert b is not None
        if b[0] == CARD:
            return sum(self.pool[p]) >= 4
        cost = self.price(p)
        pool = self.pool[p]
        short = 0  # as shortfall
        for r in range(4):
            if cost[r] > pool[r]:
                short += cost[r] - pool[r]
        return short <= (self.wild[p] if b[0] == BUILD else 0)

    def _pay_options(self, p: int) -> list[Action]:
        """Paying for a purchase one step at a time (§4, §9, §11)."""
        b = self.buying
        assert b is not None
        kind = b[0]
        pool = self.pool[p]
        rot, host, loc = self.rot, self.host, self.loc
        excl = b[2] if kind == BUILD else -1  # a building's host stays unused until it is placed
        price = self.price(p)
        # resources that bring the purchase closer (others would only be lost, §9), as a bitmask
        need = 15 if kind == CARD else ((price[0] > pool[0]) | (price[1] > pool[1]) << 1
                                        | (price[2] > pool[2]) << 2 | (price[3] > pool[3]) << 3)
        useful = _BITS[need]
        hosts: list[int] = []  # unused City and territories
        free: list[int] = []  # unused producing troops at home, not attached
        powered: list[int] = []  # unused Merchants, Artists and Bureaucrats at home
        merchant = False
        bonus: dict[int, int] = {}  # per host, what its attached cards add to its production (§4.3)
        for c in self.tables[p]:
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
        producers_free = self._dedup(free)
        # a card whose resource is not needed is offered only if a 3-for-1 trade of it is possible
        # (anything else would only be lost, §9)
        helps = need
        if merchant:
            helps = 15  # a Merchant can turn any resource into a missing one
        elif kind != CARD and helps != 15:
            avail = pool[:]
            boosts = bool(self.marks)  # no marks: no Artist has inspired anything this turn
            for c in hosts:
                n = 1 + bonus.get(c, 0)
                avail[PROD[c]] += self._boosted(c, n) if boosts else n
            for t in producers_free:
                avail[PROD[t]] += self._boosted(t, 1) if boosts else 1
            for r in range(4):
                if avail[r] >= 3:
                    helps |= 1 << r
            hosts = [h for h in hosts if helps >> PROD[h] & 1]
            producers_free = [t for t in producers_free if helps >> PROD[t] & 1]
        produce = A.PRODUCE.__getitem__
        out: list[Action] = list(map(produce, hosts))
        out += map(produce, producers_free)
        if kind != CARD:  # 3 of a kind the purchase does not need, for 1 it does (§9)
            for g in range(4):
                if pool[g] - price[g] >= 3:
                    out += A.TRADES[g][need]
        hand = self.hands[p]
        if hand and need:
            sells = A.SELLS
            for f in sorted(set(map(FACE.__getitem__, hand))):
                out += sells[f][need]
        for t in self._dedup(powered) if powered else ():
            pw = POWER[t]
            if pw == "merchant":  # from a resource the purchase does not need (or gold, worth 2)
                for g in range(4):
                    spare = pool[g] - price[g] if kind != CARD else (pool[g] if g == GOLD else 0)
                    if spare > 0:
                        out += [A.Convert(t, g, r) for r in useful if r != g]
            elif pw == "artist":
                own = host[t]
                out += [A.Inspire(t, h) for h in hosts if h != own]
                out += [A.Inspire(t, x) for x in producers_free if x != t]
            elif kind == BUILD:
                out.append(A.Reduce(t))
        if self.game.allied and not self.called and self.alive[self.game.ally[p]]:
            out.append(A.CALL_ALLY)
        out.append(A.ABANDON)
        return out

    def _after_payment_step(self, p: int) -> None:
        if self.phase == PAY and self._paid(p):
            self._complete(p)

    def _complete(self, p: int) -> None:
        """The cost is covered: the purchase happens and what is left over is lost (§9)."""
        b = self.buying
        assert b is not None
        spent = dict(zip(RESOURCES, self.pool[p], strict=True))
        self.buying = None
        self.pool[p] = [0, 0, 0, 0]
        self.wild[p] = 0
        self.phase = ACTIONS
        kind = b[0]
        if kind == PLAY:
            card = b[2]
            self._put(card, p, p, -1)
            self._emit("play", {"seat": p, "card": NAME[card], "paid": spent})
            self._recheck(p)
        elif kind == BUILD:
            s = next(i for i, st in enumerate(self.stacks) if st and FACE[st[0]] == b[1])
            card = self.stacks[s].pop(0)
            self._put(card, p, p, b[2])
            nxt = FACES[FACE[self.stacks[s][0]]] if self.stacks[s] else None
            self._emit("build", {"seat": p, "card": NAME[card], "on": NAME[b[2]], "stack": s, "revealed": nxt,
                                 "paid": spent})
            self._recheck(p)
            if self._prestige(p):
                return
            if not any(self.stacks):
                self._emit("buildings_gone", {})
                self._finish_on_points("cards")
        elif kind == REMOVE:
            self._destroy(b[1])
            self._emit("remove", {"seat": p, "card": NAME[b[1]], "paid": spent})
            self._recheck(p)
        else:
            card = self.decks[b[1]].pop(0)
            self.hands[p].append(card)
            where = {"seat": p, "deck": DECKS[b[1]], "paid": spent}
            self._emit("buy_card", {**where, "card": FACES[FACE[card]]}, to=(p,), redacted=where)
            self._decks_exhausted()

    def _abandon(self, seat: int, action: Action) -> None:
        b = self.buying
        assert b is not None
        self.abandoned.append(b[:2] if b[0] != BUILD else b[:])
        if b[0] == PLAY:
            self.hands[seat].append(b[2])
        self.buying = None
        self.pool[seat] = [0, 0, 0, 0]
        self.wild[seat] = 0
        self.phase = ACTIONS
        self._emit("abandon", {"seat": seat})

    def _produce(self, seat: int, action: A.Produce) -> None:
        c = action.card
        n = self.production(c)
        r = PROD[c]
        self._rotate_group(c)
        self._set_mark(c, BOOST, 0)
        self.pool[seat][r] += n
        self._emit("produce", {"seat": seat, "card": NAME[c], "resource": RESOURCES[r], "amount": n})
        self._after_payment_step(seat)

    def _trade(self, seat: int, action: A.Trade) -> None:
        pool = self.pool[seat]
        pool[action.give] -= 3
        pool[action.get] += 1
        self._emit("trade", {"seat": seat, "give": RESOURCES[action.give], "get": RESOURCES[action.get]})
        self._after_payment_step(seat)

    def _sell(self, seat: int, action: A.Sell) -> None:
        """§9: discard a card from hand for one resource of your choice."""
        hand = self.hands[seat]
        card = _first_of_face(hand, action.face)
        hand.remove(card)
        self.discard.append(card)
        self.pool[seat][action.res] += 1
        self._emit("sell", {"seat": seat, "card": FACES[action.face], "resource": RESOURCES[action.res]})
        self._after_payment_step(seat)

    def _convert(self, seat: int, action: A.Convert) -> None:
        """§11 Merchant (ruling R6): one unit, or every unit with merchant='all'; gold counts double."""
        pool = self.pool[seat]
        k = pool[action.give] if self.game.merchant_all else 1
        pool[action.give] -= k
        pool[action.get] += k * (2 if action.give == GOLD else 1)
        self._rotate_group(action.card)
        self._emit("convert", {"seat": seat, "card": NAME[action.card], "give": RESOURCES[action.give],
                               "get": RESOURCES[action.get], "units": k})
        self._after_payment_step(seat)

    def _inspire(self, seat: int, action: A.Inspire) -> None:
        self._rotate_group(action.card)
        self._add_mark(action.target, BOOST, 1)
        self._emit("inspire", {"seat": seat, "card": NAME[action.card], "target": NAME[action.target]})

    def _reduce(self, seat: int, action: A.Reduce) -> None:
        self._rotate_group(action.card)
        self.wild[seat] += 2
        self._emit("reduce", {"seat": seat, "card": NAME[action.card]})
        self._after_payment_step(seat)

    def _move(self, seat: int, action: A.Move) -> None:
        t = action.card
        self.host[t] = action.host
        self._set_mark(t, IMOVED, 1)
        self._emit("move", {"seat": seat, "card": NAME[t], "to": NAME[action.host] if action.host >= 0 else None})
        self._recheck(seat)

    def _dismiss(self, seat: int, action: A.Dismiss) -> None:
        self._lift(action.card)
        self.discard.append(action.card)
        self._emit("dismiss", {"seat": seat, "card": NAME[action.card]})
        self._recheck(seat)

    def _end_actions(self, seat: int, action: Action) -> None:
        self.phase = MOVE

    # ------------------------------------------------------------------ upkeep (§12)
    def _disband_options(self, p: int) -> list[Action]:
        return [A.DISBAND[t] for t in self._dedup([t for t in self._troops(p) if self._needs_food(t)])]

    def _disband(self, seat: int, action: A.Disband) -> None:
        self._lift(action.card)
        self.discard.append(action.card)
        self._emit("disband", {"seat": seat, "card": NAME[action.card]})
        self._recheck(seat)

    # ------------------------------------------------------------------ allied resources (§13)
    def _call_ally(self, seat: int, action: Action) -> None:
        self.called = True
        self.phase = SUPPLY
        self._emit("call_ally", {"seat": seat, "ally": self.game.ally[seat]})

    def _supply_options(self, q: int) -> list[Action]:
        out: list[Action] = []
        pool = self.pool[q]
        rot, host, loc = self.rot, self.host, self.loc
        tables = self.tables[q]
        out += [A.PRODUCE[h] for h in tables if IS_HOST[h] and not rot[h]]
        out += [A.PRODUCE[t] for t in self._dedup(
            [t for t in tables if IS_TROOP[t] and loc[t] == q and host[t] < 0 and not rot[t] and PROD[t] >= 0])]
        for g in range(4):
            if pool[g] >= 3:
                out += [A.TRADE[g][r] for r in range(4) if r != g]
        out += [A.SELL[f][r] for f in sorted({FACE[c] for c in self.hands[q]}) for r in range(4)]
        if sum(pool) >= 2:
            out += [A.SEND[r] for r in range(4) if pool[r]]
        out.append(A.REFUSE)
        return out

    def _send(self, seat: int, action: A.Send) -> None:
        """§13: resources produced out of turn for the ally cost 1 more (this turn's fee)."""
        pool = self.pool[seat]
        pool[action.fee] -= 1
        dest = self.pool[self.active]
        for r in range(4):
            dest[r] += pool[r]
        self._emit("send", {"seat": seat, "to": self.active, "fee": RESOURCES[action.fee],
                            "resources": dict(zip(RESOURCES, pool, strict=True))})
        self.pool[seat] = [0, 0, 0, 0]
        self.phase = PAY
        self._after_payment_step(self.active)

    def _refuse(self, seat: int, action: Action) -> None:
        self.pool[seat] = [0, 0, 0, 0]
        self._emit("refuse", {"seat": seat})
        self.phase = PAY

    # ================================================================== external movement (§5)
    def _marchers(self, p: int) -> list[int]:
        """Seat p's unused troops with external moves left this turn."""
        rot, marks = self.rot, self.marks
        return [t for t in self.tables[p] if IS_TROOP[t] and not rot[t]
                and (not marks or self.mark(t, MOVED) < MOVES[t])]  # no marks: nobody has moved

    def _can_march(self, p: int) -> bool:
        """Whether ``_march_options(p)`` is not empty (without building it)."""
        g = self.game
        loc = self.loc
        for t in self._marchers(p):
            here = loc[t]
            blocked = here >= g.players and self._hostile_unused(p, here)
            for dest in g.adj[here]:
                if not blocked or (dest < g.players and not self.hostile(p, dest)):
                    return True
        return False

    def _march_options(self, p: int) -> list[Action]:
        troops = self._marchers(p)
        if not troops:
            return []
        g = self.game
        out: list[Action] = []
        blocked_cache: dict[int, bool] = {}
        loc = self.loc
        for t in self._dedup(troops):
            here = loc[t]
            if here >= g.players:
                blocked = blocked_cache.get(here)
                if blocked is None:
                    blocked = blocked_cache[here] = self._hostile_unused(p, here)
            else:
                blocked = False
            for dest in g.adj[here]:
                if blocked and not (dest < g.players and not self.hostile(p, dest)):
                    continue  # §7.2 leaving an intermediate Fief held by unused enemies: home or ally only
                out.append(A.March(t, g.loc_names[dest]))
        return out

    def _troops_in(self, s: int, where: int) -> bool:
        """Whether seat s has troops in Fief ``where``."""
        loc = self.loc
        return where in [loc[c] for c in self.tables[s] if IS_TROOP[c]]

    def _hostile_unused(self, p: int, where: int) -> bool:
        for s in range(self._n()):
            if self.hostile(p, s):
                for c in self.tables[s]:
                    if IS_TROOP[c] and self.loc[c] == where and not self.rot[c]:
                        return True
        return False

    def _march(self, seat: int, action: A.March) -> None:
        t = action.card
        dest = self.game.loc_index[action.to]
        was = self.host[t]
        self.loc[t] = dest
        self.host[t] = -1
        self._add_mark(t, MOVED, 1)
        self._emit("march", {"seat": seat, "card": NAME[t], "to": action.to})
        if was >= 0:
            self._recheck(seat)

    def _end_moves(self, seat: int, action: Action) -> None:
        self.phase = WAR

    # ================================================================== war (§6)
    def _ready(self, p: int, where: int) -> list[int]:
        """Troops of p that may join a battle in a player's Fief: unused, not guarding, not yet fought."""
        return [t for t in self.tables[p] if IS_TROOP[t] and self.loc[t] == where and self.host[t] < 0
                and not self.rot[t] and not self.mark(t, FOUGHT)]

    def _war_options(self, p: int) -> list[Action]:
        g = self.game
        n = g.players
        out: list[Action] = []
        alive = self.alive
        enemies = [s for s in g.foes[p] if alive[s]]
        if not enemies:
            return out
        loc, host, rot, marks = self.loc, self.host, self.rot, self.marks
        mine: dict[int, list[int]] = {}
        for t in self.tables[p]:
            if IS_TROOP[t]:
                mine.setdefault(loc[t], []).append(t)
        enemy_at: dict[int, set[int]] | None = None  # per enemy, where its troops are
        for where in sorted(mine):
            ts = mine[where]
            # no marks: no troop has fought this turn
            if where >= n:
                can = not marks or any(not self.mark(t, FOUGHT) for t in ts)
            else:
                can = any(host[t] < 0 and not rot[t] and (not marks or not self.mark(t, FOUGHT)) for t in ts)
            if not can:
                continue
            if enemy_at is None:
                enemy_at = {d: {loc[c] for c in self.tables[d] if IS_TROOP[c]} for d in enemies}
            for d in enemies:
                if where == d or where in enemy_at[d]:
                    out.append(A.Attack(d, g.loc_names[where]))
        out += self._shots(p, enemies)
        return out

    def _shots(self, p: int, enemies: list[int]) -> list[Action]:
        """§11 Bowman: 1 damage to an enemy troop in the same or an adjacent Fief."""
        out: list[Action] = []
        bowmen = [t for t in self.tables[p] if POWER[t] == "bowman" and not self.rot[t]]
        if not bowmen:
            return out
        b = self.battle
        busy: set[int] = set(b["busy"]) if b else set()
        targets = self._dedup([c for d in enemies for c in self.tables[d]
                               if IS_TROOP[c] and not self.protected(c)])
        for bw in self._dedup([t for t in bowmen if t not in busy]):
            here = self.loc[bw]
            out += [A.Shoot(bw, c) for c in targets if self._in_range(here, self.loc[c])]
        return out

    def _attack(self, seat: int, action: A.Attack) -> None:
        where = self.game.loc_index[action.at]
        d = action.seat
        n = self._n()
        self._emit("attack", {"seat": seat, "defender": d, "at": action.at})
        self.phase = BATTLE
        b: dict[str, Any] = {"kind": FIEF_BATTLE if where < n else MID_BATTLE, "loc": where, "att": seat,
                             "def": d, "step": MUSTER, "armies": [[]], "bands": [], "aims": [], "units": [],
                             "ui": 0, "bon": {}, "busy": [], "hit": [], "win": [], "wi": 0, "passes": 0}
        self.battle = b
        if where >= n:
            # §7 combat in an intermediate Fief: every troop of both sides, used or not
            att = [t for t in self.tables[seat] if IS_TROOP[t] and self.loc[t] == where]
            dfd = [t for t in self.tables[d] if IS_TROOP[t] and self.loc[t] == where]
            b["armies"] = [att]
            b["bands"] = [dfd]
            ua = self._unit(seat, att, -1, self._infantry_sources(att))
            ud = self._unit(d, dfd, -1, self._infantry_sources(dfd))
            ua["in"] = _attack_of(dfd)
            ud["in"] = _attack_of(att)
            b["units"] = [ua, ud]
            self._start_alloc()
        else:
            self._battle_flow()

    def _shoot(self, seat: int, action: A.Shoot) -> None:
        t = action.target
        self._rotate_group(action.card)
        self._add_mark(t, DMG, 1)
        self._emit("shoot", {"seat": seat, "card": NAME[action.card], "target": NAME[t]})
        b = self.battle
        if b is None:
            # a Bowman used from a distance (§6.1): a skirmish where the powers of both sides apply
            self.phase = BATTLE
            self.battle = b = {"kind": SHOT, "loc": self.loc[t], "att": seat, "def": self.owner[t],
                               "step": POWERS, "armies": [], "bands": [], "aims": [], "units": [], "ui": 0,
                               "bon": {}, "busy": [], "hit": [t], "win": [], "wi": 0, "passes": 0}
            self._open_window(start_after=seat)
            return
        if t not in b["hit"]:
            b["hit"].append(t)
        self._window_step(used=True)

    # ------------------------------------------------------------------ battle in a player's Fief
    def _battle_seat(self) -> int:
        b = self.battle
        assert b is not None
        step = b["step"]
        if step in (MUSTER, AIM):
            return int(b["att"])
        if step == DEPLOY:
            return int(b["def"])
        if step == ALLOC:
            return int(b["units"][b["ui"]]["owner"])
        return int(b["win"][b["wi"]])

    def _battle_options(self, seat: int) -> list[Action]:
        b = self.battle
        assert b is not None
        step = b["step"]
        if step == MUSTER:
            return self._muster_options(b)
        if step == DEPLOY:
            return self._deploy_options(b)
        if step == AIM:
            return self._aim_options(b)
        if step == ALLOC:
            return self._alloc_options(b)
        return self._power_options(seat, b)

    def _must_use_all(self, p: int, where: int) -> bool:
        """§6.3: a side that is not in its own Fief must use all its available troops."""
        return where != p

    def _muster_options(self, b: dict[str, Any]) -> list[Action]:
        att, where = b["att"], b["loc"]
        used = {t for army in b["armies"] for t in army}
        avail = [t for t in self._ready(att, where) if t not in used]
        out: list[Action] = [A.Enlist(t) for t in self._dedup(avail)]
        if b["armies"][-1] and avail:
            out.append(A.NEW_ARMY)
        if any(b["armies"]) and (not avail or not self._must_use_all(att, where)):
            out.append(A.CHARGE)
        return out

    def _enlist(self, seat: int, action: A.Enlist) -> None:
        b = self.battle
        assert b is not None
        b["armies"][-1].append(action.card)
        if self._muster_options(b) == [A.CHARGE]:
            self._charge(seat, A.CHARGE)  # every troop is in: nothing left to decide

    def _new_army(self, seat: int, action: Action) -> None:
        assert self.battle is not None
        self.battle["armies"].append([])

    def _charge(self, seat: int, action: Action) -> None:
        b = self.battle
        assert b is not None
        b["armies"] = [a for a in b["armies"] if a]
        b["bands"] = [[] for _ in b["armies"]]
        b["aims"] = [None] * len(b["armies"])
        self._emit("armies", {"seat": seat, "armies": [[NAME[t] for t in a] for a in b["armies"]]})
        b["step"] = DEPLOY
        self._battle_flow()

    def _deploy_avail(self, b: dict[str, Any]) -> list[int]:
        used = {t for band in b["bands"] for t in band}
        return [t for t in self._ready(b["def"], b["loc"]) if t not in used]

    def _deploy_options(self, b: dict[str, Any]) -> list[Action]:
        avail = self._deploy_avail(b)
        out: list[Action] = [A.Engage(k, t) for t in self._dedup(avail) for k in range(len(b["armies"]))]
        if not avail or not self._must_use_all(b["def"], b["loc"]):
            out.append(A.HOLD)
        return out

    def _engage(self, seat: int, action: A.Engage) -> None:
        b = self.battle
        assert b is not None
        b["bands"][action.army].append(action.card)
        if self._deploy_options(b) == [A.HOLD]:
            self._hold(seat, A.HOLD)  # every troop is deployed: nothing left to decide

    def _hold(self, seat: int, action: Action) -> None:
        b = self.battle
        assert b is not None
        self._emit("deploy", {"seat": seat, "bands": [[NAME[t] for t in band] for band in b["bands"]]})
        b["step"] = AIM
        self._battle_flow()

    def _battle_flow(self) -> None:
        """Advance the battle past steps with nothing to decide."""
        b = self.battle
        assert b is not None
        if b["step"] == DEPLOY and not self._deploy_avail(b):
            b["step"] = AIM
        if b["step"] == AIM:
            aims = b["aims"]
            for k, band in enumerate(b["bands"]):
                if band and aims[k] is None:
                    aims[k] = ["engaged", k]
            if all(a is not None for a in aims):
                self._fight()

    def _aim_targets(self, b: dict[str, Any]) -> list[Action]:
        d, where = b["def"], b["loc"]
        taken_cards = {a[1] for a in b["aims"] if a is not None and a[0] == "card"}
        taken_bands = {a[1] for a in b["aims"] if a is not None and a[0] == "band"}
        out: list[Action] = []
        if where == d:
            out += [A.Aim(h) for h in self._hosts(d) if h not in taken_cards]
        out += [A.Aim(-1, k) for k, band in enumerate(b["bands"]) if band and k not in taken_bands]
        in_bands = {t for band in b["bands"] for t in band}
        loose = [t for t in self.tables[d] if IS_TROOP[t] and self.loc[t] == where and self.host[t] < 0
                 and t not in in_bands and t not in taken_cards]
        out += [A.Aim(t) for t in self._dedup(loose)]
        return out

    def _aim_options(self, b: dict[str, Any]) -> list[Action]:
        return [*self._aim_targets(b), A.STAND]

    def _aim(self, seat: int, action: A.Aim | A.Stand) -> None:
        b = self.battle
        assert b is not None
        k = b["aims"].index(None)
        if isinstance(action, A.Aim):
            b["aims"][k] = ["band", action.band] if action.band >= 0 else ["card", action.card]
        else:
            b["aims"][k] = ["none", 0]
        self._battle_flow()

    def _unit(self, owner: int, cards: list[int], fixed: int, sources: list[list[int]]) -> dict[str, Any]:
        return {"owner": owner, "cards": list(cards), "fixed": fixed, "in": 0, "src": sources, "order": []}

    def _infantry_sources(self, army: list[int]) -> list[list[int]]:
        """§11 Infantry: +0/1 to one other troop of the same army."""
        out = []
        for t in army:
            if POWER[t] == "infantry":
                others = [x for x in army if x != t]
                if others:
                    out.append(others)
        return out

    def _fight(self) -> None:
        """§6.3 steps 3-4: every pairing deals its damage at once."""
        b = self.battle
        assert b is not None
        att, d = b["att"], b["def"]
        units: list[dict[str, Any]] = []
        ua: list[int] = []
        for army in b["armies"]:
            ua.append(len(units))
            units.append(self._unit(att, army, -1, self._infantry_sources(army)))
        ub: dict[int, int] = {}
        for k, band in enumerate(b["bands"]):
            if band:
                ub[k] = len(units)
                units.append(self._unit(d, band, -1, self._infantry_sources(band)))
        for k, aim in enumerate(b["aims"]):
            army = b["armies"][k]
            kind, val = aim
            if kind == "engaged":
                units[ub[k]]["in"] += _attack_of(army)
                units[ua[k]]["in"] += _attack_of(b["bands"][k])
            elif kind == "band":
                units[ub[val]]["in"] += _attack_of(army)  # the band strikes only the army it engages
            elif kind == "card":
                if IS_HOST[val]:
                    guards = self._guards(val)
                    defenders = guards + ([val] if KIND[val] == CITY else [])
                    civil = [x for x in self._attached(val) if KIND[x] == CIVIL]
                    sources = [defenders[:] for _ in civil] if defenders else []
                    u = self._unit(d, guards, val, sources)
                    u["in"] = _attack_of(army)
                    units[ua[k]]["in"] += _attack_of(defenders)
                else:
                    u = self._unit(d, [val], -1, [])
                    u["in"] = _attack_of(army)
                    units[ua[k]]["in"] += ATT[val]
                units.append(u)
        b["units"] = units
        self._emit("fight", {"seat": att, "defender": d,
                             "units": [{"owner": u["owner"], "cards": [NAME[c] for c in u["cards"]],
                                        "target": NAME[u["fixed"]] if u["fixed"] >= 0 else None,
                                        "damage": u["in"]} for u in units]})
        self._start_alloc()

    # ------------------------------------------------------------------ damage allocation (§6.3 step 4)
    def _start_alloc(self) -> None:
        b = self.battle
        assert b is not None
        busy: list[int] = []
        for u in b["units"]:
            busy += u["cards"]
        b["busy"] = busy
        b["step"] = ALLOC
        b["ui"] = 0
        self._alloc_flow()

    def _health(self, c: int, bon: dict[str, int]) -> int:
        if KIND[c] == TERR:
            return max(0, 1 - self.mark(c, DMG))
        return max(0, DEF[c] + bon.get(str(c), 0) - self.mark(c, DMG))

    def _alloc_flow(self) -> None:
        """Make every automatic allocation choice; stop at the first real one."""
        b = self.battle
        assert b is not None
        units = b["units"]
        bon: dict[str, int] = b["bon"]
        while b["ui"] < len(units):
            u = units[b["ui"]]
            if u["in"] <= 0:
                for elig in u["src"]:  # no damage: the bonus goes to the first card it may protect
                    bon[str(elig[0])] = bon.get(str(elig[0]), 0) + 1
                u["src"] = []
                b["ui"] += 1
                continue
            while u["src"]:
                choices = self._dedup(u["src"][0])
                if len(choices) > 1:
                    return
                c = choices[0]
                bon[str(c)] = bon.get(str(c), 0) + 1
                u["src"].pop(0)
            rest = [c for c in u["cards"] if c not in u["order"]]
            if len(self._dedup(rest)) > 1:
                return
            u["order"] += rest
            self._allocate(u)
            b["ui"] += 1
        self._open_window(start_after=-1)

    def _alloc_options(self, b: dict[str, Any]) -> list[Action]:
        u = b["units"][b["ui"]]
        if u["src"]:
            return [A.Bolster(c) for c in self._dedup(u["src"][0])]
        return [A.First(c) for c in self._dedup([c for c in u["cards"] if c not in u["order"]])]

    def _bolster(self, seat: int, action: A.Bolster) -> None:
        b = self.battle
        assert b is not None
        u = b["units"][b["ui"]]
        key = str(action.card)
        b["bon"][key] = b["bon"].get(key, 0) + 1
        u["src"].pop(0)
        self._emit("bolster", {"seat": seat, "card": NAME[action.card]})
        self._alloc_flow()

    def _first(self, seat: int, action: A.First) -> None:
        b = self.battle
        assert b is not None
        b["units"][b["ui"]]["order"].append(action.card)
        self._alloc_flow()

    def _allocate(self, u: dict[str, Any]) -> None:
        """Damage goes to the cards in the owner's order: each absorbs up to its health, the excess
        passes on, the last card takes the rest (a guarded territory/City always comes last)."""
        b = self.battle
        assert b is not None
        seq = u["order"] + ([u["fixed"]] if u["fixed"] >= 0 else [])
        left = u["in"]
        last = len(seq) - 1
        hits = {}
        for i, c in enumerate(seq):
            take = left if i == last else min(left, self._health(c, b["bon"]))
            if take:
                self._add_mark(c, DMG, take)
                hits[NAME[c]] = take
            left -= take
            if left <= 0:
                break
        self._emit("damage", {"seat": u["owner"], "damage": hits})

    # ------------------------------------------------------------------ Priest and Bowman (§6.3 step 5)
    def _open_window(self, start_after: int) -> None:
        b = self.battle
        assert b is not None
        g = self.game
        att, d = b["att"], b["def"]
        seats = [att, d]
        if g.allied:
            for s in (g.ally[att], g.ally[d]):
                if self.alive[s] and s not in seats:
                    seats.append(s)
        b["win"] = seats
        b["wi"] = (seats.index(start_after) + 1) % len(seats) if start_after in seats else 0
        b["passes"] = 0
        b["step"] = POWERS
        self._window_flow()

    def _window_flow(self) -> None:
        b = self.battle
        assert b is not None
        seats = b["win"]
        while b["passes"] < len(seats):
            s = seats[b["wi"]]
            if self.alive[s] and self._power_actions(s, b):
                return
            b["passes"] += 1
            b["wi"] = (b["wi"] + 1) % len(seats)
        self._resolve()

    def _window_step(self, used: bool) -> None:
        b = self.battle
        assert b is not None
        b["passes"] = 0 if used else b["passes"] + 1
        b["wi"] = (b["wi"] + 1) % len(b["win"])
        self._window_flow()

    def _power_options(self, seat: int, b: dict[str, Any]) -> list[Action]:
        return [*self._power_actions(seat, b), A.PASS]

    def _side(self, s: int, b: dict[str, Any]) -> tuple[list[int], list[int]]:
        """(friends, foes) of seat s in this battle."""
        att, d = b["att"], b["def"]
        ours, theirs = (att, d) if not self.hostile(s, att) else (d, att)
        return self._team_seats(ours), self._team_seats(theirs)

    def _power_actions(self, s: int, b: dict[str, Any]) -> list[Action]:
        busy = set(b["busy"])
        mine = [t for t in self.tables[s] if POWER[t] in ("priest", "bowman") and not self.rot[t]
                and t not in busy]
        if not mine:
            return []
        friends, foes = self._side(s, b)
        out: list[Action] = []
        priests = self._dedup([t for t in mine if POWER[t] == "priest"])
        if priests:
            hurt = self._dedup([c for f in friends for c in self.tables[f] if IS_TROOP[c] and self.mark(c, DMG) > 0])
            for pr in priests:
                out += [A.Heal(pr, c) for c in hurt if c != pr and self._in_range(self.loc[pr], self.loc[c])]
        bowmen = self._dedup([t for t in mine if POWER[t] == "bowman"])
        if bowmen:
            targets = self._dedup([c for f in foes if self.alive[f] for c in self.tables[f]
                                   if IS_TROOP[c] and not self.protected(c)])
            for bw in bowmen:
                out += [A.Shoot(bw, c) for c in targets if self._in_range(self.loc[bw], self.loc[c])]
        return out

    def _heal(self, seat: int, action: A.Heal) -> None:
        self._rotate_group(action.card)
        self._add_mark(action.target, DMG, -1)
        b = self.battle
        assert b is not None
        if action.target not in b["hit"]:
            b["hit"].append(action.target)
        self._emit("heal", {"seat": seat, "card": NAME[action.card], "target": NAME[action.target]})
        self._window_step(used=True)

    def _pass(self, seat: int, action: Action) -> None:
        self._window_step(used=False)

    # ------------------------------------------------------------------ end of combat (§6.3 step 6)
    def _resolve(self) -> None:
        b = self.battle
        assert b is not None
        bon: dict[str, int] = b["bon"]
        involved: list[int] = []
        for u in b["units"]:
            involved += u["cards"]
        involved += b["hit"]
        dead: list[int] = []
        for c in dict.fromkeys(involved):
            if self.owner[c] >= 0 and self.mark(c, DMG) >= DEF[c] + bon.get(str(c), 0):
                dead.append(c)
        dead_set = set(dead)
        fallen_hosts: list[int] = []
        for u in b["units"]:
            h = u["fixed"]
            if h < 0 or not all(c in dead_set for c in u["cards"]):
                continue
            if KIND[h] == TERR:
                if self.mark(h, DMG) >= 1:
                    fallen_hosts.append(h)
            elif self.mark(h, DMG) >= DEF[h] + bon.get(str(h), 0):
                fallen_hosts.append(h)
        # the attacker's troops have fought this turn
        att = b["att"]
        if b["kind"] != SHOT:
            for army in b["armies"]:
                for t in army:
                    if self.owner[t] == att:
                        self._set_mark(t, FOUGHT, 1)
        touched = {self.owner[c] for c in dead} | {self.owner[h] for h in fallen_hosts}
        for c in dead:
            if self.owner[c] >= 0:
                self._destroy(c)
        cities = []
        for h in fallen_hosts:
            if KIND[h] == CITY:
                cities.append(self.owner[h])
            else:
                self._destroy(h)
        self._emit("casualties", {"cards": [NAME[c] for c in dead] + [NAME[h] for h in fallen_hosts]})
        self.battle = None
        self.phase = WAR
        for s in touched:
            if s >= 0:
                self._recheck(s)
        for p in cities:
            self._eliminate(p, "military")
            if self.result is not None:
                return

    # ================================================================== the end (§10)
    def _eliminate(self, p: int, cause: str) -> None:
        """A defeated player's cards are removed from the game (§10.2, §13)."""
        table = self.tables[p][:]
        hand = self.hands[p][:]
        for c in table:
            self._lift(c)
        self.removed += table + hand
        self.hands[p] = []
        self.alive[p] = False
        self.excess[p] = 0
        self.siege[p] = 0
        self.pool[p] = [0, 0, 0, 0]
        self._emit("defeated", {"seat": p, "cause": cause, "hand": sorted(FACES[FACE[c]] for c in hand)})
        sides = {self.game.team[s] for s in range(self._n()) if self.alive[s]}
        if len(sides) == 1:
            team = sides.pop()
            winners = [s for s in range(self._n()) if self.game.team[s] == team]
            self._finish(cause, winners)

    def _prestige(self, p: int) -> bool:
        """§10.1: 7 VP wins at once (11 for an alliance)."""
        g = self.game
        total = sum(self.vp(s) for s in self._team_seats(p) if self.alive[s])
        if total >= g.prestige_target:
            self._finish("prestige", self._team_seats(p))
            return True
        return False

    def _finish_on_points(self, termination: str) -> None:
        """§10.3: most VP; ties by gold production, then by cards in hand; then a shared win."""
        g = self.game
        best: tuple[int, int, int] | None = None
        winners: list[int] = []
        for team in sorted({g.team[s] for s in range(self._n()) if self.alive[s]}):
            seats = [s for s in range(self._n()) if g.team[s] == team]
            live = [s for s in seats if self.alive[s]]
            key = (sum(self.vp(s) for s in live), sum(self.gold_production(s) for s in live),
                   sum(len(self.hands[s]) for s in live))
            members = seats if g.allied else live
            if best is None or key > best:
                best, winners = key, members
            elif key == best:
                winners = winners + members
        self._finish(termination, sorted(winners))

    def _finish(self, termination: str, winners: list[int]) -> None:
        scores = [self.vp(s) if self.alive[s] else 0 for s in range(self._n())]
        self.result = {"termination": termination, "winners": winners, "scores": scores}
        self.phase = OVER
        self.battle = None
        self.excess = [0] * self._n()
        self._emit("game_over", {"termination": termination, "winners": winners, "scores": scores})

    # ================================================================== views
    def view(self, seat: int | None) -> dict[str, Any]:
        self._check_view_seat(seat)
        from medieval.games.medievalia2007.view import build_view

        return build_view(self, seat)

    def pending(self) -> dict[str, Any] | None:
        """The decision the game waits for, and whose it is."""
        tm = self.to_move
        if not tm:
            return None
        s = tm[0]
        if self.excess[s]:
            return {"decision": "upkeep", "seat": s, "excess": self.excess[s]}
        ph = self.phase
        if ph == BATTLE:
            b = self.battle
            assert b is not None
            step = b["step"]
            names = {MUSTER: "form_armies", DEPLOY: "deploy", AIM: "choose_target", POWERS: "powers"}
            if step == ALLOC:
                u = b["units"][b["ui"]]
                return {"decision": "bonus" if u["src"] else "damage_order", "seat": s}
            return {"decision": names[step], "seat": s}
        names2 = {SETUP: "take_starting_card", DRAW: "draw", ACTIONS: "actions", PAY: "pay", SUPPLY: "ally_supply",
                  MOVE: "external_movement", WAR: "war"}
        return {"decision": names2[ph], "seat": s}

    # ================================================================== search support
    def clone(self) -> Self:
        new = self._shallow_clone()
        new.phase = self.phase
        new.active = self.active
        new.turn = self.turn
        new.picker = self.picker
        new.picks = self.picks
        new.decks = [d[:] for d in self.decks]
        new.stacks = [s[:] for s in self.stacks]
        new.hands = [h[:] for h in self.hands]
        new.discard = self.discard[:]
        new.removed = self.removed[:]
        new.owner = self.owner[:]
        new.loc = self.loc[:]
        new.host = self.host[:]
        new.rot = self.rot[:]
        new.marks = {k: v[:] for k, v in self.marks.items()}
        new.tables = [t[:] for t in self.tables]
        new.pool = [p[:] for p in self.pool]
        new.wild = self.wild[:]
        new.alive = self.alive[:]
        new.siege = self.siege[:]
        new.called = self.called
        new.buying = None if self.buying is None else self.buying[:]
        new.abandoned = [x[:] for x in self.abandoned]
        new.excess = self.excess[:]
        new.battle = None if self.battle is None else copy_json(self.battle)
        new.result = None if self.result is None else copy_json(self.result)
        return new

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: for each deck, its face-down cards together with the other
        players' hand cards that came from it (which deck a hand card came from is public); and the
        face-down building cards of the three stacks."""
        n = self._n()
        for d in range(3):
            deck = self.decks[d]
            slots: list[tuple[list[int], int]] = [(deck, i) for i in range(len(deck) - 1)]
            for s in range(n):
                if s != seat:
                    hand = self.hands[s]
                    slots += [(hand, i) for i, c in enumerate(hand) if DECK[c] == d]
            cards = [lst[i] for lst, i in slots]
            rng.shuffle(cards)
            for (lst, i), c in zip(slots, cards, strict=True):
                lst[i] = c
        bslots = [(st, i) for st in self.stacks for i in range(1, len(st))]
        bcards = [lst[i] for lst, i in bslots]
        rng.shuffle(bcards)
        for (lst, i), c in zip(bslots, bcards, strict=True):
            lst[i] = c

    def components(self) -> Counter[Hashable]:
        c: Counter[Hashable] = Counter()
        for d in self.decks:
            c.update(d)
        for s in self.stacks:
            c.update(s)
        for h in self.hands:
            c.update(h)
        c.update(self.discard)
        c.update(self.removed)
        for t in self.tables:
            c.update(t)
        if self.buying is not None and self.buying[0] == PLAY:
            c[self.buying[2]] += 1
        return c


def _first_of_face(cards: list[int], face: int) -> int:
    """The first card of ``cards`` with that face (copies in a hand are interchangeable)."""
    for c in cards:
        if FACE[c] == face:
            return c
    raise ValueError(f"no {FACES[face]} among the cards")  # pragma: no cover - legal actions name cards held


#: the resources in each bitmask of the four, in order
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
_NOTHING: frozenset[tuple[int, ...]] = frozenset()


def _affordable(res: list[int], cost: tuple[int, ...] | list[int], any_n: int, hand: int, building: bool) -> bool:
    """Could ``cost`` (plus ``any_n`` resources of any kind) be paid from ``res`` (see
    ``_survey``) and ``hand`` cards to sell? Exact without special powers, optimistic with them:
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


def _attack_of(cards: list[int]) -> int:
    return sum(ATT[c] for c in cards)


_HANDLERS: dict[type, Any] = {
    A.Take: Medievalia2007State._take,
    A.Draw: Medievalia2007State._draw,
    A.Produce: Medievalia2007State._produce,
    A.Trade: Medievalia2007State._trade,
    A.Sell: Medievalia2007State._sell,
    A.Convert: Medievalia2007State._convert,
    A.Inspire: Medievalia2007State._inspire,
    A.Reduce: Medievalia2007State._reduce,
    A.Play: Medievalia2007State._play,
    A.Build: Medievalia2007State._build,
    A.Remove: Medievalia2007State._remove,
    A.BuyCard: Medievalia2007State._buy_card,
    A.Move: Medievalia2007State._move,
    A.Dismiss: Medievalia2007State._dismiss,
    A.CallAlly: Medievalia2007State._call_ally,
    A.Send: Medievalia2007State._send,
    A.Refuse: Medievalia2007State._refuse,
    A.Abandon: Medievalia2007State._abandon,
    A.March: Medievalia2007State._march,
    A.Attack: Medievalia2007State._attack,
    A.Shoot: Medievalia2007State._shoot,
    A.Enlist: Medievalia2007State._enlist,
    A.NewArmy: Medievalia2007State._new_army,
    A.Charge: Medievalia2007State._charge,
    A.Engage: Medievalia2007State._engage,
    A.Hold: Medievalia2007State._hold,
    A.Aim: Medievalia2007State._aim,
    A.Stand: Medievalia2007State._aim,
    A.Bolster: Medievalia2007State._bolster,
    A.First: Medievalia2007State._first,
    A.Heal: Medievalia2007State._heal,
    A.Pass: Medievalia2007State._pass,
    A.Disband: Medievalia2007State._disband,
}


def _end(state: Medievalia2007State, seat: int, action: A.End) -> None:
    if action.what == "actions":
        state._end_actions(seat, action)
    elif action.what == "moves":
        state._end_moves(seat, action)
    else:
        state._end_turn(seat, action)


_HANDLERS[A.End] = _end
__all__ = ["Medievalia2007State"]
