"""Medievalia: the position and the contract. Section numbers (§) refer to the rules document (rules.md).

A position is a few int lists: every zone (hand, creature stack, table, discard) is 17 counts indexed
by face (see components.py); the Summon Creature deck is a list of faces whose *end* is its top. The
Tower cards in play are codes (``"CM04"``, ``"IM02"``) whose rule objects live on the game (tower.py).
The rules themselves are in the modules named after the rulebook's sections: ``preparation`` (Game
Preparation, and the preparation of each new round), ``playing`` (Game Round and Special Cards),
``scoring`` (End of the Round, Scoring, New Round, End of the Game) and ``tower`` (the Tower's Cards)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Annotated, Any

from medieval.core.outcome import Outcome
from medieval.core.state import Action, State
from medieval.games.medievalia import actions as A
from medieval.games.medievalia import playing
from medieval.games.medievalia.components import FACE_NAMES, FACES, counts_of, faces_of
from medieval.games.medievalia.preparation import tower_aside
from medieval.games.medievalia.tower import FieldCard, InstructorCard
from medieval.games.medievalia.view import BotView, MedievaliaView, Phase, bot_view, view

if TYPE_CHECKING:
    from medieval.games.medievalia.game import MedievaliaGame


class MedievaliaState(State):
    game: MedievaliaGame
    round: Annotated[int, 0]  # 1-based
    first_player: Annotated[int, 0]  # this round's first player
    start_dir: Annotated[int, 0]  # this round's starting direction (+1 clockwise)
    direction: Annotated[int, 0]  # current direction of play
    turn: Annotated[int, 0]  # seat to move
    over: Annotated[bool, 0]
    hands: Annotated[list[list[int]], 2]  # per seat: 17 counts
    deck: Annotated[list[int], 1]  # faces; the end is the top
    stacks: Annotated[list[list[int]], 2]  # per seat: creature stack, 17 counts (faces are public, Ruling R15)
    table: Annotated[list[int], 1]  # 17 counts: every open card
    discard: Annotated[list[int], 1]  # 17 counts: played Skips when skip_cards="discard"
    aside: Annotated[list[int], 1]  # 17 counts: cards a scenario leaves out of its round, face down (else empty)
    #: the table's plays, oldest first: [seat, cards, total, effect, next seat]; entries are never mutated
    plays: Annotated[list[list[Any]], 1]
    total: Annotated[int, 0]  # the total on the table (0: none yet; the next play leads)
    need: Annotated[int, 0]  # the total the next play must reach (before a seat's margin)
    field: Annotated[str | None, 0]
    instructor: Annotated[str | None, 0]
    field_deck: Annotated[list[str], 1]
    field_used: Annotated[list[str], 1]
    instructor_deck: Annotated[list[str], 1]
    instructor_used: Annotated[list[str], 1]
    hand_limits: Annotated[list[int], 1]
    margins: Annotated[list[int], 1]
    totals: Annotated[list[int], 1]
    round_scores: Annotated[list[list[int]], 1]  # entries are never mutated
    #: the last round's scoring (§6), its round_end entry; None in round 1; never mutated (clones share it)
    last_round: Annotated[dict[str, Any] | None, 0]
    result: Annotated[dict[str, Any] | None, 0]

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    @property
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome.from_json(r)

    @property
    def field_card(self) -> FieldCard:
        return self.game.fields[self.field]

    @property
    def instructor_card(self) -> InstructorCard:
        return self.game.instructors[self.instructor]

    def threshold(self, seat: int) -> int:
        """§4.3 the smallest total ``seat`` may play now (1 when leading)."""
        if self.total <= 0:
            return 1
        return self.need + self.margins[seat]

    def _legal_actions(self, seat: int) -> list[Action]:
        return playing.legal(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, A.Play):
            playing.play(self, seat, action)
        else:  # the only other action: take
            playing.take(self, seat)

    def current_phase(self) -> Phase:
        """``lead`` (nothing to beat or take), ``respond`` or ``over``."""
        if self.over:
            return "over"
        return "respond" if self.total > 0 or any(self.table) else "lead"

    def view(self, seat: int | None) -> MedievaliaView:
        self._check_view_seat(seat)
        return view(self, seat)

    def bot_view(self, seat: int) -> BotView:
        """The part of ``view(seat)`` the heuristic reads (``view.bot_view``), several times cheaper to build."""
        self._check_view_seat(seat)
        return bot_view(self, seat)

    # ------------------------------------------------------------------ search support
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal the cards ``seat`` cannot see (the other hands, the deck, cards set aside) among
        those places, keeping every size. Stacks, the table and the Tower are public."""
        others = [s for s in range(self.players) if s != seat]
        unseen: list[int] = self.deck + faces_of(self.aside)
        for s in others:
            unseen += faces_of(self.hands[s])
        rng.shuffle(unseen)
        i = 0
        for s in others:
            k = sum(self.hands[s])
            self.hands[s] = counts_of(unseen[i:i + k])
            i += k
        k = sum(self.aside)
        self.aside = counts_of(unseen[i:i + k])
        self.deck = unseen[i + k:]

    def components(self) -> Counter[Hashable]:
        pool = [sum(col) for col in zip(*self.hands, *self.stacks, self.table, self.discard, self.aside,
                                        strict=True)]
        for f in self.deck:
            pool[f] += 1
        c: Counter[Hashable] = Counter({("card", FACE_NAMES[f]): pool[f] for f in FACES if pool[f]})
        for code in (*self.field_deck, *self.field_used, *self.instructor_deck, *self.instructor_used,
                     *tower_aside(self)):
            c[("tower", code)] += 1
        for in_play in (self.field, self.instructor):
            if in_play is not None:
                c[("tower", in_play)] += 1
        return c
