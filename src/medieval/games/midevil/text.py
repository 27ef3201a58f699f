"""MidEvil in words: every log event as a sentence for the seat reading it, help for every card, tile,
skeleton and token, and a short how-to-play. Written once, read by the terminal and the browser."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from medieval.core.text import CardHelp, Narrator
from medieval.games.midevil.components import (
    CARDS,
    COLOURS,
    DIRS,
    EDGE_NAMES,
    HAND_LIMIT,
    KILL_ROLL,
    MAX_HUMANS,
    N_HUMANS,
    N_SKELETONS,
    TILES,
    CardDef,
    TileDef,
)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` -> "1 card", ``plural(2, "card")`` -> "2 cards"."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def listing(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _skeleton_parts(colours: Sequence[str]) -> list[str]:
    counts = Counter(colours)
    parts = []
    for colour in reversed(COLOURS):
        k = counts.get(colour, 0)
        if k:
            parts.append(f"a {colour} skeleton" if k == 1 else f"{k} {colour} skeletons")
    return parts


def skeletons(colours: Sequence[str]) -> str:
    """Skeleton colours as prose, strongest first: ["white", "red", "white"] -> "a red skeleton and 2
    white skeletons"."""
    parts = _skeleton_parts(colours)
    return listing(parts) if parts else "no skeleton"


def _xy(square: Any) -> str:
    return f"{square[0]},{square[1]}"


def _commitment(c: Mapping[str, Any]) -> str:
    """A commitment (counts of white, red, blue and humans) as prose."""
    parts = _skeleton_parts([colour for colour in COLOURS for _ in range(int(c.get(colour, 0)))])
    humans = int(c.get("humans", 0))
    if humans:
        parts.append(plural(humans, "Human"))
    return listing(parts)


