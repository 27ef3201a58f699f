"""MidEvil's actions and their notation. Squares are written ``X,Y`` in map coordinates (x to the
east, y to the south; the Altar's north-west square is 0,0); tiles are placed at tile coordinates
(the Altar tile is 0,0).

====================  ===============  ==========================================================
notation              kind             action
====================  ===============  ==========================================================
``place 1,-2 r90``    place_tile       place the drawn tile at tile position (1, -2), turned 90
                                       degrees clockwise
``seed BRW``          seed_skeletons   choose the colours of the skeletons put on a new tile (B blue,
                                       R red, W white)
``spend RW``          spend_skeletons  spend killed skeletons to raise a missed combat roll
``reroll``            reroll           spend a Human to re-roll a combat roll (or, in player combat,
                                       re-roll your die)
``armour``            armour_reroll    re-roll a missed combat roll with your Chain Mail
``move N``            move             step one square north (E, S, W)
``stop``              stop_moving      end your movement
``claim``             claim_horse      claim another player's Horse waiting on your square
``pass``              pass             let a reaction window go by without playing a card
``challenge``         challenge        fight the holder of the Necronomicon on your square
``play Horse``        play_card        play an event card (``play Longbow 4,-2`` at a square,
                                       ``play Curse 2`` on a seat)
``shoot 4,-2``        shoot            shoot your Crossbow at the skeleton on square 4,-2
``skeleton 4,-2 N``   move_skeleton    move the skeleton on square 4,-2 one square north
``hide red``          commit           player combat: secretly commit a red skeleton (white, red,
                                       blue, human)
``ready``             ready            player combat: your commitment is complete
``stand``             stand            player combat: stop re-rolling
``discard Sword``     discard_card     discard an event card at the end of your turn
``end``               end_turn         end your turn without discarding
====================  ===============  ==========================================================

Each action's ``args()`` names its parts for a client: cards by name, squares as ``[x, y]``, the tile's
position ``[x, y]`` and rotation in degrees, directions as letters, skeletons as counts by colour.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from medieval.core.errors import InvalidActionError
from medieval.core.notation import memoized
from medieval.core.state import Action
from medieval.games.midevil.components import CARD_BY_NAME, CARDS, CHAIN_MAIL, CROSSBOW, DIRS, DX, DY, LETTERS

TOKENS = ("white", "red", "blue", "human")


def _skeletons(colours: str) -> dict[str, int]:
    """Colour letters as counts by colour name: "RWW" -> {"white": 2, "red": 1, "blue": 0}."""
    return {"white": colours.count("W"), "red": colours.count("R"), "blue": colours.count("B")}


@dataclass(frozen=True, slots=True)
class Place(Action):
    x: int
    y: int
    rot: int  # quarter turns clockwise, 0-3

    def __str__(self) -> str:
        return f"place {self.x},{self.y} r{self.rot * 90}"

    @property
    def type_name(self) -> str:
        return "place_tile"

    def args(self) -> dict[str, Any]:
        """The drawn tile's place in tile coordinates (the Altar tile is 0,0) and its turn in degrees."""
        return {"position": [self.x, self.y], "rotation": self.rot * 90}


@dataclass(frozen=True, slots=True)
class Seed(Action):
    colours: str  # letters B, R, W in that order, e.g. "BRW"

    def __str__(self) -> str:
        return f"seed {self.colours}"

    @property
    def type_name(self) -> str:
        return "seed_skeletons"

    def args(self) -> dict[str, Any]:
        return {"skeletons": _skeletons(self.colours)}


@dataclass(frozen=True, slots=True)
class Spend(Action):
    colours: str

    def __str__(self) -> str:
        return f"spend {self.colours}"

    @property
    def type_name(self) -> str:
        return "spend_skeletons"

    def args(self) -> dict[str, Any]:
        return {"skeletons": _skeletons(self.colours)}


@dataclass(frozen=True, slots=True)
class Word(Action):
    """The one-word actions: reroll, armour, stop, challenge, ready, stand, end."""

    word: str

    def __str__(self) -> str:
        return self.word

    @property
    def type_name(self) -> str:
        return _WORD_KINDS[self.word]

    def args(self) -> dict[str, Any]:
        return {"card": CARDS[CHAIN_MAIL].name} if self.word == "armour" else {}


