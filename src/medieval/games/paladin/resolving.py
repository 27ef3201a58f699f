"""§6 Resolving the quests: the hero revealed, each later card challenging, taken back or discarded, the
quest and its last hero to the hero's owner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.paladin import actions as A
from medieval.games.paladin.components import CARD_FACES, CARD_NAMES, QUEST_LABELS, QUESTS
from medieval.games.paladin.scoring import end_round

if TYPE_CHECKING:
    from medieval.games.paladin.state import PaladinState


def reveal_hero(s: PaladinState) -> None:
    """§6.1 the hero of the quest being resolved is turned face up."""
    cards = s.table[s.res_q]
    owner, card = cards[0], cards[1]
    del cards[:2]
    s.hero = [owner, card]
    reveal(s, card)
    if s._log_on:
        s._emit_lazy("hero", _hero, (s.row[s.res_q], owner, card))


def _hero(quest: int, seat: int, card: int) -> tuple[dict[str, Any], None]:
    return {"quest": QUEST_LABELS[quest], "seat": seat, "card": CARD_NAMES[card]}, None


def reveal(s: PaladinState, card: int) -> None:
    b = 1 << card
    known = s.known
    for o in range(s.game.players):
        known[o] |= b


def beats(s: PaladinState, challenger: int, hero: int) -> bool:
    """§6.2 Does ``challenger`` beat ``hero`` (card ids)?"""
    cf, hf = CARD_FACES[challenger], CARD_FACES[hero]
    cv, hv = cf.value, hf.value
    opts = s.game.options
    if cv == 0 and hv == 9 and (not hf.red or opts["zero_beats_red_nine"]):
        return True  # §6.3 the 0 beats the 9
    if cv == 9 and hv == 0 and (not cf.red or opts["zero_beats_red_nine"]):
        return False  # §6.3 ... so a 9 cannot beat a 0
    if cv != hv:
        return cv > hv
    if not cf.red:
        return False  # §6.2 a tie needs a red challenger
    return not hf.red or opts["red_tie"] == "challenger"


def resolve(s: PaladinState, seat: int, action: Action) -> None:
    """§6.2 to §6.6 the next card's owner challenges, takes the card back, or discards it."""
    cards = s.table[s.res_q]
    card = cards[1]
    del cards[:2]
    log = s._log_on
    t = type(action)
    if t is A.Challenge:
        reveal(s, card)
        hero_seat, hero_card = s.hero
        wins = beats(s, card, hero_card)
        if log:
            s._emit_lazy("challenge", _challenged, (s.row[s.res_q], seat, card, hero_seat, hero_card, wins))
        if wins:
            s.deck.append(hero_card)  # §6.4 the defeated paladin goes under the deck
            s.hero = [seat, card]
        else:
            s.deck.append(card)
    elif t is A.TakeBack:
        s.hands[seat].append(card)  # §6.5 back to hand unseen
        if log:
            s._emit_lazy("takeback", _unseen, (s.row[s.res_q], seat, card), (seat,))
    else:
        s.deck.append(card)  # §6.6 under the stock unseen
        if log:
            s._emit_lazy("discard", _unseen, (s.row[s.res_q], seat, card), (seat,))
    if not cards:
        award(s)


def award(s: PaladinState) -> None:
    """§6.7 the quest and its last hero go to the hero's owner; then the next quest."""
    winner, card = s.hero
    quest = s.row[s.res_q]
    s.won[winner] += [quest, card]
    s.hero = []
    if s._log_on:
        s._emit_lazy("quest_won", _won, (quest, winner, card))
    s.res_q += 1
    if s.res_q < s.players:
        reveal_hero(s)
    else:
        end_round(s)


# The log entries, built when read (``State._emit_lazy``).
def _challenged(quest: int, seat: int, card: int, hero_seat: int, hero: int,
                wins: bool) -> tuple[dict[str, Any], None]:
    return {"quest": QUEST_LABELS[quest], "seat": seat, "card": CARD_NAMES[card], "hero_seat": hero_seat,
            "hero": CARD_NAMES[hero], "wins": wins}, None


def _unseen(quest: int, seat: int, card: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A card taken back or discarded: its face for its owner alone."""
    label = QUEST_LABELS[quest]
    return {"quest": label, "seat": seat, "card": CARD_NAMES[card]}, {"quest": label, "seat": seat}


def _won(quest: int, seat: int, card: int) -> tuple[dict[str, Any], None]:
    return {"quest": QUEST_LABELS[quest], "seat": seat, "card": CARD_NAMES[card],
            "swords": QUESTS[quest].swords, "red": CARD_FACES[card].red}, None
