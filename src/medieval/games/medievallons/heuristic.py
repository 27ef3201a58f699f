"""A Medievallons heuristic that decides from the seat's view and legal actions only (the part of the view it
reads: ``view.bot_view``, as ``state.bot_view(seat)`` gives it).

- Lay a guild whenever possible (the third one wins at once); keep Jesters back when a lay does not
  need them.
- Otherwise pick the best of: use a guild (a free power), reinforce a guild that an Assassin or Prowler
  would break, or play the card whose power is worth more than keeping it.
- Card worth: a card is worth more the closer it brings its kind to a guild (Jesters most).
- Attacks go to the leader's smallest guild; gifts and trades hand over the least useful cards; the
  Knight and the Priest go after the kind that would complete a guild.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.components import (
    ARTISAN,
    ASSASSIN,
    BEGGAR,
    JESTER,
    KINDS,
    KNIGHT,
    MERCHANT,
    MONK,
    N_KINDS,
    NOBLE,
    PRIEST,
    PROWLER,
    STAR,
    WITCH,
    WIZARD,
)
from medieval.games.medievallons.guilds import G_COUNT, G_ID, G_JESTERS, G_KIND, G_OWNER
from medieval.games.medievallons.view import BotView, bot_view

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

# how much a power is worth to its user, before looking at the table
BASE_POWER = {ARTISAN: 1.0, ASSASSIN: 1.0, BEGGAR: 1.0, JESTER: 0.0, KNIGHT: 1.6, MERCHANT: 0.4, MONK: 2.0,
              NOBLE: 1.6, PRIEST: 1.5, PROWLER: 1.6, STAR: 0.6, WITCH: 1.2, WIZARD: 1.6}
_BASE = [BASE_POWER[k] for k in range(N_KINDS)]
_KINDS = range(N_KINDS)


class _Table:
    """What the seat knows, digested from its view. A table lives for one decision and never changes, so
    the value of each power is worked out once (``power``). Guilds are the view's
    ``[id, owner, kind, count, jesters, laid_turn]``."""

    __slots__ = ("_by_id", "_powers", "counts", "guilds", "hand", "jesters", "my_kinds", "players", "seat",
                 "sizes", "view")

    def __init__(self, view: BotView, seat: int) -> None:
        self.seat = seat
        self.view = view
        self.players = view["players"]
        self.hand = hand = view["hand"]  # count of each kind
        self.jesters = hand[JESTER]
        self.guilds = guilds = view["guilds"]
        self.counts = view["guild_counts"]
        self.sizes = view["hand_counts"]
        self.my_kinds = {g[G_KIND] for g in guilds if g[G_OWNER] == seat} if guilds else _NONE
        self._powers: list[float | None] = [None] * N_KINDS
        self._by_id: dict[int, list[int]] | None = None

    def worth(self, k: int) -> float:
        """How much holding one more card of kind ``k`` is worth (with the hand as it is now)."""
        return self._held(k, self.hand[k] + 1)

    def keep_cost(self, k: int) -> float:
        """What spending one card of kind ``k`` from hand costs: ``worth(k)`` of the hand with one card of
        ``k`` fewer (worked out on the hand as it is, without a copy)."""
        return self._held(k, self.hand[k])

    def _held(self, k: int, c: int) -> float:
        """The worth of holding ``c`` cards of kind ``k`` beside the hand's Jesters."""
        if k == JESTER:
            return 3.0
        if k in self.my_kinds:
            return 1.2
        if c >= 3:
            return 2.5
        if c + self.jesters >= 3:
            return 2.2
        return 1.6 if c == 2 else 0.5

    def guild(self, gid: int) -> list[int]:
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = {g[G_ID]: g for g in self.guilds}
        return by_id[gid]

    def attack_value(self) -> float:
        """Best value of breaking an opponent's guild (Assassin / Prowler)."""
        best = 0.0
        for g in self.guilds:
            if g[G_OWNER] == self.seat:
                continue
            threat = self.counts[g[G_OWNER]]
            breaks = g[G_COUNT] + g[G_JESTERS] == 3
            v = 0.6 + (1.5 * threat if breaks else 0.3 * threat)
            if v > best:
                best = v
        return best

    def power(self, k: int) -> float:
        v = self._powers[k]
        if v is None:
            v = self._powers[k] = self._power(k)
        return v

    def _power(self, k: int) -> float:
        if k in (ASSASSIN, PROWLER):
            seat = self.seat
            if not any(g[G_OWNER] != seat for g in self.guilds):
                return 1.0  # draws a card instead
            return self.attack_value() + (0.8 if k == PROWLER else 0.0)
        if k == BEGGAR:
            most = max(self.sizes[s] for s in range(self.players) if s != self.seat)
            return 1.0 if most > 0 else 0.8
        if k == ARTISAN:
            top = self.view["discard_top"]
            return 0.2 + self.worth(top) if top >= 0 else 0.0
        if k == WITCH:
            best = 1.0
            for g in self.guilds:
                gk = g[G_KIND]
                if gk != JESTER and gk != WITCH:
                    v = self.power(gk)
                    if v > best:
                        best = v
            return best
        if k == STAR:
            return 1.0 - 0.15 * (self.players - 1)
        return _BASE[k]


_NONE: frozenset[int] = frozenset()
_TURN = frozenset((A.Play, A.Lay, A.Use, A.Reinforce))