@dataclass(frozen=True, slots=True)
class Move(Action):
    d: int

    def __str__(self) -> str:
        return f"move {DIRS[self.d]}"

    def args(self) -> dict[str, Any]:
        return {"direction": DIRS[self.d]}


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {CARDS[self.card].name}"

    @property
    def type_name(self) -> str:
        return "play_card"

    def args(self) -> dict[str, Any]:
        return {"card": CARDS[self.card].name}


@dataclass(frozen=True, slots=True)
class PlayAt(Action):
    card: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"play {CARDS[self.card].name} {self.x},{self.y}"

    @property
    def type_name(self) -> str:
        return "play_card"

    def args(self) -> dict[str, Any]:
        """The card and the square of the skeleton it targets."""
        return {"card": CARDS[self.card].name, "square": [self.x, self.y]}


@dataclass(frozen=True, slots=True)
class PlayOn(Action):
    card: int
    seat: int

    def __str__(self) -> str:
        return f"play {CARDS[self.card].name} {self.seat}"

    @property
    def type_name(self) -> str:
        return "play_card"

    def args(self) -> dict[str, Any]:
        """The card and the seat of the player it targets."""
        return {"card": CARDS[self.card].name, "target": self.seat}


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    x: int
    y: int

    def __str__(self) -> str:
        return f"shoot {self.x},{self.y}"

    def args(self) -> dict[str, Any]:
        """The Crossbow in play and the square of the skeleton it shoots at."""
        return {"card": CARDS[CROSSBOW].name, "square": [self.x, self.y]}


@dataclass(frozen=True, slots=True)
class SkeletonMove(Action):
    x: int
    y: int
    d: int

    def __str__(self) -> str:
        return f"skeleton {self.x},{self.y} {DIRS[self.d]}"

    @property
    def type_name(self) -> str:
        return "move_skeleton"

    def args(self) -> dict[str, Any]:
        """The skeleton's square, the direction and the square it steps to."""
        return {"square": [self.x, self.y], "direction": DIRS[self.d],
                "to": [self.x + DX[self.d], self.y + DY[self.d]]}


@dataclass(frozen=True, slots=True)
class Hide(Action):
    token: int  # 0 white, 1 red, 2 blue, 3 human

    def __str__(self) -> str:
        return f"hide {TOKENS[self.token]}"

    @property
    def type_name(self) -> str:
        return "commit"

    def args(self) -> dict[str, Any]:
        """One more token for the secret commitment: a skeleton by colour, or a Human."""
        return {"token": TOKENS[self.token]}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {CARDS[self.card].name}"

    @property
    def type_name(self) -> str:
        return "discard_card"

    def args(self) -> dict[str, Any]:
        return {"card": CARDS[self.card].name}


#: The kind of each one-word action, for clients.
_WORD_KINDS = {"reroll": "reroll", "armour": "armour_reroll", "stop": "stop_moving", "challenge": "challenge",
               "ready": "ready", "stand": "stand", "end": "end_turn", "claim": "claim_horse",
               "pass": "pass"}
REROLL = Word("reroll")
ARMOUR = Word("armour")
STOP = Word("stop")
CHALLENGE = Word("challenge")
READY = Word("ready")
STAND = Word("stand")
END = Word("end")
CLAIM = Word("claim")
PASS = Word("pass")
WORDS = {w.word: w for w in (REROLL, ARMOUR, STOP, CHALLENGE, READY, STAND, END, CLAIM, PASS)}
MOVES = tuple(Move(d) for d in range(4))
HIDES = tuple(Hide(t) for t in range(4))
PLAYS = tuple(Play(c.index) for c in CARDS)
DISCARDS = tuple(Discard(c.index) for c in CARDS)

_Interned = TypeVar("_Interned", bound=Action)
#: an interning table is emptied when it grows past this (maps are unbounded over many games)
_INTERN_LIMIT = 100_000


def _interner(cls: type[_Interned]) -> Callable[..., _Interned]:
    """One shared object per distinct set of fields, so legal-action lists hand out the same objects
    (``apply``'s legality check is then an identity test) and are cheap to build."""
    table: dict[tuple[int | str, ...], _Interned] = {}

    def interned(*fields: int | str) -> _Interned:
        a = table.get(fields)
        if a is None:
            if len(table) > _INTERN_LIMIT:
                table.clear()
            a = table[fields] = cls(*fields)
        return a

    interned.__doc__ = f"Interned {cls.__name__}."
    return interned


skeleton_move = _interner(SkeletonMove)
play_at = _interner(PlayAt)
shoot = _interner(Shoot)
place = _interner(Place)
play_on = _interner(PlayOn)
seed = _interner(Seed)
spend = _interner(Spend)


