"""Paladin: observation encoding of ``view(seat)`` and the action codec (docs/interop.md, "Paladin").

Cards are named by face (``7r``: a red 7), quests by label (``Q1``..``K9``); seats relative to the observer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from medieval.core.encoding import (
    ActionCodec,
    ActionGroup,
    ActionKey,
    Context,
    Counts,
    Encoding,
    Flag,
    Number,
    OneHot,
    PerSeat,
    Seat,
    SeatKeyed,
    Seats,
    Section,
    Slots,
    rel_axis,
    rel_key,
)
from medieval.core.state import Action, Game
from medieval.games.paladin import actions as A
from medieval.games.paladin.components import FACES_BY_INDEX, N_CARDS, QUESTS
from medieval.games.paladin.view import CardFace

MAX = A.MAX_SEATS
FACES = tuple(str(FACES_BY_INDEX[i]) for i in sorted(FACES_BY_INDEX))  # "0", "1", "1r", ... "9r"
QUEST_LABELS = tuple(q.label for q in QUESTS)
MAX_COPIES = 4  # most copies of one face


def _label(card: CardFace | None, ctx: Context) -> str | None:
    return None if card is None else card["label"]


def _labels(cards: Sequence[CardFace] | None, ctx: Context) -> list[str]:
    return [c["label"] for c in cards] if cards else []


FEATURES = [
    OneHot("players", "players", (3, 4, 5)),
    Number("round", "round", 0, 6, "round number / 6"),
    OneHot("phase", "phase", ("first", "place", "resolve", "over")),
    OneHot("decision", "pending.decision", ("choose_first", "look", "place_hero", "place", "resolve"),
           "the pending decision (of the seat in to_move)"),
    Seats("to_move", "to_move"),
    Seat("dealer", "dealer"),
    Seat("first_player", "first_player"),
    Seat("previous_first_player", "previous_first_player"),
    Number("hand_size", "hand_size", 0, 6, "full hand size (players + 1) / 6"),
    Counts("hand", lambda v, c: _labels(v["hand"], c), FACES, MAX_COPIES, "your hand: copies per face / 4"),
    PerSeat("hands", "hands", [
        Number("count", "count", 0, 6, "cards in hand / 6"),
        Counts("known", lambda h, c: _labels(h["known"], c), FACES, MAX_COPIES,
               "cards of that hand whose face you know: copies per face / 4"),
    ]),
    Slots("quests", "quests", MAX, [
        OneHot("quest", "quest.label", QUEST_LABELS),
        Number("swords", "quest.swords", 0, 6, "swords / 6"),
        OneHot("state", "state", ("open", "resolving", "waiting", "won")),
        Seat("winner", "winner"),
        Seat("hero_seat", "hero.seat", "owner of the revealed hero (relative seat)"),
        OneHot("hero_card", lambda q, c: _label(q["hero"] and q["hero"]["card"], c), FACES, "face of the hero"),
        SeatKeyed("cards", "cards", [
            Flag("known", lambda item, c: item["card"] is not None, "1 if you know the card's face"),
            OneHot("face", lambda item, c: _label(item["card"], c), FACES),
        ], order=True, doc="face-down cards by owner, in placement order"),
    ], doc="the quests in play, left to right"),
    Section("deck", "deck", [
        Number("count", "count", 0, N_CARDS, "cards in the stock / 42"),
        Counts("known", lambda d, c: [k["card"]["label"] for k in d["known"]], FACES, MAX_COPIES,
               "stock cards whose face you know: copies per face / 4"),
    ]),
    Section("quest_deck", "quest_deck", [
        Number("count", "count", 0, 18, "quests left / 18"),
        Number("queen", "queen", 0, 9, "Queen-backed quests left / 9"),
        Number("king", "king", 0, 9, "King-backed quests left / 9"),
    ]),
    PerSeat("won", "won", [
        Number("quests", lambda w, c: len(w), 0, 18, "quests won / 18"),
        Number("swords", lambda w, c: sum(x["quest"]["swords"] for x in w), 0, 60, "swords won / 60"),
        Number("red", lambda w, c: sum(1 for x in w if x["paladin"]["red"]), 0, 9, "red Paladins won / 9"),
    ]),
    PerSeat("scores", "scores", [Number("score", None, 0, 60, "points / 60")]),
]

GROUPS = [
    ActionGroup.of("first", "the dealer names the first player (relative seat)", rel_axis(MAX)),
    ActionGroup.of("look", "look at the card of seat +r on a quest", QUEST_LABELS, rel_axis(MAX)),
    ActionGroup.of("nolook", "look at nothing"),
    ActionGroup.of("place", "place a card of that face facing that quest", FACES, QUEST_LABELS),
    ActionGroup.of("challenge", "challenge the hero"),
    ActionGroup.of("takeback", "take your card back unseen"),
    ActionGroup.of("discard", "put your card under the stock unseen"),
]


def key_of(action: Action, ctx: Context) -> ActionKey:
    if isinstance(action, A.Place):
        return ("place", str(FACES_BY_INDEX[action.face]), QUESTS[action.quest].label)
    if isinstance(action, A.Look):
        return ("look", QUESTS[action.quest].label, rel_key(action.owner, ctx))
    if isinstance(action, A.ChooseFirst):
        return ("first", rel_key(action.seat, ctx))
    return (str(action),)  # nolook, challenge, takeback, discard


def max_game_length(game: Game[Any]) -> int:
    """Rounds (18 quests, n per round) x (first player + n*n placements + a look before each of the
    n*n - n later placements + (n - 1) decisions on each of n quests)."""
    n = game.players
    return (len(QUESTS) // n) * (1 + n * n + (n * n - n) + n * (n - 1))


ENCODING = Encoding(
    game="paladin",
    max_players=MAX,
    features=FEATURES,
    actions=ActionCodec(GROUPS, key_of),
    max_game_length=max_game_length,
    notes="Knowledge is what the view says you know: faces you have seen and not lost track of (§9.3). "
          "The depth of known cards in the stock is left out (only how many of each face).",
)
