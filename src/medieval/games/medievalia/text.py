"""Medievalia in words: every log event as a sentence for the seat reading it, help for every creature
card, special card and Tower card, and a short how-to-play. Written once, read by the terminal and the
browser."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from medieval.core.text import CardHelp, Narrator
from medieval.games.medievalia.components import (
    DATA,
    FACE_NAMES,
    HAND_LIMIT,
    NUMBERS,
    ROUNDS,
    SPECIAL_NAMES,
    R,
    S,
    W,
)
from medieval.games.medievalia.tower import (
    CHOOSE,
    FIELD_CLASSES,
    FIELD_TEXT,
    INSTRUCTOR_CLASSES,
    INSTRUCTOR_TEXT,
    REVERSE,
    SKIP,
)

#: What the specials are called in sentences (their notation is W, S, R).
CARD_WORDS = {FACE_NAMES[f]: word for f, word in SPECIAL_NAMES.items()}
_PLURALS = {"W": "Wildcards", "S": "Skips", "R": "Skip-and-reverse cards"}
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")
_EFFECT_CARD = {SKIP: "S", REVERSE: "R", CHOOSE: "S"}
_SOURCES = {"rulebook": "rulebook", "rulebook+design": "rulebook and our design", "design": "our design"}


# ------------------------------------------------------------------------------------------ words
def _count(k: int, word: str) -> str:
    """``1 card``, ``3 cards``, ``no card``."""
    if k == 0:
        return f"no {word}"
    return f"{k} {word}{'' if k == 1 else 's'}"


def _a(name: str) -> str:
    """One card with its article: ``a 5``, ``an 8``, ``an 11``, ``a Wildcard``."""
    word = CARD_WORDS.get(name, name)
    return f"{'an' if word in ('8', '11') else 'a'} {word}"


def _group(name: str, k: int) -> str:
    """``a 5``, ``two 5s``, ``three Wildcards``."""
    if k == 1:
        return _a(name)
    many = _NUMBER_WORDS[k] if k < len(_NUMBER_WORDS) else str(k)
    return f"{many} {_PLURALS.get(name, name + 's')}"


def _and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def cards_phrase(names: Sequence[str]) -> str:
    """A list of card names in prose, copies grouped: ``["3", "4", "4", "W"]`` -> ``a 3, two 4s and a
    Wildcard``."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for name in names:
        if name not in counts:
            order.append(name)
            counts[name] = 0
        counts[name] += 1
    return _and([_group(name, counts[name]) for name in order])


def play_phrase(cards: str) -> str:
    """A play as the table writes it (``5 5 W``, ``W W as 7``) in prose: ``two 5s and a Wildcard``,
    ``two Wildcards as 7s``."""
    names, _, value = cards.partition(" as ")
    faces = names.split()
    phrase = cards_phrase(faces)
    if value:
        phrase += f" as {value}s" if len(faces) > 1 else f" as {_a(value)}"
    return phrase


def _points(x: int) -> str:
    return f"{x} point{'' if abs(x) == 1 else 's'}"


def _signed(x: int) -> str:
    return f"{x:+d}" if x else "0"


def _per_seat(n: Narrator, values: Sequence[int]) -> str:
    return ", ".join(f"{n.obj(i)} {_signed(v)}" for i, v in enumerate(values))


def _tower_name(code: object) -> str:
    if not isinstance(code, str):
        return "none"
    data = FIELD_TEXT.get(code) or INSTRUCTOR_TEXT.get(code)
    return f"{code} {data['name']}" if data else code


def _seats(n: Narrator, seats: Sequence[int], players: int) -> str:
    """Seats as the object of a clause: ``everyone``, ``you and P2``."""
    if len(seats) == players:
        return "everyone"
    return _and([n.obj(x) for x in seats])


def _their(n: Narrator, seat: object) -> str:
    return "your" if n.me(seat) else "their"


