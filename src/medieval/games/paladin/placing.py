"""§4 Placing the heroes and §5 placing the other cards, with the secret look before each placement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.paladin import actions as A
from medieval.games.paladin import resolving
from medieval.games.paladin.components import CARD_NAMES, FACE_OF, QUEST_LABELS

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


def legal(s: PaladinState, seat: int) -> list[Action]:
    """§4.1 to §5.2: the look decision first (once heroes are down), then where each face may go."""
    n = s.game.players
    table = s.table
    row = s.row
    if s.placed < n:  # §4.1 heroes: quests still without a card
        quests = [row[i] for i in range(n) if not table[i]]
    else:
        if not s.looked:
            looks = lookable(s, seat)
            if looks:
                return [A.NO_LOOK, *looks]
        # §5.2 one card per quest per player
        quests = [row[i] for i in range(n) if seat not in table[i][0::2]]
    hand = s.hands[seat]
    place = A.PLACE
    if len(hand) == 1:  # (one card: one face)
        by_quest = place[FACE_OF[hand[0]]]
        return [by_quest[q] for q in quests]
    faces = sorted({FACE_OF[c] for c in hand})
    return [place[f][q] for q in quests for f in faces]


def lookable(s: PaladinState, seat: int) -> list[Action]:
    """§5.1: any face-down card on the table whose face the seat does not already know."""
    kn = s.known[seat]
    out: list[Action] = []
    look = A.LOOK
    for q, cards in zip(s.row, s.table, strict=False):
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
        quest = QUEST_LABELS[action.quest]
        s._emit("look", {"seat": seat, "quest": quest, "owner": action.owner, "card": CARD_NAMES[card]},
                (seat,), {"seat": seat, "quest": quest, "owner": action.owner})


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
        quest = QUEST_LABELS[action.quest]
        s._emit("place", {"seat": seat, "quest": quest, "hero": hero, "card": CARD_NAMES[card]}, (seat,),
                {"seat": seat, "quest": quest, "hero": hero})
    n = s.game.players
    s.placed += 1
    s.looked = False
    s.turn = (s.turn + 1) % n
    if s.placed == n * n:  # §5.3 everyone has placed one card per quest, one card kept
        s.phase = "resolve"
        s.res_q = 0
        resolving.reveal_hero(s)
