"""Medievalia (2007): the position and the contract. Section numbers (§) refer to the rules document
(rules.md).

A position is a handful of int lists indexed by card id (see components.py): who owns a card on the
table, in which Fief it is, which territory/City it is attached to, whether it is rotated (used), and
the marks it collects this turn. Decks, building stacks, hands, the discard pile and the cards removed
from the game are lists of ids; a battle in progress is one JSON-native dict. The rules are in the
modules named after the rulebook's sections: ``setup`` (§2), ``turn`` (§3, §8), ``playing`` and
``paying`` (§4, §9), ``movement`` (§5, §7), ``war`` and ``damage`` (§6-7), ``end`` (§10), ``upkeep``
(§12) and ``allied`` (§13), over the shared queries of ``fief``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Annotated, Any

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007 import allied, damage, movement, paying, playing, setup, turn, upkeep, war
from medieval.games.medievalia2007.components import DECK
from medieval.games.medievalia2007.fief import (
    ACTIONS,
    BATTLE,
    DRAW,
    MOVE,
    PAY,
    PLAY,
    SETUP,
    SUPPLY,
    WAR,
    Phase,
)
from medieval.games.medievalia2007.view import Medievalia2007View, view

if TYPE_CHECKING:
    from medieval.games.medievalia2007.game import Medievalia2007Game


class Medievalia2007State(State):
    game: Medievalia2007Game
    phase: Annotated[Phase, 0]
    active: Annotated[int, 0]  # whose turn it is
    turn: Annotated[int, 0]  # turns started so far
    picker: Annotated[int, 0]  # setup: the seat taking its starting cards
    picks: Annotated[int, 0]  # setup: cards the picker has taken
    decks: Annotated[list[list[int]], 2]  # territory, military, character; top first, the last card is face up
    stacks: Annotated[list[list[int]], 2]  # the three building stacks, top (face up) first
    hands: Annotated[list[list[int]], 2]
    discard: Annotated[list[int], 1]
    removed: Annotated[list[int], 1]  # cards of defeated players, out of the game
    # The four per-card lists are shared by clones until one of them writes to one (through ``own_owner()``
    # and the rest, generated: core/position.py): they are the bulk of a clone (four lists of 110), and a
    # clone searched changes few of them.
    owner: Annotated[list[int], "shared"]  # per card: seat owning it on the table, -1 off the table
    loc: Annotated[list[int], "shared"]  # per card on the table: its Fief (0..n-1 players' Fiefs, n.. intermediate)
    host: Annotated[list[int], "shared"]  # per card: the territory/City it is attached to, -1 none
    rot: Annotated[list[int], "shared"]  # per card: 1 if rotated (used)
    own_owner: Callable[[], list[int]]
    own_loc: Callable[[], list[int]]
    own_host: Callable[[], list[int]]
    own_rot: Callable[[], list[int]]
    #: per card (key: card id as text), what happened to it this turn, cleared at the end of each turn:
    #: [damage, external moves, moved inside its Fief, fought as attacker, Artists on its next production]
    marks: Annotated[dict[str, list[int]], 2]
    tables: Annotated[list[list[int]], 2]  # per seat: ids of its cards on the table, sorted
    pool: Annotated[list[list[int]], 2]  # per seat: resources produced, not yet spent [food, energy, gold, work]
    wild: Annotated[list[int], 1]  # per seat: Bureaucrat reduction available for the next building
    alive: Annotated[list[bool], 1]
    siege: Annotated[list[int], 1]  # per seat: consecutive turns begun under siege
    called: Annotated[int, 0]  # allied game, the ally this turn: NOT_ASKED, FEE_PAID or REFUSED (fief.py)
    #: the purchase being paid: [PLAY, face, card] [BUILD, face, host] [REMOVE, card] or [CARD, deck]
    buying: Annotated[list[int] | None, 1]
    abandoned: Annotated[list[list[int]], 2]  # purchases given up this turn (not offered again this turn)
    excess: Annotated[list[int], 1]  # per seat: troops it must disband (upkeep)
    battle: Annotated[dict[str, Any] | None, "json"]
    result: Annotated[dict[str, Any] | None, "json"]
    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        ex = self.excess
        if any(ex):  # §12.3 a disband is owed at once, on anyone's turn
            if ex[self.active]:
                return (self.active,)
            for seat, e in enumerate(ex):
                if e:
                    return (seat,)
        ph = self.phase
        if ph == SETUP:
            return (self.picker,)
        if ph == SUPPLY:
            return (self.game.ally[self.active],)
        if ph == BATTLE:
            return (war.battle_seat(self),)
        return (self.active,)

    @property
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome.from_json(r)

    def _legal_actions(self, seat: int) -> list[Action]:
        out = self._decision_actions(seat)
        if out and self.game.exchanges_any and self.phase not in (PAY, SUPPLY, SETUP):
            out = [*out, *paying.sales(self, seat)]  # ruling R38's option: a sale at any decision
        return out

    def _decision_actions(self, seat: int) -> list[Action]:
        if self.excess[seat]:
            return upkeep.disband_options(self, seat)
        ph = self.phase
        if ph == ACTIONS:
            return playing.action_options(self, seat)
        if ph == PAY:
            return paying.pay_options(self, seat)
        if ph == DRAW:
            return [A.DRAW[d] for d in range(3) if self.decks[d]]
        if ph == BATTLE:
            return war.battle_options(self, seat)
        if ph == MOVE:
            return [*movement.march_options(self, seat), A.END_MOVES]
        if ph == WAR:
            return [*war.war_options(self, seat), A.END_TURN]
        if ph == SETUP:
            return [A.TAKE[d] for d in range(3) if self.decks[d]]
        if ph == SUPPLY:
            return allied.supply_options(self, seat)
        return []

    def _apply(self, seat: int, action: Action) -> None:
        handler = HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - legal_actions only lists known actions
            raise AssertionError(f"no handler for {action!r}")
        handler(self, seat, action)
        turn.auto(self)

    def view(self, seat: int | None) -> Medievalia2007View:
        self._check_view_seat(seat)
        return view(self, seat)

    # ------------------------------------------------------------------ search support
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: for each deck, its face-down cards together with the other
        players' hand cards that came from it (which deck a hand card came from is public); and the
        face-down building cards of the three stacks."""
        n = self.players
        for d in range(3):
            deck = self.decks[d]
            slots: list[tuple[list[int], int]] = [(deck, i) for i in range(len(deck) - 1)]
            for x in range(n):
                if x != seat:
                    hand = self.hands[x]
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
        for st in self.stacks:
            c.update(st)
        for h in self.hands:
            c.update(h)
        c.update(self.discard)
        c.update(self.removed)
        for t in self.tables:
            c.update(t)
        if self.buying is not None and self.buying[0] == PLAY:
            c[self.buying[2]] += 1
        return c