_skeleton_moves_at: dict[tuple[int, int], tuple[SkeletonMove, ...]] = {}


def skeleton_moves(x: int, y: int) -> tuple[SkeletonMove, ...]:
    """The four interned moves (N, E, S, W) of a skeleton on square ``x, y``."""
    key = (x, y)
    got = _skeleton_moves_at.get(key)
    if got is None:
        if len(_skeleton_moves_at) > 50_000:
            _skeleton_moves_at.clear()
        got = _skeleton_moves_at[key] = tuple(skeleton_move(x, y, d) for d in range(4))
    return got


def colour_letters(counts: tuple[int, int, int] | list[int]) -> str:
    """(white, red, blue) counts -> letters, strongest first: (2, 1, 0) -> 'RWW'."""
    return "B" * counts[2] + "R" * counts[1] + "W" * counts[0]


def _colours(text: str, word: str) -> str:
    up = text.upper()
    if not up or any(ch not in LETTERS for ch in up):
        raise InvalidActionError(f"'{word}' takes skeleton colours as letters B, R, W, e.g. '{word} RWW'")
    counts = (up.count("W"), up.count("R"), up.count("B"))
    return colour_letters(counts)


def _square(text: str) -> tuple[int, int]:
    xs, sep, ys = text.partition(",")
    try:
        if not sep:
            raise ValueError
        return int(xs), int(ys)
    except ValueError:
        raise InvalidActionError(f"a square is written X,Y (e.g. 3,-2), got {text!r}") from None


def _direction(text: str) -> int:
    d = DIRS.find(text.upper())
    if len(text) != 1 or d < 0:
        raise InvalidActionError(f"a direction is one of N, E, S, W, got {text!r}")
    return d


def _card(words: list[str], verb: str) -> tuple[int, list[str]]:
    """The longest card name at the start of ``words``, and the words left after it."""
    for k in range(len(words), 0, -1):
        c = CARD_BY_NAME.get(" ".join(words[:k]).lower())
        if c is not None:
            return c.index, words[k:]
    raise InvalidActionError(f"'{verb}' takes an event card name ({', '.join(c.name for c in CARDS)})")


def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise InvalidActionError("empty notation")
    verb = words[0].lower()
    rest = words[1:]
    if len(words) == 1 and verb in WORDS:
        return WORDS[verb]
    if verb == "place" and len(rest) == 2:
        x, y = _square(rest[0])
        r = rest[1].lower()
        if r not in ("r0", "r90", "r180", "r270"):
            raise InvalidActionError(f"a rotation is r0, r90, r180 or r270, got {rest[1]!r}")
        return Place(x, y, int(r[1:]) // 90)
    if verb == "seed" and len(rest) == 1:
        return Seed(_colours(rest[0], "seed"))
    if verb == "spend" and len(rest) == 1:
        return Spend(_colours(rest[0], "spend"))
    if verb == "move" and len(rest) == 1:
        return MOVES[_direction(rest[0])]
    if verb == "shoot" and len(rest) == 1:
        return Shoot(*_square(rest[0]))
    if verb == "skeleton" and len(rest) == 2:
        x, y = _square(rest[0])
        return skeleton_move(x, y, _direction(rest[1]))
    if verb == "hide" and len(rest) == 1 and rest[0].lower() in TOKENS:
        return HIDES[TOKENS.index(rest[0].lower())]
    if verb == "discard" and rest:
        card, left = _card(rest, verb)
        if left:
            raise InvalidActionError(f"'discard' takes only a card name, got extra {' '.join(left)!r}")
        return DISCARDS[card]
    if verb == "play" and rest:
        card, left = _card(rest, verb)
        if not left:
            return PLAYS[card]
        if len(left) == 1 and "," in left[0]:
            x, y = _square(left[0])
            return PlayAt(card, x, y)
        if len(left) == 1 and left[0].isdigit():
            return PlayOn(card, int(left[0]))
        raise InvalidActionError(f"'play {CARDS[card].name}' takes a square X,Y or a seat number")
    raise InvalidActionError(
        f"{text!r} is not MidEvil notation (place X,Y rR | seed BRW | spend RW | reroll | armour | move D | "
        "stop | challenge | play CARD [X,Y|SEAT] | shoot X,Y | skeleton X,Y D | hide TOKEN | ready | stand | "
        "discard CARD | end)")


#: Read MidEvil notation (syntax only).
parse = memoized(_parse, limit=50_000)