def choose(state: MedievallonsState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    kind = type(first)
    if kind in _TURN:
        lays = [a for a in legal if type(a) is A.Lay]
        if len(lays) == 1:
            return lays[0]
        return _turn(_Table(bot_view(state, seat), seat), legal, lays)
    t = _Table(bot_view(state, seat), seat)
    best_of = _BEST.get(kind)
    if best_of is not None:
        return best_of(t, legal)
    # the best score, the last of equals
    best, best_score = first, _SCORE.get(kind, _nothing)(t, first)
    for a in legal[1:]:
        value = _SCORE.get(type(a), _nothing)(t, a)
        if value >= best_score:
            best, best_score = a, value
    return best


def _turn(t: _Table, legal: list[Action], lays: list[A.Lay]) -> Action:
    if lays:
        # the fewest Jesters, then the fewest cards, then the best power
        return min(lays, key=lambda a: (a.jesters, a.count + a.jesters, -t.power(a.kind)))
    best: Action = legal[0]
    best_score = -1e9
    power = t.power
    for a in legal:
        kind = type(a)
        if kind is A.Play:
            k = a.kind  # type: ignore[attr-defined]
            score = power(k) - t.keep_cost(k)
        elif kind is A.Use:
            score = power(a.gkind) + 0.5  # type: ignore[attr-defined]
        elif kind is A.Reinforce:
            assert isinstance(a, A.Reinforce)
            g = t.guild(a.guild)
            added = a.count + a.jesters
            k = a.kind if a.gkind == JESTER else a.gkind
            protect = 1.2 if g[G_COUNT] + g[G_JESTERS] == 3 else 0.2
            score = power(k) + protect - 0.9 * added - 1.5 * a.jesters
        else:
            score = -5.0
        if score > best_score:
            best, best_score = a, score
    return best


# the score of each kind of action outside the turn's own choice
def _give(t: _Table, a: A.Give) -> float:  # hand over the least useful card
    return -t.keep_cost(a.kind)


def _offer(t: _Table, a: A.Offer) -> float:
    return -t.keep_cost(a.first) - t.keep_cost(a.second)


def _keep(t: _Table, a: A.Keep | A.Take) -> float:
    return t.worth(a.kind)


def _ask(t: _Table, a: A.Ask) -> float:
    seen = t.view["seen"].get(str(a.target))
    return _asked(a.kind, t.worth(a.kind), t.sizes[a.target], seen["hand"] if seen else None)


def _asked(k: int, worth: float, size: int, seen: list[str] | None) -> float:
    """Asking for kind ``k`` (worth ``worth`` in hand) from a hand of ``size`` cards, of which the seat
    saw ``seen`` (None: nothing)."""
    if k == JESTER:
        return 2.0 + 0.1 * size
    known = 1.5 if seen is not None and KINDS[k] in seen else 0.0
    return worth + known + 0.1 * size


def _target(t: _Table, a: A.TradeWith | A.LookAt | A.BegFrom) -> float:
    return t.sizes[a.target] + 0.5 * t.counts[a.target]


def _copy(t: _Table, a: A.Copy) -> float:
    return t.power(a.gkind)


def _attack(t: _Table, a: A.Assassinate | A.Steal) -> float:
    g = t.guild(a.guild)
    size = g[G_COUNT] + g[G_JESTERS]
    v = 2.0 * t.counts[g[G_OWNER]] + (3.0 if size == 3 else 0.0) - 0.1 * float(size)
    if isinstance(a, A.Steal):
        v += t.worth(a.card)
    elif a.card == JESTER:
        v += 0.5
    return v


def _nothing(t: _Table, a: Action) -> float:
    return 0.0


_SCORE: dict[type, Callable[[_Table, Any], float]] = {
    A.Give: _give, A.Offer: _offer, A.Keep: _keep, A.Take: _keep, A.Ask: _ask, A.TradeWith: _target,
    A.LookAt: _target, A.BegFrom: _target, A.Copy: _copy, A.Assassinate: _attack, A.Steal: _attack,
}


# the best of a decision's many choices of one kind, the last of equals (each scored as _SCORE would)
def _best_ask(t: _Table, legal: list[Action]) -> Action:
    """A Knight's demand (``_asked``, as ``_ask`` scores one): the worth of each kind and what the seat saw
    of each hand, looked up once a kind and once a seat."""
    worth = [t.worth(k) for k in _KINDS]
    sizes = t.sizes
    seen = t.view["seen"]
    target = -1
    hand: list[str] | None = None
    best, best_score = legal[0], -math.inf
    for a in legal:
        if type(a) is not A.Ask:  # (a Knight's demand offers nothing else)
            score = _SCORE.get(type(a), _nothing)(t, a)
            if score >= best_score:
                best, best_score = a, score
            continue
        k = a.kind
        if a.target != target:
            target = a.target
            saw = seen.get(str(target))
            hand = saw["hand"] if saw else None
        score = _asked(k, worth[k], sizes[target], hand)
        if score >= best_score:
            best, best_score = a, score
    return best


def _best_offer(t: _Table, legal: list[Action]) -> Action:
    """A Merchant's offer (as ``_offer`` scores one): what keeping each kind in hand costs
    (``keep_cost``), worked out once a kind."""
    cost = [t.keep_cost(k) if c else 0.0 for k, c in enumerate(t.hand)]
    best, best_score = legal[0], -math.inf
    for a in legal:
        # (a Merchant's offer has nothing but offers)
        score = -cost[a.first] - cost[a.second] if type(a) is A.Offer else _SCORE.get(type(a), _nothing)(t, a)
        if score >= best_score:
            best, best_score = a, score
    return best


_BEST: dict[type, Callable[[_Table, list[Action]], Action]] = {A.Ask: _best_ask, A.Offer: _best_offer}
