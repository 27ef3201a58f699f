"""Paladin's components, loaded from ``data/components.json``.

Cards are small integers (ids) with static faces, so a position is a handful of int lists that clone
and serialise quickly. The composition is our design (see docs/rules/paladin.md, "Components")."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from medieval.core.errors import InvalidActionError


@dataclass(frozen=True, slots=True)
class Face:
    """What is printed on a Paladin card: a strength and whether it is red (with a sword)."""

    value: int
    red: bool

    @property
    def index(self) -> int:
        return self.value * 2 + int(self.red)

    def __str__(self) -> str:
        return f"{self.value}{'r' if self.red else ''}"

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "red": self.red, "label": str(self)}


@dataclass(frozen=True, slots=True)
class Quest:
    """A Quest card: its label (Q1..Q9 Queen backs, K1..K9 King backs), back and swords."""

    id: int
    label: str
    back: str
    swords: int

    def to_json(self) -> dict[str, object]:
        return {"label": self.label, "back": self.back, "swords": self.swords}


def _load() -> tuple[tuple[Face, ...], tuple[Quest, ...]]:
    raw = json.loads(resources.files(__package__).joinpath("data/components.json").read_text("utf-8"))
    faces: list[Face] = []
    for row in raw["paladins"]:
        faces += [Face(row["value"], False)] * row["plain"] + [Face(row["value"], True)] * row["red"]
    quests: list[Quest] = []
    for back, prefix in (("queen", "Q"), ("king", "K")):
        for i, swords in enumerate(raw["quests"][back]):
            quests.append(Quest(len(quests), f"{prefix}{i + 1}", back, swords))
    return tuple(faces), tuple(quests)


#: CARD_FACES[card_id] -> Face. 42 cards.
CARD_FACES, QUESTS = _load()
N_CARDS = len(CARD_FACES)
N_QUESTS = len(QUESTS)
#: FACE_OF[card_id] -> face index (value * 2 + red)
FACE_OF: tuple[int, ...] = tuple(f.index for f in CARD_FACES)
#: CARD_NAMES[card_id] -> the face as the log writes it (``str(face)``: "7", "7r")
CARD_NAMES: tuple[str, ...] = tuple(str(f) for f in CARD_FACES)
#: QUEST_LABELS[quest_id] -> "Q1".."K9"
QUEST_LABELS: tuple[str, ...] = tuple(q.label for q in QUESTS)
#: Points of a won quest and of a won Paladin (§7.1): QUEST_SWORDS[quest_id], CARD_RED[card_id] (1 if red)
QUEST_SWORDS: tuple[int, ...] = tuple(q.swords for q in QUESTS)
CARD_RED: tuple[int, ...] = tuple(int(f.red) for f in CARD_FACES)
FACES_BY_INDEX: dict[int, Face] = {f.index: f for f in CARD_FACES}
QUEST_BY_LABEL: dict[str, Quest] = {q.label: q for q in QUESTS}
QUEEN_IDS = tuple(q.id for q in QUESTS if q.back == "queen")
KING_IDS = tuple(q.id for q in QUESTS if q.back == "king")


def parse_face(text: str) -> Face:
    """``"7"`` -> plain 7, ``"7r"`` -> red 7."""
    t = text.strip().lower()
    red = t.endswith("r")
    digits = t[:-1] if red else t
    if not digits.isdigit() or not 0 <= int(digits) <= 9:
        raise InvalidActionError(f"{text!r} is not a Paladin card (0-9, 'r' for red: 7 or 7r)")
    face = Face(int(digits), red)
    if face.index not in FACES_BY_INDEX:
        raise InvalidActionError(f"there is no {face} Paladin card")
    return face


def parse_quest(text: str) -> Quest:
    q = QUEST_BY_LABEL.get(text.strip().upper())
    if q is None:
        raise InvalidActionError(f"{text!r} is not a Quest card (Q1-Q9, K1-K9)")
    return q
