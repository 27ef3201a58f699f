"""Paladin in words: every log event as a sentence for the seat reading it, help for every card and
quest, and a short how-to-play. Written once, read by the terminal and the browser."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from medieval.core.text import CardHelp, Narrator
from medieval.games.paladin.components import CARD_FACES, QUESTS


def card_name(label: object) -> str:
    """``"7r"`` -> ``"red 7"``, ``"7"`` -> ``"7"``."""
    text = str(label)
    return f"red {text[:-1]}" if text.endswith("r") else text


def _swords(n: int) -> str:
    return f"{n} sword{'s' if n != 1 else ''}"


def describe_event(event: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """One sentence for a log event as ``seat`` sees it (None: a spectator)."""
    n = Narrator(seat, names)
    e = event
    kind = e.get("kind")
    who = e.get("seat")
    quest = e.get("quest")
    if kind == "round":
        quests = ", ".join(e.get("quests", []))
        return f"Round {int(e['round'])}: {n.act(e['dealer'], 'deal', 'deals')}; the quests are {quests}."
    if kind == "deal":
        if "cards" in e:
            return f"{n.act(who, 'are', 'is')} dealt {', '.join(card_name(c) for c in e['cards'])}."
        count = int(e.get("count", 0))
        return f"{n.act(who, 'are', 'is')} dealt {count} card{'s' if count != 1 else ''}."
    if kind == "first_player":
        if e["dealer"] == who:
            return f"{n.act(who, 'choose', 'chooses')} to play first."
        return f"{n.act(e['dealer'], 'choose', 'chooses')} {n.obj(who)} to play first."
    if kind == "nolook":
        return f"{n.act(who, 'look', 'looks')} at no card."
    if kind == "look":
        where = f"{n.poss(e['owner'])} card on {quest}"
        if "card" in e:
            return f"{n.act(who, 'look', 'looks')} at {where}: {card_name(e['card'])}."
        return f"{n.act(who, 'look', 'looks')} at {where}."
    if kind == "place":
        what = f"{n.poss(who)} {card_name(e['card'])}" if "card" in e else "a card"
        hero = " as its hero" if e.get("hero") else ""
        return f"{n.act(who, 'place', 'places')} {what} face down on {quest}{hero}."
    if kind == "hero":
        return f"{quest}: {n.poss(who)} hero is revealed: {card_name(e['card'])}."
    if kind == "challenge":
        result = ("win" if n.me(who) else "wins") if e.get("wins") else ("fail" if n.me(who) else "fails")
        return (f"{quest}: {n.act(who, 'challenge', 'challenges')} {n.poss(e['hero_seat'])} "
                f"{card_name(e['hero'])} with {n.own(who)} {card_name(e['card'])} and {result}.")
    if kind == "takeback":
        what = f"{n.poss(who)} {card_name(e['card'])}" if "card" in e else "a card"
        return f"{quest}: {n.act(who, 'take', 'takes')} back {what} unseen."
    if kind == "discard":
        what = f"{n.poss(who)} {card_name(e['card'])}" if "card" in e else "a card"
        return f"{quest}: {n.act(who, 'discard', 'discards')} {what} under the stock, unseen."
    if kind == "quest_won":
        return (f"{n.act(who, 'win', 'wins')} {quest} ({_swords(int(e.get('swords', 0)))}) with "
                f"{card_name(e['card'])}.")
    if kind == "round_over":
        scores = ", ".join(f"{n.obj(i)} {s}" for i, s in enumerate(e.get("scores", [])))
        return f"Round {int(e['round'])} is over. Valour: {scores}."
    if kind == "game_over":
        winners = list(e.get("winners", []))
        if len(winners) == 1:
            return f"Game over: {n.acts(winners[0], 'win', 'wins')}."
        return f"Game over: {n.seats(winners, subject=False)} share the win."
    from medieval.core.text import describe_event as generic

    return generic(event)


def card_help() -> list[CardHelp]:
    """Every Paladin face and every quest."""
    out: list[CardHelp] = []
    seen: set[str] = set()
    for face in sorted(CARD_FACES, key=lambda f: f.index):
        label = str(face)
        if label in seen:
            continue
        seen.add(label)
        copies = sum(1 for f in CARD_FACES if str(f) == label)
        if face.value == 0:
            power = "It beats the 9, and is beaten by every other card."
        elif face.value == 9:
            power = "Nothing is stronger, but the 0 beats it."
        else:
            power = f"It beats every card below {face.value}."
        if face.red:
            power += (f" Red: as a challenger it also beats a plain {face.value}, and it is worth 1 point "
                      "of valour if it is the last hero of a quest you win.")
        out.append({"name": label, "kind": "paladin", "title": f"{'Red ' if face.red else ''}Paladin {face.value}",
                    "text": power, "details": {"strength": str(face.value), "red": "yes" if face.red else "no",
                                               "copies": str(copies)}})
    for q in QUESTS:
        out.append({"name": q.label, "kind": "quest", "title": f"{q.back.capitalize()} quest {q.label}",
                    "text": f"Worth {_swords(q.swords)} of valour to the owner of its last hero.",
                    "details": {"swords": str(q.swords), "back": q.back}})
    return out


def how_to_play() -> str:
    """Paladin in a few lines, in our own words."""
    return """**Goal:** win the most valour: the swords on the quests you win, plus 1 for each red Paladin
