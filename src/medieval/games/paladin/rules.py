"""Paladin: the rules. Section numbers (§) refer to docs/rules/paladin.md.

A position is a few int lists: cards and quests are ids (see components.py). Knowledge is one bitmask
per seat over card ids: bit c set means that seat knows card c's face."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any, Self

from medieval.core.errors import InvalidOptionError
from medieval.core.outcome import Outcome
from medieval.core.registry import register
from medieval.core.spec import GameSpec, OptionSpec
from medieval.core.state import Action, Game, State
from medieval.games.paladin import actions as A
from medieval.games.paladin.components import (
    CARD_FACES,
    FACE_OF,
    KING_IDS,
    N_CARDS,
    QUEEN_IDS,
    QUEST_BY_LABEL,
    QUESTS,
    parse_face,
)

FIRST, PLACE, RESOLVE, OVER = "first", "place", "resolve", "over"
ALL_KNOWN = (1 << N_CARDS) - 1

SPEC = GameSpec(
    name="paladin",
    display_name="Paladin",
    min_players=3,
    max_players=5,
    default_players=4,
    summary="Hidden quest bidding: place Paladins face down against quests, peek, then challenge the "
            "heroes one by one. Most valour wins.",
    options=(
        OptionSpec("next_dealer", "most",
                   "Who deals the next round: the player with the most points (rulebook) or the fewest "
                   "(as two published reviews describe it).", choices=("most", "fewest")),
        OptionSpec("zero_beats_red_nine", True,
                   "Whether the 0 also beats a red 9 (the exception is about strength, red only breaks "
                   "ties) or a red 9 is beyond the 0's reach."),
        OptionSpec("red_tie", "challenger",
                   "Two red cards of equal strength: the red challenger wins (the rule as written) or the "
                   "hero holds.", choices=("challenger", "hero")),
        OptionSpec("final_tie", "turn_order",
                   "A tie at the end: won by the tied player nearest in turn order from the last round's "
                   "first player (rulebook), or shared.", choices=("turn_order", "shared")),
        OptionSpec("first_dealer", -1,
                   "Seat of the first dealer (the 'bravest player'); -1 draws it at random.",
                   minimum=-1, maximum=4),
    ),
)


def _bit(card: int) -> int:
    return 1 << card


class PaladinState(State):
    FIELDS = ("round", "phase", "dealer", "first", "prev_first", "turn", "placed", "looked", "hands",
              "deck", "quest_deck", "row", "table", "res_q", "hero", "won", "known")

    game: PaladinGame
    round: int
    phase: str
    dealer: int
    first: int  # first player of this round, -1 until chosen
    prev_first: int  # first player of the previous round (-1 in round 1)
    turn: int  # seat placing now
    placed: int  # placements made this round
    looked: bool  # the placer has made its look decision this turn
    hands: list[list[int]]
    deck: list[int]  # Paladin stock, top first
    quest_deck: list[int]  # top first
    row: list[int]  # quest ids in play, left to right
    table: list[list[int]]  # per row slot: face-down cards as [seat, card, seat, card, ...]
    res_q: int  # row slot being resolved
    hero: list[int]  # [seat, card] of the revealed hero of the quest being resolved, or []
    won: list[list[int]]  # per seat: [quest, card, quest, card, ...]
    known: list[int]  # per seat: bitmask of card ids whose face the seat knows

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLACE:
            return (self.turn,)
        if phase == RESOLVE:
            return (self.table[self.res_q][0],)
        if phase == FIRST:
            return (self.dealer,)
        return ()

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        if len(tied) > 1 and self.game.options["final_tie"] == "turn_order":
            tied = [self._nearest_from(self.first, tied)]  # §8.2, ruling R6
        return Outcome("quests_exhausted", tuple(tied), tuple(float(s) for s in scores))

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            n = self.players
            if self.placed >= n and not self.looked:
                looks = self._lookable(seat)
                if looks:
                    return [A.NO_LOOK, *looks]
            faces = sorted({FACE_OF[c] for c in self.hands[seat]})
            table = self.table
            if self.placed < n:  # §4.1 heroes: quests still without a card
                open_slots = [i for i in range(n) if not table[i]]
            else:  # §5.2 one card per quest per player
                open_slots = [i for i in range(n) if seat not in table[i][0::2]]
            row = self.row
            return [A.PLACE[f][row[i]] for i in open_slots for f in faces]
        if phase == RESOLVE:
            return [A.CHALLENGE, A.TAKE_BACK, A.DISCARD]
        if phase == FIRST:
            return list(A.CHOOSE_FIRST[: self.players])
        return []

    def _lookable(self, seat: int) -> list[Action]:
        """§5.1: any face-down card on the table whose face the seat does not already know."""
        kn = self.known[seat]
        out: list[Action] = []
        for i, cards in enumerate(self.table):
            q = self.row[i]
            for j in range(0, len(cards), 2):
                if not kn >> cards[j + 1] & 1:
                    out.append(A.LOOK[q][cards[j]])
        return out

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, A.Place):
            self._place(seat, action)
        elif isinstance(action, A.Look):
            self._look(seat, action)
        elif isinstance(action, A.NoLook):
            self.looked = True
            self._emit("nolook", {"seat": seat})
        elif isinstance(action, A.ChooseFirst):
            self.first = self.turn = action.seat
            self.phase = PLACE
            self._emit("first_player", {"dealer": seat, "seat": action.seat})
        else:
            self._resolve(seat, action)

    # ------------------------------------------------------------------ §5 placing
    def _look(self, seat: int, action: A.Look) -> None:
        slot = self.row.index(action.quest)
        card = self._card_of(slot, action.owner)
        self.known[seat] |= _bit(card)
        self.looked = True
        where = {"seat": seat, "quest": QUESTS[action.quest].label, "owner": action.owner}
        self._emit("look", {**where, "card": str(CARD_FACES[card])}, to=(seat,), redacted=where)

    def _card_of(self, slot: int, owner: int) -> int:
        cards = self.table[slot]
        for j in range(0, len(cards), 2):
            if cards[j] == owner:
                return cards[j + 1]
        raise AssertionError("no such card")  # pragma: no cover - legal_actions only offers real cards

    def _place(self, seat: int, action: A.Place) -> None:
        hand = self.hands[seat]
        face = action.face
        card = next(c for c in hand if FACE_OF[c] == face)
        # Others can no longer tell which of this hand's cards went down: forget them all (§9.3).
        forget = 0
        for c in hand:
            forget |= 1 << c
        keep = ~forget
        known = self.known
        for o in range(self.players):
            if o != seat:
                known[o] &= keep
        hand.remove(card)
        slot = self.row.index(action.quest)
        hero = not self.table[slot]
        self.table[slot] += [seat, card]
        where = {"seat": seat, "quest": QUESTS[action.quest].label, "hero": hero}
        self._emit("place", {**where, "card": str(CARD_FACES[card])}, to=(seat,), redacted=where)
        n = self.players
        self.placed += 1
        self.looked = False
        self.turn = (self.turn + 1) % n
        if self.placed == n * n:  # §5.3 everyone has placed one card per quest, one card kept
            self.phase = RESOLVE
            self.res_q = 0
            self._reveal_hero()

    # ------------------------------------------------------------------ §6 resolving
    def _reveal_hero(self) -> None:
        cards = self.table[self.res_q]
        owner, card = cards[0], cards[1]
        del cards[:2]
        self.hero = [owner, card]
        self._reveal(card)
        self._emit("hero", {"quest": QUESTS[self.row[self.res_q]].label, "seat": owner,
                            "card": str(CARD_FACES[card])})

    def _reveal(self, card: int) -> None:
        b = _bit(card)
        known = self.known
        for o in range(self.players):
            known[o] |= b

    def beats(self, challenger: int, hero: int) -> bool:
        """§6.2 Does ``challenger`` beat ``hero`` (card ids)?"""
        cf, hf = CARD_FACES[challenger], CARD_FACES[hero]
        cv, hv = cf.value, hf.value
        opts = self.game.options
        if cv == 0 and hv == 9 and (not hf.red or opts["zero_beats_red_nine"]):
            return True  # §6.3 the 0 beats the 9
        if cv == 9 and hv == 0 and (not cf.red or opts["zero_beats_red_nine"]):
            return False  # §6.3 ... so a 9 cannot beat a 0
        if cv != hv:
            return cv > hv
        if not cf.red:
            return False  # §6.2 a tie needs a red challenger
        return not hf.red or opts["red_tie"] == "challenger"

    def _resolve(self, seat: int, action: Action) -> None:
        cards = self.table[self.res_q]
        card = cards[1]
        del cards[:2]
        quest = QUESTS[self.row[self.res_q]].label
        if isinstance(action, A.Challenge):
            self._reveal(card)
            hero_seat, hero_card = self.hero
            wins = self.beats(card, hero_card)
            self._emit("challenge", {"quest": quest, "seat": seat, "card": str(CARD_FACES[card]),
                                     "hero_seat": hero_seat, "hero": str(CARD_FACES[hero_card]),
                                     "wins": wins})
            if wins:
                self.deck.append(hero_card)  # §6.4 the defeated paladin goes under the deck
                self.hero = [seat, card]
            else:
                self.deck.append(card)
        elif isinstance(action, A.TakeBack):
            self.hands[seat].append(card)  # §6.5 back to hand unseen
            self._emit("takeback", {"quest": quest, "seat": seat, "card": str(CARD_FACES[card])},
                       to=(seat,), redacted={"quest": quest, "seat": seat})
        else:
            self.deck.append(card)  # §6.6 under the stock unseen
            self._emit("discard", {"quest": quest, "seat": seat, "card": str(CARD_FACES[card])},
                       to=(seat,), redacted={"quest": quest, "seat": seat})
        if not cards:
            self._award()

    def _award(self) -> None:
        """§6.7 the quest and its last hero go to the hero's owner; then the next quest."""
        winner, card = self.hero
        quest = self.row[self.res_q]
        self.won[winner] += [quest, card]
        self.hero = []
        self._emit("quest_won", {"quest": QUESTS[quest].label, "seat": winner,
                                 "card": str(CARD_FACES[card]), "swords": QUESTS[quest].swords,
                                 "red": CARD_FACES[card].red})
        self.res_q += 1
        if self.res_q < self.players:
            self._reveal_hero()
        else:
            self._end_round()

    # ------------------------------------------------------------------ §7 scoring and new rounds
    def scores(self) -> list[int]:
        """§7.1 one point per sword on won quests, one per won red Paladin."""
        out = []
        for won in self.won:
            out.append(sum(QUESTS[won[i]].swords + CARD_FACES[won[i + 1]].red for i in range(0, len(won), 2)))
        return out

    def _nearest_from(self, start: int, seats: list[int]) -> int:
        n = self.players
        return min(seats, key=lambda s: (s - start) % n)

    def _end_round(self) -> None:
        n = self.players
        scores = self.scores()
        self._emit("round_over", {"round": self.round, "scores": scores})
        self.prev_first = self.first
        if len(self.quest_deck) < n:  # §8.1 not enough quests for a new round
            self.phase = OVER
            out = self.outcome
            assert out is not None
            self._emit("game_over", {"scores": scores, "winners": list(out.winners)})
            return
        target = max(scores) if self.game.options["next_dealer"] == "most" else min(scores)
        tied = [s for s in range(n) if scores[s] == target]
        self.dealer = self._nearest_from(self.first, tied)  # §7.2 ties: the last round's first player
        self.round += 1
        self._start_round()

    def _start_round(self) -> None:
        """§3 / §7.3: lay out quests, deal to full hands one card at a time from the dealer's left."""
        n = self.players
        self.row = self.quest_deck[:n]
        del self.quest_deck[:n]
        self.table = [[] for _ in range(n)]
        self.first = -1
        self.placed = 0
        self.looked = False
        self.res_q = 0
        full = n + 1
        dealt: list[list[int]] = [[] for _ in range(n)]
        seat = (self.dealer + 1) % n
        while any(len(h) < full for h in self.hands):
            if len(self.hands[seat]) < full:
                card = self.deck.pop(0)
                self.hands[seat].append(card)
                self.known[seat] |= _bit(card)
                dealt[seat].append(card)
            seat = (seat + 1) % n
        self.phase = FIRST
        self._emit("round", {"round": self.round, "dealer": self.dealer,
                             "quests": [QUESTS[q].label for q in self.row]})
        for s in range(n):
            if dealt[s]:
                self._emit("deal", {"seat": s, "cards": [str(CARD_FACES[c]) for c in dealt[s]]},
                           to=(s,), redacted={"seat": s, "count": len(dealt[s])})

    # ------------------------------------------------------------------ views
    def _face(self, card: int, seat: int | None) -> dict[str, Any] | None:
        if seat is None:
            return CARD_FACES[card].to_json() if self.known_by_all(card) else None
        return CARD_FACES[card].to_json() if self.known[seat] >> card & 1 else None

    def known_by_all(self, card: int) -> bool:
        return all(k >> card & 1 for k in self.known)

    def view(self, seat: int | None) -> dict[str, Any]:
        self._check_view_seat(seat)
        n = self.players
        quests = []
        for i, q in enumerate(self.row):
            cards = self.table[i]
            entry: dict[str, Any] = {
                "quest": QUESTS[q].to_json(),
                "cards": [{"seat": cards[j], "card": self._face(cards[j + 1], seat)}
                          for j in range(0, len(cards), 2)],
                "hero": None,
                "winner": None,
                "state": "open",
            }
            if self.phase in (RESOLVE, OVER):
                if i < self.res_q:
                    entry["state"] = "won"
                    entry["winner"] = self._winner_of(q)
                elif i == self.res_q:
                    entry["state"] = "resolving"
                    entry["hero"] = {"seat": self.hero[0], "card": CARD_FACES[self.hero[1]].to_json()}
                else:
                    entry["state"] = "waiting"
            quests.append(entry)
        hands = []
        for s in range(n):
            known = sorted((c for c in self.hands[s] if seat is not None and self.known[seat] >> c & 1),
                           key=lambda c: FACE_OF[c])
            hands.append({"seat": s, "count": len(self.hands[s]),
                          "known": [CARD_FACES[c].to_json() for c in known]})
        deck_known = [{"depth": i, "card": f} for i, c in enumerate(self.deck)
                      if (f := self._face(c, seat)) is not None]
        won = [[{"quest": QUESTS[w[i]].to_json(), "paladin": CARD_FACES[w[i + 1]].to_json()}
                for i in range(0, len(w), 2)] for w in self.won]
        to_move = list(self.to_move)
        out = self.outcome
        return {
            "game": "paladin",
            "seat": seat,
            "players": n,
            "round": self.round + 1,
            "phase": self.phase,
            "dealer": self.dealer,
            "first_player": None if self.first < 0 else self.first,
            "previous_first_player": None if self.prev_first < 0 else self.prev_first,
            "to_move": to_move,
            "pending": self._pending(),
            "hand_size": n + 1,
            "hand": None if seat is None else hands[seat]["known"],
            "hands": hands,
            "quests": quests,
            "deck": {"count": len(self.deck), "known": deck_known},
            "quest_deck": {"count": len(self.quest_deck),
                           "queen": sum(1 for q in self.quest_deck if QUESTS[q].back == "queen"),
                           "king": sum(1 for q in self.quest_deck if QUESTS[q].back == "king")},
            "won": won,
            "scores": self.scores(),
            "outcome": None if out is None else out.to_json(),
        }

    def _winner_of(self, quest: int) -> int | None:
        for s, w in enumerate(self.won):
            if quest in w[0::2]:
                return s
        return None

    def _pending(self) -> dict[str, Any] | None:
        if self.phase == FIRST:
            return {"decision": "choose_first", "seat": self.dealer}
        if self.phase == PLACE:
            n = self.players
            looking = self.placed >= n and not self.looked and bool(self._lookable(self.turn))
            return {"decision": "look" if looking else ("place_hero" if self.placed < n else "place"),
                    "seat": self.turn}
        if self.phase == RESOLVE:
            cards = self.table[self.res_q]
            return {"decision": "resolve", "seat": cards[0], "quest": QUESTS[self.row[self.res_q]].label}
        return None

    # ------------------------------------------------------------------ search support
    def clone(self) -> Self:
        new = self._shallow_clone()
        new.round = self.round
        new.phase = self.phase
        new.dealer = self.dealer
        new.first = self.first
        new.prev_first = self.prev_first
        new.turn = self.turn
        new.placed = self.placed
        new.looked = self.looked
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.quest_deck = self.quest_deck[:]
        new.row = self.row[:]
        new.table = [t[:] for t in self.table]
        new.res_q = self.res_q
        new.hero = self.hero[:]
        new.won = [w[:] for w in self.won]
        new.known = self.known[:]
        return new

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


