"""§2 Game Preparation (the Direction card, the Tower cards, the deal, the first player), repeated at
every New Round (§7.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.core.rng import Rng
from medieval.games.medievalia.components import (
    CLOCKWISE,
    DIRECTION_NAMES,
    FACE_NAMES,
    HAND_LIMIT,
    NFACES,
    faces_of,
)
from medieval.games.medievalia.tower import (
    DOCUMENTED_FIELD,
    DOCUMENTED_INSTRUCTOR,
    FIELD_CODES,
    INSTRUCTOR_CODES,
    STANDINGS,
)

if TYPE_CHECKING:
    from medieval.games.medievalia.game import MedievaliaGame
    from medieval.games.medievalia.state import MedievaliaState


def tower_pools(game: MedievaliaGame, round_one: bool = False) -> tuple[list[str], list[str]]:
    """The Magic Field and Magic Instructor cards shuffled into the Tower decks (option ``tower``; a
    card forced by the ``field`` or ``instructor`` option leaves its deck empty). ``round_one``: the decks
    of the first round, without the standings cards under the revised design (they join at round 2,
    ``draw_tower``; with one Field card per game that card may be one, inactive in round 1)."""
    pool = game.options["tower"]
    if pool == "all":
        fields, instructors = list(FIELD_CODES), list(INSTRUCTOR_CODES)
    elif pool == "documented":
        fields, instructors = list(DOCUMENTED_FIELD), list(DOCUMENTED_INSTRUCTOR)
    else:
        fields, instructors = [], []
    if round_one and not game.first_design:
        if game.options["field_draw"] == "round":
            fields = [c for c in fields if c not in STANDINGS]
        instructors = [c for c in instructors if c not in STANDINGS]
    return (fields if game.options["field"] == "draw" else [],
            instructors if game.options["instructor"] == "draw" else [])


def tower_aside(s: MedievaliaState) -> list[str]:
    """The standings cards waiting to join their Tower decks (round 1, revised design)."""
    if s.round != 1 or s.game.first_design:
        return []
    full, first = tower_pools(s.game), tower_pools(s.game, round_one=True)
    return [c for pool, start in zip(full, first, strict=True) for c in pool if c not in start]


def standings(s: MedievaliaState) -> list[int] | None:
    """The totals the standings cards judge (CM06-CM09, IM06): None while no round has been scored,
    under the revised design (with the first design, every total is 0 and everyone tied in round 1)."""
    return s.totals if s.round_scores or s.game.first_design else None


def blank(game: MedievaliaGame, seed: int) -> MedievaliaState:
    """A state with every field set to its empty value, before the first deal."""
    from medieval.games.medievalia.state import MedievaliaState

    s = MedievaliaState(game, seed)
    n = game.players
    s.round = 1
    s.first_player = 0
    s.start_dir = CLOCKWISE
    s.direction = CLOCKWISE
    s.turn = 0
    s.over = False
    s.hands = [[0] * NFACES for _ in range(n)]
    s.deck = []
    s.stacks = [[0] * NFACES for _ in range(n)]
    s.table = [0] * NFACES
    s.discard = [0] * NFACES
    s.aside = [0] * NFACES
    s.plays = []
    s.total = 0
    s.need = 1
    fopt, iopt = game.options["field"], game.options["instructor"]
    s.field = None if fopt in ("draw", "none") else str(fopt)
    s.instructor = None if iopt in ("draw", "none") else str(iopt)
    s.field_deck, s.instructor_deck = tower_pools(game, round_one=True)
    s.field_used = []
    s.instructor_used = []
    s.hand_limits = [HAND_LIMIT] * n
    s.margins = [0] * n
    s.totals = [0] * n
    s.round_scores = []
    s.last_round = None
    s.result = None
    return s


def initial_state(game: MedievaliaGame, seed: int) -> MedievaliaState:
    """§2 setup: the first player (random unless chosen, §2.4, Ruling R22), clockwise (§2.1), Tower
    cards, deal."""
    s = blank(game, seed)
    rng = s._rng()
    first = game.options["first_player"]
    assert isinstance(first, int)
    s.first_player = rng.randrange(game.players) if first < 0 else first
    s.deck = faces_of(game.deck_counts)
    start_round(s, rng)
    return s


def draw_tower(s: MedievaliaState, rng: Rng) -> None:
    """§2.2 / §7.1 a new Magic Field card (each round, or once with field_draw="game", Ruling R1) and a
    new Magic Instructor card each round, replacing the previous ones; an empty Tower deck is made
    again from its used cards (Ruling R11)."""
    opts = s.game.options
    if s.round == 2 and not s.game.first_design:  # the standings cards join their decks (revised design)
        fields, instructors = tower_pools(s.game)
        s.field_deck += [c for c in fields if c in STANDINGS and c not in s.field_deck and c != s.field
                         and c not in s.field_used]
        s.instructor_deck += [c for c in instructors if c in STANDINGS and c not in s.instructor_deck]
        s.field_deck.sort()
        s.instructor_deck.sort()
    if opts["field"] == "draw" and (s.round == 1 or opts["field_draw"] == "round"):
        s.field = draw_one(rng, s.field, s.field_deck, s.field_used)
    if opts["instructor"] == "draw":
        s.instructor = draw_one(rng, s.instructor, s.instructor_deck, s.instructor_used)


def draw_one(rng: Rng, current: str | None, deck: list[str], used: list[str]) -> str | None:
    """The card in play goes to the used pile and a new one is drawn (None: the deck is empty for good)."""
    if current is not None:
        used.append(current)
        used.sort()
    if not deck and used:
        deck += used
        deck.sort()
        used.clear()
    if not deck:
        return None
    code = deck.pop(rng.randrange(len(deck)))
    return code


def start_round(s: MedievaliaState, rng: Rng) -> None:
    """§2 / §7.1 prepare a round: Tower cards, then shuffle every creature card and deal 6 (§2.3)."""
    n = s.players
    draw_tower(s, rng)
    fc = s.field_card
    totals = standings(s)
    s.hand_limits = [fc.hand_limit(x, totals, HAND_LIMIT) for x in range(n)]
    s.margins = [fc.margin(x, totals) for x in range(n)]
    # every creature card comes back (hands, stacks, table, discard, cards set aside, the deck's
    # rest): the whole Summon Creature deck, in face order, is shuffled
    s.hands = [[0] * NFACES for _ in range(n)]
    s.stacks = [[0] * NFACES for _ in range(n)]
    s.table = [0] * NFACES
    s.discard = [0] * NFACES
    s.aside = [0] * NFACES
    deck = s.game.all_faces[:]
    rng.shuffle(deck)
    s.deck = deck
    s.plays = []
    s.total = 0
    s.need = 1
    s.direction = s.start_dir
    s.turn = s.first_player
    logging = s._log_on
    if logging:
        s._emit("round_start", {
            "round": s.round, "first_player": s.first_player,
            "direction": DIRECTION_NAMES[s.direction], "field": s.field,
            "instructor": s.instructor, "hand_limits": s.hand_limits[:], "margins": s.margins[:],
        })
    for i in range(n):
        seat = (s.first_player + i) % n
        k = min(len(deck), s.hand_limits[seat] + fc.deal_bonus(seat, totals))
        dealt = deck[len(deck) - k:]
        del deck[len(deck) - k:]
        hand = s.hands[seat]
        for f in dealt:
            hand[f] += 1
        if logging:
            s._emit("deal", {"seat": seat, "cards": [FACE_NAMES[f] for f in dealt]}, to=(seat,),
                    redacted={"seat": seat, "count": k})