that wins one for you.

**Each round** there is one quest per player. Everyone holds one card more than there are players.
1. The dealer picks who starts. In turn, each player puts a card face down as the *hero* of a quest that
   has none yet.
2. Then, in turn, each player may first peek at one face-down card on the table, then adds a card to a
   quest where they have none. This goes on until everyone has one card left.
3. Quest by quest, the hero is turned up and each later card's owner chooses: **challenge** (turn it
   up: a stronger card, or a red one of equal strength, becomes the hero), **take back** the card
   unseen, or **discard** it unseen. The last hero wins the quest.

Strength runs 0 to 9, but the 0 beats the 9. The player with the most valour deals the next round; the
game ends when there are too few quests left for a round."""


#: How a game ends (``Outcome.termination``), in words.
ENDINGS = {"quests_exhausted": "too few quests left for another round"}


def ending(termination: str) -> str:
    """How the game ended, in words (for the end screen)."""
    return ENDINGS.get(termination, termination.replace("_", " "))


def legend() -> list[tuple[str, str]]:
    """The symbols of Paladin's pictures."""
    return [
        ("░", "a card face down (its owner's seat beside it)"),
        ("7r", "a red 7: as a challenger it also beats a plain 7, and wins 1 valour more"),
        ("Q7 3⚔", "quest Q7 and the swords (valour) it is worth; K are the king quests"),
        ("hero P1 ░ then P2 ░", "the quest's hero (the first card placed), then the cards after it"),
        ("look Q4:2", "look at P2's face-down card on quest Q4"),
        ("won Q7/9", "won quest Q7, its last hero a 9"),
        ("9 at 3", "a card you know in the stock, 3 cards from the top"),
        ("place 7r Q4", "put your red 7 face down on quest Q4"),
        ("▶", "whose decision it is"),
        ("[dealer, first]", "the round's dealer and first player"),
    ]


def _quest_cards(view: Mapping[str, Any], label: str) -> list[Mapping[str, Any]] | None:
    for q in view.get("quests") or []:
        if q["quest"]["label"] == label:
            cards = list(q.get("cards") or [])
            return ([q["hero"]] if q.get("hero") else []) + cards
    return None


def explain(state: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is refused for ``seat``, from that seat's view: the card is not in hand, the quest is
    not on the table, the quest already has its hero, nobody's card lies there, it is not the time."""
    view = state.view(seat)
    words = text.split()
    verb = words[0].lower() if words else ""
    pending = view.get("pending") or {}
    decision = pending.get("decision")
    if seat not in (view.get("to_move") or []):
        return f"it is {', '.join(f'P{s}' for s in view.get('to_move') or [])}'s decision, not yours"
    quests = [q["quest"]["label"] for q in view.get("quests") or []]
    hand = [str(c["label"]) for c in view.get("hand") or []]
    if verb == "place" and len(words) == 3:
        card, label = words[1], words[2].upper()
        if decision == "look":
            return "first look at a face-down card ('look QUEST:SEAT') or say 'nolook', then place"
        if decision not in ("place", "place_hero"):
            return "this is not the time to place a card"
        if card.lower() not in hand:
            return f"you hold no {card_name(card)}: your hand is {', '.join(card_name(c) for c in hand) or 'empty'}"
        cards = _quest_cards(view, label)
        if cards is None:
            return f"{label} is not on the table: the quests are {', '.join(quests)}"
        if decision == "place_hero" and cards:
            free = [q for q in quests if not _quest_cards(view, q)]
            return f"{label} has its hero already: a hero goes on a quest with no card yet ({', '.join(free)})"
        if any(c.get("seat") == seat for c in cards):
            return f"you have a card on {label} already: one card per quest"
    if verb == "look" and len(words) == 2:
        if decision != "look":
            return "you may look at a card only before you place one"
        label, _, owner = words[1].upper().partition(":")
        cards = _quest_cards(view, label)
        if cards is None:
            return f"{label} is not on the table: the quests are {', '.join(quests)}"
        if owner.isdigit() and int(owner) == seat:
            return "that card is your own: you know it"
        if not owner.isdigit() or not any(c.get("seat") == int(owner) and c.get("card") is None for c in cards):
            return f"P{owner} has no face-down card on {label}"
    if verb == "first":
        if decision != "choose_first":
            return "the first player is chosen by the dealer at the start of a round"
        players = int(view.get("players") or 0)
        return f"the first player is one of P0 to P{players - 1}"
    if verb in ("challenge", "takeback", "discard") and decision != "resolve":
        return "that is for the resolution, once every card is placed"
    return None