def describe_event(event: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """One sentence for a log event as ``seat`` sees it (None: a spectator)."""
    n = Narrator(seat, names)

    def verb(subject: object, you: str, they: str) -> str:
        """A verb agreeing with ``subject`` later in a sentence."""
        return you if n.me(subject) else they

    e = event
    kind = e.get("kind")
    who = e.get("seat")
    if kind == "setup":
        return f"A game of {int(e['players'])} players begins; {n.acts(e['first'], 'play', 'plays')} first."
    if kind == "turn":
        return f"Round {e['round']}: {n.poss(who)} turn."
    if kind == "respawn":
        return f"{n.act(who, 'start', 'starts')} again with {plural(int(e['humans']), 'Human')} from the supply."
    if kind == "draw_tile":
        return f"{n.act(who, 'draw', 'draws')} the tile {e['tile']}."
    if kind == "no_tile":
        return f"No tile in the deck fits the map: {n.act(who, 'go', 'goes')} on without one."
    if kind == "place":
        return (f"{n.act(who, 'place', 'places')} {e['tile']} at tile position {e['x']},{e['y']}, "
                f"turned {e['rotation']}°.")
    if kind == "humans_placed":
        count = len(e.get("squares", []))
        return f"{plural(count, 'Human')} {'appears' if count == 1 else 'appear'} on {e['tile']}."
    if kind == "seed_roll":
        return f"{n.act(who, 'roll', 'rolls')} {plural(int(e['points']), 'point')} of skeletons for {e['tile']}."
    if kind == "seed":
        placed = [str(x[2]) for x in e.get("skeletons", [])]
        rise = "rise" if len(placed) > 1 else "rises"
        return f"{skeletons(placed).capitalize()} {rise} on {e['tile']}."
    if kind == "reshuffle":
        deck = plural(int(e["cards"]), "card")
        return f"The event deck is empty: the discard pile is shuffled into a new deck of {deck}."
    if kind == "draw":
        if "cards" in e:
            return f"{n.act(who, 'draw', 'draws')} {listing(list(e['cards']))}."
        return f"{n.act(who, 'draw', 'draws')} {plural(int(e.get('count', 0)), 'event card')}."
    if kind == "move_roll":
        return f"{n.act(who, 'roll', 'rolls')} {e['roll']} for movement."
    if kind == "skeleton_roll":
        k = int(e["roll"])
        card = f" for {e['card']}" if "card" in e else ""
        return f"{n.act(who, 'roll', 'rolls')} {k}{card}: up to {plural(k, 'skeleton')} must move."
    if kind == "stop":
        return f"{n.act(who, 'stop', 'stops')} moving."
    if kind == "end_turn":
        return f"{n.act(who, 'end', 'ends')} the turn without discarding."
    if kind == "combat":
        bonus = int(e.get("bonus", 0))
        extra = f" + {bonus}" if bonus else ""
        return (f"{n.act(who, 'fight', 'fights')} the {e['skeleton']} skeleton at {_xy(e['square'])} and "
                f"{verb(who, 'roll', 'rolls')} {e['roll']}{extra}.")
    if kind == "kill":
        how = "" if e.get("by") == "combat" else f" with the {e['by']}"
        return f"{n.act(who, 'kill', 'kills')} the {e['skeleton']} skeleton at {_xy(e['square'])}{how}."
    if kind == "spend":
        return f"{n.act(who, 'spend', 'spends')} {skeletons(list(e['skeletons']))} to raise the roll."
    if kind == "combat_reroll":
        bonus = int(e.get("bonus", 0))
        extra = f" + {bonus}" if bonus else ""
        if e.get("with") == "Chain Mail":
            return f"{n.poss(who).capitalize()} Chain Mail gives a new roll: {e['roll']}{extra}."
        return f"{n.act(who, 'spend', 'spends')} a Human to re-roll: {e['roll']}{extra}."
    if kind == "death":
        cause = "by a skeleton" if e.get("cause") == "skeleton" else "in the player combat"
        lost = _skeleton_parts(list(e.get("lost_skeletons", []))) + list(e.get("lost_items", []))
        losing = f", losing {listing(lost)}" if lost else ""
        book = "; the Necronomicon goes back to the Graveyard" if e.get("book_returns") else ""
        back = f"{verb(who, 'go', 'goes')} back to the Altar{losing}{book}"
        return f"{n.act(who, 'are', 'is')} killed {cause} and {back}."
    if kind == "move":
        return f"{n.act(who, 'move', 'moves')} to {_xy(e['to'])}."
    if kind == "pick_up":
        return f"{n.act(who, 'pick', 'picks')} up the Human at {_xy(e['square'])}."
    if kind == "book_taken":
        return f"{n.act(who, 'take', 'takes')} the Necronomicon!"
    if kind == "horse_claimed":
        return f"{n.act(who, 'claim', 'claims')} {n.poss(e['from'])} Horse."
    if kind == "challenge":
        da, dd = e["dice"]
        holder = e["holder"]
        return (f"{n.act(who, 'challenge', 'challenges')} {n.obj(holder)} for the Necronomicon: "
                f"{n.obj(who)} {verb(who, 'roll', 'rolls')} {da}, {n.obj(holder)} "
                f"{verb(holder, 'roll', 'rolls')} {dd}.")
    if kind == "hide":
        token = "a Human" if e["token"] == "human" else f"a {e['token']} skeleton"
        so_far = _commitment(dict(zip((*COLOURS, "humans"), e["hidden"], strict=True)))
        return f"{n.act(who, 'commit', 'commits')} {token} in secret (so far: {so_far})."
    if kind == "ready":
        return f"{n.act(who, 'are', 'is')} ready."
    if kind == "reveal":
        parts = [f"{n.obj(int(s))}: {_commitment(c)}" for s, c in e.get("commitments", {}).items()]
        return f"The commitments are revealed — {'; '.join(parts)}."
    if kind == "pvp_reroll":
        return f"{n.act(who, 're-roll', 're-rolls')}: {e['roll']}."
    if kind == "stand":
        return f"{n.act(who, 'stand', 'stands')}: no more re-rolls."
    if kind == "pvp_result":
        totals = ", ".join(f"{n.obj(int(s))} {t}" for s, t in e.get("totals", {}).items())
        holder = e.get("holder")
        loser = e.get("loser")
        fate = "a tie, nobody dies" if loser is None else \
            f"{n.obj(loser)} {verb(loser, 'lose', 'loses')} and {verb(loser, 'die', 'dies')}"
        return f"Player combat totals: {totals}. {n.act(holder, 'hold', 'holds')} the Necronomicon; {fate}."
    if kind == "skeleton_move":
        return f"{n.act(who, 'move', 'moves')} the skeleton at {_xy(e['from'])} to {_xy(e['to'])}."
    if kind == "discard":
        return f"{n.act(who, 'discard', 'discards')} {e['card']}."
    if kind == "play":
        where = f" at {_xy(e['square'])}" if "square" in e else ""
        target = f" on {n.obj(e['target'])}" if "target" in e else ""
        return f"{n.act(who, 'play', 'plays')} {e['card']}{where}{target}."
    if kind == "heal":
        return f"{n.act(who, 'take', 'takes')} {plural(int(e['humans']), 'Human')} from the supply."
    if kind == "shot":
        result = "a hit" if e.get("hit") else "a miss"
        if "card" in e:
            return (f"{n.act(who, 'shoot', 'shoots')} the {e['card']} at {_xy(e['square'])} and "
                    f"{verb(who, 'roll', 'rolls')} {e['roll']}: {result}.")
        return f"{n.act(who, 'roll', 'rolls')} {e['roll']} for the shot: {result}."
    if kind == "raised":
        count = len(e.get("squares", []))
        number = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
        what = f"{number} white skeleton{'s' if count != 1 else ''}"
        return f"{n.act(who, 'raise', 'raises')} {what} next to {n.obj(e['target'])}."
    if kind == "pass":
        return f"{n.act(who, 'play', 'plays')} no card {_MOMENT_WORDS.get(str(e.get('moment')), 'now')}."
    if kind == "unquiet":
        back = e["skeletons"]
        parts = [plural(int(back[c]), f"{c} skeleton") for c in ("white", "red", "blue") if back.get(c)]
        taken = f" and {n.acts(who, 'take', 'takes')} a {e['taken']} one" if e.get("taken") else ""
        return f"{n.act(who, 'call', 'calls')} the dead back: {listing(parts)} return to the pool{taken}."
    if kind == "game_over":
        winners = list(e.get("winners", []))
        termination = e.get("termination")
        if termination == "necronomicon":
            return (f"{n.act(winners[0], 'bring', 'brings')} the Necronomicon to the Altar and "
                    f"{verb(winners[0], 'win', 'wins')}!")
        if termination == "skeleton_points":
            return f"{n.act(winners[0], 'win', 'wins')} with skeleton points."
        if len(winners) == 1:
            return f"The round limit is reached: {n.acts(winners[0], 'win', 'wins')} on skeleton points."
        return f"The round limit is reached: {n.seats(winners, subject=False)} share the win."
    from medieval.core.text import describe_event as generic

    return generic(event)


#: How a game ends (``Outcome.termination``), in words.
ENDINGS = {"necronomicon": "the Necronomicon brought to the Altar", "skeleton_points": "skeleton points",
           "round_limit": "the round limit"}


def ending(termination: str) -> str:
    """How the game ended, in words (for the end screen)."""
    return ENDINGS.get(termination, termination.replace("_", " "))


#: When a reaction window opens (R7), for the sentences.
_MOMENT_WORDS = {"move_roll": "after the movement roll", "combat": "after the missed combat roll",
                 "pvp": "in the player combat"}


# ------------------------------------------------------------------------------------------ card help
#: When each kind of card may be played (§8.1, R7).
_WHEN = {
    "necronomicon": "never played: it lies on the Graveyard's centre square",
    "melee_card": "after a missed skeleton combat roll",
    "melee_kill": "after a missed skeleton combat roll",
    "heal": "while moving, after a missed skeleton combat roll, or at the end of your turn; and in a "
            "player combat you fight, on another player's turn too",
    "run": "while moving",
    "curse": "while moving or at the end of your turn; on another player's turn after their missed "
             "skeleton combat roll, or in a player combat against you",
    "raise_dead": "while moving or at the end of your turn, or just after another player's movement roll",
}
_DEFAULT_WHEN = "while moving or at the end of your turn"
#: What the rulebook adds to a card's own text.
_RULES = {
    "horse": " While you are inside, another player entering the Horse's square with no other player "
             "there may claim it; one taken mid-move doubles the rest of that move.",
    "necronomicon": " The first player to reach the Graveyard's centre square takes it; any other player "
                    "on the holder's square may challenge for it. If the holder dies it goes back to "
                    "the Graveyard.",
}
_RANGED = " Ranged weapons need a line of sight (except the Catapult) and never shoot into or out of a building."
_WEAPON = " Only one weapon counts on each combat roll."


def _card_help(c: CardDef) -> CardHelp:
    kind = {"special": "special card", "item": "item", "ranged": "ranged weapon", "weapon": "weapon",
            "instant": "instant event"}[c.kind]
    if c.effect == "melee_item":
        kind = "weapon item"
    elif c.effect == "crossbow":
        kind = "ranged item"
    text = c.text + _RULES.get(c.effect, "")
    if c.effect in ("shoot", "crossbow", "catapult"):
        text += _RANGED
    if c.effect in ("melee_item", "melee_card", "melee_kill"):
        text += _WEAPON
    details = {"type": kind, "copies": str(c.copies), "when": _WHEN.get(c.effect, _DEFAULT_WHEN)}
    if c.range:
        details["range"] = f"{c.range} squares"
    if c.need:
        details["kills on"] = f"{c.need}+"
    if c.bonus:
        details["bonus"] = f"+{c.bonus}"
    if c.kind == "item":
        details["stays in play"] = "yes, one copy of each per player"
    details["source"] = c.source
    return {"name": c.name, "kind": "card", "title": f"{c.name} ({kind})", "text": text, "details": details}


def _sides(t: TileDef) -> str:
    edges = t.edges[0]
    out = [f"{DIRS[d]} {EDGE_NAMES[edges[d]]}" for d in range(4) if edges[d]]
    return ", ".join(out) or "none"


def _tile_help(t: TileDef) -> CardHelp:
    if t.start:
        title, text = f"{t.name} (start tile)", (
            "The start tile, laid in the middle of the table: every pawn starts on its centre square, a "
            "player who dies comes back there, and bringing the Necronomicon to that square wins the game.")
    elif t.named:
        where = "inside its building" if t.building else "on its squares"
        title = f"{t.name} (named tile)"
        text = (f"When laid it gets {plural(t.skeletons, 'skeleton')} (the player who lays it chooses the "
                f"colours) and {plural(t.humans, 'Human')}, {where}.")
    else:
        title = f"{t.name} (unnamed tile)"
        text = ("When laid, a die roll gives the points of skeletons put on it (white 1, red 2, blue 3): "
                "the most the pool and the free squares allow without going over the roll.")
    if t.centre == "graveyard":
        text += (" The Necronomicon lies on its centre square; the first player to reach that square takes "
                 "it. Its walls are crossed only at its gates.")
    elif t.building and not t.start:
        text += " Its building is entered and left only by its door."
    if "~" in "".join(t.grid):
        text += " Only the bridge itself can be walked on, not the water."
    if "F" in "".join(t.grid):
        text += " The furnace cannot be entered."
    if "T" in "".join(t.grid):
        text += " Trees cannot be entered."
    details = {"named": "yes" if t.named else "no", "layout": " / ".join(t.grid), "road or door sides": _sides(t)}
    if t.named and not t.start:
        details["skeletons"] = str(t.skeletons)
        details["humans"] = str(t.humans)
    details["source"] = t.source
    return {"name": t.name, "kind": "tile", "title": title, "text": text, "details": details}


def card_help() -> list[CardHelp]:
    """Every event card (weapons and items among them), every map tile, the three skeletons, the Human
    token and the pawn."""
    out = [_card_help(c) for c in CARDS]
    out += [_tile_help(t) for t in TILES]
    for i, colour in enumerate(COLOURS):
        out.append({"name": colour, "kind": "skeleton", "title": f"{colour.capitalize()} skeleton",
                    "text": (f"Worth {plural(i + 1, 'point')} to the player who kills it and keeps it. Killed "
                             "skeletons can be spent to raise a missed combat roll or committed to a player "
                             "combat; spent or lost by dying, they leave the game."),
                    "details": {"points": str(i + 1), "in the game": str(N_SKELETONS[i])}})
    out.append({"name": "human", "kind": "token", "title": "Human (life token)",
                "text": (f"A life: spend one to re-roll a missed skeleton combat roll; with none left to spend, "
                         f"a miss kills you. Picked up by stepping on it; never more than {MAX_HUMANS} at a "
                         "time. Spent Humans go back to the supply."),
                "details": {"at the start": "3 each", "most held": str(MAX_HUMANS), "in the game": str(N_HUMANS)}})
    out.append({"name": "pawn", "kind": "token", "title": "Pawn",
                "text": "Your figure on the map. It starts on the Altar's centre square and comes back there "
                        "when you die.",
                "details": {"in the game": "6"}})
    return out


def how_to_play() -> str:
    """MidEvil in a few lines, in our own words."""
    return f"""**Goal:** carry the Necronomicon from the Graveyard's centre square to the Altar's centre square,
or be the first to hold 30 points of killed skeletons (white 1, red 2, blue 3).

**Your turn**, always in this order:
1. Draw a map tile and lay it next to the map so that no road or entrance is cut off. A named tile
   gets its printed skeletons (you choose the colours) and Humans; an unnamed one a die roll of
   skeleton points.
2. Fight any skeleton on your square, then draw back up to {HAND_LIMIT} event cards.
3. Roll a die and move up to that many squares, never diagonally, through doors only. Every
   skeleton you meet must be fought; Humans you step on are yours (at most {MAX_HUMANS}).
4. Roll a die and move that many skeletons one square each. You may then discard a card.

**Combat:** roll {KILL_ROLL} or more to kill the skeleton and keep it. After a miss, spend killed skeletons
to raise the roll (no change given) or a Human to re-roll; with neither you die and start again at
the Altar, losing your skeletons and the cards in front of you.

**The book:** on the holder's square you may challenge for it: both roll a die, secretly commit
skeletons and Humans, re-roll once per committed Human, and the higher total takes the book — the
loser dies; a tie changes nothing.

**Event cards:** one a round; items stay in front of you."""


# ------------------------------------------------------------------------------------------ the terminal
_DIR_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_DXY = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def legend() -> list[tuple[str, str]]:
    """The symbols of MidEvil's pictures."""
    return [
        ("0 1 2 …", "a player's pawn (its seat); * several pawns on one square"),
        ("W R B", "a white, red or blue skeleton (worth 1, 2, 3 points when killed)"),
        ("h", "a Human waiting on the map"),
        ("¤", "the Necronomicon on the Graveyard; a pawn shown reversed holds it"),
        ("H", "a Horse waiting for its rider"),
        ("·  ░░  ♣♣", "grass, road, trees (trees block moves and sight)"),
        ("≈≈  ══  ▒▒", "water, bridge, the floor of a building"),
        ("▲▲  ✝  ✟", "the furnace, the Altar, the Graveyard"),
        ("-3  0  3", "square coordinates, x along the top and y down the left: 'skeleton 4,-2 N'"),
        ("0,-1", "where the drawn tile fits, in tile coordinates: 'place 0,-1 r90' (a tile is 3x3 squares)"),
        ("══╬═══", "a tile in the tile-a-cell map shown while placing on a small screen: its roads and doors "
                   "(╬ ═ ║ ╔ …), the pawn on it"),
        ("r0 r90 r180 r270", "the drawn tile turned 0, 90, 180 or 270 degrees clockwise"),
        ("3h 4pt 2c", "a player's Humans, points and event cards in hand"),
    ]


def _xy_of(text: str) -> tuple[int, int] | None:
    x, _, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None


def explain(state: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is refused for ``seat``, from its view and legal actions: no skeleton on that square,
    a blocked step, a taken or far tile position, a turn of the tile that does not fit, a card not held,
    the wrong moment."""
    view = state.view(seat)
    legal = [str(a) for a in state.legal_actions(seat)]
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    if seat not in (view.get("to_move") or []):
        return f"it is {', '.join(f'P{s}' for s in view.get('to_move') or [])}'s decision, not yours"
    same = [a for a in legal if a.split()[0] == verb]
    what = str((view.get("pending") or {}).get("what", ""))
    if not same and verb in ("place", "move", "skeleton", "seed", "spend", "shoot", "hide", "discard"):
        return f"now is the time to {what}" if what else None
    if verb == "skeleton" and len(words) >= 2:
        xy = _xy_of(words[1])
        if xy is None:
            return None
        if not any(s[0] == xy[0] and s[1] == xy[1] for s in view.get("skeletons") or []):
            return f"no skeleton stands on {xy[0]},{xy[1]}"
        moved = (view.get("skeleton_phase") or {}).get("moved") or []
        if [xy[0], xy[1]] in moved:
            return f"the skeleton on {xy[0]},{xy[1]} has moved this turn already"
        steps = [a.split()[2] for a in same if a.split()[1] == words[1]]
        if not steps:
            return f"the skeleton on {xy[0]},{xy[1]} cannot move now"
        if len(words) >= 3:
            return (f"the skeleton on {xy[0]},{xy[1]} cannot go {_DIR_WORDS.get(words[2].upper(), words[2])}: it "
                    f"may go {', '.join(_DIR_WORDS.get(d, d) for d in steps)}")
    if verb == "move" and len(words) >= 2:
        me = (view.get("pawns") or [])[seat]
        ways = [a.split()[1] for a in same]
        direction = words[1].upper()
        if direction not in _DIR_WORDS:
            return f"a direction is one of {', '.join(_DIR_WORDS)}"
        return (f"from {me['x']},{me['y']} you cannot go {_DIR_WORDS.get(direction, words[1])} (trees, water, a "
                f"wall or the map's edge): you may go {', '.join(_DIR_WORDS.get(d, d) for d in ways) or 'nowhere'}")
    if verb == "place" and len(words) >= 2:
        xy = _xy_of(words[1])
        if xy is None:
            return None
        if any(t["x"] == xy[0] and t["y"] == xy[1] for t in view.get("tiles") or []):
            return f"a tile lies at {xy[0]},{xy[1]} already"
        turns = [a.split()[2] for a in same if a.split()[1] == words[1]]
        if not turns:
            spots = list(dict.fromkeys(a.split()[1] for a in same))
            return f"the {view.get('drawn_tile')} cannot go at {xy[0]},{xy[1]}: it fits at {', '.join(spots)}"
        return f"at {xy[0]},{xy[1]} the {view.get('drawn_tile')} fits turned {', '.join(turns)} (its roads must meet)"
    if verb in ("play", "discard") and len(words) >= 2:
        me = (view.get("pawns") or [])[seat]
        hand = [str(c) for c in me.get("hand") or []]
        name = words[1].lower()
        if not any(c.lower().replace(" ", "") == name or c.lower().split()[0] == name for c in hand):
            return f"you hold no {words[1]}: your hand is {listing(hand) if hand else 'empty'}"
        if verb == "play" and not same:
            return "no card can be played now"
    return None
