"""Medievallons' actions and their notation. Cards are named by kind, guilds by ``Kind#id``
(the id is given when the guild is laid and never changes; the kind is the guild's kind now,
``Jester`` for a guild of Jesters only), seats by number. ``Action.to_json`` gives a client each action's
kind (the notation's verb: ``play``, ``lay``, ``trade``...), its arguments by the same names (``card``,
``cards``, ``guild``, ``target``) and its notation.

===================================  ==============================  ==================================
notation                             action                          when
===================================  ==============================  ==================================
``play Knight``                      Play(KNIGHT)                    turn: play a card from hand
``lay Knight Knight Jester``         Lay(KNIGHT, 2, 1)               turn: lay a guild from hand
``use Knight#3``                     Use(3, KNIGHT)                  turn: use a guild laid earlier
``reinforce Knight#3 Knight Jester`` Reinforce(3, KNIGHT, ...)       turn: add cards to your guild
``draw``                             Draw()                          turn: nothing else is possible
``ask 2 for Monk``                   Ask(2, MONK)                    Knight: seat and kind
``give Monk``                        Give(MONK)                      hand a card (Knight, Noble, Priest)
``trade with 2``                     TradeWith(2)                    Merchant: the partner
``offer Knight Monk``                Offer(KNIGHT, MONK)             Merchant: your two cards (secret)
``look at 2``                        LookAt(2)                       Priest: whose hand
``take Monk``                        Take(MONK)                      Priest: the card you take
``beg from 2``                       BegFrom(2)                      Beggar: pick among the tied
``copy Knight#3``                    Copy(3, KNIGHT)                 Witch: the guild to copy
``assassinate Knight#3 Jester``      Assassinate(3, KNIGHT, JESTER)  Assassin: the card to discard
``steal Knight#3 Knight``            Steal(3, KNIGHT, KNIGHT)        Prowler: the card to take
``keep Monk``                        Keep(MONK)                      Wizard: the card you keep
===================================  ==============================  ==================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from medieval.core.errors import InvalidActionError
from medieval.core.notation import memoized
from medieval.core.state import Action
from medieval.games.medievallons.components import JESTER, KINDS, N_KINDS, parse_kind

#: The largest player count (see the rules document, ruling R11).
MAX_SEATS = 6


def guild_label(gid: int, kind: int) -> str:
    return f"{KINDS[kind]}#{gid}"


def card_names(kind: int, count: int, jesters: int) -> list[str]:
    """``count`` cards of ``kind``, then ``jesters`` Jesters, by name."""
    return [KINDS[kind]] * count + [KINDS[JESTER]] * jesters


def _cards(kind: int, count: int, jesters: int) -> str:
    return " ".join(card_names(kind, count, jesters))


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind: int

    def args(self) -> dict[str, Any]:
        return {"card": KINDS[self.kind]}

    def __str__(self) -> str:
        return f"play {KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay ``count`` cards of ``kind`` and ``jesters`` Jesters (a Jester guild: kind JESTER, count 0)."""

    kind: int
    count: int
    jesters: int
    _text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"lay {_cards(self.kind, self.count, self.jesters)}")

    def args(self) -> dict[str, Any]:
        """The cards laid (the guild's kind, then its Jesters) and the kind of the new guild."""
        return {"cards": card_names(self.kind, self.count, self.jesters), "guild_kind": KINDS[self.kind]}

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Use(Action):
    guild: int
    gkind: int

    def args(self) -> dict[str, Any]:
        return {"guild": guild_label(self.guild, self.gkind)}

    def __str__(self) -> str:
        return f"use {guild_label(self.guild, self.gkind)}"


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Add ``count`` cards of ``kind`` and ``jesters`` Jesters to guild ``guild`` (of kind ``gkind``).
    ``kind`` is ``gkind`` when no card of a kind is added (only Jesters)."""

    guild: int
    gkind: int
    kind: int
    count: int
    jesters: int
    _text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"reinforce {guild_label(self.guild, self.gkind)} "
                                          f"{_cards(self.kind, self.count, self.jesters)}")

    def args(self) -> dict[str, Any]:
        """The guild (as the view labels it) and the cards added to it."""
        return {"guild": guild_label(self.guild, self.gkind), "cards": card_names(self.kind, self.count, self.jesters)}

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Ask(Action):
    target: int
    kind: int

    def args(self) -> dict[str, Any]:
        return {"target": self.target, "card": KINDS[self.kind]}

    def __str__(self) -> str:
        return f"ask {self.target} for {KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    kind: int

    def args(self) -> dict[str, Any]:
        return {"card": KINDS[self.kind]}

    def __str__(self) -> str:
        return f"give {KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class TradeWith(Action):
    target: int

    @property
    def type_name(self) -> str:
        return "trade"

    def __str__(self) -> str:
        return f"trade with {self.target}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Merchant: the two cards this seat hands over (``first`` <= ``second``)."""

    first: int
    second: int

    def args(self) -> dict[str, Any]:
        return {"cards": [KINDS[self.first], KINDS[self.second]]}

    def __str__(self) -> str:
        return f"offer {KINDS[self.first]} {KINDS[self.second]}"


