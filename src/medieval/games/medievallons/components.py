"""Medievallons' components: 13 guilds of 8 cards each and the End of Game card (data/cards.json).

A card is the index of its guild in ``KINDS`` (alphabetical order); copies of a kind are
interchangeable, so hands and zones hold kind indices and hands are count vectors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from medieval.core.errors import InvalidActionError

_DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Guild:
    """One guild (card kind): its name, display colour and power in our words."""

    index: int
    name: str
    colour: str
    power: str


GUILDS: tuple[Guild, ...] = tuple(
    Guild(i, g["name"], g["colour"], g["power"]) for i, g in enumerate(_DATA["guilds"]))
KINDS: tuple[str, ...] = tuple(g.name for g in GUILDS)
N_KINDS = len(KINDS)
COPIES: int = int(_DATA["copies_per_guild"])
N_CARDS = N_KINDS * COPIES
END_CARD: str = str(_DATA["end_card"]["name"])
#: the End of Game card's two sides (§1.2): red up at the start, yellow once flipped (or from the start
#: with 2 players)
RED: Final = "red"
YELLOW: Final = "yellow"
KIND_OF: dict[str, int] = {name.lower(): i for i, name in enumerate(KINDS)}

ARTISAN = KIND_OF["artisan"]
ASSASSIN = KIND_OF["assassin"]
BEGGAR = KIND_OF["beggar"]
JESTER = KIND_OF["jester"]
KNIGHT = KIND_OF["knight"]
MERCHANT = KIND_OF["merchant"]
MONK = KIND_OF["monk"]
NOBLE = KIND_OF["noble"]
PRIEST = KIND_OF["priest"]
PROWLER = KIND_OF["prowler"]
STAR = KIND_OF["star"]
WITCH = KIND_OF["witch"]
WIZARD = KIND_OF["wizard"]

assert N_KINDS == 13 and N_CARDS == 104, "the rulebook's deck is 13 guilds x 8 cards"
assert (_DATA["end_card"]["front"], _DATA["end_card"]["back"]) == (RED, YELLOW)


def parse_kind(text: str) -> int:
    """A card kind from its name (any case)."""
    k = KIND_OF.get(text.lower())
    if k is None:
        raise InvalidActionError(f"{text!r} is not a card (cards: {', '.join(KINDS)})")
    return k


def names(counts: list[int]) -> list[str]:
    """A count vector as a sorted list of card names (with repeats)."""
    out: list[str] = []
    for k, c in enumerate(counts):
        if c:
            out += [KINDS[k]] * c
    return out


def names_of(cards: list[int]) -> list[str]:
    """A list of kinds as card names, order kept."""
    return [KINDS[k] for k in cards]
