"""Medievallons: the position and the contract. Section numbers (§) and rulings (R) refer to the rules
document (rules.md in this package).

A position is a few int lists. A card is its kind's index (components.KINDS); a hand is a count vector
of 13 ints; the draw and discard piles are lists of kinds (top = last). A guild is
``[id, owner, kind, count, jesters, laid_turn]`` (guilds.py). A power that hands a decision to a seat
leaves one ``pending`` frame (a small dict, never mutated in place); ``to_move`` is whoever owes that
decision. The rules are in the modules named after the rulebook's sections: ``setup`` (§2), ``course``
(§3, the draw pile and the End of Game card), ``turn`` (§4 the possible actions), ``guilds``, ``powers``
(§6, §7) with ``decisions`` (the choices powers hand out), and ``end`` (§5).

Log entries are built only when the log is kept (``State._log_on``; search playouts mute it). Nothing
else depends on the log (the search's fast-path self-test and
tests/games/medievallons/test_contract.py::test_play_without_the_log_is_the_same check it)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from itertools import compress
from typing import TYPE_CHECKING, Annotated, Any

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State
from medieval.games.medievallons import course, decisions, end, turn
from medieval.games.medievallons.components import COPIES, END_CARD, JESTER, KINDS, N_KINDS
from medieval.games.medievallons.end import RoundOver
from medieval.games.medievallons.guilds import G_COUNT, G_JESTERS, G_KIND
from medieval.games.medievallons.view import BotView, MedievallonsView, bot_view, view

if TYPE_CHECKING:
    from medieval.games.medievallons.game import MedievallonsGame

_RANGE = range(N_KINDS)
_HELD = COPIES + 1  # how many cards of one kind a hand may hold, plus one
_REPEATS = tuple(tuple((k,) * c for c in range(_HELD)) for k in _RANGE)  # [kind][count]: kind, count times


class MedievallonsState(State):
    game: MedievallonsGame
    round: Annotated[int, 0]  # round number (1-3 in a 2-player match, else 1)
    round_wins: Annotated[list[int], 1]
    rounds: Annotated[list[dict[str, Any]], 0]  # finished rounds {round, termination, winners}: replaced
    turn: Annotated[int, 0]  # turn counter (never reset): a guild may be used when laid on an earlier turn
    current: Annotated[int, 0]  # seat whose turn it is
    first: Annotated[int, 0]  # the round's first player
    hands: Annotated[list[list[int]], 2]  # per seat: count per kind
    draw: Annotated[list[int], 1]  # top = last
    discard: Annotated[list[int], 1]  # top = last, face up
    end_side: Annotated[str, 0]  # side of the End of Game card showing: "red" or "yellow"
    runs_out: Annotated[int, 0]  # times the draw pile ran out this round
    guilds: Annotated[list[list[int]], 2]  # [id, owner, kind, count, jesters, laid_turn]
    next_guild: Annotated[int, 0]
    pending: Annotated[dict[str, Any] | None, 0]  # the decision a power handed out: replaced, never mutated
    played: Annotated[int, 0]  # the card being played (revealed, not yet discarded), -1 when none
    offers: Annotated[list[list[int]], 2]  # Merchant: the two cards each seat has chosen to hand over
    wizard: Annotated[list[int], 1]  # Wizard: the three cards drawn, before one is kept
    seen: Annotated[list[dict[str, Any]], 1]  # per seat: str(target) -> {"turn", "hand"}; dicts replaced
    result: Annotated[dict[str, Any] | None, 0]  # the outcome, once over: set once

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        p = self.pending
        if p is None:
            return (self.current,)
        if p["k"] == "exchange":  # §7.7 / R18 whoever of the two has not made an offer yet
            a, b = p["a"], p["b"]
            offers = self.offers
            if offers[a]:
                return () if offers[b] else (b,)
            return (a,) if offers[b] else (a, b)
        return (p["s"],)

    @property
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome.from_json(r)

    def _legal_actions(self, seat: int) -> list[Action]:
        p = self.pending
        if p is None:
            return turn.legal(self, seat)
        return decisions.legal(self, seat, p)

    def _apply(self, seat: int, action: Action) -> None:
        try:
            p = self.pending
            if p is None:
                turn.act(self, seat, action)
            else:
                decisions.decide(self, seat, action, p)
            if self.pending is None:
                course.end_turn(self)
        except RoundOver as e:
            end.close_round(self, e.termination, e.winners)

    def view(self, seat: int | None) -> MedievallonsView:
        self._check_view_seat(seat)
        return view(self, seat)


    def bot_view(self, seat: int) -> BotView:
        """The part of ``view(seat)`` the heuristic reads (``view.bot_view``), several times cheaper to build."""
        self._check_view_seat(seat)
        return bot_view(self, seat)
    def alternative_key(self, seat: int) -> tuple[int, ...]:
        """§5.3 / R6 the alternative ranking of ``seat`` (``end.alternative_key``)."""
        return end.alternative_key(self, seat)

    # ------------------------------------------------------------------ search support
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: other hands, their secret Merchant offers, another seat's
        Wizard cards and the draw pile. Kept: a hand the seat is looking at with a Priest, and one card
        of the demanded kind in the hand of a seat that owes a Knight (that much is public)."""
        n = self.players
        p = self.pending
        fixed = -1
        reserve_seat, reserve = -1, -1
        if p is not None:
            if p["k"] == "priest_take" and p["s"] == seat:
                fixed = p["t"]
            elif p["k"] == "knight_give" and p["s"] != seat:
                reserve_seat = p["s"]
                c = p["c"]
                reserve = c if self.hands[reserve_seat][c] else JESTER
        pool: list[int] = []
        sizes: list[int] = []
        others = [o for o in range(n) if o != seat and o != fixed]
        for o in others:
            hand = self.hands[o]
            if o == reserve_seat:
                hand[reserve] -= 1
            sizes.append(sum(hand))
            for c in compress(_RANGE, hand):
                pool += _REPEATS[c][hand[c]]
            pool += self.offers[o]
        wiz = bool(self.wizard) and p is not None and p["s"] != seat
        if wiz:
            pool += self.wizard
        pool += self.draw
        rng.shuffle(pool)
        i = 0
        for o, size in zip(others, sizes, strict=True):
            hand = [0] * N_KINDS
            for c in pool[i:i + size]:
                hand[c] += 1
            i += size
            if o == reserve_seat:
                hand[reserve] += 1
            self.hands[o] = hand
            if self.offers[o]:
                self.offers[o] = sorted(pool[i:i + 2])
                i += 2
        if wiz:
            self.wizard = pool[i:i + 3]
            i += 3
        self.draw = pool[i:]

    def components(self) -> Counter[Hashable]:
        counts = [0] * N_KINDS
        for h in self.hands:
            for c in _RANGE:
                counts[c] += h[c]
        for zone in (self.draw, self.discard, self.wizard, *self.offers):
            for c in zone:
                counts[c] += 1
        for g in self.guilds:
            counts[g[G_KIND]] += g[G_COUNT]
            counts[JESTER] += g[G_JESTERS]
        if self.played >= 0:
            counts[self.played] += 1
        out: Counter[Hashable] = Counter({KINDS[c]: counts[c] for c in _RANGE})
        out[END_CARD] = 1
        return out
