"""Stacked Medievallons positions for tests and tutorials (``MedievallonsGame.scenario``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.errors import InvalidOptionError
from medieval.core.rng import derive
from medieval.core.state import copy_json
from medieval.games.medievallons.components import COPIES, JESTER, KIND_OF, KINDS, N_KINDS, names
from medieval.games.medievallons.setup import blank

if TYPE_CHECKING:
    from medieval.games.medievallons.game import MedievallonsGame
    from medieval.games.medievallons.state import MedievallonsState

KEYS = ("hands", "guilds", "discard", "draw", "rest", "end_card", "current", "turn", "round", "round_wins",
        "seed")


def _int(setup: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    v = setup.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidOptionError(f"scenario {key} must be an integer from {lo} to {hi}, got {v!r}")
    return v


def build(game: MedievallonsGame, setup: dict[str, Any]) -> MedievallonsState:
    """A stacked position.

    ``hands``: per seat, a list of card names (default: empty hands). ``guilds``: a list of
    ``{"owner": seat, "cards": [names], "laid": turn}`` (laid defaults to 0, an earlier turn).
    ``discard``: card names, bottom first. ``draw``: card names, top first. ``rest``: where the
    cards not listed go, ``"draw"`` (shuffled under the listed draw pile, default) or ``"discard"``
    (under the listed discard pile). ``end_card``: ``"red"`` or ``"yellow"`` (default red, yellow with
    2 players). ``current``: the seat to play (default 0). ``turn``: the turn number (default 1).
    ``round`` and ``round_wins``: a 2-player match's progress. ``seed``: chance from here on."""
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise InvalidOptionError(f"unknown scenario keys: {unknown} (known: {', '.join(KEYS)})")
    n = game.players
    left = [COPIES] * N_KINDS

    def cards(value: Any, what: str) -> list[int]:
        if not isinstance(value, list):
            raise InvalidOptionError(f"{what} must be a list of card names, got {value!r}")
        out = []
        for name in value:
            k = KIND_OF.get(name.lower()) if isinstance(name, str) else None
            if k is None:
                raise InvalidOptionError(f"{what}: {name!r} is not a card (cards: {', '.join(KINDS)})")
            if left[k] == 0:
                raise InvalidOptionError(f"{what}: there are only {COPIES} {KINDS[k]} cards in the game")
            left[k] -= 1
            out.append(k)
        return out

    s = blank(game, _int(setup, "seed", 0, 0, 2**63 - 1))
    s._origin = {"scenario": copy_json(setup)}
    hands = setup.get("hands", [[] for _ in range(n)])
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidOptionError(f"hands must list one hand per seat ({n} seats)")
    for seat, hand in enumerate(hands):
        for k in cards(hand, f"hand of seat {seat}"):
            s.hands[seat][k] += 1
    guilds = setup.get("guilds", [])
    if not isinstance(guilds, list):
        raise InvalidOptionError("guilds must be a list of {'owner', 'cards', 'laid'}")
    turn = _int(setup, "turn", 1, 1, 10**6)
    for i, g in enumerate(guilds):
        if not isinstance(g, dict) or set(g) - {"owner", "cards", "laid"} or "owner" not in g or "cards" not in g:
            raise InvalidOptionError(f"guild {i} must be {{'owner': seat, 'cards': [...], 'laid': turn}}")
        owner = _int(g, "owner", 0, 0, n - 1)
        laid = _int(g, "laid", 0, 0, turn)
        ks = cards(g["cards"], f"guild {i}")
        kinds = {k for k in ks if k != JESTER}
        if len(ks) < 3 or len(kinds) > 1:
            raise InvalidOptionError(f"guild {i}: a guild is three or more cards of one kind (and Jesters)")
        kind = kinds.pop() if kinds else JESTER
        jesters = ks.count(JESTER)
        s.guilds.append([s.next_guild, owner, kind, len(ks) - jesters, jesters, laid])
        s.next_guild += 1
    discard = cards(setup.get("discard", []), "discard")
    draw_top_first = cards(setup.get("draw", []), "draw")
    rest_to = setup.get("rest", "draw")
    if rest_to not in ("draw", "discard"):
        raise InvalidOptionError(f"rest must be 'draw' or 'discard', got {rest_to!r}")
    rest = [k for k in range(N_KINDS) for _ in range(left[k])]
    derive(s._seed, "scenario").shuffle(rest)
    if rest_to == "draw":
        s.draw = rest + draw_top_first[::-1]
        s.discard = discard
    else:
        s.draw = draw_top_first[::-1]
        s.discard = rest + discard
    if not s.draw:
        raise InvalidOptionError("the draw pile must hold at least one card")
    default_side = "yellow" if n == 2 else "red"
    side = setup.get("end_card", default_side)
    if side not in ("red", "yellow") or (n == 2 and side != "yellow"):
        raise InvalidOptionError(f"end_card must be 'red' or 'yellow' (always 'yellow' with 2 players), got {side!r}")
    s.end_side = side
    s.runs_out = 1 if (side == "yellow" and n > 2) else 0
    s.current = s.first = _int(setup, "current", 0, 0, n - 1)
    s.turn = turn
    if game.match:
        s.round = _int(setup, "round", 1, 1, 3)
        wins = setup.get("round_wins", [0, 0])
        if (not isinstance(wins, list) or len(wins) != 2
                or any(isinstance(w, bool) or not isinstance(w, int) or not 0 <= w <= 1 for w in wins)):
            raise InvalidOptionError("round_wins must be two integers 0 or 1")
        s.round_wins = wins[:]
    elif "round" in setup or "round_wins" in setup:
        raise InvalidOptionError("round and round_wins only apply to a 2-player best-of-3 match")
    s._emit("scenario", {"current": s.current, "turn": s.turn, "end_card": s.end_side})
    for seat in range(n):
        s._emit("deal", {"seat": seat, "cards": names(s.hands[seat])}, to=(seat,),
                redacted={"seat": seat, "count": sum(s.hands[seat])})
    return s
