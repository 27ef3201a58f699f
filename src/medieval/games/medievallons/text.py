"""Medievallons in words: every log event as a sentence for the seat reading it, help for every card and
the End of Game card, and a short how-to-play. Written once, read by the terminal and the browser.

A sentence says no more than its event: events are already filtered for their reader (a card drawn by
another seat reaches the reader as a count), so the text of a redacted event names no card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from medieval.core.text import CardHelp, Narrator
from medieval.games.medievallons.components import COPIES, END_CARD, GUILDS, N_CARDS

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    """``2`` -> ``"two"`` (digits from 11 on)."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(name: str) -> str:
    """``"Knight"`` -> ``"Knights"``, ``"Witch"`` -> ``"Witches"``."""
    return f"{name}es" if name.endswith(("ch", "sh", "s", "x")) else f"{name}s"


def a_card(name: str) -> str:
    """``"Monk"`` -> ``"a Monk"``, ``"Artisan"`` -> ``"an Artisan"``."""
    return f"{'an' if name[:1].upper() in 'AEIOU' else 'a'} {name}"


def count_of(n: int, noun: str = "card") -> str:
    """``1`` -> ``"a card"``, ``3`` -> ``"three cards"``, ``0`` -> ``"no cards"``."""
    if n == 1:
        return a_card(noun)
    return f"{number(n)} {plural(noun)}"


