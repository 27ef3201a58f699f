"""Build Medievalia positions for tests and tutorials (``game.scenario(...)``).

Keys (all JSON-safe, every one optional except ``hands``):

``hands``         one list of card names per seat, e.g. ``[["3", "5", "5", "W"], ["4", "4"], ...]``
``stacks``        creature stacks, one list per seat (default empty)
``table``         the plays on the table, oldest first, as ``[seat, "cards"]`` with cards in play
                  notation: ``[[0, "3"], [1, "4 4"], [0, "5 5 W"], [2, "W W as 7"], [1, "R"]]``; the
                  total to beat follows from them under the Magic Field card
``deck``          the deck from the top, or ``"rest"`` (default): every card not placed elsewhere, in a
                  shuffle fixed by ``seed``; a list ending with ``"..."`` continues with that rest;
                  otherwise the cards placed nowhere are set aside face down until the next deal
``turn``          the seat to move (default ``first_player``)
``first_player``  this round's first player (default 0)
``direction``     ``"clockwise"`` / ``"counterclockwise"`` (default: the round's starting direction,
                  clockwise in odd rounds)
``round``         the round number (default 1); ``round_scores``: the scores of the earlier rounds,
                  one list per round (default zeros)
``field`` / ``instructor``  the Tower cards in play (code or None; default: the forced card of the
                  ``field``/``instructor`` option, else None)
``seed``          the seed of every later chance event (default 0)

"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.errors import InvalidActionError, InvalidOptionError
from medieval.core.rng import derive
from medieval.games.medievalia import actions as A
from medieval.games.medievalia.components import (
    CLOCKWISE,
    DIRECTION_NAMES,
    FACE_NAMES,
    HAND_LIMIT,
    counts_of,
    faces_of,
    parse_face,
)
from medieval.games.medievalia.preparation import blank, standings, tower_pools
from medieval.games.medievalia.tower import FIELD_CODES, INSTRUCTOR_CODES

if TYPE_CHECKING:
    from medieval.games.medievalia.game import MedievaliaGame
    from medieval.games.medievalia.state import MedievaliaState

KEYS = {"hands", "stacks", "table", "deck", "turn", "first_player", "direction", "round", "round_scores",
        "field", "instructor", "seed"}


def _seat(value: object, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidOptionError(f"{what} must be a seat 0-{n - 1}, got {value!r}")
    return value


def _tower(value: object, codes: tuple[str, ...], option: object, what: str) -> str | None:
    forced = None if option in ("draw", "none") else str(option)
    if value is None:
        return forced
    if not isinstance(value, str) or value.upper() not in codes:
        raise InvalidOptionError(f"{what} must be one of {', '.join(codes)} or None, got {value!r}")
    code = value.upper()
    if forced is not None and code != forced:
        raise InvalidOptionError(f"the game's {what} option puts {forced} in play, not {code}")
    return code


def check_face_names(names: object, what: str) -> list[int]:
    """Faces of a list of card names, for scenario input (InvalidOptionError on bad input)."""
    if not isinstance(names, list):
        raise InvalidOptionError(f"{what} must be a list of cards like ['5', '5', 'W'], got {names!r}")
    out = []
    for x in names:
        if not isinstance(x, str):
            raise InvalidOptionError(f"{what}: cards are written as text ('7', 'W', 'S', 'R'), got {x!r}")
        try:
            out.append(parse_face(x))
        except ValueError as e:
            raise InvalidOptionError(f"{what}: {e}") from None
    return out


def build(game: MedievaliaGame, setup: dict[str, Any]) -> MedievaliaState:
    unknown = set(setup) - KEYS
    if unknown:
        raise InvalidOptionError(f"unknown scenario keys: {sorted(unknown)} (known: {sorted(KEYS)})")
    n = game.players
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
    s = blank(game, seed)
    s._origin = {"scenario": dict(setup)}
    supply = game.deck_counts[:]

    def place(names: object, what: str) -> list[int]:
        faces = check_face_names(names, what)
        for f in faces:
            if supply[f] <= 0:
                raise InvalidOptionError(f"{what}: no {FACE_NAMES[f]} left (the deck has "
                                         f"{game.deck_counts[f]} of them)")
            supply[f] -= 1
        return faces

    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidOptionError(f"hands must list {n} hands (one list of cards per seat)")
    for seat, hand in enumerate(hands):
        faces = place(hand, f"hand of seat {seat}")
        if not faces:
            raise InvalidOptionError(f"hand of seat {seat} is empty: a round ends when a hand empties")
        s.hands[seat] = counts_of(faces)
    stacks = setup.get("stacks", [[] for _ in range(n)])
    if not isinstance(stacks, list) or len(stacks) != n:
        raise InvalidOptionError(f"stacks must list {n} creature stacks")
    for seat, stack in enumerate(stacks):
        s.stacks[seat] = counts_of(place(stack, f"stack of seat {seat}"))

    rnd = setup.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= game.rounds:
        raise InvalidOptionError(f"round must be 1-{game.rounds}, got {rnd!r}")
    s.round = rnd
    if rnd > 1:  # the standings cards are in their decks after round 1 (revised design)
        s.field_deck, s.instructor_deck = tower_pools(game)
    scores = setup.get("round_scores", [[0] * n for _ in range(rnd - 1)])
    if (not isinstance(scores, list) or len(scores) != rnd - 1
            or not all(isinstance(r, list) and len(r) == n and all(isinstance(x, int) and not
                                                                    isinstance(x, bool) for x in r)
                       for r in scores)):
        raise InvalidOptionError(f"round_scores must list {rnd - 1} rounds of {n} integer scores")
    s.round_scores = [r[:] for r in scores]
    s.totals = [sum(r[i] for r in scores) for i in range(n)]
    s.first_player = _seat(setup.get("first_player", 0), n, "first_player")
    s.start_dir = CLOCKWISE if rnd % 2 else -CLOCKWISE
    direction = setup.get("direction", DIRECTION_NAMES[s.start_dir])
    by_name = {v: k for k, v in DIRECTION_NAMES.items()}
    if direction not in by_name:
        raise InvalidOptionError(f"direction must be 'clockwise' or 'counterclockwise', got {direction!r}")
    s.direction = by_name[direction]
    s.turn = _seat(setup.get("turn", s.first_player), n, "turn")

    s.field = _tower(setup.get("field"), FIELD_CODES, game.options["field"], "field")
    s.instructor = _tower(setup.get("instructor"), INSTRUCTOR_CODES, game.options["instructor"], "instructor")
    if s.field in s.field_deck:
        s.field_deck.remove(s.field)
    if s.instructor in s.instructor_deck:
        s.instructor_deck.remove(s.instructor)
    fc = s.field_card
    totals = standings(s)
    s.hand_limits = [fc.hand_limit(seat, totals, HAND_LIMIT) for seat in range(n)]
    s.margins = [fc.margin(seat, totals) for seat in range(n)]

    table = setup.get("table", [])
    if not isinstance(table, list):
        raise InvalidOptionError("table must be a list of [seat, cards] plays")
    for entry in table:
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
            raise InvalidOptionError(f"a table play is [seat, 'cards'], got {entry!r}")
        seat = _seat(entry[0], n, "a table play's seat")
        try:
            action = A.parse("play " + entry[1])
        except InvalidActionError as e:
            raise InvalidOptionError(f"table play {entry!r}: {e.args[0].split(' (legal')[0]}") from None
        assert isinstance(action, A.Play)
        names = [FACE_NAMES[action.face]] * action.count + ["W"] * action.wilds
        faces = place(names, f"table play {entry!r}")
        effect = fc.skip_effect.get(action.face) if action.count else None
        zone = s.discard if effect is not None and game.discard_skips else s.table
        for f in faces:
            zone[f] += 1
        if effect is not None:
            s.plays.append([seat, str(action)[5:].split(" next ")[0], 0, effect, action.next])
            continue
        if (action.count and action.face not in fc.number_faces) or (action.wilds and not fc.wild_values):
            raise InvalidOptionError(f"table play {entry!r} is not a number play under {s.field}")
        total = action.value * action.cards
        s.need = fc.need_after(total, s.need, s.total <= 0)
        s.total = total
        s.plays.append([seat, str(action)[5:].split(" give ")[0], total, "", -1])

    deck = setup.get("deck", "rest")
    then_rest = deck == "rest"
    if isinstance(deck, list) and deck and deck[-1] == "...":
        deck, then_rest = deck[:-1], True
    top = [] if deck == "rest" else place(deck, "deck")
    rest: list[int] = []
    if then_rest:
        rest = faces_of(supply)
        derive(seed, "scenario").shuffle(rest)
    else:
        s.aside = supply  # the cards this position leaves out, face down until the next deal
    s.deck = rest + top[::-1]  # the list's end is the top
    return s