@dataclass(frozen=True, slots=True)
class LookAt(Action):
    target: int

    @property
    def type_name(self) -> str:
        return "look"

    def __str__(self) -> str:
        return f"look at {self.target}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    kind: int

    def args(self) -> dict[str, Any]:
        return {"card": KINDS[self.kind]}

    def __str__(self) -> str:
        return f"take {KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class BegFrom(Action):
    target: int

    @property
    def type_name(self) -> str:
        return "beg"

    def __str__(self) -> str:
        return f"beg from {self.target}"


@dataclass(frozen=True, slots=True)
class Copy(Action):
    guild: int
    gkind: int

    def args(self) -> dict[str, Any]:
        return {"guild": guild_label(self.guild, self.gkind)}

    def __str__(self) -> str:
        return f"copy {guild_label(self.guild, self.gkind)}"


@dataclass(frozen=True, slots=True)
class Assassinate(Action):
    guild: int
    gkind: int
    card: int

    def args(self) -> dict[str, Any]:
        return {"guild": guild_label(self.guild, self.gkind), "card": KINDS[self.card]}

    def __str__(self) -> str:
        return f"assassinate {guild_label(self.guild, self.gkind)} {KINDS[self.card]}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    guild: int
    gkind: int
    card: int

    def args(self) -> dict[str, Any]:
        return {"guild": guild_label(self.guild, self.gkind), "card": KINDS[self.card]}

    def __str__(self) -> str:
        return f"steal {guild_label(self.guild, self.gkind)} {KINDS[self.card]}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    kind: int

    def args(self) -> dict[str, Any]:
        return {"card": KINDS[self.kind]}

    def __str__(self) -> str:
        return f"keep {KINDS[self.kind]}"


# ----------------------------------------------------------------------------- interned actions
# legal_actions hands these out, so apply's membership test is mostly an identity check.
PLAY = tuple(Play(k) for k in range(N_KINDS))
GIVE = tuple(Give(k) for k in range(N_KINDS))
TAKE = tuple(Take(k) for k in range(N_KINDS))
KEEP = tuple(Keep(k) for k in range(N_KINDS))
ASK = tuple(tuple(Ask(s, k) for k in range(N_KINDS)) for s in range(MAX_SEATS))
TRADE = tuple(TradeWith(s) for s in range(MAX_SEATS))
LOOK = tuple(LookAt(s) for s in range(MAX_SEATS))
BEG = tuple(BegFrom(s) for s in range(MAX_SEATS))
OFFER = tuple(tuple(Offer(a, b) if a <= b else Offer(b, a) for b in range(N_KINDS)) for a in range(N_KINDS))
DRAW = Draw()

_CACHE: dict[tuple[Any, ...], Action] = {}


def lay(kind: int, count: int, jesters: int) -> Action:
    key = ("lay", kind, count, jesters)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Lay(kind, count, jesters)
    return a


def use(gid: int, gkind: int) -> Action:
    key = ("use", gid, gkind)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Use(gid, gkind)
    return a


def reinforce(gid: int, gkind: int, kind: int, count: int, jesters: int) -> Action:
    key = ("reinforce", gid, gkind, kind, count, jesters)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Reinforce(gid, gkind, kind, count, jesters)
    return a