@register
class PaladinGame(Game):
    spec = SPEC

    def _setup(self) -> None:
        fd = self.options["first_dealer"]
        assert isinstance(fd, int)
        if fd >= self.players:
            raise InvalidOptionError(f"first_dealer must be -1 or a seat 0-{self.players - 1}, got {fd}")

    @classmethod
    def state_class(cls) -> type[State]:
        return PaladinState

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        from medieval.games.paladin.heuristic import choose

        return choose(state, seat, rng)

    def _blank(self, seed: int) -> PaladinState:
        s = PaladinState(self, seed)
        n = self.players
        s.round = 0
        s.phase = FIRST
        s.dealer = 0
        s.first = -1
        s.prev_first = -1
        s.turn = 0
        s.placed = 0
        s.looked = False
        s.hands = [[] for _ in range(n)]
        s.deck = []
        s.quest_deck = []
        s.row = []
        s.table = []
        s.res_q = 0
        s.hero = []
        s.won = [[] for _ in range(n)]
        s.known = [0] * n
        return s

    def _initial_state(self, seed: int) -> PaladinState:
        """§2 setup: King quests shuffled under the shuffled Queen quests; §3 the first dealer
        shuffles the Paladins and deals."""
        s = self._blank(seed)
        rng = s._rng()
        kings, queens = list(KING_IDS), list(QUEEN_IDS)
        rng.shuffle(kings)
        rng.shuffle(queens)
        s.quest_deck = queens + kings
        s.deck = list(range(N_CARDS))
        rng.shuffle(s.deck)
        fd = self.options["first_dealer"]
        assert isinstance(fd, int)
        s.dealer = rng.randrange(self.players) if fd < 0 else fd
        s._start_round()
        return s

    def scenario(self, **setup: Any) -> PaladinState:
        """A stacked game for tests and tutorials.

        ``deck``: Paladin faces from the top of the stock as it is before the first deal (e.g.
        ``["9", "0", "7r"]``); the remaining cards follow in a fixed order. ``hands``: alternatively,
        the starting hand of every seat (a list per seat); ``deck`` then lists the stock after the deal.
        ``quests``: quest labels from the top of the quest deck (the rest follow, Queens first).
        ``dealer``: the first dealer's seat (default 0)."""
        known_keys = {"deck", "hands", "quests", "dealer"}
        unknown = set(setup) - known_keys
        if unknown:
            raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(known_keys)})")
        n = self.players
        dealer = setup.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidOptionError(f"dealer must be a seat 0-{n - 1}, got {dealer!r}")
        pool = list(range(N_CARDS))

        def take(face_text: object) -> int:
            if not isinstance(face_text, str):
                raise InvalidOptionError(f"cards are written like '7' or '7r', got {face_text!r}")
            try:
                face = parse_face(face_text).index
            except ValueError as e:
                raise InvalidOptionError(str(e).split(" (legal")[0]) from None
            for c in pool:
                if FACE_OF[c] == face:
                    pool.remove(c)
                    return c
            raise InvalidOptionError(f"no {face_text} left: the deck has only so many of that card")

        hands_spec = setup.get("hands")
        deck_spec = setup.get("deck", [])
        if not isinstance(deck_spec, list):
            raise InvalidOptionError("deck must be a list of cards")
        s = self._blank(0)
        s._origin = {"scenario": dict(setup)}
        s.dealer = dealer
        quests_spec = setup.get("quests", [])
        if not isinstance(quests_spec, list):
            raise InvalidOptionError("quests must be a list of quest labels")
        qpool = list(QUEEN_IDS) + list(KING_IDS)
        top = []
        for label in quests_spec:
            q = QUEST_BY_LABEL.get(str(label).upper())
            if q is None or q.id not in qpool:
                raise InvalidOptionError(f"quest {label!r} is unknown or listed twice")
            qpool.remove(q.id)
            top.append(q.id)
        s.quest_deck = top + qpool
        if hands_spec is None:
            s.deck = [take(f) for f in deck_spec]
            s.deck += pool
            s._start_round()
            return s
        if not isinstance(hands_spec, list) or len(hands_spec) != n:
            raise InvalidOptionError(f"hands must list {n} hands")
        for seat, hand in enumerate(hands_spec):
            if not isinstance(hand, list) or len(hand) != n + 1:
                raise InvalidOptionError(f"hand of seat {seat} must have {n + 1} cards")
            s.hands[seat] = [take(f) for f in hand]
            for c in s.hands[seat]:
                s.known[seat] |= _bit(c)
        s.deck = [take(f) for f in deck_spec] + pool
        s._start_round()
        return s
