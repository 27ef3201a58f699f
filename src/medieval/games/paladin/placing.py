"""§4 Placing the heroes and §5 placing the other cards, with the secret look before each placement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.paladin import actions as A
from medieval.games.paladin import resolving
from medieval.games.paladin.components import CARD_NAMES, FACE_OF, QUEST_LABELS

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


def legal(s: PaladinState, seat: int) -> list[Action]:
    """§4.1 to §5.2: the look decision first (once heroes are down), then where each face may go."""
    quests = []
    if s.placed < s.game.players:  # §4.1 heroes: quests still without a card
        for q, cards in zip(s.row, s.table):  # noqa: B905 (zip with a keyword takes a slower call)
            if not cards:
                quests.append(q)
    else:
        if not s.looked:
            looks = lookable(s, seat)
            if looks:
                looks.insert(0, A.NO_LOOK)
                return looks
        # §5.2 one card per quest per player
        for q, cards in zip(s.row, s.table):  # noqa: B905 (zip with a keyword takes a slower call)
            if seat not in cards[0::2]:
                quests.append(q)
    hand = s.hands[seat]
    if len(hand) == 1:  # (one card: one face)
        by_quest = A.PLACE[FACE_OF[hand[0]]]
        return [by_quest[q] for q in quests]
    faces = 0
    for c in hand:
        faces |= _FACE_BIT[c]
    by_face = _BY_FACES.get(faces)
    if by_face is None:
        by_face = _BY_FACES[faces] = _by_faces(faces)
    return [by_quest[q] for q in quests for by_quest in by_face]


#: _FACE_BIT[card_id]: the bit of the card's face in a hand's set of faces.
_FACE_BIT = tuple(1 << f for f in FACE_OF)
#: A hand's set of faces (bits as in ``_FACE_BIT``) -> the ``A.PLACE`` rows of those faces, lowest face first;
#: filled as hands are met (a hand holds a few of the 19 faces, so few sets occur: 43,796 of at most six).
_BY_FACES: dict[int, tuple[tuple[A.Place, ...], ...]] = {}


def _by_faces(faces: int) -> tuple[tuple[A.Place, ...], ...]:
    return tuple(A.PLACE[f] for f in range(faces.bit_length()) if faces >> f & 1)


def lookable(s: PaladinState, seat: int) -> list[Action]:
    """§5.1: any face-down card on the table whose face the seat does not already know."""
    kn = s.known[seat]
    out: list[Action] = []
    look = A.LOOK
    for q, cards in zip(s.row, s.table):  # noqa: B905 (zip with a keyword takes a slower call)
        if cards:
            by_owner = look[q]
            for j in range(1, len(cards), 2):
                if not kn >> cards[j] & 1:
                    out.append(by_owner[cards[j - 1]])
    return out


def look(s: PaladinState, seat: int, action: A.Look) -> None:
    """§5.1 a secret look: only the looking seat learns the face."""
    slot = s.row.index(action.quest)
    card = card_of(s, slot, action.owner)
    s.known[seat] |= 1 << card
    s.looked = True
    if s._log_on:
        s._emit_lazy("look", _looked, (seat, action.quest, action.owner, card), (seat,))


def _looked(seat: int, quest_id: int, owner: int, card: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The look's log entry: the face for the looking seat alone."""
    quest = QUEST_LABELS[quest_id]
    return ({"seat": seat, "quest": quest, "owner": owner, "card": CARD_NAMES[card]},
            {"seat": seat, "quest": quest, "owner": owner})


def card_of(s: PaladinState, slot: int, owner: int) -> int:
    cards = s.table[slot]
    for j in range(0, len(cards), 2):
        if cards[j] == owner:
            return cards[j + 1]
    raise AssertionError("no such card")  # pragma: no cover - legal_actions only offers real cards


def place(s: PaladinState, seat: int, action: A.Place) -> None:
    """§4.1/§5.2 a card face down facing a quest; §5.3 once every player has placed all cards but one,
    the quests are resolved."""
    hand = s.hands[seat]
    face = action.face
    forget = 0
    card = -1
    for c in hand:
        if card < 0 and FACE_OF[c] == face:
            card = c
        forget |= 1 << c
    # Others can no longer tell which of this hand's cards went down: forget them all (§9.3).
    keep = ~forget
    known = s.known
    for o in range(s.game.players):
        if o != seat:
            known[o] &= keep
    hand.remove(card)
    cards = s.table[s.row.index(action.quest)]
    hero = not cards
    cards += (seat, card)
    if s._log_on:
        s._emit_lazy("place", _placed, (seat, action.quest, hero, card), (seat,))
    n = s.game.players
    s.placed += 1
    s.looked = False
    s.turn = (s.turn + 1) % n
    if s.placed == n * n:  # §5.3 everyone has placed one card per quest, one card kept
        s.phase = "resolve"
        s.res_q = 0
        resolving.reveal_hero(s)


def _placed(seat: int, quest_id: int, hero: bool, card: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The placement's log entry: the face for the placing seat alone."""
    quest = QUEST_LABELS[quest_id]
    return ({"seat": seat, "quest": quest, "hero": hero, "card": CARD_NAMES[card]},
            {"seat": seat, "quest": quest, "hero": hero})
