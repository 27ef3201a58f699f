"""Medievalia's Summon Creature cards and the component data (``data/medievalia.json``).

A card is named by its face: ``1``..``13`` for numbered creatures, ``W`` Wildcard, ``S`` Skip,
``R`` Skip-and-reverse. Inside the rules a face is a small int (1-13, ``W`` = 14, ``S`` = 15,
``R`` = 16) and every zone (hand, creature stack, table) is a list of 17 counts indexed by face, so a
position clones with a few slice copies. The per-value counts are our design (the rules document,
"Components (our design)")."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from medieval.core.errors import InvalidOptionError

W, S, R = 14, 15, 16
NFACES = 17
NUMBERS = tuple(range(1, 14))
SPECIALS = (W, S, R)
FACES = (*NUMBERS, *SPECIALS)
FACE_NAMES: tuple[str, ...] = ("", *(str(v) for v in NUMBERS), "W", "S", "R")
FACE_OF_NAME: dict[str, int] = {name: f for f, name in enumerate(FACE_NAMES) if name}
SPECIAL_NAMES = {W: "Wildcard", S: "Skip", R: "Skip-and-reverse"}
#: The two sides of the Direction card (the card of the city's Invokers), as steps around the table.
CLOCKWISE, COUNTERCLOCKWISE = 1, -1
DIRECTION_NAMES = {CLOCKWISE: "clockwise", COUNTERCLOCKWISE: "counterclockwise"}


def load_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/medievalia.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


DATA = load_data()
HAND_LIMIT: int = int(DATA["hand_limit"])
ROUNDS: dict[int, int] = {int(k): int(v) for k, v in DATA["rounds"].items()}
DECK_NAMES: tuple[str, ...] = tuple(DATA["decks"])


def parse_face(text: str) -> int:
    """``"7"`` -> 7, ``"w"``/``"W"`` -> the Wildcard; raises ValueError on anything else."""
    f = FACE_OF_NAME.get(text.strip().upper())
    if f is None:
        raise ValueError(f"{text!r} is not a Medievalia card (1-13, W Wildcard, S Skip, R Skip-and-reverse)")
    return f


def counts_of(faces: list[int]) -> list[int]:
    out = [0] * NFACES
    for f in faces:
        out[f] += 1
    return out


def faces_of(counts: list[int]) -> list[int]:
    """Faces of a count list, in face order (numbers low to high, then W, S, R)."""
    out: list[int] = []
    for f in FACES:
        c = counts[f]
        if c:
            out += [f] * c
    return out


#: per face, the runs of its name: ``_NAME_RUNS[i] == (face, ((), (name,), (name, name), ...))``
_RUN = 16
_NAME_RUNS = tuple((f, tuple((FACE_NAMES[f],) * k for k in range(_RUN))) for f in FACES)


def names_of(counts: list[int]) -> list[str]:
    """Names of a count list's cards, in face order."""
    out: list[str] = []
    for f, runs in _NAME_RUNS:
        c = counts[f]
        if c:
            out += runs[c] if c < _RUN else runs[1] * c
    return out


def parse_deck(spec: str) -> list[int]:
    """The composition of the Summon Creature deck as 17 counts.

    ``spec`` is a deck name from the data file (``standard``, ``steep``) or a custom list such as
    ``"1:6,2:6,3:5,...,13:2,W:3,S:1,R:1"`` (faces not listed have no copies)."""
    text = spec.strip()
    decks = DATA["decks"]
    if text in decks:
        items = [(k, int(v)) for k, v in decks[text]["cards"].items()]
    else:
        items = []
        for part in text.split(","):
            face_text, sep, count_text = part.partition(":")
            if not sep or not count_text.strip().lstrip("-").isdigit():
                raise InvalidOptionError(
                    f"deck must be one of {', '.join(DECK_NAMES)} or a list like '1:6,2:6,...,W:3,S:1,R:1'; "
                    f"cannot read {part.strip()!r}")
            items.append((face_text, int(count_text)))
    counts = [0] * NFACES
    seen: set[int] = set()
    for face_text, n in items:
        try:
            f = parse_face(face_text)
        except ValueError as e:
            raise InvalidOptionError(f"deck: {e}") from None
        if f in seen:
            raise InvalidOptionError(f"deck: card {FACE_NAMES[f]} is listed twice")
        if n < 0:
            raise InvalidOptionError(f"deck: card {FACE_NAMES[f]} cannot have {n} copies")
        seen.add(f)
        counts[f] = n
    return counts
