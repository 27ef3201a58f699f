"""A Medievallons heuristic that decides from the seat's view and legal actions only (the part of the view it
reads: ``state.bot_view(seat)``).

- Lay a guild whenever possible (the third one wins at once); keep Jesters back when a lay does not
  need them.
- Otherwise pick the best of: use a guild (a free power), reinforce a guild that an Assassin or Prowler
  would break, or play the card whose power is worth more than keeping it.
- Card worth: a card is worth more the closer it brings its kind to a guild (Jesters most).
- Attacks go to the leader's smallest guild; gifts and trades hand over the least useful cards; the
  Knight and the Priest go after the kind that would complete a guild.
"""

from __future__ import annotations

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
    NOBLE,
    PRIEST,
    PROWLER,
    STAR,
    WITCH,
    WIZARD,
)
from medieval.games.medievallons.view import BotGuild, BotView

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

# how much a power is worth to its user, before looking at the table
BASE_POWER = {ARTISAN: 1.0, ASSASSIN: 1.0, BEGGAR: 1.0, JESTER: 0.0, KNIGHT: 1.6, MERCHANT: 0.4, MONK: 2.0,
              NOBLE: 1.6, PRIEST: 1.5, PROWLER: 1.6, STAR: 0.6, WITCH: 1.2, WIZARD: 1.6}
#: a kind's index from its name as the view gives it
_INDEX = {name: i for i, name in enumerate(KINDS)}


class _Table:
    """What the seat knows, digested from its view. A table lives for one decision and never changes, so
    the value of each power is worked out once (``power``)."""

    __slots__ = ("_by_id", "_powers", "counts", "guilds", "hand", "my_kinds", "players", "seat", "sizes", "view")

    def __init__(self, view: BotView, seat: int) -> None:
        self.seat = seat
        self.view = view
        self.players = view["players"]
        self.hand = view["hand"]  # count of each kind
        self.guilds: list[BotGuild] = view["guilds"]
        self.counts: list[int] = view["guild_counts"]
        self.sizes: list[int] = view["hand_counts"]
        self.my_kinds = {_INDEX[g["kind"]] for g in self.guilds if g["owner"] == seat}
        self._powers: dict[int, float] = {}
        self._by_id: dict[int, BotGuild] | None = None

    def worth(self, k: int, hand: list[int] | None = None) -> float:
        """How much holding one more card of kind ``k`` is worth (with ``hand`` as it is now)."""
        h = self.hand if hand is None else hand
        return self._held(k, h[k] + 1, h[JESTER])

    def keep_cost(self, k: int) -> float:
        """What spending one card of kind ``k`` from hand costs: ``worth(k)`` of the hand with one card of
        ``k`` fewer (worked out on the hand as it is, without a copy)."""
        h = self.hand
        return self._held(k, h[k], h[JESTER])

    def _held(self, k: int, c: int, jesters: int) -> float:
        """The worth of holding ``c`` cards of kind ``k`` beside ``jesters`` Jesters."""
        if k == JESTER:
            return 3.0
        if k in self.my_kinds:
            return 1.2
        if c >= 3:
            return 2.5
        if c + jesters >= 3:
            return 2.2
        return 1.6 if c == 2 else 0.5

    def guild(self, gid: int) -> BotGuild:
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = {g["id"]: g for g in self.guilds}
        return by_id[gid]

    def leader(self) -> int:
        others = [s for s in range(self.players) if s != self.seat]
        return max(others, key=lambda s: (self.counts[s], sum(g["size"] for g in self.guilds if g["owner"] == s)))

    def attack_value(self) -> float:
        """Best value of breaking an opponent's guild (Assassin / Prowler)."""
        best = 0.0
        for g in self.guilds:
            if g["owner"] == self.seat:
                continue
            threat = self.counts[g["owner"]]
            breaks = g["size"] == 3
            v = 0.6 + (1.5 * threat if breaks else 0.3 * threat)
            best = max(best, v)
        return best

    def power(self, k: int) -> float:
        v = self._powers.get(k)
        if v is None:
            v = self._powers[k] = self._power(k)
        return v

    def _power(self, k: int) -> float:
        if k in (ASSASSIN, PROWLER):
            if not any(g["owner"] != self.seat for g in self.guilds):
                return 1.0  # draws a card instead
            return self.attack_value() + (0.8 if k == PROWLER else 0.0)
        if k == BEGGAR:
            most = max(self.sizes[s] for s in range(self.players) if s != self.seat)
            return 1.0 if most > 0 else 0.8
        if k == ARTISAN:
            top = self.view["discard_top"]
            return 0.2 + self.worth(_INDEX[top]) if top else 0.0
        if k == WITCH:
            best = 1.0
            for g in self.guilds:
                gk = _INDEX[g["kind"]]
                if gk not in (JESTER, WITCH):
                    best = max(best, self.power(gk))
            return best
        if k == STAR:
            return 1.0 - 0.15 * (self.players - 1)
        return BASE_POWER[k]


def choose(state: MedievallonsState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, A.Play | A.Lay | A.Use | A.Reinforce):
        lays = [a for a in legal if type(a) is A.Lay]
        if len(lays) == 1:
            return lays[0]
        return _turn(_Table(state.bot_view(seat), seat), legal, lays)
    t = _Table(state.bot_view(seat), seat)
    # the best score, the last of equals
    best, best_score = first, _SCORE.get(type(first), _nothing)(t, first)
    for a in legal[1:]:
        score = _SCORE.get(type(a), _nothing)(t, a)
        if score >= best_score:
            best, best_score = a, score
    return best


def _turn(t: _Table, legal: list[Action], lays: list[A.Lay]) -> Action:
    if lays:
        # the fewest Jesters, then the fewest cards, then the best power
        return min(lays, key=lambda a: (a.jesters, a.count + a.jesters, -t.power(a.kind)))
    best: Action = legal[0]
    best_score = -1e9
    for a in legal:
        if type(a) is A.Play:
            score = t.power(a.kind) - t.keep_cost(a.kind)
        elif type(a) is A.Use:
            score = t.power(a.gkind) + 0.5
        elif type(a) is A.Reinforce:
            g = t.guild(a.guild)
            added = a.count + a.jesters
            kind = a.kind if a.gkind == JESTER else a.gkind
            protect = 1.2 if g["size"] == 3 else 0.2
            score = t.power(kind) + protect - 0.9 * added - 1.5 * a.jesters
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
    if a.kind == JESTER:
        return 2.0 + 0.1 * t.sizes[a.target]
    seen = t.view["seen"].get(str(a.target))
    known = 1.5 if seen and KINDS[a.kind] in seen["hand"] else 0.0
    return t.worth(a.kind) + known + 0.1 * t.sizes[a.target]


def _target(t: _Table, a: A.TradeWith | A.LookAt | A.BegFrom) -> float:
    return t.sizes[a.target] + 0.5 * t.counts[a.target]


def _copy(t: _Table, a: A.Copy) -> float:
    return t.power(a.gkind)


def _attack(t: _Table, a: A.Assassinate | A.Steal) -> float:
    g = t.guild(a.guild)
    owner = g["owner"]
    v = 2.0 * t.counts[owner] + (3.0 if g["size"] == 3 else 0.0) - 0.1 * float(g["size"])
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

