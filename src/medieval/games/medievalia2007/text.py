"""Medievalia (2007) in words: each log event as a sentence for its reader, help for every card, and a
short how-to-play. The events are already filtered for the reader (a card drawn by another player
comes without its face), so a sentence never tells more than its reader may know."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from medieval.core.text import CardHelp, Narrator
from medieval.core.text import describe_event as generic
from medieval.games.medievalia2007.components import (
    CITY,
    CIVIL,
    DECKS,
    F_ATT,
    F_COST,
    F_COUNT,
    F_DECK,
    F_DEF,
    F_KIND,
    F_MOVES,
    F_NEEDS,
    F_POWER,
    F_PROD,
    F_UNLOCKS,
    F_VP,
    FACE_ROWS,
    FACES,
    MEMO,
    MILB,
    RESOURCES,
    TERR,
    TROOP,
    cost_text,
)
from medieval.games.medievalia2007.fief import SIEGE_TURNS

Event = Mapping[str, Any]

PHASE_WORDS = {"setup": "taking starting cards", "draw": "drawing", "actions": "actions", "pay": "paying",
               "supply": "the ally producing", "move": "external movement", "war": "war", "battle": "battle",
               "over": "game over"}
ENDINGS = {"prestige": "by prestige", "military": "by arms, the last City standing", "siege": "by siege",
           "cards": "for lack of cards", "turn_limit": "at the turn limit"}
#: The same as a title: how the game ended.
_ENDED = {"prestige": "victory points", "military": "the last City standing", "siege": "a siege",
          "cards": "decks or buildings ran out", "turn_limit": "the turn limit"}


def ending(termination: str) -> str:
    """How the game ended, in words (for the end screen)."""
    return _ENDED.get(termination, termination.replace("_", " "))


def a(face: object) -> str:
    """``"Soldier"`` -> ``"a Soldier"``, ``"Artist"`` -> ``"an Artist"``."""
    text = str(face)
    return f"{'an' if text[:1].upper() in 'AEIOU' else 'a'} {text}"


def listing(items: Sequence[object]) -> str:
    """``["A", "B", "C"]`` -> ``"A, B and C"``."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


def amounts(resources: Mapping[str, Any]) -> str:
    """``{"food": 1, "gold": 2}`` -> ``"1 food and 2 gold"`` (``"nothing"`` when all are 0)."""
    return listing([f"{int(n)} {r}" for r, n in resources.items() if n])


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def fief(name: object, n: Narrator) -> str:
    """``"F1"`` -> ``"P1's Fief (F1)"``; ``"I01"`` -> ``"the intermediate Fief I01"``."""
    text = str(name)
    if text[:1] == "F" and text[1:].isdigit():
        return f"{n.poss(int(text[1:]))} Fief ({text})"
    return f"the intermediate Fief {text}"


# ---------------------------------------------------------------------------------------- the events
def _setup(e: Event, n: Narrator) -> str:
    players = int(e["players"])
    who = (f"two alliances, {n.obj(0)} and {n.obj(2)} against {n.obj(1)} and {n.obj(3)}"
           if e.get("allied") else f"{players} players")
    return (f"The game begins: {who}. Under the decks lie {listing(e['deck_bottoms'])}; the building "
            f"stacks show {listing(e['stack_tops'])}.")


def _scenario(e: Event, n: Narrator) -> str:
    phase = PHASE_WORDS.get(str(e["phase"]), str(e["phase"]))
    return f"A prepared position: {n.poss(e['active'])} turn, {phase}."


def _take(e: Event, n: Narrator) -> str:
    what = a(e["card"]) if "card" in e else "a card"
    return f"{n.act(e['seat'], 'take', 'takes')} {what} from the {e['deck']} deck."


def _draw(e: Event, n: Narrator) -> str:
    what = a(e["card"]) if "card" in e else "a card"
    return f"{n.act(e['seat'], 'draw', 'draws')} {what} from the {e['deck']} deck."


def _turn(e: Event, n: Narrator) -> str:
    return f"Turn {e['turn']} begins: {n.poss(e['seat'])} turn."


