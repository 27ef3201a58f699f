"""Medievalia: observation encoding of ``view(seat)`` and the action codec (docs/interop.md, "Medievalia").

Cards are faces ``1``..``13``, ``W`` (Wildcard), ``S`` (Skip), ``R`` (Skip-and-reverse)."""

from __future__ import annotations

from typing import Any

from medieval.core.encoding import (
    ActionCodec,
    ActionGroup,
    ActionKey,
    Context,
    Counts,
    Encoding,
    EncodingError,
    MultiHot,
    Number,
    OneHot,
    PerSeat,
    Seat,
    Seats,
    Section,
    Slots,
    rel_axis,
    rel_key,
)
from medieval.core.state import Action, Game
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import FACE_NAMES, NUMBERS, R, S, W
from medieval.games.medievalia.tower import CHOOSE, FIELD_CODES, INSTRUCTOR_CODES, REVERSE, SKIP
from medieval.games.medievalia.view import TablePlay, Tower, TowerCard

MAX = A.MAX_SEATS
FACES = FACE_NAMES[1:]  # "1".."13", "W", "S", "R"
#: Most cards in a hand: the hand limit 7 (CM05) and one extra card at the deal (CM06).
MAX_HAND = 8
MAX_ROUNDS = 20
TOTAL_CAP = 13 * MAX_HAND
RECENT_PLAYS = 8


def _code(card: TowerCard | None, ctx: Context) -> str | None:
    return None if card is None else card["code"]


def _play_cards(play: TablePlay, ctx: Context) -> list[str]:
    return [w for w in play["cards"].split() if w in _FACE_SET]


_FACE_SET = frozenset(FACES)


def _field(tower: Tower, ctx: Context) -> str | None:
    return _code(tower["field"], ctx)


def _instructor(tower: Tower, ctx: Context) -> str | None:
    return _code(tower["instructor"], ctx)

PLAY = [
    Seat("seat", "seat"),
    Counts("cards", _play_cards, FACES, 4, "cards played, per face / 4"),
    Number("total", "total", 0, TOTAL_CAP, "the play's total / 104"),
    OneHot("effect", "effect", (SKIP, REVERSE, CHOOSE), "a Skip play's effect"),
    Seat("next", "next", "CM10: the seat named to play next"),
]

FEATURES = [
    OneHot("players", "players", (2, 3, 4, 5, 6)),
    Number("round", "round", 0, MAX_ROUNDS, "round / 20"),
    Number("rounds", "rounds", 0, MAX_ROUNDS, "rounds in the game / 20"),
    OneHot("phase", "phase", ("lead", "respond", "over")),
    Seats("to_move", "to_move"),
    Number("need", "pending.need", 0, TOTAL_CAP, "the total the seat to move must reach / 104"),
    Seat("first_player", "first_player"),
    OneHot("direction", "direction", ("clockwise", "counterclockwise")),
    OneHot("round_direction", "round_direction", ("clockwise", "counterclockwise")),
    Counts("hand", "hand", FACES, 4, "your hand: cards per face / 4"),
    PerSeat("hand_sizes", "hand_sizes", [Number("cards", None, 0, MAX_HAND, "cards in hand / 8")]),
    PerSeat("hand_limits", "hand_limits", [Number("limit", None, 0, MAX_HAND, "hand limit / 8")]),
    Number("deck_size", "deck_size", 0, 100, "cards in the deck / 100"),
    Section("table", "table", [
        Slots("plays", "plays", RECENT_PLAYS, PLAY, keep="last", doc="the plays on the table"),
        Counts("cards", "cards", FACES, 8, "open cards per face / 8"),
        Number("count", "count", 0, 40, "open cards / 40"),
        Number("total", "total", 0, TOTAL_CAP, "the total to beat / 104"),
        PerSeat("need", "need", [Number("need", None, 0, TOTAL_CAP, "total that seat must reach / 104")]),
    ]),
    Counts("discard", "discard", FACES, 8, "discarded Skip cards per face / 8"),
    PerSeat("stacks", "stacks", [Counts("cards", None, FACES, 8, "creature stack: cards per face / 8")]),
    PerSeat("stack_sizes", "stack_sizes", [Number("cards", None, 0, 60, "creature stack size / 60")]),
    Section("tower", "tower", [
        OneHot("field", _field, FIELD_CODES, "the Magic Field card in play"),
        OneHot("instructor", _instructor, INSTRUCTOR_CODES,
               "the Magic Instructor card in play"),
        Number("field_deck", "field_deck", 0, len(FIELD_CODES), "Magic Field cards left / 10"),
        Number("instructor_deck", "instructor_deck", 0, len(INSTRUCTOR_CODES), "Magic Instructor cards left / 10"),
        MultiHot("field_used", "field_used", FIELD_CODES),
        MultiHot("instructor_used", "instructor_used", INSTRUCTOR_CODES),
        PerSeat("margins", "margins", [Number("margin", None, 0, 4, "extra margin that seat must beat by / 4")]),
    ]),
    PerSeat("scores", "scores", [Number("score", None, -200, 50, "total score, from [-200, 50] to [0, 1]")]),
]