def copy(gid: int, gkind: int) -> Action:
    key = ("copy", gid, gkind)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Copy(gid, gkind)
    return a


def assassinate(gid: int, gkind: int, card: int) -> Action:
    key = ("assassinate", gid, gkind, card)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Assassinate(gid, gkind, card)
    return a


def steal(gid: int, gkind: int, card: int) -> Action:
    key = ("steal", gid, gkind, card)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Steal(gid, gkind, card)
    return a


# ----------------------------------------------------------------------------- parsing
_SYNTAX = ("play CARD | lay CARD CARD CARD... | use GUILD | reinforce GUILD CARD... | draw | "
           "ask SEAT for CARD | give CARD | trade with SEAT | offer CARD CARD | look at SEAT | take CARD | "
           "beg from SEAT | copy GUILD | assassinate GUILD CARD | steal GUILD CARD | keep CARD "
           "(GUILD is Kind#id, e.g. Knight#3)")


def _seat(text: str) -> int:
    if not text.isdigit() or int(text) >= MAX_SEATS:
        raise InvalidActionError(f"{text!r} is not a seat number (0 to {MAX_SEATS - 1})")
    return int(text)


def _guild(text: str) -> tuple[int, int]:
    kind_text, sep, gid = text.partition("#")
    if not sep or not gid.isdigit() or len(gid) > 9:
        raise InvalidActionError(f"{text!r} is not a guild: write Kind#id, e.g. Knight#3")
    return int(gid), parse_kind(kind_text)


def _card_counts(words: list[str]) -> tuple[int, int, int]:
    """Card names -> (kind, count, jesters); kind is -1 when only Jesters are listed."""
    kind, count, jesters = -1, 0, 0
    for w in words:
        k = parse_kind(w)
        if k == JESTER:
            jesters += 1
        elif kind in (-1, k):
            kind = k
            count += 1
        else:
            raise InvalidActionError("a guild holds one kind of card (and Jesters)")
    return kind, count, jesters


def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise InvalidActionError(f"empty notation ({_SYNTAX})")
    verb = words[0].lower()
    rest = words[1:]
    n = len(rest)
    if verb == "draw" and n == 0:
        return DRAW
    if verb in ("play", "give", "take", "keep") and n == 1:
        k = parse_kind(rest[0])
        table = {"play": PLAY, "give": GIVE, "take": TAKE, "keep": KEEP}[verb]
        return table[k]
    if verb == "lay" and n >= 1:
        kind, count, jesters = _card_counts(rest)
        if kind < 0:
            return lay(JESTER, 0, jesters)
        return lay(kind, count, jesters)
    if verb == "use" and n == 1:
        return use(*_guild(rest[0]))
    if verb == "copy" and n == 1:
        return copy(*_guild(rest[0]))
    if verb == "reinforce" and n >= 2:
        gid, gkind = _guild(rest[0])
        kind, count, jesters = _card_counts(rest[1:])
        return reinforce(gid, gkind, gkind if kind < 0 else kind, count, jesters)
    if verb in ("assassinate", "steal") and n == 2:
        gid, gkind = _guild(rest[0])
        card = parse_kind(rest[1])
        return (assassinate if verb == "assassinate" else steal)(gid, gkind, card)
    if verb == "ask" and n == 3 and rest[1].lower() == "for":
        return ASK[_seat(rest[0])][parse_kind(rest[2])]
    if verb == "trade" and n == 2 and rest[0].lower() == "with":
        return TRADE[_seat(rest[1])]
    if verb == "look" and n == 2 and rest[0].lower() == "at":
        return LOOK[_seat(rest[1])]
    if verb == "beg" and n == 2 and rest[0].lower() == "from":
        return BEG[_seat(rest[1])]
    if verb == "offer" and n == 2:
        return OFFER[parse_kind(rest[0])][parse_kind(rest[1])]
    raise InvalidActionError(f"{text!r} is not Medievallons notation ({_SYNTAX})")


#: Read Medievallons notation (syntax only; legality is the state's business).
parse = memoized(_parse, limit=100_000)
