"""MidEvil: the position and the contract. Section numbers (§) and rulings (R1, R2, ...) refer to the rules
document (rules.md).

A position is a handful of int lists. Squares are ids into flat per-square lists (``skel``, ``hum``)
that grow by 9 with each placed tile; the static map (terrain, walls, legal steps) is a shared
``Geometry`` rebuilt from ``tiles``. Event cards are card-type ids (copies are interchangeable). The rules
are in the modules named after the rulebook's sections: ``setup`` (§2), ``turn`` (§3), ``placing`` (§4),
``combat`` (§5), ``player_combat`` (§6), ``movement`` (§7), ``cards`` (§8), ``skeletons`` (§9) and
``winning`` (§10). Most decisions are computed while applying the action before them and kept as the
legal actions of the seat to move (``prime``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from itertools import chain
from typing import TYPE_CHECKING, Annotated, Any

from medieval.core.events import Entry, eager_entry, entry_for_seat
from medieval.core.outcome import Outcome
from medieval.core.state import Action, State
from medieval.games.midevil import actions as A
from medieval.games.midevil import cards, combat, movement, placing, player_combat, react, skeletons, winning
from medieval.games.midevil.components import CARDS, COLOURS, NECRONOMICON, TILES
from medieval.games.midevil.geometry import Geometry, geometry
from medieval.games.midevil.view import BotView, MidEvilView, bot_view, view

if TYPE_CHECKING:
    from medieval.games.midevil.game import MidEvilGame

_CARD_KEYS = tuple(("card", c.name) for c in CARDS)
_TILE_KEYS = tuple(("tile", t.name) for t in TILES)
#: The phases where the active player alone decides.
_TURN_PHASES = frozenset(("place", "seed", "combat", "move", "skeletons", "discard"))


class MidEvilState(State):
    game: MidEvilGame
    tiles: Annotated[list[list[int]], 0]  # placed tiles in order: [tile id, tile x, tile y, rotation]; never
    # changed in place (placing a tile makes a new list), so clones share it
    tile_deck: Annotated[list[int], 1]  # tile ids, top = last
    tiles_out: Annotated[list[int], 1]  # tiles out of the game (scenarios only)
    drawn: Annotated[int, 0]  # the tile drawn this turn and not yet placed, or -1
    # The per-square lists are the bulk of a clone, and a clone searched changes few squares: clones share
    # them until one writes (through ``own_skel()`` and ``own_hum()``, generated: core/position.py).
    skel: Annotated[list[int], "shared"]  # per square: 0 or the colour (1 white, 2 red, 3 blue) of its skeleton
    hum: Annotated[list[int], "shared"]  # per square: 1 if a Human token lies there
    own_skel: Callable[[], list[int]]
    own_hum: Callable[[], list[int]]
    pool: Annotated[list[int], 1]  # skeletons in the pool by colour
    gone: Annotated[list[int], 1]  # skeletons removed from play by colour
    supply: Annotated[int, 0]  # Human tokens in the supply
    pawn: Annotated[list[int], 1]  # square of each pawn
    humans: Annotated[list[int], 1]  # Human tokens of each player
    kills: Annotated[list[list[int]], 2]  # killed skeletons of each player by colour
    hands: Annotated[list[list[int]], 2]  # card-type ids, sorted
    in_play: Annotated[list[list[int]], 2]  # items in front of each player
    deck: Annotated[list[int], 1]  # event deck, top = last
    discard: Annotated[list[int], 1]  # event discard pile, oldest first
    book: Annotated[int, 0]  # holder's seat, BOOK_AT_GRAVEYARD or BOOK_ASIDE
    turn: Annotated[int, 0]
    first: Annotated[int, 0]
    round: Annotated[int, 0]
    phase: Annotated[str, 0]  # a ``view.Phase``
    roll: Annotated[int, 0]  # this turn's movement roll
    moves: Annotated[int, 0]  # movement left, in half squares (a step costs 2, or 1 on horseback)
    combat: Annotated[list[int], 1]  # [square, die, bonus, weapon card used (0/1)] or []
    after: Annotated[str, 0]  # where play goes on after a won skeleton combat: "draw" (step 3) or "move"
    seeding: Annotated[list[int], 1]  # [placed tile index, points rolled or -1 for a named tile] or []
    skel_left: Annotated[int, 0]
    skel_moved: Annotated[list[int], 1]  # squares of skeletons already moved in this skeleton movement
    resume: Annotated[str, 0]  # after a skeleton movement: "step9", "move" or "discard"
    react_at: Annotated[str, 0]  # the reaction window open (react.MOMENTS) or ""
    react_seats: Annotated[list[int], 1]  # the seats still to be asked in it, the first one deciding
    react_back: Annotated[str, 0]  # the phase the window interrupted
    pvp: Annotated[dict[str, Any], 2]  # the player combat under way (player_combat.py), or {}; values copied whole
    played: Annotated[list[bool], 1]  # each player has played an event card this round (§8.2)
    used: Annotated[list[str], 1]  # once-a-turn item powers used this turn
    challenged: Annotated[bool, 0]
    horse_at: Annotated[list[int], 1]  # square where each player's Horse waits outside a building, or -1
    respawn: Annotated[list[bool], 1]  # died: takes 3 Humans at the start of the next turn
    forfeit: Annotated[bool, 0]  # the active player died: the rest of the turn is forfeited
    dice: Annotated[list[int], 1]  # loaded dice for scenarios (used before the random ones)
    result: Annotated[dict[str, Any], 0]  # {"termination", "winners"} once over; never changed in place

    # Derived caches beside the position (not part of it):
    _geo: Geometry | None = None  # the map of ``tiles``
    _skp: list[tuple[int, Action, int]] | None = None  # the skeleton movement's steps (skeletons.skeleton_steps)
    _ska: list[Action] | None = None  # their actions, in the same order (valid while ``_skp`` is set)
    _skb: int = 0  # a lower bound of the largest matching of skeletons to free squares (skeletons.reachable)
    _ev: dict[int | None, tuple[int, list[dict[str, Any]]]] | None = None  # filtered logs (events)

    def _clone_caches(self, new: MidEvilState) -> None:
        """The map is shared (it never changes once built); the filtered logs are extended, never changed,
        so a copy of the cache's index will do; the skeleton steps are rebuilt when needed."""
        new._geo = self._geo
        if self._ev:
            new._ev = dict(self._ev)

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph in _TURN_PHASES:
            return (self.turn,)
        if ph == "over":
            return ()
        if ph == "commit":  # §6.4 both players commit at once
            p = self.pvp
            return tuple(sorted(s for s, r in zip((p["att"], p["def"]), p["ready"], strict=True) if not r))
        if ph == "pvp":
            p = self.pvp
            return (p["att"] if p["next"] == 0 else p["def"],)
        if ph == "react":
            return (self.react_seats[0],)
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return winning.outcome(self)

    def _legal_actions(self, seat: int) -> list[Action]:
        primed = self._legal
        if primed is not None and self._legal_seat == seat:  # computed while applying the last action
            return primed
        ph = self.phase
        if ph == "move":
            return movement.move_actions(self)
        if ph == "skeletons":
            return skeletons.skeleton_actions(self)
        if ph == "combat":
            return combat.combat_actions(self)
        if ph == "discard":
            return cards.discard_actions(self)
        if ph == "place":
            return self.geo().place_actions(self.drawn, self.options["doors_may_face"])[:]
        if ph == "seed":
            return placing.seed_actions(self)
        if ph == "commit":
            return player_combat.commit_actions(self, seat)
        if ph == "pvp":
            return [A.REROLL, A.STAND]
        if ph == "react":
            return react.actions(self, seat)
        return []

    def _apply(self, seat: int, action: Action) -> None:
        t = type(action)  # (the commonest first: skeleton moves, then steps)
        if t is A.SkeletonMove:
            assert isinstance(action, A.SkeletonMove)
            skeletons.move(self, action)
        elif t is A.Move:
            assert isinstance(action, A.Move)
            movement.step(self, action.d)
        elif t is A.Word:
            assert isinstance(action, A.Word)
            self._word(seat, action.word)
        elif t is A.Place:
            assert isinstance(action, A.Place)
            placing.place(self, action)
        elif t is A.Seed:
            assert isinstance(action, A.Seed)
            placing.seed(self, action.colours)
        elif t is A.Spend:
            assert isinstance(action, A.Spend)
            combat.spend(self, action.colours)
        elif t is A.Discard:
            assert isinstance(action, A.Discard)
            cards.discard(self, action.card)
        elif t is A.Hide:
            assert isinstance(action, A.Hide)
            player_combat.hide(self, seat, action.token)
        elif t is A.Shoot:
            assert isinstance(action, A.Shoot)
            cards.crossbow(self, action)
        elif self.phase == "react":
            react.play(self, seat, action)
        else:
            cards.play(self, action)

    def _word(self, seat: int, w: str) -> None:
        if w == "stop":
            movement.stop(self, seat)
        elif w == "reroll":
            if self.phase == "pvp":
                player_combat.reroll(self)
            else:
                combat.reroll(self, False)
        elif w == "armour":
            combat.reroll(self, True)
        elif w == "end":
            cards.end(self, seat)
        elif w == "challenge":
            player_combat.challenge(self)
        elif w == "pass":
            react.pass_(self, seat)
        elif w == "claim":
            movement.claim(self, seat)
        elif w == "ready":
            player_combat.ready(self, seat)
        elif w == "stand":
            player_combat.stand(self)

    def view(self, seat: int | None) -> MidEvilView:
        self._check_view_seat(seat)
        return view(self, seat)

    def bot_view(self, seat: int) -> BotView:
        """The part of ``view(seat)`` the heuristic reads (who is where and holds what, the skeletons and
        Humans on the map, the book, the phase and a player combat), several times cheaper to build:
        every entry is the view's own."""
        self._check_view_seat(seat)
        return bot_view(self, seat)

    # ------------------------------------------------------------------ fast paths of the contract
    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """As ``State.events``, filtered incrementally: the log only grows, so each seat's filtered list
        is extended with the new events instead of filtering the whole log again. The event dicts are
        shared between calls (as the log's events are shared between clones): do not modify them."""
        if seat is not None:
            self._check_seat(seat)
        cache = self._ev
        if cache is None:
            cache = self._ev = {}
        log = self._log
        done, out = cache.get(seat, (0, []))
        if done < len(log):
            add = []
            for i in range(done, len(log)):
                d = entry_for_seat(log[i], seat)
                if d is not None:
                    add.append(d)
            out = out + add
            cache[seat] = (len(log), out)
        return out[:]

    # ------------------------------------------------------------------ helpers for the rules
    def geo(self) -> Geometry:
        """The static map of ``tiles`` (shared, cached; replaced whenever a tile is placed)."""
        g = self._geo
        if g is None:
            g = self._geo = geometry(self.tiles)
        return g

    @property
    def options(self) -> dict[str, Any]:
        return self.game.options

    def d6(self) -> int:
        """One die roll: a loaded die of a scenario first, else the state's chance stream."""
        if self.dice:
            return self.dice.pop(0)
        return self._rng().randint(1, 6)

    def xy(self, sq: int) -> list[int]:
        """The map coordinates ``[x, y]`` of square ``sq``."""
        g = self.geo()
        return [g.xs[sq], g.ys[sq]]

    def square(self, x: int, y: int) -> int:
        """The square at map coordinates ``x, y`` (-1: off the map)."""
        sq = self.geo().at.get((x, y))
        return -1 if sq is None else sq

    def prime(self, acts: list[Action]) -> None:
        """Remember the legal actions just computed for the seat to move (cleared by every apply)."""
        self._legal = acts
        self._legal_seat = self.turn

    # ------------------------------------------------------------------ search support
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: the tile deck's order, the event deck and the other hands (in a
        reaction window, consistent with what the window shows: the asked seat holds a card playable now,
        ``react.redeal``), an unrevealed player-combat commitment of the opponent; future dice are
        re-seeded."""
        rng.shuffle(self.tile_deck)
        react.redeal(self, seat, rng)
        pc = self.pvp
        if pc and not pc["revealed"]:
            for i, ps in enumerate((pc["att"], pc["def"])):
                if ps != seat:
                    kl = self.kills[ps]
                    pc["hide"][i] = [rng.randint(0, kl[0]), rng.randint(0, kl[1]), rng.randint(0, kl[2]),
                                     rng.randint(0, self.humans[ps])]
        self.dice = []
        self._log = [e if e[1] is None or seat in e[1] else _redacted(eager_entry(e)) for e in self._log]
        if self._ev:  # what this seat and a spectator see is unchanged
            self._ev = {k: v for k, v in self._ev.items() if k is None or k == seat}

    def components(self) -> Counter[Hashable]:
        skel = self.skel
        kills = self.kills
        out: dict[Hashable, int] = {
            ("skeleton", name): (self.pool[i] + self.gone[i] + skel.count(i + 1) + sum(k[i] for k in kills))
            for i, name in enumerate(COLOURS)}
        out["human"] = self.supply + self.hum.count(1) + sum(self.humans)
        out["pawn"] = len(self.pawn)
        counted = Counter(chain(self.deck, self.discard, *self.hands, *self.in_play, (NECRONOMICON,)))
        for x, k in counted.items():
            out[_CARD_KEYS[x]] = k
        tiles = Counter(chain((t[0] for t in self.tiles), self.tile_deck, self.tiles_out,
                              (self.drawn,) if self.drawn >= 0 else ()))
        for x, k in tiles.items():
            out[_TILE_KEYS[x]] = k
        return Counter(out)


def _redacted(entry: Entry) -> Entry:
    """An eager log entry hidden from the determinizing seat, as that seat sees it: its data replaced by its
    redacted form (or nothing)."""
    kind, to, _data, redacted = entry
    return (kind, to, dict(redacted or {}), redacted)