def _turn_limit(e: Event, n: Narrator) -> str:
    return f"The turn limit ({_plural(int(e['turns']), 'turn')}) is reached: the game is scored on victory points."


def _siege(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'are', 'is')} under siege (turn {e['turns']} of {SIEGE_TURNS})."


def _decks_empty(e: Event, n: Narrator) -> str:
    return "Two decks are empty: the game ends on victory points."


def _buildings_gone(e: Event, n: Narrator) -> str:
    return "The last building has been bought: the game ends on victory points."


def _play(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'play', 'plays')} {e['card']}, paying {amounts(e['paid'])}."


def _build(e: Event, n: Narrator) -> str:
    after = (f"{e['revealed']} now shows on that stack" if e.get("revealed") else "that stack is now empty")
    return f"{n.act(e['seat'], 'build', 'builds')} {e['card']} on {e['on']}, paying {amounts(e['paid'])}; {after}."


def _remove(e: Event, n: Narrator) -> str:
    return (f"{n.act(e['seat'], 'remove', 'removes')} {e['card']} from {n.poss(e['seat'])} Fief, paying "
            f"{amounts(e['paid'])}.")


def _buy_card(e: Event, n: Narrator) -> str:
    what = a(e["card"]) if "card" in e else "a card"
    return (f"{n.act(e['seat'], 'buy', 'buys')} {what} from the {e['deck']} deck, paying "
            f"{amounts(e['paid'])}.")


def _abandon(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'give', 'gives')} up the purchase; what was produced for it is lost."


def _produce(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'use', 'uses')} {e['card']} for {e['amount']} {e['resource']}."


def _trade(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'trade', 'trades')} 3 {e['give']} for 1 {e['get']}."


def _sell(e: Event, n: Narrator) -> str:
    lost = " (nothing is being paid, so it is lost at once)" if e.get("lost") else ""
    return f"{n.act(e['seat'], 'discard', 'discards')} {a(e['card'])} from hand for 1 {e['resource']}{lost}."


def _convert(e: Event, n: Narrator) -> str:
    units = int(e["units"])
    got = units * (2 if e["give"] == "gold" else 1)
    return f"{n.act(e['seat'], 'use', 'uses')} {e['card']} to turn {units} {e['give']} into {got} {e['get']}."


def _inspire(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'use', 'uses')} {e['card']}: the next production of {e['target']} is doubled."


def _reduce(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'use', 'uses')} {e['card']}: the building costs 2 resources less."


def _move(e: Event, n: Narrator) -> str:
    if e.get("to") is None:
        return f"{n.act(e['seat'], 'set', 'sets')} {e['card']} free in {n.poss(e['seat'])} Fief."
    return f"{n.act(e['seat'], 'move', 'moves')} {e['card']} onto {e['to']}."


def _dismiss(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'dismiss', 'dismisses')} {e['card']} from the table."


def _disband(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'disband', 'disbands')} {e['card']}, who could not be fed."


def _call_ally(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'ask', 'asks')} {n.obj(e['ally'])} for resources."


def _send(e: Event, n: Narrator) -> str:
    if e["fee"] is None:
        return (f"{n.act(e['seat'], 'send', 'sends')} {n.obj(e['to'])} {amounts(e['resources'])} (the turn's fee "
                f"is already paid).")
    return (f"{n.act(e['seat'], 'send', 'sends')} {n.obj(e['to'])} {amounts(e['resources'])}, paying 1 "
            f"{e['fee']} as the turn's fee.")


def _refuse(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'refuse', 'refuses')} to send resources."


def _march(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'march', 'marches')} {e['card']} to {fief(e['to'], n)}."


def _attack(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'attack', 'attacks')} {n.obj(e['defender'])} in {fief(e['at'], n)}."


def _shoot(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'shoot', 'shoots')} {e['target']} with {e['card']}: 1 damage."


def _armies(e: Event, n: Narrator) -> str:
    armies = [listing(x) for x in e["armies"]]
    count = "1 army" if len(armies) == 1 else f"{len(armies)} armies"
    return f"{n.act(e['seat'], 'form', 'forms')} {count}: {'; '.join(armies)}."