def and_list(items: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards_text(names: Sequence[object]) -> str:
    """Card names as prose, alike cards together in order of first appearance: ``["Knight", "Knight",
    "Jester"]`` -> ``"two Knights and a Jester"``; ``[]`` -> ``"no cards"``."""
    counts = Counter(str(n) for n in names)
    if not counts:
        return "no cards"
    return and_list([a_card(name) if c == 1 else f"{number(c)} {plural(name)}" for name, c in counts.items()])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


#: why a seat draws (the ``why`` of a ``draw`` event), as the end of the sentence
_WHY = {
    "turn": "at the end of the turn",
    "no action": "instead of an action",
    "running out": "to have enough cards for the power",
    "Monk": "with the Monk",
    "Star": "with the Star",
    "Beggar": "instead of begging",
    "Noble": "from the draw pile for the Noble",
    "Assassin": "instead, with no guild to attack",
    "Prowler": "instead, with no guild to rob",
}
_TERMINATION = {
    "third_guild": "a third guild on the table",
    "alternative_end": "the draw pile ran out",
    "best_of_3": "the best of three rounds",
}


def ending(termination: str) -> str:
    """How the game (or a round) ended, in words."""
    return _TERMINATION.get(termination, termination.replace("_", " "))


def describe_event(event: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """One sentence for a log event as ``seat`` sees it (None: a spectator)."""
    kind = event.get("kind")
    write = _WRITERS.get(str(kind))
    if write is not None:
        return write(event, Narrator(seat, names))
    from medieval.core.text import describe_event as generic

    return generic(event)


# ------------------------------------------------------------------------------------ the sentences
def _round(e: Mapping[str, Any], n: Narrator) -> str:
    return (f"Round {e['round']} begins: {n.acts(e['first'], 'play', 'plays')} first, the discard pile starts "
            f"with {a_card(e['discard'])} and the End of Game card shows its {e['end_card']} side.")


def _deal(e: Mapping[str, Any], n: Narrator) -> str:
    what = cards_text(e["cards"]) if "cards" in e else count_of(int(e.get("count", 0)))
    return f"{n.act(e['seat'], 'are', 'is')} dealt {what}."


def _scenario(e: Mapping[str, Any], n: Narrator) -> str:
    return (f"A prepared position: turn {e['turn']}, {n.obj(e['current'])} to play, the End of Game card on "
            f"its {e['end_card']} side.")


def _play(e: Mapping[str, Any], n: Narrator) -> str:
    return f"Turn {e['turn']}: {n.act(e['seat'], 'play', 'plays')} {a_card(e['card'])}."


def _lay(e: Mapping[str, Any], n: Narrator) -> str:
    return f"Turn {e['turn']}: {n.act(e['seat'], 'lay', 'lays')} the guild {e['guild']} with {cards_text(e['cards'])}."


def _use(e: Mapping[str, Any], n: Narrator) -> str:
    return f"Turn {e['turn']}: {n.act(e['seat'], 'use', 'uses')} {n.own(e['seat'])} guild {e['guild']}."


def _reinforce(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    becomes = f"; it becomes {e['now']}" if e.get("now") != e["guild"] else ""
    return (f"Turn {e['turn']}: {n.act(seat, 'reinforce', 'reinforces')} {n.own(seat)} guild {e['guild']} with "
            f"{cards_text(e['cards'])}{becomes}.")


def _no_action(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return (f"Turn {e['turn']}: {n.act(seat, 'have', 'has')} nothing to play, lay or use, so "
            f"{n.acts(seat, 'draw', 'draws')} a card instead.")


def _draw(e: Mapping[str, Any], n: Narrator) -> str:
    what = cards_text(e["cards"]) if "cards" in e else count_of(int(e.get("count", 0)))
    why = str(e.get("why", ""))
    reason = _WHY.get(why, f"({why})" if why else "")
    return f"{n.act(e['seat'], 'draw', 'draws')} {what}{' ' + reason if reason else ''}."


def _end_card(e: Mapping[str, Any], n: Narrator) -> str:
    k = int(e["reshuffled"])
    pile = (f"the discard pile, all but its top card ({count_of(k)}), is shuffled into a new draw pile" if k
            else "no discarded card is left to shuffle into a new one")
    return f"The draw pile runs out: the End of Game card turns to its {e['side']} side and {pile}."


def _pile_empty(e: Mapping[str, Any], n: Narrator) -> str:
    again = " for the second time" if int(e.get("times", 1)) > 1 else ""
    return f"The draw pile is empty{again}: the round ends at once."


def _no_target(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return f"{_cap(n.poss(seat))} {e['power']} finds no other player's guild on the table."


def _artisan(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    if e.get("card") is None:
        return f"With the Artisan, {n.acts(seat, 'find', 'finds')} the discard pile empty."
    return f"With the Artisan, {n.acts(seat, 'take', 'takes')} {a_card(e['card'])} from the discard pile."


def _beggar(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return f"{n.act(seat, 'hold', 'holds')} the most cards, so the Beggar takes nothing."


def _beg(e: Mapping[str, Any], n: Narrator) -> str:
    what = a_card(e["card"]) if "card" in e else "a card"
    return f"With the Beggar, {n.acts(e['seat'], 'take', 'takes')} {what} at random from {n.obj(e['from'])}."


def _no_power(e: Mapping[str, Any], n: Narrator) -> str:
    return "A Jester has no power: nothing happens."


def _witch_reveal(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return (f"With no guild to copy, {n.poss(seat)} Witch reveals {a_card(e['card'])} from the draw pile, "
            f"discards it and uses its power.")


def _wizard_draw(e: Mapping[str, Any], n: Narrator) -> str:
    what = cards_text(e["cards"]) if "cards" in e else count_of(int(e.get("count", 0)))
    seat = e["seat"]
    return f"With the Wizard, {n.acts(seat, 'draw', 'draws')} {what}."


def _keep(e: Mapping[str, Any], n: Narrator) -> str:
    what = f"the {e['card']}" if "card" in e else "one card"
    return f"{n.act(e['seat'], 'keep', 'keeps')} {what} from the Wizard's draw."


def _wizard_discard(e: Mapping[str, Any], n: Narrator) -> str:
    return f"{n.act(e['seat'], 'discard', 'discards')} the rest of the Wizard's draw: {cards_text(e['cards'])}."


def _ask(e: Mapping[str, Any], n: Narrator) -> str:
    seat, target = e["seat"], e["target"]
    answer = f"{n.obj(target)} must hand one over" if e.get("has") else f"{n.acts(target, 'have', 'has')} none"
    return f"With the Knight, {n.acts(seat, 'ask', 'asks')} {n.obj(target)} for {a_card(e['card'])}: {answer}."


def _give(e: Mapping[str, Any], n: Narrator) -> str:
    what = a_card(e["card"]) if "card" in e else "a card"
    power = e.get("power")
    why = " in return" if power == "Priest" else ""
    head = {"Priest": "With the Priest, ", "Knight": "For the Knight, ", "Noble": "For the Noble, "}.get(str(power))
    if head is None:
        return f"{n.act(e['seat'], 'give', 'gives')} {n.obj(e['to'])} {what}{why}."
    return f"{head}{n.acts(e['seat'], 'give', 'gives')} {n.obj(e['to'])} {what}{why}."


def _trade(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return (f"With the Merchant, {n.acts(seat, 'trade', 'trades')} with {n.obj(e['with'])}: each side "
            f"secretly picks two cards to hand over.")


def _offer(e: Mapping[str, Any], n: Narrator) -> str:
    if "cards" in e:
        return f"{n.act(e['seat'], 'offer', 'offers')} {cards_text(e['cards'])}."
    return f"{n.act(e['seat'], 'have', 'has')} picked two cards to hand over."


def _exchange(e: Mapping[str, Any], n: Narrator) -> str:
    a, b = e["a"], e["b"]
    if "a_gave" not in e:
        return f"{n.seats([a, b])} exchange two cards each."
    gave = {a: e["a_gave"], b: e["b_gave"]}
    first, second = (b, a) if n.me(b) else (a, b)  # the reader's side first
    return (f"{n.act(first, 'give', 'gives')} {n.obj(second)} {cards_text(gave[first])}, and "
            f"{n.acts(second, 'give', 'gives')} {n.obj(first)} {cards_text(gave[second])}.")


def _look(e: Mapping[str, Any], n: Narrator) -> str:
    seat, target = e["seat"], e["target"]
    seen = f": {cards_text(e['hand'])}" if "hand" in e else ""
    return f"With the Priest, {n.acts(seat, 'look', 'looks')} at {n.poss(target)} hand{seen}."


def _take(e: Mapping[str, Any], n: Narrator) -> str:
    what = a_card(e["card"]) if "card" in e else "a card"
    return f"With the Priest, {n.acts(e['seat'], 'take', 'takes')} {what} from {n.poss(e['from'])} hand."


def _copy(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return f"With the Witch, {n.acts(seat, 'copy', 'copies')} the power of the guild {e['guild']}."


def _assassinate(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return (f"With the Assassin, {n.acts(seat, 'discard', 'discards')} {a_card(e['card'])} from "
            f"{n.poss(e['owner'])} guild {e['guild']}.")


def _steal(e: Mapping[str, Any], n: Narrator) -> str:
    seat = e["seat"]
    return (f"With the Prowler, {n.acts(seat, 'steal', 'steals')} {a_card(e['card'])} from "
            f"{n.poss(e['owner'])} guild {e['guild']}.")


def _guild_returned(e: Mapping[str, Any], n: Narrator) -> str:
    owner = e["owner"]
    cards = list(e["cards"])
    verb = "goes" if len(cards) == 1 else "go"
    return (f"{_cap(n.poss(owner))} guild {e['guild']} is down to {count_of(len(cards))}: {cards_text(cards)} "
            f"{verb} back to {n.own(owner)} hand.")


def _guild_changed(e: Mapping[str, Any], n: Narrator) -> str:
    return (f"{_cap(n.poss(e['owner']))} guild {e['guild']} has only Jesters left: it becomes {e['now']}, "
            f"with no power.")


def _round_over(e: Mapping[str, Any], n: Narrator) -> str:
    winners = list(e.get("winners", []))
    how = _TERMINATION.get(str(e.get("termination")), str(e.get("termination", "")).replace("_", " "))
    one = len(winners) == 1
    result = n.acts(winners[0], "win", "wins") + " it" if one else \
        f"{and_list([n.obj(w) for w in winners])} share the win"
    counts = ", ".join(f"{n.obj(i)} {c}" for i, c in enumerate(e.get("guilds", [])))
    return f"Round {e['round']} is over ({how}): {result}. Guilds on the table: {counts}."


_WRITERS: dict[str, Callable[[Mapping[str, Any], Narrator], str]] = {
    "round": _round, "deal": _deal, "scenario": _scenario, "play": _play, "lay": _lay, "use": _use,
    "reinforce": _reinforce, "no_action": _no_action, "draw": _draw, "end_card": _end_card,
    "pile_empty": _pile_empty, "no_target": _no_target, "artisan": _artisan, "beggar": _beggar, "beg": _beg,
    "no_power": _no_power, "witch_reveal": _witch_reveal, "wizard_draw": _wizard_draw, "keep": _keep,
    "wizard_discard": _wizard_discard, "ask": _ask, "give": _give, "trade": _trade, "offer": _offer,
    "exchange": _exchange, "look": _look, "take": _take, "copy": _copy, "assassinate": _assassinate,
    "steal": _steal, "guild_returned": _guild_returned, "guild_changed": _guild_changed,
    "round_over": _round_over,
}
#: every event kind the rules log
EVENT_KINDS = frozenset(_WRITERS)


# ------------------------------------------------------------------------------------ card help
#: what else a player should know about a card: (label, fact) pairs from the rulebook's Clarifications
_SPECIAL: dict[str, tuple[tuple[str, str], ...]] = {
    "Assassin": (("targets", "another player's guild"),
                 ("no guild to attack", "discard the card and draw a card instead")),
    "Prowler": (("targets", "another player's guild"),
                ("no guild to rob", "discard the card and draw a card instead")),
    "Beggar": (("you hold the most", "draw a card instead"),),
    "Jester": (("guild of Jesters", "may be laid; it has no power, and adding another kind turns it into "
                                    "a guild of that kind"),),
    "Noble": (("with 2 players", "one card from the other player, the second from the draw pile"),),
    "Witch": (("no guild to copy", "reveal and discard the top card of the draw pile, then use its power"),),
    "Merchant": (("too few cards", "a side with fewer than two cards draws up to two first"),),
    "Priest": (("empty hand", "a player with no card draws one first, so that one can be taken"),),
}


def card_help() -> list[CardHelp]:
    """The 13 guilds' cards and the End of Game card."""
    out: list[CardHelp] = []
    for g in GUILDS:
        details = {"copies": str(COPIES)}
        if g.name != "Jester":
            details["in a guild"] = f"laying, using or reinforcing a guild of {plural(g.name)} uses this power"
        for label, fact in _SPECIAL.get(g.name, ()):
            details[label] = fact
        out.append({"name": g.name, "kind": "guild", "title": g.name, "text": g.power, "details": details})
    out.append({
        "name": END_CARD, "kind": "special", "title": "The End of Game card",
        "text": "It lies under the draw pile, red side up (yellow side up with 2 players). The first time "
                "the pile runs out it turns to yellow and the discard pile, all but the last card played, is "
                "shuffled into a new draw pile. When the pile runs out with the yellow side showing and "
                "nobody has laid a third guild, the game ends: the most guilds and guild members wins, then "
                "the most cards in hand, and a tie that remains shares the victory.",
        "details": {"sides": "red, then yellow", "with 2 players": "it starts yellow, so the pile runs out only once",
                    "cards": f"{N_CARDS} cards, {COPIES} of each guild"},
    })
    return out


def how_to_play() -> str:
    """Medievallons in a few lines, in our own words."""
    return """**Goal:** be the first to have three guilds on the table: laying your third guild wins at once.

**Setup:** everyone holds six cards; one card starts the face-up discard pile; the End of Game card lies
under the draw pile.

**Your turn:** do one thing, then draw a card.
- **Play a card:** use its power, then discard it.
- **Lay a guild:** three or more cards of one kind (Jesters join any guild); laying uses its power.
- **Use a guild** you laid on an earlier turn: its power, without spending a card.
- **Reinforce a guild:** add cards of its kind or Jesters; that uses its power too.

**Powers:** the Monk draws two, the Star makes everyone draw, the Artisan takes the top discard, the
Wizard draws three and keeps one, the Knight demands a kind, the Noble receives gifts, the Merchant
swaps two cards, the Priest looks at a hand and trades a card, the Beggar takes a random card from the
fullest hand, the Assassin discards and the Prowler steals a card from another player's guild, and the
Witch copies a guild's power. A guild left with two cards goes back to its owner's hand.

**The end:** the first time the draw pile runs out, the discard pile becomes a new one; the second time
(only once with 2 players), the most guilds and guild members wins. Two players play a best of three."""


# ------------------------------------------------------------------------------------------ the terminal
_CARD_VERBS = {"play": 1, "lay": 1, "reinforce": 2, "give": 1, "offer": 1, "keep": 1}


def legend() -> list[tuple[str, str]]:
    """The symbols of Medievallons' pictures."""
    return [
        (" Knight ", "a card, in its guild's colour ('help Knight' tells its power)"),
        ("Knight x2", "two Knights (in a hand or a guild)"),
        ("Knight#3", "a guild on the table, named by its kind and number ('use Knight#3')"),
        ("(new)", "a guild laid this round: its power works from your next turn"),
        ("(no power)", "a guild of Jesters only: it counts, but has no power"),
        ("end card RED", "the End of Game card's side: the round ends when the draw pile runs out on it"),
        ("▶", "whose turn it is"),
    ]


def explain(state: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is refused for ``seat``, from its view: cards it does not hold, a guild that is not its
    own or has no power yet, the wrong moment."""
    view = state.view(seat)
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    if seat not in (view.get("to_move") or []):
        return f"it is {', '.join(f'P{s}' for s in view.get('to_move') or [])}'s decision, not yours"
    hand = [str(c) for c in view.get("hand") or []]
    lowered = [c.lower() for c in hand]
    start = _CARD_VERBS.get(verb)
    if start is not None:
        named = [w for w in words[start:] if not w.isdigit() and w.lower() != "for"]
        for name in dict.fromkeys(n.lower() for n in named):
            if [n.lower() for n in named].count(name) > lowered.count(name):
                have = lowered.count(name)
                what = name.capitalize()
                held = f"you hold only {count_of(have, what)}" if have else f"you hold no {what}"
                return f"{held}: your hand is {cards_text(hand) or 'empty'}"
        if verb == "lay" and len(named) < 3:
            return "a guild is laid with three cards or more of one kind (Jesters may join)"
    if verb in ("use", "reinforce") and len(words) >= 2:
        guild = next((g for g in view.get("guilds") or [] if str(g.get("label")).lower() == words[1].lower()), None)
        if guild is None:
            return f"there is no guild {words[1]} on the table"
        if guild.get("owner") != seat:
            return f"{guild['label']} is P{guild.get('owner')}'s guild, not yours"
        if verb == "use" and not guild.get("usable"):
            return f"{guild['label']} has no power to use yet (a guild works from the turn after it is laid)"
    if view.get("pending") and verb in ("play", "lay", "use", "reinforce"):
        return "first answer the decision under way (see 'Now' on the board)"
    return None