# ------------------------------------------------------------------------------------------ events
def describe_event(event: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """One sentence for a log event as ``seat`` sees it (None: a spectator)."""
    n = Narrator(seat, names)
    e = event
    kind = e.get("kind")
    who = e.get("seat")
    if kind == "round_start":
        return _round_start(n, e)
    if kind == "deal":
        if "cards" in e:
            return f"{n.act(who, 'are', 'is')} dealt {cards_phrase(e['cards']) or 'no card'}."
        return f"{n.act(who, 'are', 'is')} dealt {_count(int(e.get('count', 0)), 'card')}."
    if kind == "play":
        return _play(n, e) + "."
    if kind == "take":
        cards = list(e.get("cards", []))
        what = f"the open card ({cards_phrase(cards)})" if len(cards) == 1 else \
            f"the {len(cards)} open cards ({cards_phrase(cards)})"
        return (f"{n.act(who, 'take', 'takes')} {what} into {_their(n, who)} creature stack and "
                f"{'lead' if n.me(who) else 'leads'} on the empty table.")
    if kind == "round_end":
        hitter = e.get("hitter")
        return (f"Round {e.get('round')} is over: {n.acts(hitter, 'go', 'goes')} out; round scores "
                f"{_per_seat(n, e.get('scores', []))}; totals {_per_seat(n, e.get('totals', []))}.")
    if kind == "game_end":
        return _game_end(n, e)
    from medieval.core.text import describe_event as generic

    return generic(event)


def _round_start(n: Narrator, e: Mapping[str, Any]) -> str:
    first = e.get("first_player")
    text = (f"Round {e.get('round')} begins {e.get('direction', 'clockwise')}: "
            f"{n.acts(first, 'play', 'plays')} first; Magic Field {_tower_name(e.get('field'))}, "
            f"Magic Instructor {_tower_name(e.get('instructor'))}")
    limits = list(e.get("hand_limits", []))
    if any(x != HAND_LIMIT for x in limits):
        text += "; hand limits " + ", ".join(f"{n.obj(i)} {x}" for i, x in enumerate(limits))
    margins = list(e.get("margins", []))
    equal = [i for i, m in enumerate(margins) if m < 0]
    more = [i for i, m in enumerate(margins) if m > 0]
    if equal:
        text += f"; {_seats(n, equal, len(margins))} may equal the total"
    if more:
        text += f"; {_seats(n, more, len(margins))} must beat the total by {1 + max(margins)}"
    return text + "."


def _play(n: Narrator, e: Mapping[str, Any]) -> str:
    who = e.get("seat")
    cards = str(e.get("cards", ""))
    effect = e.get("effect")
    head = f"{n.act(who, 'play', 'plays')} {play_phrase(cards)}"
    if effect is not None:  # a Skip play
        natural = _EFFECT_CARD.get(str(effect), "S")
        if effect == CHOOSE or set(cards.split()) != {natural}:
            head += f" as {_a(natural)}"
        if effect == REVERSE:
            return f"{head}{_drew(n, e)}; play now runs {e.get('direction', 'the other way')}"
        if effect == CHOOSE:
            return f"{head} and {'name' if n.me(who) else 'names'} {n.obj(e.get('next'))} to play next{_drew(n, e)}"
        return f"{head} to pass{_drew(n, e)}"
    total = int(e.get("total", 0))
    text = f"{head} for a total of {total}"
    need = e.get("need")
    if isinstance(need, int) and need == total:
        text += ", which the next player may equal"
    elif isinstance(need, int) and need > total + 1:
        text += f", and the next player must reach {need}"
    give = e.get("give")
    if isinstance(give, Mapping):
        given = list(give.get("cards", []))
        text += (f", handing {_their(n, who)} creature stack ({cards_phrase(given) or 'no card'}) to "
                 f"{n.obj(give.get('to'))}")
    return text + _drew(n, e)


def _drew(n: Narrator, e: Mapping[str, Any]) -> str:
    drew = e.get("drew")
    verb = "draw" if n.me(e.get("seat")) else "draws"
    if isinstance(drew, list) and drew:
        return f", then {verb} {cards_phrase(drew)}"
    if isinstance(drew, int) and not isinstance(drew, bool) and drew > 0:
        return f", then {verb} {'a card' if drew == 1 else _count(drew, 'card')}"
    return ""


def _game_end(n: Narrator, e: Mapping[str, Any]) -> str:
    winners = list(e.get("winners", []))
    scores = list(e.get("scores", []))
    best = scores[winners[0]] if winners and scores else 0
    if len(winners) == 1:
        w = winners[0]
        if e.get("termination") == "tie_break_lowest_round":
            return (f"Game over: {n.acts(w, 'win', 'wins')} the tie at {_points(best)}, having the best "
                    f"worst round.")
        return f"Game over: {n.acts(w, 'win', 'wins')} with {_points(best)}."
    return f"Game over: {n.seats(winners, subject=False)} share the victory at {_points(best)}."


# ------------------------------------------------------------------------------------------ card help
def _copies(name: str) -> str:
    decks = DATA["decks"]
    return ", ".join(f"{decks[d]['cards'].get(name, 0)} in the {d} deck" for d in decks)


def _face_notes(face: int) -> list[str]:
    """What the Tower cards change for one face, read off their rule objects (default options)."""
    notes: list[str] = []
    for code, cls in FIELD_CLASSES.items():
        fc = cls({})
        effect = fc.skip_effect.get(face)
        natural = {S: SKIP, R: REVERSE}.get(face)
        if effect is not None and effect != natural:
            what = {SKIP: "a Skip", REVERSE: "a Skip-and-reverse", CHOOSE: "a Skip whose player names who "
                    "plays next"}[effect]
            notes.append(f"under {code} it is only {what}")
        if face in NUMBERS and fc.gives_stack(face, 2) and not fc.gives_stack(face % 13 + 1, 2):
            notes.append(f"under {code} a play of exactly two of them hands your creature stack to an opponent")
        missing = [v for v in NUMBERS if v not in fc.wild_values]
        if face == W and fc.wild_values and missing:
            notes.append(f"under {code} it cannot be worth {_and([str(v) for v in missing])}")
    for code, icls in INSTRUCTOR_CLASSES.items():
        value = icls().card_value(face)
        if value != -1:
            notes.append(f"under {code} each one scores {_signed(value)}")
    return notes


def _with_notes(text: str, notes: list[str]) -> str:
    if not notes:
        return text
    return f"{text} Tower cards: {'; '.join(notes)}."


#: What the game adds to a Tower card's printed rule (the rules document's "rule as implemented").
_TOWER_NOTES = {
    "CM01": "With an empty stack there is nothing to give and the play is an ordinary one. With the option "
            "cm01=pair, any play of exactly two cards sets it off (Ruling R9).",
    "CM03": "Wildcards then have no number value at all, and different specials are never mixed in one "
            "play (Ruling R4).",
    "CM04": "A lead on an empty table sets the total without doubling anything, and a play above what "
            "was needed sets a new total that may itself be equalled (Ruling R21).",
    "CM06": "It joins the Magic Field deck after round 1; with the option tower_design=first it is in the deck "
            "from the start and, in round 1, everyone is tied at 0 and nobody earns the card (Ruling R18).",
    "CM07": "It joins the Magic Field deck after round 1; with the option tower_design=first it is in the deck "
            "from the start and, in round 1, everyone is tied at 0 and every hand limit is 5 (Ruling R18).",
    "CM08": "It joins the Magic Field deck after round 1; with the option tower_design=first it is in the deck "
            "from the start and, in round 1, everyone is tied at 0 and everyone may equal (Ruling R18).",
    "CM09": "It joins the Magic Field deck after round 1; with the option tower_design=first it is in the deck "
            "from the start and, in round 1, everyone is tied at 0 and everyone must beat by 2 (Ruling R18).",
    "IM06": "It joins the Magic Instructor deck after round 1; with the option tower_design=first it is in the "
            "deck from the start and, in round 1, everyone is tied at 0 and everyone earns +3 (Ruling R18).",
    "IM09": "With the option tower_design=first every Skip card is worth +2 instead (Ruling R18).",
    "CM10": "Play goes on from the named player in the current direction, and you may not name yourself "
            "(Rulings R17, R24).",
    "IM01": "Their creature stack, however big, does not count.",
    "IM02": "The +5 is added to whatever the hitter's own stack scores.",
    "IM03": "The rulebook gives only the tie clause; reading it as a tie for the lowest round score is our "
            "ruling (R16).",
    "IM04": "Hands are compared as they are when the round ends, before they join the stacks; penalties "
            "from several players add up, and with two players the one opponent is compared once, for "
            "-3 (Ruling R10).",
}
_RULINGS = {"CM01": "R9", "CM02": "R17", "CM03": "R4", "CM04": "R21", "CM06": "R18", "CM07": "R18",
            "CM08": "R18", "CM09": "R18", "IM06": "R18", "IM09": "R18", "CM10": "R17, R24", "IM03": "R16",
            "IM04": "R10"}


def _tower_help(code: str, data: Mapping[str, Any], deck: str) -> CardHelp:
    text = str(data["text"])
    extra = _TOWER_NOTES.get(code)
    if extra:
        text = f"{text} {extra}"
    source = str(data["source"])
    if source == "design":
        text += " (This card's rule is our design: the rulebook prints no text for it.)"
    details = {"code": code, "deck": deck, "source": _SOURCES.get(source, source)}
    if code in _RULINGS:
        details["rulings"] = _RULINGS[code]
    return {"name": code, "kind": "magic_field" if deck == "Magic Field" else "magic_instructor",
            "title": f"{code} {data['name']}", "text": text, "details": details}


def card_help() -> list[CardHelp]:
    """Every creature value, the three specials, every Magic Field and Magic Instructor card, and the two
    Tower pieces (the Direction card and the Initial Player card)."""
    out: list[CardHelp] = []
    for v in NUMBERS:
        name = FACE_NAMES[v]
        text = (f"A creature worth {v}. Play one or more {v}s at once for {v} each, and Wildcards may join "
                f"them as {v}s. Every creature in your stack at the end of a round costs a point.")
        out.append({"name": name, "kind": "creature", "title": f"Creature {v}",
                    "text": _with_notes(text, _face_notes(v)),
                    "details": {"value": str(v), "copies": _copies(name)}})
    specials = {
        W: "Worth any value from 1 to 13. Joined to numbered cards it takes their value (two 5s and a "
           "Wildcard make 15); Wildcards played alone all take one value you declare (play W W as 7 "
           "makes 14).",
        S: "Play it instead of beating the table: your turn passes, the total to beat stays as it was, and "
           "you still refill from the deck. Several Skips at once have one effect. It may lead, and it "
           "may be played even when you could beat.",
        R: "A Skip that also reverses the direction of play, so the player before you plays next; turn "
           "the Direction card. Several at once reverse once. With two players it plays like a Skip.",
    }
    for face, text in specials.items():
        name = FACE_NAMES[face]
        if face != W:
            text += (" A played Skip card stays open on the table and goes to the next taker (with the "
                     "option skip_cards=discard it leaves the table until the next deal).")
        out.append({"name": name, "kind": "special", "title": CARD_WORDS[name],
                    "text": _with_notes(text, _face_notes(face)),
                    "details": {"notation": name, "copies": _copies(name)}})
    for code, data in FIELD_TEXT.items():
        out.append(_tower_help(code, data, "Magic Field"))
    for code, data in INSTRUCTOR_TEXT.items():
        out.append(_tower_help(code, data, "Magic Instructor"))
    out.append({"name": "direction", "kind": "tower", "title": "Direction card (the city's Invokers)",
                "text": "Shows which way play runs. It is turned at every Skip-and-reverse, and each new round "
                        "starts on the side opposite the previous round's start: round 1 clockwise, round 2 "
                        "counterclockwise, and so on.",
                "details": {"round 1": "clockwise"}})
    out.append({"name": "first_player", "kind": "tower", "title": "Initial Player card",
                "text": "Held by the round's first player. Each new round it passes to the player on the left "
                        "(the next seat clockwise), who starts. The first holder is drawn at random.",
                "details": {"rounds": ", ".join(f"{p} players: {r}" for p, r in sorted(ROUNDS.items()))}})
    return out


def how_to_play() -> str:
    """Medievalia in a few lines, in our own words."""
    return f"""**Goal:** end the game with the highest score. Every creature in your stack at the end of a
round costs a point, so avoid taking the table and get rid of your cards.

**Your turn:** play one or more cards of one value face up and announce their total. It must be
higher than the total on the table (on an empty table anything goes). Wildcards (W) take any value:
with numbers they take the numbers' value, alone they all take one value you declare.
Instead you may play a Skip (S), which passes your turn, or a Skip-and-reverse (R), which also turns
the direction of play. Then refill your hand to {HAND_LIMIT} from the deck.

**Cannot or will not beat it?** Take every open card into your creature stack, then lead on the empty
table.

**The round ends** once the deck is empty and someone plays their last card. Everyone else's hand joins
their stack, and each card there is -1.

**The Tower:** a Magic Field card changes the rules of play and a Magic Instructor card changes the
scoring; new ones come each round. Check them before you play (`help CM04`). Cards the rulebook gives
no text for play a rule of our design, and say so.

**The end:** after the last round (4 to 6, by player count) the highest total wins; on a tie, the tied
player whose worst round was best wins."""


# ------------------------------------------------------------------------------------------ the terminal
#: How a game ends (``Outcome.termination``), in words.
ENDINGS = {"highest_score": "the highest total", "tie_break_lowest_round": "a tie broken by the best worst round",
           "shared_victory": "a shared victory"}


def ending(termination: str) -> str:
    """How the game ended, in words (for the end screen)."""
    return ENDINGS.get(termination, termination.replace("_", " "))


def legend() -> list[tuple[str, str]]:
    """The symbols of Medievalia's pictures."""
    return [
        ("[7]", "a card: green 1-4, yellow 5-9, red 10 and up"),
        ("[W]", "a Wildcard: joins a play as its number, or alone as any number ('play W as 7')"),
        ("[S] [R]", "a Skip; a Skip-and-reverse (play goes the other way)"),
        ("=14", "the total a play reached"),
        ("↻ ↺", "the direction of play: clockwise, counterclockwise"),
        ("◆", "the round's first player"),
        ("stack", "creature cards a player has taken (they score at the end of the round)"),
        ("CM06, IM02", "the Magic Field and Magic Instructor cards in the Tower ('help CM06' reads one)"),
        ("▶ ★", "whose turn it is; the winner"),
    ]


def explain(state: Any, seat: int, text: str) -> str | None:
    """Why the readable play ``text`` is refused for ``seat``, from its view: cards it does not hold, a
    total that does not reach what the table needs. (Notation that cannot be read, such as cards of two
    numbers in one play, is refused by the notation's reader with its own reason.)"""
    view = state.view(seat)
    words = text.split()
    if not words or words[0].lower() != "play":
        return None
    if seat not in (view.get("to_move") or []):
        return f"it is {', '.join(f'P{s}' for s in view.get('to_move') or [])}'s turn, not yours"
    cards = [w.upper() for w in words[1:]]
    if "AS" in cards:
        cards = cards[:cards.index("AS")]
    hand = [str(c).upper() for c in view.get("hand") or []]
    for card in dict.fromkeys(cards):
        if cards.count(card) > hand.count(card):
            have = hand.count(card)
            word = _NUMBER_WORDS[have] if have < len(_NUMBER_WORDS) else str(have)
            held = f"you hold only {word} {card}" if have else f"you hold no {card}"
            return f"{held}: your hand is {', '.join(hand) or 'empty'}"
    table = view.get("table") or {}
    total = int(table.get("total") or 0)
    need = (table.get("need") or [0] * (seat + 1))[seat]
    if total:
        return f"the total to beat is {total}: your play must reach {need}, or 'take' the open cards"
    return None