def _deploy(e: Event, n: Narrator) -> str:
    bands = [f"{listing(band)} against army {k + 1}" for k, band in enumerate(e["bands"]) if band]
    if not bands:
        return f"{n.act(e['seat'], 'deploy', 'deploys')} no troop."
    return f"{n.act(e['seat'], 'deploy', 'deploys')} {'; '.join(bands)}."


def _fight(e: Event, n: Narrator) -> str:
    parts = []
    for u in e["units"]:
        cards, target = list(u["cards"]), u.get("target")
        if cards and target:
            group, many = f"{listing(cards)} guarding {target}", len(cards) > 1
        elif target:
            group, many = str(target), False
        else:
            group, many = listing(cards), len(cards) > 1
        damage = int(u["damage"])
        taken = f"{damage} damage" if damage else "no damage"
        parts.append(f"{n.poss(u['owner'])} {group} {'take' if many else 'takes'} {taken}")
    return f"The blows fall: {'; '.join(parts)}."


def _damage(e: Event, n: Narrator) -> str:
    hits = [f"{card} {amount}" for card, amount in e["damage"].items()]
    if not hits:
        return f"No damage lands on {n.poss(e['seat'])} cards."
    return f"Damage on {n.poss(e['seat'])} cards: {listing(hits)}."


def _bolster(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'give', 'gives')} {e['card']} a +0/1 bonus."


def _heal(e: Event, n: Narrator) -> str:
    return f"{n.act(e['seat'], 'use', 'uses')} {e['card']} to heal 1 damage on {e['target']}."


def _casualties(e: Event, n: Narrator) -> str:
    cards = list(e["cards"])
    return f"Destroyed: {listing(cards)}." if cards else "Nothing is destroyed."


def _defeated(e: Event, n: Narrator) -> str:
    seat = e["seat"]
    cause = f"{SIEGE_TURNS} turns under siege" if e.get("cause") == "siege" else f"{n.poss(seat)} City has fallen"
    hand = list(e.get("hand", []))
    shown = f" (in hand: {listing(hand)})" if hand else ""
    return (f"{n.act(seat, 'are', 'is')} defeated: {cause}. {_upper(n.poss(seat))} cards leave the "
            f"game{shown}.")


def _game_over(e: Event, n: Narrator) -> str:
    winners = list(e.get("winners", []))
    how = ENDINGS.get(str(e.get("termination")), str(e.get("termination")))
    one = len(winners) == 1
    result = f"{n.acts(winners[0], 'win', 'wins')} {how}" if one else f"{n.seats(winners, subject=False)} win {how}"
    scores = ", ".join(f"{n.obj(i)} {s}" for i, s in enumerate(e.get("scores", [])))
    return f"Game over: {result}. Victory points: {scores}."


#: A sentence for every kind of event the rules write (``text`` tests check none is missing).
SENTENCES: dict[str, Callable[[Event, Narrator], str]] = {
    "setup": _setup, "scenario": _scenario, "take": _take, "turn": _turn, "turn_limit": _turn_limit,
    "siege": _siege, "draw": _draw, "decks_empty": _decks_empty, "buildings_gone": _buildings_gone,
    "play": _play, "build": _build, "remove": _remove, "buy_card": _buy_card, "abandon": _abandon,
    "produce": _produce, "trade": _trade, "sell": _sell, "convert": _convert, "inspire": _inspire,
    "reduce": _reduce, "move": _move, "dismiss": _dismiss, "disband": _disband, "call_ally": _call_ally,
    "send": _send, "refuse": _refuse, "march": _march, "attack": _attack, "shoot": _shoot, "armies": _armies,
    "deploy": _deploy, "fight": _fight, "damage": _damage, "bolster": _bolster, "heal": _heal,
    "casualties": _casualties, "defeated": _defeated, "game_over": _game_over,
}


