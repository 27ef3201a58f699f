"""Medievalia (card-climbing): the rules. Section numbers (§) refer to docs/rules/medievalia.md.

A position is a few int lists: every zone (hand, creature stack, table, discard) is 17 counts indexed
by face (see components.py); the Summon Creature deck is a list of faces whose *end* is its top. The Tower
cards in play are codes (``"CM04"``, ``"IM02"``) whose rule objects live on the game (tower.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping
from operator import add
from typing import Any, Self

from medieval.core.errors import InvalidOptionError
from medieval.core.outcome import Outcome
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec
from medieval.core.state import Action, Game, State
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import (
    DECK_NAMES,
    FACE_NAMES,
    FACES,
    HAND_LIMIT,
    NFACES,
    ROUNDS,
    W,
    counts_of,
    faces_of,
    names_of,
    parse_deck,
    parse_face,
)
from medieval.games.medievalia.tower import (
    CHOOSE,
    DOCUMENTED_FIELD,
    DOCUMENTED_INSTRUCTOR,
    FIELD_CLASSES,
    FIELD_CODES,
    INSTRUCTOR_CLASSES,
    INSTRUCTOR_CODES,
    REVERSE,
    FieldCard,
    InstructorCard,
    RoundEnd,
    score_round,
)

CLOCKWISE, COUNTERCLOCKWISE = 1, -1
DIRECTION_NAMES = {CLOCKWISE: "clockwise", COUNTERCLOCKWISE: "counterclockwise"}
TOWER_POOLS = ("all", "documented", "none")

SPEC = GameSpec(
    package="medieval.games.medievalia",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        rounds="evaluation:round_number",
        search="data/search.json",
        render="render",
        encoding="encoding:ENCODING",
        rules="rules.md",
    ),
    name="medievalia",
    display_name="Medievalia",
    min_players=2,
    max_players=6,
    default_players=4,
    summary="Card climbing: play one or more creatures of one value to beat the table's total, or take "
            "every open card into your creature stack at -1 a card. Magic Field and Magic Instructor "
            "cards change the rules and the scoring.",
    options=(
        OptionSpec("tower", "all",
                   "Which Tower cards are shuffled into the Magic Field and Magic Instructor decks: all "
                   "ten of each, only the cards whose rule the rulebook gives (CM01-CM04, CM10, "
                   "IM01-IM04), or none (the base rules).", choices=TOWER_POOLS),
        OptionSpec("field", "draw",
                   "The Magic Field card: drawn from the Tower deck, none, or one card (CM01-CM10) in "
                   "play all game.", choices=("draw", "none", *FIELD_CODES)),
        OptionSpec("instructor", "draw",
                   "The Magic Instructor card: drawn each round, none, or one card (IM01-IM10) in play "
                   "all game.", choices=("draw", "none", *INSTRUCTOR_CODES)),
        OptionSpec("field_draw", "round",
                   "When a new Magic Field card is drawn: at the start of every round (Game Preparation "
                   "and New Round) or once per game (the Tower's Cards section).",
                   choices=("round", "game")),
        OptionSpec("cm01", "fives",
                   "What sets off CM01: a play of exactly two 5s (the rulebook's example) or any play "
                   "of exactly two cards.", choices=("fives", "pair")),
        OptionSpec("skip_cards", "table",
                   "Where played Skip cards go: they stay open on the table and go to the taker, or "
                   "they are discarded until the next round.", choices=("table", "discard")),
        OptionSpec("deck", "standard",
                   "The Summon Creature deck (our design): 'standard', 'steep', or counts like "
                   "'1:6,2:6,...,13:2,W:3,S:1,R:1'."),
        OptionSpec("rounds", 0, "Rounds to play; 0 follows the rulebook (2:4, 3:6, 4:4, 5:5, 6:6).",
                   minimum=0, maximum=20),
        OptionSpec("first_player", -1, "Seat of the first round's first player; -1 draws it at random.",
                   minimum=-1, maximum=5),
    ),
)


class PlayTable:
    """The plays one Magic Field card allows (§4.2, §5), kept by hand shape: ``_legal_actions`` joins
    these lists instead of building every play again. Each list is in the rules' order and is never
    changed once made."""

    def __init__(self, fc: FieldCard, players: int, gives: list[int] | None = None) -> None:
        self.fc = fc
        self.players = players
        self.number_faces = fc.number_faces
        self.wild = bool(fc.wild_values)
        self.top_wild = max(fc.wild_values, default=0)
        self.skip_faces = tuple(fc.skip_effect)
        #: §T.2 CM01: the seats a play that hands over the stack may name (empty: no such plays)
        self.gives = gives or []
        #: CM01 only: per seat, the table of the plays when that seat has a stack to hand over
        self.giving = [PlayTable(fc, players, [t for t in range(players) if t != s])
                       for s in range(players)] if gives is None and fc.code == "CM01" else []
        #: (wilds, need) -> per value, count -> the number plays of that many cards of that value
        self.numbers: dict[tuple[int, int], list[dict[int, list[Action]]]] = {}
        self.by_least: dict[tuple[int, int, int, int], list[Action]] = {}  # (value, count, wilds, fewest cards)
        self.wilds: dict[tuple[int, int], list[Action]] = {}  # (wilds, need)
        self.skips: dict[tuple[int, int, int], list[Action]] = {}  # (face, count, seat)

    def numbers_of(self, v: int, c: int, nw: int, thr: int) -> list[Action]:
        """§4.2 one or more of the ``c`` cards of value ``v``, Wildcards (``nw`` in hand) joining,
        reaching ``thr``; under CM01 a play that hands over the stack names each possible receiver."""
        least = max(1, -(-thr // v))  # the fewest cards of value v that reach thr
        plays = self.by_least.get((v, c, nw, least))
        if plays is None:
            fc, play, gives = self.fc, A.play, self.gives
            plays = []
            for k in range(1, c + 1):
                for j in range(nw + 1):
                    if k + j >= least:
                        if gives and fc.gives_stack(v, k + j):
                            plays += [play(v, k, j, v, t) for t in gives]
                        else:
                            plays.append(play(v, k, j))
            self.by_least[(v, c, nw, least)] = plays
        self.numbers_row(nw, thr)[v][c] = plays
        return plays

    def numbers_row(self, nw: int, thr: int) -> list[dict[int, list[Action]]]:
        row = self.numbers.get((nw, thr))
        if row is None:
            row = self.numbers[(nw, thr)] = [{} for _ in range(NFACES)]
        return row

    def wilds_of(self, nw: int, thr: int) -> list[Action]:
        """§4.2 Wildcards alone, all at one declared value, reaching ``thr``."""
        fc, play, gives = self.fc, A.play, self.gives
        plays: list[Action] = []
        for v in fc.wild_values:
            for j in range(1, nw + 1):
                if v * j >= thr:
                    if gives and fc.gives_stack(v, j):
                        plays += [play(W, 0, j, v, t) for t in gives]
                    else:
                        plays.append(play(W, 0, j, v))
        self.wilds[(nw, thr)] = plays
        return plays

    def skips_of(self, face: int, c: int, seat: int) -> list[Action]:
        """§5 one or more copies of one Skip face; CM10's 12s name the next player."""
        play = A.play
        if self.fc.skip_effect[face] == CHOOSE:
            plays: list[Action] = [play(face, k, 0, 0, -1, t) for k in range(1, c + 1)
                                   for t in range(self.players) if t != seat]
        else:
            plays = [play(face, k) for k in range(1, c + 1)]
        self.skips[(face, c, seat)] = plays
        return plays