_SPLITS = [(c, j) for c in range(1, MAX_HAND + 1) for j in range(0, MAX_HAND + 1 - c)]
_NUMBERS = [FACE_NAMES[v] for v in NUMBERS]
GROUPS = [
    ActionGroup("play", tuple(("play", f, c, j) for f in _NUMBERS for c, j in _SPLITS),
                "COUNT cards of a number FACE and WILDS Wildcards joining them (a Skip under CM02 for 1s)"),
    ActionGroup("play_give", tuple(("play_give", f, c, 2 - c, r) for f in _NUMBERS for c in (1, 2)
                                   for r in rel_axis(MAX, 1)),
                "CM01: a play of exactly two cards that hands your creature stack to seat +r"),
    ActionGroup.of("wild", "Wildcards alone, all worth VALUE", _NUMBERS, range(1, MAX_HAND + 1)),
    ActionGroup.of("wild_give", "CM01: two Wildcards worth VALUE, handing your creature stack to seat +r",
                   _NUMBERS, rel_axis(MAX, 1)),
    ActionGroup.of("special", "COUNT copies of a special card (W only as a Skip-and-reverse under CM03)",
                   ("W", "S", "R"), range(1, MAX_HAND + 1)),
    ActionGroup.of("next", "CM10: COUNT 12s as a Skip; seat +r plays next", range(1, MAX_HAND + 1),
                   rel_axis(MAX, 1)),
    ActionGroup.of("take", "take every open card into your creature stack"),
]


def key_of(action: Action, ctx: Context) -> ActionKey:
    if isinstance(action, A.Take):
        return ("take",)
    if not isinstance(action, A.Play):
        raise EncodingError(f"no action key for {action!r}")
    if action.count == 0:  # Wildcards alone
        if action.give >= 0:
            if action.wilds != 2:
                raise EncodingError(f"{action}: the encoding knows CM01 gives for plays of two cards only")
            return ("wild_give", FACE_NAMES[action.value], rel_key(action.give, ctx))
        return ("wild", FACE_NAMES[action.value], action.wilds)
    face = FACE_NAMES[action.face]
    if action.face in (W, S, R):
        if action.give >= 0 or action.next >= 0 or action.wilds:
            raise EncodingError(f"{action}: unexpected special play")
        return ("special", face, action.count)
    if action.next >= 0:
        if face != "12" or action.wilds:
            raise EncodingError(f"{action}: the encoding knows CM10's choice for 12s only")
        return ("next", action.count, rel_key(action.next, ctx))
    if action.give >= 0:
        if action.count + action.wilds != 2:
            raise EncodingError(f"{action}: the encoding knows CM01 gives for plays of two cards only")
        return ("play_give", face, action.count, action.wilds, rel_key(action.give, ctx))
    return ("play", face, action.count, action.wilds)


def max_game_length(game: Game[Any]) -> int:
    """Per round every play takes at least one card from a hand (all the deck at most) and every take needs
    cards played since the last: at most two decisions per card."""
    rounds = int(getattr(game, "rounds", MAX_ROUNDS))
    cards = sum(getattr(game, "deck_counts", [])) or 200
    return rounds * 2 * cards


ENCODING = Encoding(
    game="medievalia",
    max_players=MAX,
    features=FEATURES,
    actions=ActionCodec(GROUPS, key_of),
    max_game_length=max_game_length,
    notes="Only the 8 most recent plays on the table are encoded one by one (all open cards are counted). "
          "Counts and totals are clipped at their bound. A hand holds at most 8 cards (CM05 and CM06).",
)
