"""Medievalia (2007)'s actions and their notation.

Cards on the table are named by their card name (``Field3``, ``Worker12``); cards in a hand by their
face (``play Soldier``) since copies in a hand are interchangeable. Fiefs are ``F0``..``F3`` (the Fief
of seat 0..3) and intermediate Fiefs ``I01``, ``I12``... (between seats 0 and 1, 1 and 2...). Each
action's ``args()`` names its parts the same way (cards, decks, resources, Fiefs; armies and bands
1-based as in the notation) and its ``type_name`` says what kind of action it is.

====================================  =====================================================
notation                              when
====================================  =====================================================
``take military``                     setup: take the top card of a deck into your hand
``draw character``                    turn start: draw from a deck of your choice
``produce Field3``                    use a card (with its attached cards) to produce
``trade food for gold``               3 identical resources for 1 other
``sell Soldier for gold``             discard a card from hand for 1 resource of your choice
``convert Merchant1 gold to food``    Merchant power
``inspire Artist1 on Field3``         Artist power: double that card's next production
``reduce Bureaucrat1``                Bureaucrat power: the next building costs 2 less
``play Soldier``                      start paying for a card from hand (placed once paid)
``build Bank on Field3``              start paying for a face-up building, to go on an unused territory/City
``remove Field3``                     start paying 1 workforce to remove one of your territories
``buy card military``                 start paying 4 resources for an extra card
``abandon``                           give up the purchase being paid (what was produced is lost)
``move Worker3 to Field2`` / ``move Worker3 off``   internal movement
``dismiss Worker3``                   discard an unused troop from the table
``call ally`` / ``send paying food`` / ``send`` / ``refuse``  allied game: resources from the ally
``end actions`` / ``end moves`` / ``end turn``
``march Knight1 to I01``              external movement to an adjacent Fief
``attack 1 at F1``                    war: battle seat 1 in Fief F1
``shoot Bowman1 at Worker5``          Bowman power
``enlist Soldier3`` / ``new army`` / ``charge``       the attacker forms armies
``engage 1 with Soldier4`` / ``hold``                 the defender deploys against army 1
``aim at Field3`` / ``aim at band 2`` / ``stand``     an unengaged army picks its target
``bolster Soldier3``                  give a +0/1 bonus to a card
``first Soldier3``                    the next card to take damage in a group
``heal Priest1 on Soldier3`` / ``pass``               Priest power; end of your powers
``disband Worker3``                   upkeep: remove a troop you cannot feed
====================================  =====================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from medieval.core.errors import InvalidActionError
from medieval.core.state import Action
from medieval.games.medievalia2007.components import (
    CIVIL,
    DECK_INDEX,
    DECKS,
    F_KIND,
    FACES,
    HOST_IDS,
    IS_TROOP,
    MILB,
    NAME,
    NCARDS,
    NFACES,
    RES_INDEX,
    RESOURCES,
    card_of_name,
    face_of_name,
)


class _OnCard:
    """The args of an action on one card of the table: its name (``Field3``)."""

    __slots__ = ()
    card: int

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card]}


@dataclass(frozen=True, slots=True)
class Take(Action):
    deck: int

    def __str__(self) -> str:
        return f"take {DECKS[self.deck]}"

    def args(self) -> dict[str, Any]:
        return {"deck": DECKS[self.deck]}


@dataclass(frozen=True, slots=True)
class Draw(Action):
    deck: int

    def __str__(self) -> str:
        return f"draw {DECKS[self.deck]}"

    def args(self) -> dict[str, Any]:
        return {"deck": DECKS[self.deck]}


@dataclass(frozen=True, slots=True)
class Produce(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"produce {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    give: int
    get: int

    def __str__(self) -> str:
        return f"trade {RESOURCES[self.give]} for {RESOURCES[self.get]}"

    def args(self) -> dict[str, Any]:
        return {"give": RESOURCES[self.give], "get": RESOURCES[self.get]}


@dataclass(frozen=True, slots=True)
class Sell(Action):
    face: int
    res: int

    def __str__(self) -> str:
        return f"sell {FACES[self.face]} for {RESOURCES[self.res]}"

    def args(self) -> dict[str, Any]:
        return {"card": FACES[self.face], "resource": RESOURCES[self.res]}


@dataclass(frozen=True, slots=True)
class Convert(Action):
    card: int
    give: int
    get: int

    def __str__(self) -> str:
        return f"convert {NAME[self.card]} {RESOURCES[self.give]} to {RESOURCES[self.get]}"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "give": RESOURCES[self.give], "get": RESOURCES[self.get]}


@dataclass(frozen=True, slots=True)
class Inspire(Action):
    card: int
    target: int

    def __str__(self) -> str:
        return f"inspire {NAME[self.card]} on {NAME[self.target]}"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "target": NAME[self.target]}


@dataclass(frozen=True, slots=True)
class Reduce(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"reduce {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    face: int

    def __str__(self) -> str:
        return f"play {FACES[self.face]}"

    def args(self) -> dict[str, Any]:
        return {"card": FACES[self.face]}


@dataclass(frozen=True, slots=True)
class Build(Action):
    face: int
    host: int

    def __str__(self) -> str:
        return f"build {FACES[self.face]} on {NAME[self.host]}"

    def args(self) -> dict[str, Any]:
        return {"building": FACES[self.face], "on": NAME[self.host]}


@dataclass(frozen=True, slots=True)
class Remove(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"remove {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class BuyCard(Action):
    deck: int

    def __str__(self) -> str:
        return f"buy card {DECKS[self.deck]}"

    def args(self) -> dict[str, Any]:
        return {"deck": DECKS[self.deck]}


@dataclass(frozen=True, slots=True)
class Move(Action):
    card: int
    host: int  # -1: off (free in the Fief)

    def __str__(self) -> str:
        if self.host < 0:
            return f"move {NAME[self.card]} off"
        return f"move {NAME[self.card]} to {NAME[self.host]}"

    @property
    def type_name(self) -> str:
        return "move_inside"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "to": NAME[self.host] if self.host >= 0 else None}


@dataclass(frozen=True, slots=True)
class Dismiss(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"dismiss {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class CallAlly(Action):
    def __str__(self) -> str:
        return "call ally"


@dataclass(frozen=True, slots=True)
class Send(Action):
    fee: int  # the resource paid as this turn's transfer fee; -1: the fee is already paid this turn

    def __str__(self) -> str:
        return f"send paying {RESOURCES[self.fee]}" if self.fee >= 0 else "send"


    def args(self) -> dict[str, Any]:
        return {"fee": RESOURCES[self.fee] if self.fee >= 0 else None}


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    def __str__(self) -> str:
        return "abandon"


@dataclass(frozen=True, slots=True)
class End(Action):
    what: str  # actions | moves | turn

    def __str__(self) -> str:
        return f"end {self.what}"

    @property
    def type_name(self) -> str:
        return f"end_{self.what}"

    def args(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class March(Action):
    card: int
    to: str  # a Fief name: F1, I01

    def __str__(self) -> str:
        return f"march {NAME[self.card]} to {self.to}"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "to": self.to}


@dataclass(frozen=True, slots=True)
class Attack(Action):
    seat: int
    at: str

    def __str__(self) -> str:
        return f"attack {self.seat} at {self.at}"

    def args(self) -> dict[str, Any]:
        return {"defender": self.seat, "fief": self.at}


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    card: int
    target: int

    def __str__(self) -> str:
        return f"shoot {NAME[self.card]} at {NAME[self.target]}"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "target": NAME[self.target]}


@dataclass(frozen=True, slots=True)
class Enlist(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"enlist {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class NewArmy(Action):
    def __str__(self) -> str:
        return "new army"


@dataclass(frozen=True, slots=True)
class Charge(Action):
    def __str__(self) -> str:
        return "charge"


@dataclass(frozen=True, slots=True)
class Engage(Action):
    army: int  # 0-based index; notation is 1-based
    card: int

    def __str__(self) -> str:
        return f"engage {self.army + 1} with {NAME[self.card]}"

    def args(self) -> dict[str, Any]:
        return {"army": self.army + 1, "card": NAME[self.card]}


@dataclass(frozen=True, slots=True)
class Hold(Action):
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Aim(Action):
    card: int  # a target card (territory, City or troop), or -1
    band: int = -1  # a defending band (0-based index of the army it engages), or -1

    def __str__(self) -> str:
        if self.band >= 0:
            return f"aim at band {self.band + 1}"
        return f"aim at {NAME[self.card]}"


    def args(self) -> dict[str, Any]:
        return {"target": NAME[self.card] if self.band < 0 else None, "band": self.band + 1 if self.band >= 0 else None}


@dataclass(frozen=True, slots=True)
class Stand(Action):
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Bolster(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"bolster {NAME[self.card]}"


@dataclass(frozen=True, slots=True)
class First(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"first {NAME[self.card]}"

    @property
    def type_name(self) -> str:
        return "damage_order"


@dataclass(frozen=True, slots=True)
class Heal(Action):
    card: int
    target: int

    def __str__(self) -> str:
        return f"heal {NAME[self.card]} on {NAME[self.target]}"

    def args(self) -> dict[str, Any]:
        return {"card": NAME[self.card], "target": NAME[self.target]}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Disband(_OnCard, Action):
    card: int

    def __str__(self) -> str:
        return f"disband {NAME[self.card]}"


CALL_ALLY = CallAlly()
REFUSE = Refuse()
ABANDON = Abandon()
NEW_ARMY = NewArmy()
CHARGE = Charge()
HOLD = Hold()
STAND = Stand()
PASS = Pass()
END_ACTIONS = End("actions")
END_MOVES = End("moves")
END_TURN = End("turn")
TAKE = tuple(Take(d) for d in range(3))
DRAW = tuple(Draw(d) for d in range(3))
BUY_CARD = tuple(BuyCard(d) for d in range(3))
TRADE = tuple(tuple(Trade(g, r) for r in range(4)) for g in range(4))
SEND = tuple(Send(r) for r in range(4))
SEND_FREE = Send(-1)

# Pre-built actions for the rules' hot loops (equal to freshly built ones; only faster to hand out).
PLAY = tuple(Play(f) for f in range(NFACES))
SELL = tuple(tuple(Sell(f, r) for r in range(4)) for f in range(NFACES))
#: ``SELLS[face][mask]``: the Sell actions of that face for each resource in the bitmask, in order
SELLS = tuple(tuple(tuple(SELL[f][r] for r in range(4) if mask >> r & 1) for mask in range(16)) for f in range(NFACES))
#: ``TRADES[give][mask]``: 3 ``give`` for 1 of each other resource in the bitmask, in order
TRADES = tuple(tuple(tuple(TRADE[g][r] for r in range(4) if mask >> r & 1 and r != g) for mask in range(16))
               for g in range(4))
PRODUCE = tuple(Produce(c) for c in range(NCARDS))
REMOVE = tuple(Remove(c) for c in range(NCARDS))
DISMISS = tuple(Dismiss(c) for c in range(NCARDS))
DISBAND = tuple(Disband(c) for c in range(NCARDS))
_HOSTS_END = max(HOST_IDS) + 1
#: ``BUILD[face][host]`` for the building faces
BUILD = tuple(tuple(Build(f, h) for h in range(_HOSTS_END)) if F_KIND[f] in (CIVIL, MILB) else ()
              for f in range(NFACES))
#: ``MOVE[troop][host + 1]`` (host -1: off)
MOVE = tuple(tuple(Move(c, h) for h in range(-1, _HOSTS_END)) if IS_TROOP[c] else () for c in range(NCARDS))

_WORDS: dict[str, Action] = {
    "call ally": CALL_ALLY, "send": SEND_FREE, "refuse": REFUSE,
    "abandon": ABANDON, "new army": NEW_ARMY, "charge": CHARGE, "hold": HOLD,
    "stand": STAND, "pass": PASS, "end actions": END_ACTIONS, "end moves": END_MOVES, "end turn": END_TURN,
}
_LOC = re.compile(r"^(F[0-3]|I[0-3][0-3])$")


def _card(text: str) -> int:
    try:
        return card_of_name(text)
    except ValueError as e:
        raise InvalidActionError(str(e)) from None


def _face(text: str) -> int:
    try:
        return face_of_name(text)
    except ValueError as e:
        raise InvalidActionError(str(e)) from None


def _res(text: str) -> int:
    r = RES_INDEX.get(text.lower())
    if r is None:
        raise InvalidActionError(f"{text!r} is not a resource ({', '.join(RESOURCES)})")
    return r


def _deck(text: str) -> int:
    d = DECK_INDEX.get(text.lower())
    if d is None:
        raise InvalidActionError(f"{text!r} is not a deck ({', '.join(DECKS)})")
    return d


def _loc(text: str) -> str:
    t = text.upper()
    if not _LOC.match(t):
        raise InvalidActionError(f"{text!r} is not a Fief (F0-F3, or an intermediate Fief like I01)")
    return t


def _index(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise InvalidActionError(f"{text!r} is not an army number (1, 2, ...)")
    return int(text) - 1


SYNTAX = ("take DECK | draw DECK | produce CARD | trade RES for RES | sell FACE for RES | "
          "convert CARD RES to RES | inspire CARD on CARD | reduce CARD | play FACE | build FACE on CARD | "
          "remove CARD | buy card DECK | abandon | move CARD to CARD | move CARD off | dismiss CARD | call ally | "
          "send paying RES | send | refuse | end actions|moves|turn | march CARD to FIEF | attack SEAT at FIEF | "
          "shoot CARD at CARD | enlist CARD | new army | charge | engage N with CARD | hold | "
          "aim at CARD | aim at band N | stand | bolster CARD | first CARD | heal CARD on CARD | pass | "
          "disband CARD")


def parse(text: str) -> Action:
    """Read Medievalia (2007) notation (syntax only)."""
    norm = " ".join(text.split()).lower()
    if norm in _WORDS:
        return _WORDS[norm]
    w = norm.split(" ")
    n = len(w)
    head = w[0]
    if n == 2:
        if head == "take":
            return TAKE[_deck(w[1])]
        if head == "draw":
            return DRAW[_deck(w[1])]
        if head == "produce":
            return Produce(_card(w[1]))
        if head == "reduce":
            return Reduce(_card(w[1]))
        if head == "play":
            return Play(_face(w[1]))
        if head == "remove":
            return Remove(_card(w[1]))
        if head == "dismiss":
            return Dismiss(_card(w[1]))
        if head == "enlist":
            return Enlist(_card(w[1]))
        if head == "bolster":
            return Bolster(_card(w[1]))
        if head == "first":
            return First(_card(w[1]))
        if head == "disband":
            return Disband(_card(w[1]))
    if n == 3:
        if head == "buy" and w[1] == "card":
            return BUY_CARD[_deck(w[2])]
        if head == "move" and w[2] == "off":
            return Move(_card(w[1]), -1)
        if head == "aim" and w[1] == "at":
            return Aim(_card(w[2]))
        if head == "send" and w[1] == "paying":
            return SEND[_res(w[2])]
    if n == 4:
        if head == "trade" and w[2] == "for":
            g, r = _res(w[1]), _res(w[3])
            if g == r:
                raise InvalidActionError("a trade gives one resource for a different one")
            return TRADE[g][r]
        if head == "sell" and w[2] == "for":
            return Sell(_face(w[1]), _res(w[3]))
        if head == "inspire" and w[2] == "on":
            return Inspire(_card(w[1]), _card(w[3]))
        if head == "build" and w[2] == "on":
            return Build(_face(w[1]), _card(w[3]))
        if head == "move" and w[2] == "to":
            return Move(_card(w[1]), _card(w[3]))
        if head == "march" and w[2] == "to":
            return March(_card(w[1]), _loc(w[3]))
        if head == "attack" and w[2] == "at":
            if not w[1].isdigit() or int(w[1]) > 3:
                raise InvalidActionError(f"{w[1]!r} is not a seat (0-3)")
            return Attack(int(w[1]), _loc(w[3]))
        if head == "shoot" and w[2] == "at":
            return Shoot(_card(w[1]), _card(w[3]))
        if head == "engage" and w[2] == "with":
            return Engage(_index(w[1]), _card(w[3]))
        if head == "aim" and w[1] == "at" and w[2] == "band":
            return Aim(-1, _index(w[3]))
        if head == "heal" and w[2] == "on":
            return Heal(_card(w[1]), _card(w[3]))
    if n == 5 and head == "convert" and w[3] == "to":
        g, r = _res(w[2]), _res(w[4])
        if g == r:
            raise InvalidActionError("a Merchant converts one resource into a different one")
        return Convert(_card(w[1]), g, r)
    raise InvalidActionError(f"{text!r} is not Medievalia (2007) notation ({SYNTAX})")


__all__ = ["NAME", "parse"]
