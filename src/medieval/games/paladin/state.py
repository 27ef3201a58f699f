"""Paladin: the position and the contract. Section numbers (§) refer to the rules document (rules.md).

A position is a few int lists: cards and quests are ids (see components.py). Knowledge is one bitmask
per seat over card ids: bit c set means that seat knows card c's face (§9). The rules themselves are in
the modules named after the rulebook's sections: ``setup`` (dealing), ``placing``, ``resolving`` and
``scoring`` (scoring, new rounds, the end)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State
from medieval.games.paladin import actions as A
from medieval.games.paladin import placing, resolving, scoring
from medieval.games.paladin.components import QUESTS
from medieval.games.paladin.view import PaladinView, view

if TYPE_CHECKING:
    from medieval.games.paladin.game import PaladinGame

Phase = Literal["first", "place", "resolve", "over"]
FIRST: Phase = "first"
PLACE: Phase = "place"
RESOLVE: Phase = "resolve"
OVER: Phase = "over"


class PaladinState(State):
    game: PaladinGame
    round: Annotated[int, 0]  # 0-based
    phase: Annotated[Phase, 0]
    dealer: Annotated[int, 0]
    first: Annotated[int, 0]  # first player of this round, -1 until chosen
    prev_first: Annotated[int, 0]  # first player of the previous round (-1 in round 1)
    turn: Annotated[int, 0]  # seat placing now
    placed: Annotated[int, 0]  # placements made this round
    looked: Annotated[bool, 0]  # the placer has made its look decision this turn
    hands: Annotated[list[list[int]], 2]
    deck: Annotated[list[int], 1]  # Paladin stock, top first
    quest_deck: Annotated[list[int], 1]  # top first
    row: Annotated[list[int], 1]  # quest ids in play, left to right
    table: Annotated[list[list[int]], 2]  # per row slot: face-down cards as [seat, card, seat, card, ...]
    res_q: Annotated[int, 0]  # row slot being resolved
    hero: Annotated[list[int], 1]  # [seat, card] of the revealed hero of the quest being resolved, or []
    won: Annotated[list[list[int]], 2]  # per seat: [quest, card, quest, card, ...]
    known: Annotated[list[int], 1]  # per seat: bitmask of card ids whose face the seat knows

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLACE:
            return A.ALONE[self.turn]
        if phase == RESOLVE:
            return A.ALONE[self.table[self.res_q][0]]
        if phase == FIRST:
            return A.ALONE[self.dealer]
        return ()

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return scoring.outcome(self)

    _LEGAL_ASKS_SEAT = True

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase  # (each case answers [] to a seat not to move: ``State._LEGAL_ASKS_SEAT``)
        if phase == PLACE:
            return placing.legal(self, seat) if seat == self.turn else []
        if phase == RESOLVE:
            return [A.CHALLENGE, A.TAKE_BACK, A.DISCARD] if seat == self.table[self.res_q][0] else []
        if phase == FIRST:
            return list(A.CHOOSE_FIRST[: self.players]) if seat == self.dealer else []
        return []

    def _apply(self, seat: int, action: Action) -> None:
        _RULE_OF[type(action)](self, seat, action)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def view(self, seat: int | None) -> PaladinView:
        self._check_view_seat(seat)
        return view(self, seat)

    def beats(self, challenger: int, hero: int) -> bool:
        """§6.2 Does ``challenger`` beat ``hero`` (card ids)?"""
        return resolving.beats(self, challenger, hero)

    def scores(self) -> list[int]:
        """§7.1 one point per sword on won quests, one per won red Paladin."""
        return scoring.scores(self)

    # ------------------------------------------------------------------ search support
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal every card whose face ``seat`` does not know among the places such cards are:
        other hands, face-down cards on the table, the stock; re-shuffle the quest deck's order. What
        others knew follows the card's place (they looked at *that* card, whatever it now is)."""
        kn = self.known[seat]
        slots: list[tuple[list[int], int]] = []
        for s in range(self.players):
            if s != seat:
                hand = self.hands[s]
                slots += [(hand, i) for i, c in enumerate(hand) if not kn >> c & 1]
        for cards in self.table:
            slots += [(cards, j) for j in range(1, len(cards), 2) if not kn >> cards[j] & 1]
        slots += [(self.deck, i) for i, c in enumerate(self.deck) if not kn >> c & 1]
        old = [lst[i] for lst, i in slots]
        new = old[:]
        rng.shuffle(new)
        for (lst, i), card in zip(slots, new, strict=True):
            lst[i] = card
        # The quest deck lies face down: its order is unknown to everyone, but the backs show where the
        # Queens end and the Kings begin (§2.2), so each part is shuffled on its own.
        queens = [q for q in self.quest_deck if QUESTS[q].back == "queen"]
        kings = [q for q in self.quest_deck if QUESTS[q].back == "king"]
        rng.shuffle(queens)
        rng.shuffle(kings)
        self.quest_deck = queens + kings
        moved = 0
        for c in old:
            moved |= 1 << c
        for s in range(self.players):
            if s == seat:
                continue
            k = self.known[s]
            remapped = k & ~moved
            for a, b in zip(old, new, strict=True):
                if k >> a & 1:
                    remapped |= 1 << b
            self.known[s] = remapped

    def components(self) -> Counter[Hashable]:
        c: Counter[Hashable] = Counter()
        for h in self.hands:
            c.update(("paladin", x) for x in h)
        c.update(("paladin", x) for x in self.deck)
        for t in self.table:
            c.update(("paladin", x) for x in t[1::2])
        if self.hero:
            c[("paladin", self.hero[1])] += 1
        for w in self.won:
            c.update(("paladin", x) for x in w[1::2])
            c.update(("quest", x) for x in w[0::2])
        c.update(("quest", x) for x in self.quest_deck)
        won_quests = {q for w in self.won for q in w[0::2]}
        c.update(("quest", x) for x in self.row if x not in won_quests)
        return c


def _no_look(s: PaladinState, seat: int, action: A.NoLook) -> None:
    """§5.1 the placer looks at nothing this turn."""
    s.looked = True
    if s._log_on:
        s._emit("nolook", {"seat": seat})


def _choose_first(s: PaladinState, seat: int, action: A.ChooseFirst) -> None:
    """§3.3 the dealer names the round's first player, possibly themselves."""
    s.first = s.turn = action.seat
    s.phase = PLACE
    if s._log_on:
        s._emit("first_player", {"dealer": seat, "seat": action.seat})


#: The rule that carries out each type of action (``_apply`` dispatches on the action's type).
_RULE_OF: dict[type, Callable[[PaladinState, int, Any], None]] = {
    A.Place: placing.place, A.Look: placing.look, A.NoLook: _no_look, A.ChooseFirst: _choose_first,
    A.Challenge: resolving.resolve, A.TakeBack: resolving.resolve, A.Discard: resolving.resolve,
}