class MedievaliaState(State):
    FIELDS = ("round", "first_player", "start_dir", "direction", "turn", "over", "hands", "deck",
              "stacks", "table", "discard", "aside", "plays", "total", "need", "field", "instructor",
              "field_deck", "field_used", "instructor_deck", "instructor_used", "hand_limits",
              "margins", "totals", "round_scores", "last_round", "result")

    game: MedievaliaGame
    round: int  # 1-based
    first_player: int  # this round's first player
    start_dir: int  # this round's starting direction (+1 clockwise)
    direction: int  # current direction of play
    turn: int  # seat to move
    over: bool
    hands: list[list[int]]  # per seat: 17 counts
    deck: list[int]  # faces; the end is the top
    stacks: list[list[int]]  # per seat: creature stack, 17 counts (faces are public, Ruling R15)
    table: list[int]  # 17 counts: every open card
    discard: list[int]  # 17 counts: played Skips when skip_cards="discard"
    aside: list[int]  # 17 counts: cards a scenario leaves out of its round, face down (else empty)
    plays: list[list[Any]]  # the table's plays, oldest first: [seat, cards, total, effect, next seat]
    total: int  # the total on the table (0: none yet; the next play leads)
    need: int  # the total the next play must reach (before a seat's margin)
    field: str | None
    instructor: str | None
    field_deck: list[str]
    field_used: list[str]
    instructor_deck: list[str]
    instructor_used: list[str]
    hand_limits: list[int]
    margins: list[int]
    totals: list[int]
    round_scores: list[list[int]]
    last_round: dict[str, Any] | None  # the last round's scoring (§6), its round_end entry; None in round 1
    result: dict[str, Any] | None

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
        """§4.2 number plays, then Wildcards alone, §5 Skip plays, §4.5 take. The plays of each hand
        shape come pre-built from the Magic Field card's ``PlayTable``."""
        pt = self.game.play_tables[self.field]
        hand = self.hands[seat]
        thr = self.need + self.margins[seat] if self.total > 0 else 1
        nw = hand[W] if pt.wild else 0
        if pt.giving and any(self.stacks[seat]):  # §T.2 CM01: name who receives the stack
            pt = pt.giving[seat]
        out: list[Action] = []
        row = pt.numbers.get((nw, thr)) or pt.numbers_row(nw, thr)
        for v in pt.number_faces:  # §4.2 one or more cards of one value, Wildcards joining
            c = hand[v]
            if c and v * (c + nw) >= thr:
                plays = row[v].get(c)
                if plays is None:
                    plays = pt.numbers_of(v, c, nw, thr)
                out += plays
        if nw and pt.top_wild * nw >= thr:  # §4.2 Wildcards alone, all at one declared value
            plays = pt.wilds.get((nw, thr))
            if plays is None:
                plays = pt.wilds_of(nw, thr)
            out += plays
        skips = pt.skips
        for face in pt.skip_faces:  # §5 Skip cards, one or more copies of one face
            c = hand[face]
            if c:
                plays = skips.get((face, c, seat))
                if plays is None:
                    plays = pt.skips_of(face, c, seat)
                out += plays
        if any(self.table):  # §4.5 cannot or will not beat: take the open cards
            out.append(A.TAKE)
        return out

    def _apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, A.Play):  # the only other action: take
            self._take(seat)
            return
        fc = self.game.fields[self.field]
        hand = self.hands[seat]
        face, count = action.face, action.count
        effect = fc.skip_effect.get(face) if count else None
        text = action.shown  # the cards, without "give" or "next"
        event: dict[str, Any] | None = None
        if effect is not None:  # §5 a Skip play: nothing to beat changes
            hand[face] -= count
            zone = self.discard if self.game.discard_skips else self.table
            zone[face] += count
            nxt = -1
            if effect == REVERSE:
                self.direction = -self.direction
            elif effect == CHOOSE:
                nxt = action.next
            self.plays.append([seat, text, 0, effect, nxt])
            if self._log_on:
                event = {"seat": seat, "cards": text, "effect": effect,
                         "direction": DIRECTION_NAMES[self.direction]}
                if nxt >= 0:
                    event["next"] = nxt
            self._end_turn(seat, nxt, event)
            return
        # §4.2 a number play
        wilds = action.wilds
        table = self.table
        if count:
            hand[face] -= count
            table[face] += count
        if wilds:
            hand[W] -= wilds
            table[W] += wilds
        total = action.value * (count + wilds)
        self.need = fc.need_after(total, self.need, self.total <= 0)
        self.total = total
        self.plays.append([seat, text, total, "", -1])
        if self._log_on:
            event = {"seat": seat, "cards": text, "total": total, "need": self.need}
            if action.give >= 0:  # §T.2 CM01
                event["give"] = {"to": action.give, "cards": names_of(self.stacks[seat])}
        if action.give >= 0:
            self._give_stack(seat, action.give)
        self._end_turn(seat, -1, event)

    # ------------------------------------------------------------------ §4 play
    def _give_stack(self, seat: int, to: int) -> None:
        """§T.2 CM01: ``seat``'s creature stack goes onto ``to``'s."""
        self.stacks[to] = list(map(add, self.stacks[to], self.stacks[seat]))
        self.stacks[seat] = [0] * NFACES

    def _take(self, seat: int) -> None:
        """§4.5 take every open card into the creature stack, then lead (no draw first, Ruling R6)."""
        table = self.table
        if self._log_on:
            self._emit("take", {"seat": seat, "cards": names_of(table)})
        self.stacks[seat] = list(map(add, self.stacks[seat], table))
        self.table = [0] * NFACES
        self.plays = []
        self.total = 0
        self.need = 1

    def _end_turn(self, seat: int, nxt: int, event: dict[str, Any] | None) -> None:
        """§4.4 refill to the hand limit while the deck lasts; §6.1 a player who has played their
        last card once the deck is empty ends the round. ``event`` is the play's log entry (None with
        the log off); the faces drawn are shown to the player alone."""
        hand = self.hands[seat]
        size = sum(hand)
        deck = self.deck
        if size == 0 and not deck:
            if event is not None:
                self._emit("play", event)
            self._end_round(seat)
            return
        want = self.hand_limits[seat] - size
        if want > 0 and deck:
            drawn = deck[-want:]
            del deck[-want:]
            for f in drawn:
                hand[f] += 1
            if event is not None:
                redacted = {**event, "drew": len(drawn)}
                event["drew"] = [FACE_NAMES[f] for f in drawn]
                self._emit("play", event, to=(seat,), redacted=redacted)
        elif event is not None:
            self._emit("play", event)
        self.turn = nxt if nxt >= 0 else (seat + self.direction) % self.game.players

    # ------------------------------------------------------------------ §6 scoring, §7 rounds
    def _end_round(self, hitter: int) -> None:
        n = self.players
        ctx = RoundEnd(n, hitter, self.hands, self.stacks, self.totals[:])
        scores, notes = score_round(self.instructor_card, ctx)
        self.totals = [t + x for t, x in zip(self.totals, scores, strict=True)]
        self.round_scores.append(scores)
        last_round = {
            "round": self.round,
            "hitter": hitter,
            "field": self.field,
            "instructor": self.instructor,
            "hands": [names_of(h) for h in ctx.hands],
            "stacks": [names_of(s) for s in ctx.stacks],
            "ignored": names_of(self.table),
            "scores": scores,
            "notes": notes,
            "totals": self.totals[:],
        }
        self.last_round = last_round  # never mutated (clones share it)
        if self._log_on:
            self._emit("round_end", self._round_copy(last_round))  # the log shares no list with the position
        if self.round >= self.game.rounds:
            # §6.2 the hands join the stacks (after any other round, every card goes back to the deck)
            self.stacks = [list(map(add, stack, hand)) for stack, hand in zip(ctx.stacks, ctx.hands, strict=True)]
            self.hands = [[0] * NFACES for _ in range(n)]
            self._finish()
            return
        self.round += 1
        self.first_player = (self.first_player + 1) % n  # §7.2 the player to the left
        self.start_dir = -self.start_dir  # §7.2 the other side of the Direction card
        self._start_round(self._rng())

    def _finish(self) -> None:
        """§8 highest total wins; a tie goes to the tied player whose worst round is the best
        (Ruling R8); still tied, the victory is shared."""
        totals = self.totals
        best = max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        termination = "highest_score"
        winners = tied
        if len(tied) > 1:
            worst = {s: min(r[s] for r in self.round_scores) for s in tied}
            top = max(worst.values())
            winners = [s for s in tied if worst[s] == top]
            termination = "tie_break_lowest_round" if len(winners) == 1 else "shared_victory"
        self.over = True
        self.result = {"termination": termination, "winners": winners, "scores": totals[:]}
        self._emit("game_end", dict(self.result))

    def _draw_tower(self, rng: random.Random) -> None:
        """§2.2 / §7.1 a new Magic Field card (each round, or once with field_draw="game") and a new
        Magic Instructor card each round, replacing the previous ones; an empty Tower deck is made
        again from its used cards (Ruling R11)."""
        opts = self.game.options
        if opts["field"] == "draw" and (self.round == 1 or opts["field_draw"] == "round"):
            self.field = self._draw_one(rng, self.field, self.field_deck, self.field_used)
        if opts["instructor"] == "draw":
            self.instructor = self._draw_one(rng, self.instructor, self.instructor_deck, self.instructor_used)

    @staticmethod
    def _draw_one(rng: random.Random, current: str | None, deck: list[str], used: list[str]) -> str | None:
        if current is not None:
            used.append(current)
            used.sort()
        if not deck and used:
            deck += used
            deck.sort()
            used.clear()
        if not deck:
            return None
        code = deck.pop(rng.randrange(len(deck)))
        return code

    def _start_round(self, rng: random.Random) -> None:
        """§2 / §7.1 prepare a round: Tower cards, then shuffle every creature card and deal 6 (§2.3)."""
        n = self.players
        self._draw_tower(rng)
        fc = self.field_card
        totals = self.totals
        self.hand_limits = [fc.hand_limit(s, totals, HAND_LIMIT) for s in range(n)]
        self.margins = [fc.margin(s, totals) for s in range(n)]
        # every creature card comes back (hands, stacks, table, discard, cards set aside, the deck's
        # rest): the whole Summon Creature deck, in face order, is shuffled
        self.hands = [[0] * NFACES for _ in range(n)]
        self.stacks = [[0] * NFACES for _ in range(n)]
        self.table = [0] * NFACES
        self.discard = [0] * NFACES
        self.aside = [0] * NFACES
        deck = self.game.all_faces[:]
        rng.shuffle(deck)
        self.deck = deck
        self.plays = []
        self.total = 0
        self.need = 1
        self.direction = self.start_dir
        self.turn = self.first_player
        logging = self._log_on
        if logging:
            self._emit("round_start", {
                "round": self.round, "first_player": self.first_player,
                "direction": DIRECTION_NAMES[self.direction], "field": self.field,
                "instructor": self.instructor, "hand_limits": self.hand_limits[:], "margins": self.margins[:],
            })
        for i in range(n):
            s = (self.first_player + i) % n
            k = min(len(deck), self.hand_limits[s] + fc.deal_bonus(s, totals))
            dealt = deck[len(deck) - k:]
            del deck[len(deck) - k:]
            hand = self.hands[s]
            for f in dealt:
                hand[f] += 1
            if logging:
                self._emit("deal", {"seat": s, "cards": [FACE_NAMES[f] for f in dealt]}, to=(s,),
                           redacted={"seat": s, "count": k})

    # ------------------------------------------------------------------ views
    def current_phase(self) -> str:
        """``lead`` (nothing to beat or take), ``respond`` or ``over``."""
        if self.over:
            return "over"
        return "respond" if self.total > 0 or any(self.table) else "lead"

    def view(self, seat: int | None) -> dict[str, Any]:
        self._check_view_seat(seat)
        n = self.players
        fc, ic = self.field_card, self.instructor_card
        out = self.outcome
        phase = self.current_phase()
        return {
            "game": "medievalia",
            "seat": seat,
            "players": n,
            "round": self.round,
            "rounds": self.game.rounds,
            "phase": phase,
            "to_move": list(self.to_move),
            "pending": None if self.over else {
                "decision": phase, "seat": self.turn,
                "need": self.threshold(self.turn)},
            "first_player": self.first_player,
            "direction": DIRECTION_NAMES[self.direction],
            "round_direction": DIRECTION_NAMES[self.start_dir],
            "hand": None if seat is None else names_of(self.hands[seat]),
            "hand_sizes": [sum(h) for h in self.hands],
            "hand_limits": self.hand_limits[:],
            "deck_size": len(self.deck),
            "table": {
                "plays": [{"seat": p[0], "cards": p[1], "total": p[2], "effect": p[3] or None,
                           "next": None if p[4] < 0 else p[4]}
                          for p in self.plays],
                "cards": names_of(self.table),
                "count": sum(self.table),
                "total": self.total,
                "need": [self.threshold(s) for s in range(n)],
            },
            "discard": names_of(self.discard),
            "aside": sum(self.aside),
            "stacks": [names_of(s) for s in self.stacks],
            "stack_sizes": [sum(s) for s in self.stacks],
            "tower": {
                "field": fc.info(),
                "instructor": ic.info(),
                "field_deck": len(self.field_deck),
                "field_used": self.field_used[:],
                "instructor_deck": len(self.instructor_deck),
                "instructor_used": self.instructor_used[:],
                "margins": self.margins[:],
            },
            "scores": self.totals[:],
            "round_scores": [r[:] for r in self.round_scores],
            "last_round": None if self.last_round is None else self._round_copy(self.last_round),
            "outcome": None if out is None else out.to_json(),
        }

    @staticmethod
    def _round_copy(d: dict[str, Any]) -> dict[str, Any]:
        """A copy of a round's scoring (§6) that shares no list with it."""
        return {**d, "hands": [h[:] for h in d["hands"]], "stacks": [x[:] for x in d["stacks"]],
                "ignored": d["ignored"][:], "scores": d["scores"][:], "notes": d["notes"][:],
                "totals": d["totals"][:]}

    # ------------------------------------------------------------------ search support
    def clone(self) -> Self:
        new = self._shallow_clone()
        new.round = self.round
        new.first_player = self.first_player
        new.start_dir = self.start_dir
        new.direction = self.direction
        new.turn = self.turn
        new.over = self.over
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.stacks = [s[:] for s in self.stacks]
        new.table = self.table[:]
        new.discard = self.discard[:]
        new.aside = self.aside[:]
        new.plays = self.plays[:]  # entries are never mutated
        new.total = self.total
        new.need = self.need
        new.field = self.field
        new.instructor = self.instructor
        new.field_deck = self.field_deck[:]
        new.field_used = self.field_used[:]
        new.instructor_deck = self.instructor_deck[:]
        new.instructor_used = self.instructor_used[:]
        new.hand_limits = self.hand_limits[:]
        new.margins = self.margins[:]
        new.totals = self.totals[:]
        new.round_scores = self.round_scores[:]  # entries are never mutated
        new.last_round = self.last_round  # never mutated
        new.result = self.result
        return new

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
        for code in (*self.field_deck, *self.field_used, *self.instructor_deck, *self.instructor_used):
            c[("tower", code)] += 1
        for in_play in (self.field, self.instructor):
            if in_play is not None:
                c[("tower", in_play)] += 1
        return c