#: The rules carrying out each kind of action (the state then skips phases with nothing to decide).
HANDLERS: dict[type[Action], Callable[[Medievalia2007State, int, Any], None]] = {
    A.Take: setup.take,
    A.Draw: turn.draw,
    A.Produce: paying.produce,
    A.Trade: paying.trade,
    A.Sell: paying.sell,
    A.Convert: paying.convert,
    A.Inspire: paying.inspire,
    A.Reduce: paying.reduce,
    A.Play: playing.play,
    A.Build: playing.build,
    A.Remove: playing.remove,
    A.BuyCard: playing.buy_card,
    A.Move: playing.move,
    A.Dismiss: upkeep.dismiss,
    A.CallAlly: allied.call_ally,
    A.Send: allied.send,
    A.Refuse: allied.refuse,
    A.Abandon: paying.abandon,
    A.End: turn.end,
    A.March: movement.march,
    A.Attack: war.attack,
    A.Shoot: war.shoot,
    A.Enlist: war.enlist,
    A.NewArmy: war.new_army,
    A.Charge: war.charge,
    A.Engage: war.engage,
    A.Hold: war.hold,
    A.Aim: war.aim,
    A.Stand: war.aim,
    A.Bolster: damage.bolster,
    A.First: damage.first,
    A.Heal: damage.heal,
    A.Pass: damage.pass_,
    A.Disband: upkeep.disband,
}
