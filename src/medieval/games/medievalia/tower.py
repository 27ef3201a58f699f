"""The Tower's cards: Magic Field (CM01-CM10) and Magic Instructor (IM01-IM10).

Each card is a small rule object that overrides the base rules through a few hooks; the base classes
(``FieldCard`` with code ``""`` and ``InstructorCard`` with code ``""``) *are* the base rules, used when
no card is in play. Names and texts live in ``data/medievalia.json``. Cards whose rule the rulebook
gives follow it exactly (with the rulings of the rules document, rules.md); CM05-CM09's effects and
IM05-IM10 are our design and say so (``source == "design"``).

The second design pass (option ``tower_design="revised"``, the default) revised two flaws of the first
(``tower_design="first"``): the cards that judge the standings (CM06-CM09, IM06: the lowest or highest total
so far) have no standings to judge before the first round is scored — every total is 0, every player tied,
so they turned into rules for the whole table — and IM09 scored Skip cards at +2, so that taking the table
could gain points, against the game's core tension. Now a standings card does nothing while no round has
been scored, and with a new Magic Field card every round the standings cards join their Tower decks only
after round 1; CM06's earned card is a hand limit of 7 for the round (one extra card at the deal made no
measurable difference); IM09 makes a Skip card in a stack harmless (0) and one left in hand costly (-3).

Field hooks (§T.2):
  ``number_faces``   faces that may be played as numbers;
  ``wild_values``    values a Wildcard may take (empty: Wildcards are not wild);
  ``skip_effect``    face -> "skip" | "reverse" | "choose" for cards played as skips;
  ``hand_limit``     a seat's hand limit this round;  ``deal_bonus``  extra cards at the deal;
  ``margin``         added to the total a seat must reach (these three get the totals so far, or None
                     while no round has been scored under the revised design);
  ``need_after``     the total to reach after a play;
  ``gives_stack``    whether a numeric play obliges its player to hand over their creature stack.
Instructor hooks (§T.3): ``card_value`` (a stack card), ``hand_value`` (a card left in hand),
``hitter_score`` and ``adjust`` (after the per-card count)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul
from typing import Any, ClassVar

from medieval.games.medievalia.components import DATA, NFACES, NUMBERS, R, S, W

SKIP, REVERSE, CHOOSE = "skip", "reverse", "choose"

FIELD_TEXT: dict[str, dict[str, Any]] = {c["code"]: c for c in DATA["field_cards"]}
INSTRUCTOR_TEXT: dict[str, dict[str, Any]] = {c["code"]: c for c in DATA["instructor_cards"]}
FIELD_CODES: tuple[str, ...] = tuple(FIELD_TEXT)
INSTRUCTOR_CODES: tuple[str, ...] = tuple(INSTRUCTOR_TEXT)
#: Cards whose whole rule the rulebook gives (the ``tower="documented"`` pool).
DOCUMENTED_FIELD = tuple(c for c in FIELD_CODES if FIELD_TEXT[c]["source"] != "design")
DOCUMENTED_INSTRUCTOR = tuple(c for c in INSTRUCTOR_CODES if INSTRUCTOR_TEXT[c]["source"] != "design")
#: The cards that judge the standings (the totals of the rounds played so far): they join their Tower decks
#: after round 1 under the revised design.
STANDINGS = ("CM06", "CM07", "CM08", "CM09", "IM06")
#: The cards the second design pass revised (``tower_design="first"`` plays them as first designed).
REVISED = ("CM06", "CM07", "CM08", "CM09", "IM06", "IM09")
#: The text of the first design of the revised cards (the data file holds the revised texts).
FIRST_TEXT = {c["code"]: c["first_text"] for c in DATA["field_cards"] + DATA["instructor_cards"] if "first_text" in c}


def lowest(totals: list[int] | None) -> list[int]:
    """The seats with the lowest total (all tied ones); none while there are no standings."""
    if totals is None:
        return []
    m = min(totals)
    return [s for s, t in enumerate(totals) if t == m]


def highest(totals: list[int] | None) -> list[int]:
    if totals is None:
        return []
    m = max(totals)
    return [s for s, t in enumerate(totals) if t == m]


# ====================================================================== Magic Field cards
#: The numbers but 1 (CM02 turns the 1s into Skip-and-reverse cards).
_BUT_ONE = tuple(v for v in NUMBERS if v != 1)
#: The numbers but 12 (CM10 turns the 12s into Skips, and Wildcards cannot be 12).
_BUT_TWELVE = tuple(v for v in NUMBERS if v != 12)


class FieldCard:
    """The base rules of play (no Magic Field card in play)."""

    code: ClassVar[str] = ""
    number_faces: tuple[int, ...] = NUMBERS
    wild_values: tuple[int, ...] = NUMBERS
    skip_effect: dict[int, str]

    def __init__(self, options: dict[str, Any]) -> None:
        self.skip_effect = {S: SKIP, R: REVERSE}

    def hand_limit(self, seat: int, totals: list[int] | None, base: int) -> int:
        return base

    def deal_bonus(self, seat: int, totals: list[int] | None) -> int:
        return 0

    def margin(self, seat: int, totals: list[int] | None) -> int:
        """Added to the total a seat must reach while the table holds a total (0: beat it by 1)."""
        return 0

    def need_after(self, total: int, need: int, leading: bool) -> int:
        """The total the next player must reach after a numeric play of ``total`` (§4.3: beat it)."""
        return total + 1

    def gives_stack(self, value: int, cards: int) -> bool:
        return False


class CM01(FieldCard):
    """Exactly two cards showing 5 (or any pair, with ``cm01="pair"``): hand your stack to an
    opponent of your choice (Ruling R9)."""

    code = "CM01"

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.any_pair = options.get("cm01") == "pair"

    def gives_stack(self, value: int, cards: int) -> bool:
        return cards == 2 and (self.any_pair or value == 5)


class CM02(FieldCard):
    """The 1s are Skip-and-reverse cards; one or more at once, one effect."""

    code = "CM02"
    number_faces = _BUT_ONE
    wild_values = _BUT_ONE

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.skip_effect = {1: REVERSE, S: SKIP, R: REVERSE}


class CM03(FieldCard):
    """Every special card is a Skip-and-reverse; Wildcards lose their wild value."""

    code = "CM03"
    wild_values: tuple[int, ...] = ()

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.skip_effect = {W: REVERSE, S: REVERSE, R: REVERSE}


class CM04(FieldCard):
    """Equalling the total is allowed and doubles what the next player must reach."""

    code = "CM04"

    def need_after(self, total: int, need: int, leading: bool) -> int:
        if not leading and total == need:
            return total * 2
        return total


class CM05(FieldCard):
    """Our design: hand limit 7."""

    code = "CM05"

    def hand_limit(self, seat: int, totals: list[int] | None, base: int) -> int:
        return base + 1


class CM06(FieldCard):
    """Our design: the single lowest total earns a card — revised: a hand limit of 7 for the round (dealt 7,
    refilled to 7); first design: one extra card at the deal only, which simulations showed made no
    measurable difference. A tie earns nothing (the rulebook's clause on "earning a card")."""

    code = "CM06"

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.first_design = options.get("tower_design") == "first"

    def hand_limit(self, seat: int, totals: list[int] | None, base: int) -> int:
        return base + 1 if not self.first_design and lowest(totals) == [seat] else base

    def deal_bonus(self, seat: int, totals: list[int] | None) -> int:
        return 1 if self.first_design and lowest(totals) == [seat] else 0


class CM07(FieldCard):
    """Our design: the highest total(s) play this round with a hand limit one lower."""

    code = "CM07"

    def hand_limit(self, seat: int, totals: list[int] | None, base: int) -> int:
        return base - 1 if seat in highest(totals) else base


class CM08(FieldCard):
    """Our design: the lowest total(s) may equal the table's total."""

    code = "CM08"

    def margin(self, seat: int, totals: list[int] | None) -> int:
        return -1 if seat in lowest(totals) else 0


class CM09(FieldCard):
    """Our design: the highest total(s) must beat the table by 2 or more."""

    code = "CM09"

    def margin(self, seat: int, totals: list[int] | None) -> int:
        return 1 if seat in highest(totals) else 0


class CM10(FieldCard):
    """The 12s are Skips whose player names the next player; Wildcards cannot be 12."""

    code = "CM10"
    number_faces = _BUT_TWELVE
    wild_values = _BUT_TWELVE

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.skip_effect = {12: CHOOSE, S: SKIP, R: REVERSE}


FIELD_CLASSES: dict[str, type[FieldCard]] = {
    c.code: c for c in (CM01, CM02, CM03, CM04, CM05, CM06, CM07, CM08, CM09, CM10)
}


# ====================================================================== Magic Instructor cards
@dataclass
class RoundEnd:
    """What a Magic Instructor card may look at when the round is scored (§6)."""

    players: int
    hitter: int
    hands: list[list[int]]  # counts per seat: cards left in hand (before they join the stacks)
    stacks: list[list[int]]  # counts per seat: creature stacks before the hands join them
    totals_before: list[int] | None  # total scores before this round (None: no standings yet, revised design)


class InstructorCard:
    """The base scoring (no Magic Instructor card in play): every card in the stack is -1."""

    code: ClassVar[str] = ""

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.first_design = (options or {}).get("tower_design") == "first"
        #: ``card_value`` and ``hand_value`` of every face (index 0 unused), for ``score_round``
        self.stack_values = [0, *(self.card_value(f) for f in range(1, NFACES))]
        self.hand_values = [0, *(self.hand_value(f) for f in range(1, NFACES))]

    def card_value(self, face: int) -> int:
        return -1

    def hand_value(self, face: int) -> int:
        """A card still in hand at the end; it joins the stack and counts like one (§6.2)."""
        return self.card_value(face)

    def hitter_score(self, score: int) -> int:
        return score

    def adjust(self, scores: list[int], ctx: RoundEnd, notes: list[str]) -> None:
        """Changes made after every seat's cards are counted."""


class IM01(InstructorCard):
    code = "IM01"

    def hitter_score(self, score: int) -> int:
        return 0


class IM02(InstructorCard):
    code = "IM02"

    def card_value(self, face: int) -> int:
        return -2 if face == 2 else -1

    def hitter_score(self, score: int) -> int:
        return score + 5


class IM03(InstructorCard):
    code = "IM03"

    def adjust(self, scores: list[int], ctx: RoundEnd, notes: list[str]) -> None:
        worst = lowest(scores)
        for s in worst:
            scores[s] -= 5
        notes.append(f"lowest round score {', '.join(map(str, worst))}: -5 each")


class IM04(InstructorCard):
    code = "IM04"

    def adjust(self, scores: list[int], ctx: RoundEnd, notes: list[str]) -> None:
        n = ctx.players
        size = [sum(h) for h in ctx.hands]
        penalty = [0] * n
        for s in range(n):
            left, right = (s + 1) % n, (s - 1) % n
            if left == right:  # two players: the one opponent is both neighbours, compared once
                if size[s] < size[left]:
                    penalty[left] += 3
                continue
            fewer_left, fewer_right = size[s] < size[left], size[s] < size[right]
            if fewer_left and fewer_right:
                penalty[left] += 6
                penalty[right] += 6
            elif fewer_left:
                penalty[left] += 3
            elif fewer_right:
                penalty[right] += 3
        for s in range(n):
            if penalty[s]:
                scores[s] -= penalty[s]
                notes.append(f"seat {s} holds more cards than a neighbour: -{penalty[s]}")


class IM05(InstructorCard):
    code = "IM05"

    def card_value(self, face: int) -> int:
        return -3 if face == W else -1


class IM06(InstructorCard):
    code = "IM06"

    def adjust(self, scores: list[int], ctx: RoundEnd, notes: list[str]) -> None:
        last = lowest(ctx.totals_before)
        if not last:
            return
        for s in last:
            scores[s] += 3
        notes.append(f"lowest total before the round {', '.join(map(str, last))}: +3 each")


class IM07(InstructorCard):
    code = "IM07"

    def card_value(self, face: int) -> int:
        return -3 if face == 13 else -1


class IM08(InstructorCard):
    code = "IM08"

    def card_value(self, face: int) -> int:
        return 0 if face == 1 else -1


class IM09(InstructorCard):
    """Revised: a Skip card in a stack is harmless (0), one left in hand costs -3. First design: every Skip
    card is +2, so taking a table full of Skips scored points."""

    code = "IM09"

    def card_value(self, face: int) -> int:
        if face in (S, R):
            return 2 if self.first_design else 0
        return -1

    def hand_value(self, face: int) -> int:
        if face in (S, R) and not self.first_design:
            return -3
        return self.card_value(face)


class IM10(InstructorCard):
    code = "IM10"

    def hand_value(self, face: int) -> int:
        return -2


INSTRUCTOR_CLASSES: dict[str, type[InstructorCard]] = {
    c.code: c for c in (IM01, IM02, IM03, IM04, IM05, IM06, IM07, IM08, IM09, IM10)
}


def score_round(card: InstructorCard, ctx: RoundEnd) -> tuple[list[int], list[str]]:
    """§6: every card of the stack (hand cards join it first) is worth -1 unless the Magic
    Instructor card says otherwise; then the card's own bonuses and penalties."""
    scores: list[int] = []
    notes: list[str] = []
    stack_values, hand_values = card.stack_values, card.hand_values
    for s in range(ctx.players):
        score = sum(map(mul, ctx.stacks[s], stack_values)) + sum(map(mul, ctx.hands[s], hand_values))
        if s == ctx.hitter:
            score = card.hitter_score(score)
        scores.append(score)
    card.adjust(scores, ctx, notes)
    return scores, notes