@register
class MedievaliaGame(Game["MedievaliaState"]):
    spec = SPEC

    fields: dict[str | None, FieldCard]
    play_tables: dict[str | None, PlayTable]
    instructors: dict[str | None, InstructorCard]
    deck_counts: list[int]
    all_faces: list[int]  # every card of the Summon Creature deck, in face order
    rounds: int
    discard_skips: bool

    def _setup(self) -> None:
        opts = self.options
        n = self.players
        first = opts["first_player"]
        assert isinstance(first, int)
        if first >= n:
            raise InvalidOptionError(f"first_player must be -1 or a seat 0-{n - 1}, got {first}")
        deck = opts["deck"]
        assert isinstance(deck, str)
        self.deck_counts = parse_deck(deck)
        self.all_faces = faces_of(self.deck_counts)
        needed = n * (HAND_LIMIT + 2)
        if sum(self.deck_counts) < needed:
            raise InvalidOptionError(
                f"deck has {sum(self.deck_counts)} cards; {n} players need at least {needed} "
                f"(deck names: {', '.join(DECK_NAMES)})")
        rounds = opts["rounds"]
        assert isinstance(rounds, int)
        self.rounds = rounds or ROUNDS[n]
        self.discard_skips = opts["skip_cards"] == "discard"
        options: dict[str, Any] = dict(opts)
        self.fields = {None: FieldCard(options)}
        self.fields.update({code: cls(options) for code, cls in FIELD_CLASSES.items()})
        self.play_tables = {code: PlayTable(fc, n) for code, fc in self.fields.items()}
        self.instructors = {None: InstructorCard()}
        self.instructors.update({code: cls() for code, cls in INSTRUCTOR_CLASSES.items()})

    @classmethod
    def state_class(cls) -> type[MedievaliaState]:
        return MedievaliaState

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """Every player count with the default options (all Tower cards, a new Magic Field card each
        round, the rulebook's number of rounds), plus the variants, most of them two rounds long to
        keep the suite quick: documented cards only, one Field card per game, no Tower, discarded Skips, CM01
        on any pair, the steep deck, and a few forced cards."""
        short = {"rounds": 2}
        return [
            *((n, {}) for n in cls.spec.player_counts),
            (4, {**short, "field_draw": "game"}),
            (3, {"tower": "documented"}),  # six rounds: the Tower decks run out and are remade
            (6, {**short, "tower": "documented", "skip_cards": "discard"}),
            (5, {**short, "tower": "none"}),
            (2, {**short, "cm01": "pair", "field": "CM01", "deck": "steep"}),
            (4, {**short, "field": "CM04", "instructor": "IM04"}),
            (3, {**short, "field": "CM10", "skip_cards": "discard"}),
        ]

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        from medieval.games.medievalia.heuristic import choose

        return choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's estimated reward from a position (for searches that cut their playouts short)."""
        from medieval.games.medievalia.evaluation import evaluate

        assert isinstance(state, MedievaliaState)
        return evaluate(state)

    def round_number(self, state: State) -> int | None:
        """The round under way (§6): a new round starts from a fresh deal with the standing known."""
        assert isinstance(state, MedievaliaState)
        return state.round

    def tower_pools(self) -> tuple[list[str], list[str]]:
        """The Magic Field and Magic Instructor cards shuffled into the Tower decks."""
        pool = self.options["tower"]
        if pool == "all":
            fields, instructors = list(FIELD_CODES), list(INSTRUCTOR_CODES)
        elif pool == "documented":
            fields, instructors = list(DOCUMENTED_FIELD), list(DOCUMENTED_INSTRUCTOR)
        else:
            fields, instructors = [], []
        return (fields if self.options["field"] == "draw" else [],
                instructors if self.options["instructor"] == "draw" else [])

    def _blank(self, seed: int) -> MedievaliaState:
        s = MedievaliaState(self, seed)
        n = self.players
        s.round = 1
        s.first_player = 0
        s.start_dir = CLOCKWISE
        s.direction = CLOCKWISE
        s.turn = 0
        s.over = False
        s.hands = [[0] * NFACES for _ in range(n)]
        s.deck = []
        s.stacks = [[0] * NFACES for _ in range(n)]
        s.table = [0] * NFACES
        s.discard = [0] * NFACES
        s.aside = [0] * NFACES
        s.plays = []
        s.total = 0
        s.need = 1
        fopt, iopt = self.options["field"], self.options["instructor"]
        s.field = None if fopt in ("draw", "none") else str(fopt)
        s.instructor = None if iopt in ("draw", "none") else str(iopt)
        s.field_deck, s.instructor_deck = self.tower_pools()
        s.field_used = []
        s.instructor_used = []
        s.hand_limits = [HAND_LIMIT] * n
        s.margins = [0] * n
        s.totals = [0] * n
        s.round_scores = []
        s.last_round = None
        s.result = None
        return s

    def _initial_state(self, seed: int) -> MedievaliaState:
        """§2 setup: the first player (random unless chosen, §2.4), clockwise (§2.1), Tower cards, deal."""
        s = self._blank(seed)
        rng = s._rng()
        first = self.options["first_player"]
        assert isinstance(first, int)
        s.first_player = rng.randrange(self.players) if first < 0 else first
        s.deck = faces_of(self.deck_counts)
        s._start_round(rng)
        return s

    def from_json(self, data: Mapping[str, Any]) -> MedievaliaState:
        """Restore a state; a JSON written before ``last_round`` was a field (it held
        ``last_round_at``, the index of the last ``round_end`` entry in the log) still reads."""
        fields = data.get("state") if isinstance(data, Mapping) else None
        if isinstance(fields, Mapping) and "last_round" not in fields and "last_round_at" in fields:
            at, log = fields["last_round_at"], data.get("log")
            last = None
            if isinstance(at, int) and isinstance(log, list) and 0 <= at < len(log):
                entry = log[at]
                if isinstance(entry, Mapping) and entry.get("kind") == "round_end":
                    last = entry.get("data")
            data = {**data, "state": {**fields, "last_round": last}}
        return super().from_json(data)

    def scenario(self, **setup: Any) -> MedievaliaState:
        from medieval.games.medievalia.scenario import build

        return build(self, setup)


def check_face_names(names: object, what: str) -> list[int]:
    """Faces of a list of card names, for scenario input (InvalidOptionError on bad input)."""
    if not isinstance(names, list):
        raise InvalidOptionError(f"{what} must be a list of cards like ['5', '5', 'W'], got {names!r}")
    out = []
    for x in names:
        if not isinstance(x, str):
            raise InvalidOptionError(f"{what}: cards are written as text ('7', 'W', 'S', 'R'), got {x!r}")
        try:
            out.append(parse_face(x))
        except ValueError as e:
            raise InvalidOptionError(f"{what}: {e}") from None
    return out
