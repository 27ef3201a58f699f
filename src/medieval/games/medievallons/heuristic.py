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
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.components import (
    ARTISAN,
    ASSASSIN,
    BEGGAR,
    JESTER,
    KIND_OF,
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


class _Table:
    """What the seat knows, digested from its view."""

    def __init__(self, view: BotView, seat: int) -> None:
        self.seat = seat
        self.view = view
        self.players = view["players"]
        self.hand = view["hand"]  # count of each kind
        self.guilds: list[BotGuild] = view["guilds"]
        self.counts: list[int] = view["guild_counts"]
        self.sizes: list[int] = view["hand_counts"]
        self.my_kinds = {KIND_OF[g["kind"].lower()] for g in self.guilds if g["owner"] == seat}

    def worth(self, k: int, hand: list[int] | None = None) -> float:
        """How much holding one more card of kind ``k`` is worth (with ``hand`` as it is now)."""
        h = self.hand if hand is None else hand
        if k == JESTER:
            return 3.0
        c = h[k] + 1
        if k in self.my_kinds:
            return 1.2
        if c >= 3:
            return 2.5
        if c + h[JESTER] >= 3:
            return 2.2
        return 1.6 if c == 2 else 0.5

    def keep_cost(self, k: int) -> float:
        """What spending one card of kind ``k`` from hand costs."""
        h = self.hand[:]
        h[k] -= 1
        return self.worth(k, h)

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
        if k in (ASSASSIN, PROWLER):
            if not any(g["owner"] != self.seat for g in self.guilds):
                return 1.0  # draws a card instead
            return self.attack_value() + (0.8 if k == PROWLER else 0.0)
        if k == BEGGAR:
            most = max(self.sizes[s] for s in range(self.players) if s != self.seat)
            return 1.0 if most > 0 else 0.8
        if k == ARTISAN:
            top = self.view["discard_top"]
            return 0.2 + self.worth(KIND_OF[top.lower()]) if top else 0.0
        if k == WITCH:
            best = 1.0
            for g in self.guilds:
                gk = KIND_OF[g["kind"].lower()]
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
    t = _Table(state.bot_view(seat), seat)
    first = legal[0]
    if isinstance(first, A.Play | A.Lay | A.Use | A.Reinforce):
        return _turn(t, legal)
    scored = [(_score(t, a), i, a) for i, a in enumerate(legal)]
    return max(scored)[2]


def _turn(t: _Table, legal: list[Action]) -> Action:
    lays = [a for a in legal if isinstance(a, A.Lay)]
    if lays:
        # the fewest Jesters, then the fewest cards, then the best power
        return min(lays, key=lambda a: (a.jesters, a.count + a.jesters, -t.power(a.kind)))
    best: Action = legal[0]
    best_score = -1e9
    for a in legal:
        if isinstance(a, A.Use):
            score = t.power(a.gkind) + 0.5
        elif isinstance(a, A.Play):
            score = t.power(a.kind) - t.keep_cost(a.kind)
        elif isinstance(a, A.Reinforce):
            g = next(g for g in t.guilds if g["id"] == a.guild)
            added = a.count + a.jesters
            kind = a.kind if a.gkind == JESTER else a.gkind
            protect = 1.2 if g["size"] == 3 else 0.2
            score = t.power(kind) + protect - 0.9 * added - 1.5 * a.jesters
        else:
            score = -5.0
        if score > best_score:
            best, best_score = a, score
    return best


def _score(t: _Table, a: Action) -> float:
    if isinstance(a, A.Give):  # hand over the least useful card
        return -t.keep_cost(a.kind)
    if isinstance(a, A.Offer):
        return -t.keep_cost(a.first) - t.keep_cost(a.second)
    if isinstance(a, A.Keep | A.Take):
        return t.worth(a.kind)
    if isinstance(a, A.Ask):
        if a.kind == JESTER:
            return 2.0 + 0.1 * t.sizes[a.target]
        seen = t.view["seen"].get(str(a.target))
        known = 1.5 if seen and KINDS[a.kind] in seen["hand"] else 0.0
        return t.worth(a.kind) + known + 0.1 * t.sizes[a.target]
    if isinstance(a, A.TradeWith | A.LookAt | A.BegFrom):
        return t.sizes[a.target] + 0.5 * t.counts[a.target]
    if isinstance(a, A.Copy):
        return t.power(a.gkind)
    if isinstance(a, A.Assassinate | A.Steal):
        g = next(g for g in t.guilds if g["id"] == a.guild)
        owner = g["owner"]
        v = 2.0 * t.counts[owner] + (3.0 if g["size"] == 3 else 0.0) - 0.1 * float(g["size"])
        if isinstance(a, A.Steal):
            v += t.worth(a.card)
        elif a.card == JESTER:
            v += 0.5
        return v
    return 0.0