def describe_event(event: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """One sentence for a log event as ``seat`` sees it (None: a spectator)."""
    sentence = SENTENCES.get(str(event.get("kind")))
    if sentence is None:
        return generic(event)
    return sentence(event, Narrator(seat, names))


# ---------------------------------------------------------------------------------------- card help
KINDS = {CITY: "city", TERR: "territory", CIVIL: "civilian building", MILB: "military building", MEMO: "memo"}
POWERS = {
    "priest": "When used (it turns), it takes 1 point of damage off a troop of its own side in the same or an "
              "adjacent Fief, never off itself. It may act out of turn when its side fights.",
    "bowman": "When used (it turns), it deals 1 point of damage to an enemy troop in the same or an adjacent "
              "Fief, even one inside an army; troops on a City or beside a military building are out of its "
              "reach. It may shoot from a distance in the war phase, or out of turn when its side fights.",
    "knight": "It moves twice a turn (without turning), so it can reach an enemy Fief in a single turn.",
    "infantry": "In an army it gives +0/1 to one other troop of that army, without turning.",
    "merchant": "When used at home (it turns), it changes one resource into one of another kind; gold gives "
                "two (with the option merchant=all, every unit of that resource).",
    "artist": "When used at home (it turns), it doubles the next production of one card or linked group (at "
              "most three of its cards); two Artists make it x4, three x8. It never feeds more troops.",
    "bureaucrat": "When used at home (it turns), the building being bought costs any 2 resources less; "
                  "several add up, and a building may end up free.",
}


def _card_kind(f: int) -> str:
    if F_KIND[f] == TROOP:
        return "military unit" if DECKS[F_DECK[f]] == "military" else "character"
    return KINDS[F_KIND[f]]


def _help(f: int) -> CardHelp:
    face, kind = FACES[f], F_KIND[f]
    details: dict[str, str] = {"copies": str(F_COUNT[f])}
    cost = cost_text(F_COST[f])
    if kind != MEMO and kind != CITY:
        details["cost"] = cost
    if F_PROD[f] >= 0:
        details["produces"] = RESOURCES[F_PROD[f]]
    if kind in (CITY, MILB, TROOP):
        details["strength"] = f"{F_ATT[f]}/{F_DEF[f]}"
    if F_DECK[f] >= 0:
        details["deck"] = DECKS[F_DECK[f]]
    if kind in (CIVIL, MILB):
        details["vp"] = str(F_VP[f])
    if F_NEEDS[f] >= 0:
        details["needs"] = FACES[F_NEEDS[f]]
    if F_UNLOCKS[f] >= 0:
        details["unlocks"] = FACES[F_UNLOCKS[f]]
    if F_MOVES[f] > 1:
        details["moves"] = str(F_MOVES[f])
    designed = [k for k in FACE_ROWS[f].get("designed", []) if k in ("cost", "attack", "defence", "produces")]
    if designed:
        details["values of our design"] = ", ".join(designed)
    if kind == CITY:
        text = (f"Each player's capital. Used, it produces 1 {RESOURCES[F_PROD[f]]}, 1 more for each card on "
                f"it that makes workforce and each civilian building on it. It holds up to 2 troops and 2 "
                f"buildings; attacked, it fights back as {F_ATT[f]}/{F_DEF[f]} after its guards, and the "
                f"player whose City falls is defeated.")
    elif kind == TERR:
        text = (f"A territory: it costs {cost} to play and, used, produces 1 {RESOURCES[F_PROD[f]]}, 1 more "
                f"for each card on it that makes workforce and each civilian building on it (all of them turn "
                f"with it). It holds up to 2 troops and 2 buildings; a troop or a military building on it "
                f"guards it. A Fief has at most 4 territories; an unguarded one falls to 1 point of attack.")
    elif kind == CIVIL:
        text = (f"A civilian building ({F_VP[f]} VP; a second copy in the same Fief scores nothing), bought for "
                f"{cost} and placed on an unused territory or City for good. Its host produces 1 more; with "
                f"it in the Fief the {FACES[F_UNLOCKS[f]]} costs no extra gold; in war it gives +0/1 to a troop "
                f"on its host, to the City it stands on, or to a military building beside it.")
    elif kind == MILB:
        text = (f"A military building ({F_VP[f]} VP), bought for {cost} and placed on an unused territory or "
                f"City for good. It guards its host like a {F_ATT[f]}/{F_DEF[f]} troop that never moves, eats "
                f"nothing and produces nothing.")
    elif kind == TROOP:
        deck = DECKS[F_DECK[f]]
        parts = [f"A {'military unit' if deck == 'military' else 'character'} ({F_ATT[f]}/{F_DEF[f]}) played "
                 f"for {cost}"]
        if F_NEEDS[f] >= 0:
            parts[0] += f" (2 gold more without a {FACES[F_NEEDS[f]]} in your Fief)"
        parts[0] += ". It must be fed: each food your cards can make feeds two troops"
        parts[0] += " (unless the military_upkeep option is off)." if deck == "military" else "."
        if F_PROD[f] >= 0:
            parts.append(f"Used free at home it produces 1 {RESOURCES[F_PROD[f]]}"
                         + ("; on a territory or the City it adds 1 of that card's resource instead."
                            if RESOURCES[F_PROD[f]] == "workforce" else "."))
        if F_POWER[f]:
            parts.append(POWERS[F_POWER[f]])
        text = " ".join(parts)
    else:
        text = "A reference card that stays out of play."
    kind_word = _card_kind(f)
    title = face if kind_word == face.lower() else f"{face} ({kind_word})"
    return {"name": face, "kind": kind_word, "title": title, "text": text,
            "details": details}


def card_help() -> list[CardHelp]:
    """Every card of the box, by face (the table names copies ``Field3``: the face and a number)."""
    return [_help(f) for f in range(len(FACES))]


def how_to_play() -> str:
    """Medievalia (2007) in a few lines, in our own words."""
    return """**Goal:** 7 victory points (11 for an alliance): each different building in your Fief is 1 VP, the
Castle 2. Or destroy every enemy City, or hold the most VP when two decks or the buildings run out.

**Setup:** everyone has a City; each player in turn takes 8 cards from the territory, military and
character decks.

**Your turn:**
1. Draw a card from the deck of your choice; your used cards turn back.
2. **Actions:** pick something to pay for (a card from hand, a face-up building, removing a
   territory, an extra card for any 4 resources), then pay it step by step: each card on your table
   produces once a turn, 3 alike trade for 1 other, a card from hand sells for 1 resource. Workers on
   a territory raise its production. Unused troops may move onto or off your territories.
3. **External movement:** each unused troop may step to a neighbouring Fief (a Knight twice).
4. **War:** fight where your troops meet an enemy's cards: form armies, the defender deploys, each
   free army picks a target, damage is placed, Priests and Bowmen act. Attack at least equal to
   defence destroys a card.

Every two troops need one food your cards can make. Enemies in your Fief while a territory of yours is
unguarded put you under siege: three turns in a row and you are out."""


# ------------------------------------------------------------------------------------------ the terminal
_SHORT = {"food": "F", "energy": "E", "gold": "G", "workforce": "W"}


def _short_cost(f: int) -> str:
    return " ".join(f"{n}{_SHORT[RESOURCES[r]]}" for r, n in enumerate(F_COST[f]) if n) or "free"


def _face_index(name: str) -> int | None:
    lowered = name.lower()
    for f, face in enumerate(FACES):
        if face.lower() == lowered:
            return f
    return None


def _fief_faces(view: Mapping[str, Any], seat: int) -> set[str]:
    return {str(c.get("face")) for c in (view.get("table") or {}).values() if c.get("owner") == seat}


#: What removing a territory (§4.4, R24) and buying an extra card (§9.3) cost, as the menu writes it.
REMOVE_NOTE, CARD_NOTE = "1W", "any 4"


def choice_note(view: Mapping[str, Any], notation: str) -> str | None:
    """What a choice costs, for the menu: ``play Soldier`` -> ``1F 1G``, ``build Bank on Field3`` ->
    ``1E 2G 3W``, ``remove Field3`` -> ``1W``, ``buy card military`` -> ``any 4``; a character or unit
    whose building is missing from the Fief costs 2 gold more."""
    words = notation.split()
    if words[:1] == ["remove"]:
        return REMOVE_NOTE
    if words[:2] == ["buy", "card"]:
        return CARD_NOTE
    if len(words) < 2 or words[0] not in ("play", "build"):
        return None
    f = _face_index(words[1])
    if f is None:
        return None
    cost = _short_cost(f)
    seat = view.get("seat")
    if F_NEEDS[f] >= 0 and isinstance(seat, int) and FACES[F_NEEDS[f]] not in _fief_faces(view, seat):
        cost += f" +2G, no {FACES[F_NEEDS[f]]}"
    return cost


def legend() -> list[tuple[str, str]]:
    """The symbols of Medievalia (2007)'s pictures."""
    return [
        ("Field3", "a card on the table: its face and a number (help Field reads the face)"),
        ("1/5", "strength: attack/defence"),
        ("1F 1E 1G 1W", "food, energy, gold, workforce (what a card makes, or a cost)"),
        ("↻", "used this turn (turned); it turns back when its owner draws"),
        ("⛨", "a guarded territory (a troop or military building stands on it)"),
        ("-2", "damage a card has taken in this battle"),
        ("x2", "an Artist doubles this card's next production"),
        ("[School1, Worker6]", "the buildings and troops standing on a card"),
        ("food 3/2", "food your cards can make / troops to feed (two per food)"),
        ("F0, I01", "Fief of P0; the intermediate Fief between P0 and P1"),
        ("▶", "whose turn it is"),
    ]


_ACTION_VERBS = frozenset({"play", "build", "remove", "buy", "produce", "trade", "sell", "convert", "inspire",
                           "reduce", "move", "dismiss", "end"})
_STEPS = {"actions": "you take your actions", "draw": "you draw a card from a deck", "pay": "you pay for your purchase",
          "take starting card": "you take your starting cards", "move": "troops march to other Fiefs",
          "war": "the war is fought", "battle": "a battle is fought"}


def explain(state: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is refused for ``seat``, from its view: a card not in hand, a card or Fief not on the
    table or not the seat's, a building not on top of a stack, the wrong moment, the price."""
    view = state.view(seat)
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    phase = str(view.get("phase"))
    hand = [str(h) for h in view.get("hand") or []]
    table = view.get("table") or {}
    if seat not in (view.get("to_move") or []):
        return f"it is {', '.join(f'P{s}' for s in view.get('to_move') or [])}'s decision, not yours"
    verbs = list(dict.fromkeys(str(a).split()[0] for a in state.legal_actions(seat)))
    step = str((view.get("pending") or {}).get("decision", phase)).replace("_", " ")
    now = f"this is not the time to {verb}: now {_STEPS.get(step, 'the step is: ' + step)}"
    if verb not in verbs and (phase != "actions" or verb not in _ACTION_VERBS):
        return f"{now} ({', '.join(verbs)})"
    if verb in ("play", "sell") and len(words) >= 2:
        f = _face_index(words[1])
        if f is None:
            return f"there is no card called {words[1]}"
        if FACES[f] not in hand:
            return f"you hold no {FACES[f]}: your hand is {', '.join(hand) or 'empty'}"
        if verb == "play":
            if phase != "actions" or view.get("purchase"):
                return "a card is played during your actions, when nothing else is being paid for"
            return f"a {FACES[f]} costs {choice_note(view, 'play ' + FACES[f])}, and needs room in your Fief"
    if verb == "build" and len(words) >= 4:
        tops = [str(s.get("top")) for s in view.get("stacks") or [] if s.get("top")]
        if words[1].lower() not in (t.lower() for t in tops):
            return f"{words[1]} is not on top of a building stack: the stacks show {', '.join(tops) or 'nothing'}"
        host = table.get(words[3])
        if host is None or host.get("owner") != seat:
            return f"{words[3]} is not a card of your Fief"
        if host.get("rotated"):
            return f"{words[3]} is used this turn: a building goes on an unused territory or City"
        return f"a {words[1]} costs {choice_note(view, 'build ' + words[1])}"
    if verb in ("produce", "move", "dismiss", "march", "remove", "inspire", "reduce", "convert") and len(words) >= 2:
        card = table.get(words[1])
        if card is None:
            return f"there is no {words[1]} on the table"
        if card.get("owner") != seat:
            return f"{words[1]} is P{card.get('owner')}'s, not yours"
        if card.get("rotated"):
            return f"{words[1]} is used this turn (↻)"
    if verb in ("draw", "take") and phase not in ("draw", "setup"):
        return "cards are drawn at the start of your turn"
    return None
