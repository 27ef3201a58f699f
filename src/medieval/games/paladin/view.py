"""What a seat may know of a Paladin table (§9), as a typed view.

A seat sees every face it knows (its own cards wherever they are, what it looked at, what was revealed)
and only the backs of the rest; the spectator sees only what every seat knows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from medieval.games.paladin.components import CARD_FACES, FACE_OF, QUESTS

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


class CardFace(TypedDict):
    value: int
    red: bool
    label: str


class QuestCard(TypedDict):
    label: str
    back: Literal["queen", "king"]
    swords: int


class PlacedCard(TypedDict):
    seat: int
    card: CardFace | None  # None: the seat does not know this face


class Hero(TypedDict):
    seat: int
    card: CardFace


class QuestSlot(TypedDict):
    quest: QuestCard
    cards: list[PlacedCard]  # face down, in placement order (the hero first until it is revealed)
    hero: Hero | None  # the revealed hero of the quest being resolved
    winner: int | None
    state: Literal["open", "won", "resolving", "waiting"]


class Hand(TypedDict):
    seat: int
    count: int
    known: list[CardFace]  # the faces of that hand the viewing seat knows


class DeckCard(TypedDict):
    depth: int
    card: CardFace


class Deck(TypedDict):
    count: int
    known: list[DeckCard]


class QuestDeck(TypedDict):
    count: int
    queen: int
    king: int


class WonQuest(TypedDict):
    quest: QuestCard
    paladin: CardFace


class Pending(TypedDict, total=False):
    decision: Literal["choose_first", "look", "place_hero", "place", "resolve"]
    seat: int
    quest: str


class PaladinView(TypedDict):
    game: Literal["paladin"]
    seat: int | None
    players: int
    round: int  # 1-based
    phase: Literal["first", "place", "resolve", "over"]
    dealer: int
    first_player: int | None
    previous_first_player: int | None
    to_move: list[int]
    pending: Pending | None
    hand_size: int
    hand: list[CardFace] | None  # None for the spectator
    hands: list[Hand]
    quests: list[QuestSlot]
    deck: Deck
    quest_deck: QuestDeck
    won: list[list[WonQuest]]
    scores: list[int]
    outcome: dict[str, Any] | None


def face(card: int) -> CardFace:
    f = CARD_FACES[card]
    return {"value": f.value, "red": f.red, "label": str(f)}


def quest_card(quest: int) -> QuestCard:
    q = QUESTS[quest]
    return {"label": q.label, "back": "queen" if q.back == "queen" else "king", "swords": q.swords}


def known_by_all(s: PaladinState, card: int) -> bool:
    return all(k >> card & 1 for k in s.known)


def _face(s: PaladinState, card: int, seat: int | None) -> CardFace | None:
    if seat is None:
        return face(card) if known_by_all(s, card) else None
    return face(card) if s.known[seat] >> card & 1 else None


def _winner_of(s: PaladinState, quest: int) -> int | None:
    for seat, w in enumerate(s.won):
        if quest in w[0::2]:
            return seat
    return None


def pending(s: PaladinState) -> Pending | None:
    from medieval.games.paladin.placing import lookable

    if s.phase == "first":
        return {"decision": "choose_first", "seat": s.dealer}
    if s.phase == "place":
        n = s.players
        looking = s.placed >= n and not s.looked and bool(lookable(s, s.turn))
        return {"decision": "look" if looking else ("place_hero" if s.placed < n else "place"), "seat": s.turn}
    if s.phase == "resolve":
        cards = s.table[s.res_q]
        return {"decision": "resolve", "seat": cards[0], "quest": QUESTS[s.row[s.res_q]].label}
    return None


def view(s: PaladinState, seat: int | None) -> PaladinView:
    from medieval.games.paladin.scoring import scores

    n = s.players
    quests: list[QuestSlot] = []
    for i, q in enumerate(s.row):
        cards = s.table[i]
        slot: QuestSlot = {
            "quest": quest_card(q),
            "cards": [{"seat": cards[j], "card": _face(s, cards[j + 1], seat)} for j in range(0, len(cards), 2)],
            "hero": None,
            "winner": None,
            "state": "open",
        }
        if s.phase in ("resolve", "over"):
            if i < s.res_q:
                slot["state"] = "won"
                slot["winner"] = _winner_of(s, q)
            elif i == s.res_q:
                slot["state"] = "resolving"
                slot["hero"] = {"seat": s.hero[0], "card": face(s.hero[1])}
            else:
                slot["state"] = "waiting"
        quests.append(slot)
    hands: list[Hand] = []
    for h in range(n):
        known = sorted((c for c in s.hands[h] if seat is not None and s.known[seat] >> c & 1), key=lambda c: FACE_OF[c])
        hands.append({"seat": h, "count": len(s.hands[h]), "known": [face(c) for c in known]})
    deck_known: list[DeckCard] = [{"depth": i, "card": f} for i, c in enumerate(s.deck)
                                  if (f := _face(s, c, seat)) is not None]
    won: list[list[WonQuest]] = [[{"quest": quest_card(w[i]), "paladin": face(w[i + 1])}
                                  for i in range(0, len(w), 2)] for w in s.won]
    out = s.outcome
    phase: Literal["first", "place", "resolve", "over"] = s.phase
    return {
        "game": "paladin",
        "seat": seat,
        "players": n,
        "round": s.round + 1,
        "phase": phase,
        "dealer": s.dealer,
        "first_player": None if s.first < 0 else s.first,
        "previous_first_player": None if s.prev_first < 0 else s.prev_first,
        "to_move": list(s.to_move),
        "pending": pending(s),
        "hand_size": n + 1,
        "hand": None if seat is None else hands[seat]["known"],
        "hands": hands,
        "quests": quests,
        "deck": {"count": len(s.deck), "known": deck_known},
        "quest_deck": {"count": len(s.quest_deck),
                       "queen": sum(1 for q in s.quest_deck if QUESTS[q].back == "queen"),
                       "king": sum(1 for q in s.quest_deck if QUESTS[q].back == "king")},
        "won": won,
        "scores": scores(s),
        "outcome": None if out is None else out.to_json(),
    }
