"""MidEvil: the rules. Section numbers (§) and rulings (R1, R2, ...) refer to docs/rules/midevil.md.

A position is a handful of int lists. Squares are ids into flat per-square lists (``skel``, ``hum``)
that grow by 9 with each placed tile; the static map (terrain, walls, legal steps) is a shared
``Geometry`` rebuilt from ``tiles``. Event cards are card-type ids (copies are interchangeable)."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Hashable
from itertools import chain, compress
from operator import itemgetter
from typing import Any, Self

from medieval.core.errors import InvalidOptionError
from medieval.core.events import Event
from medieval.core.outcome import Outcome
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec
from medieval.core.state import Action, Game, State, copy_json
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import (
    CARDS,
    CHAIN_MAIL,
    COLOURS,
    CROSSBOW,
    DIRS,
    EVENT_DECK,
    GRAVEYARD_TILE,
    HORSE,
    N_HUMANS,
    N_SKELETONS,
    NECRONOMICON,
    START_TILE,
    TERRAIN,
    TILES,
    Geometry,
    card_by_name,
    geometry,
    tile_by_name,
)

PLACE, SEED, COMBAT, MOVE, COMMIT, PVP, SKELETONS, DISCARD, OVER = (
    "place", "seed", "combat", "move", "commit", "pvp", "skeletons", "discard", "over")
HAND_LIMIT = 3
TERRAIN_LEGEND = {" ": "no tile", **TERRAIN}
MAX_HUMANS = 5
KILL_ROLL = 4
#: ``book`` values besides a holder's seat.
BOOK_ASIDE, BOOK_AT_GRAVEYARD = -2, -1

SPEC = GameSpec(
    package="medieval.games.midevil",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        search="data/search.json",
        render="render",
        encoding="encoding:ENCODING",
        rules="rules.md",
    ),
    name="midevil",
    display_name="MidEvil",
    min_players=2,
    max_players=6,
    default_players=4,
    summary="Lay map tiles, fight skeletons, grab the Necronomicon at the Graveyard and carry it to the "
            "Altar, or collect 30 points of skeletons.",
    options=(
        OptionSpec("max_rounds", 30,
                   "Hard limit (R12): after this many rounds the game ends and the most skeleton points "
                   "win. The rulebook has no limit.", minimum=1, maximum=500),
        OptionSpec("target_points", 30, "Skeleton points that win the game (rulebook: 30).",
                   minimum=1, maximum=180),
        OptionSpec("points_check", "immediate",
                   "When the skeleton points are checked (R8): the moment a skeleton is collected, or "
                   "at the end of the collector's turn.", choices=("immediate", "end_of_turn")),
        OptionSpec("tie_kills_challenger", False,
                   "Player combat tie (R10): the book stays and nobody dies (default), or the challenger "
                   "who failed to beat the holder dies."),
        OptionSpec("graveyard_within", 0,
                   "Quick-game variant (ours, R13): the Graveyard is shuffled among the top N tiles of the "
                   "tile deck; 0 shuffles it anywhere, as the rulebook does.", minimum=0, maximum=29),
        OptionSpec("skeletons_enter_pawns", True,
                   "Skeleton movement (R5): whether skeletons may step onto a square with a pawn "
                   "(combat then starts that player's next turn)."),
    ),
)


def points(k: list[int]) -> int:
    """Points of (white, red, blue) skeleton counts."""
    return k[0] + 2 * k[1] + 3 * k[2]


def _spend_options(kills: list[int], need: int) -> list[str]:
    """Minimal sets of killed skeletons worth at least ``need`` points (§5.3, R4: no change is given, so
    a set with a skeleton it could do without is never worth spending)."""
    out: list[str] = []
    kw, kr, kb = kills
    for b in range(min(kb, 3) + 1):
        for r in range(min(kr, 3) + 1):
            for w in range(min(kw, 3) + 1):
                total = w + 2 * r + 3 * b
                if total < need or total == 0:
                    continue
                smallest = 1 if w else 2 if r else 3
                if total - smallest >= need:
                    continue
                out.append(A.colour_letters((w, r, b)))
    return out


class MidEvilState(State):
    FIELDS = (
        "tiles", "tile_deck", "tiles_out", "drawn",
        "skel", "hum", "pool", "gone", "supply",
        "pawn", "humans", "kills", "hands", "in_play", "deck", "discard", "book",
        "turn", "first", "round", "phase",
        "roll", "moves", "combat", "after", "seeding",
        "skel_left", "skel_moved", "resume", "pvp",
        "played", "used", "challenged", "horse_at", "respawn", "forfeit",
        "dice", "result",
    )

    game: MidEvilGame
    tiles: list[list[int]]  # placed tiles in order: [tile id, tile x, tile y, rotation]
    tile_deck: list[int]  # tile ids, top = last
    tiles_out: list[int]  # tiles out of the game (scenarios only)
    drawn: int  # the tile drawn this turn and not yet placed, or -1
    skel: list[int]  # per square: 0 or the colour (1 white, 2 red, 3 blue) of its skeleton
    hum: list[int]  # per square: 1 if a Human token lies there
    pool: list[int]  # skeletons in the pool by colour
    gone: list[int]  # skeletons removed from play by colour
    supply: int  # Human tokens in the supply
    pawn: list[int]  # square of each pawn
    humans: list[int]  # Human tokens of each player
    kills: list[list[int]]  # killed skeletons of each player by colour
    hands: list[list[int]]  # card-type ids, sorted
    in_play: list[list[int]]  # items in front of each player
    deck: list[int]  # event deck, top = last
    discard: list[int]  # event discard pile, oldest first
    book: int  # holder's seat, BOOK_AT_GRAVEYARD or BOOK_ASIDE
    turn: int
    first: int
    round: int
    phase: str
    roll: int  # this turn's movement roll
    moves: int  # movement left, in half squares (a step costs 2, or 1 on horseback)
    combat: list[int]  # [square, die, bonus, weapon card used (0/1)] or []
    after: str  # where play goes on after a won skeleton combat: "draw" (step 3) or "move"
    seeding: list[int]  # [placed tile index, points rolled or -1 for a named tile] or []
    skel_left: int
    skel_moved: list[int]  # squares of skeletons already moved in this skeleton movement
    resume: str  # after a skeleton movement: "step9", "move" or "discard"
    pvp: dict[str, Any]  # the player combat under way, or {}
    played: list[bool]  # each player has played an event card this round (§8.2)
    used: list[str]  # once-a-turn item powers used this turn
    challenged: bool
    horse_at: list[int]  # square where each player's Horse waits outside a building, or -1
    respawn: list[bool]  # died: takes 3 Humans at the start of the next turn
    forfeit: bool  # the active player died: the rest of the turn is forfeited
    dice: list[int]  # loaded dice for scenarios (used before the random ones)
    result: dict[str, Any]

    _geo: Geometry | None = None
    _skp: list[tuple[int, Action, int]] | None = None  # see _skeleton_steps

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == OVER:
            return ()
        if ph == COMMIT:
            p = self.pvp
            return tuple(sorted(s for s, r in zip((p["att"], p["def"]), p["ready"], strict=True) if not r))
        if ph == PVP:
            p = self.pvp
            return (p["att"] if p["next"] == 0 else p["def"],)
        return (self.turn,)

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(self.result["termination"], tuple(self.result["winners"]),
                       tuple(float(points(k)) for k in self.kills))

    def _legal_actions(self, seat: int) -> list[Action]:
        primed = self._legal
        if primed is not None and self._legal_seat == seat:  # computed while applying the last action
            return primed
        ph = self.phase
        if ph == MOVE:
            return self._move_actions()
        if ph == SKELETONS:
            return self._skeleton_actions()
        if ph == COMBAT:
            return self._combat_actions()
        if ph == DISCARD:
            return self._discard_actions()
        if ph == PLACE:
            return self.geo().place_actions(self.drawn)[:]
        if ph == SEED:
            return [A.Seed(c) for c in self._seed_options()]
        if ph == COMMIT:
            return self._commit_actions(seat)
        if ph == PVP:
            return [A.REROLL, A.STAND]
        return []

    def _apply(self, seat: int, action: Action) -> None:
        t = type(action)
        if t is A.Move:
            assert isinstance(action, A.Move)
            self._step(action.d)
        elif t is A.SkeletonMove:
            assert isinstance(action, A.SkeletonMove)
            self._move_skeleton(action)
        elif t is A.Word:
            assert isinstance(action, A.Word)
            self._word(seat, action.word)
        elif t is A.Place:
            assert isinstance(action, A.Place)
            self._place(action)
        elif t is A.Seed:
            assert isinstance(action, A.Seed)
            self._put_skeletons(action.colours)
            self._step3()
        elif t is A.Spend:
            assert isinstance(action, A.Spend)
            self._spend(action.colours)
        elif t is A.Discard:
            assert isinstance(action, A.Discard)
            self._discard(action.card)
        elif t is A.Hide:
            assert isinstance(action, A.Hide)
            self._hide(seat, action.token)
        elif t is A.Shoot:
            assert isinstance(action, A.Shoot)
            self._crossbow(action)
        else:
            self._play(action)

    # ------------------------------------------------------------------ fast paths of the contract
    _ev: dict[int | None, tuple[int, list[dict[str, Any]]]] | None = None

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
                d = log[i].for_seat(seat)
                if d is not None:
                    add.append(d)
            out = out + add
            cache[seat] = (len(log), out)
        return out[:]

    # ------------------------------------------------------------------ helpers
    def geo(self) -> Geometry:
        """The static map of ``tiles`` (shared, cached; reset whenever a tile is placed)."""
        g = self._geo
        if g is None:
            g = self._geo = geometry(self.tiles)
        return g

    @property
    def options(self) -> dict[str, Any]:
        return self.game.options

    def _d6(self) -> int:
        """One die roll: a loaded die of a scenario first, else the state's chance stream."""
        if self.dice:
            return self.dice.pop(0)
        return self._rng().randint(1, 6)

    def _xy(self, s: int) -> list[int]:
        g = self.geo()
        return [g.xs[s], g.ys[s]]

    def _square(self, x: int, y: int) -> int:
        s = self.geo().at.get((x, y))
        return -1 if s is None else s

    def _prime(self, acts: list[Action]) -> None:
        """Remember the legal actions just computed for the seat to move (cleared by every apply)."""
        self._legal = acts
        self._legal_seat = self.turn

    # ------------------------------------------------------------------ §3 the turn
    def _begin_turn(self) -> None:
        """§3 step 1 and the turn's bookkeeping (§8.2 one card per round; R6 respawn with 3 Humans)."""
        seat = self.turn
        self.played[seat] = False
        self.used = []
        self.challenged = False
        self.forfeit = False
        self.roll = 0
        self.moves = 0
        if self._log_on:
            self._emit("turn", {"seat": seat, "round": self.round})
        if self.respawn[seat]:
            self.respawn[seat] = False
            take = min(HAND_LIMIT, self.supply, MAX_HUMANS - self.humans[seat])
            self.humans[seat] += take
            self.supply -= take
            self._emit("respawn", {"seat": seat, "humans": take})
        self._draw_tile()

    def _draw_tile(self) -> None:
        """§3 step 1, §4.1: draw a tile; a tile with no legal place goes to the bottom (R11)."""
        deck = self.tile_deck
        g = self.geo()
        tried: list[int] = []
        while deck:
            tid = deck.pop()
            if g.placements(tid):
                self.tile_deck = tried + deck
                self.drawn = tid
                self.phase = PLACE
                self._emit("draw_tile", {"seat": self.turn, "tile": TILES[tid].name})
                return
            tried.append(tid)
        self.tile_deck = tried
        if tried:
            self._emit("no_tile", {"seat": self.turn, "reason": "no tile in the deck fits the map"})
        self._step3()

    def _place(self, a: A.Place) -> None:
        """§3 step 2, §4.1-§4.2: attach the tile, then put its Humans and skeletons on it."""
        tid = self.drawn
        self.drawn = -1
        base = self.geo()
        self.tiles.append([tid, a.x, a.y, a.rot])
        g = self._geo = geometry(self.tiles, base)
        self.skel.extend([0] * 9)
        self.hum.extend([0] * 9)
        k = len(self.tiles) - 1
        t = TILES[tid]
        self._emit("place", {"seat": self.turn, "tile": t.name, "x": a.x, "y": a.y, "rotation": a.rot * 90})
        if t.centre == "graveyard" and self.book == BOOK_ASIDE:
            self.book = BOOK_AT_GRAVEYARD  # §6.1 the book lies on the Graveyard's centre square
        if t.named:
            spawn = g.spawn[k]
            n_h = min(t.humans, self.supply, len(spawn))
            for s in spawn[:n_h]:
                self.hum[s] = 1
            self.supply -= n_h
            if n_h:
                self._emit("humans_placed", {"tile": t.name, "squares": [self._xy(s) for s in spawn[:n_h]]})
            self.seeding = [k, -1]
        else:
            p = self._d6()
            self._emit("seed_roll", {"seat": self.turn, "tile": t.name, "points": p})
            self.seeding = [k, p]
        opts = self._seed_options()
        if len(opts) > 1:
            self.phase = SEED
            return
        self._put_skeletons(opts[0] if opts else "")
        self._step3()

    def _seed_options(self) -> list[str]:
        """§4.2: named tile: its count of skeletons, colours chosen by the placer (limited by free squares
        and the pool); unnamed: the most points not over the roll that the pool and the free squares
        allow (R3). Several colour sets can reach that amount: the placer chooses."""
        k, p = self.seeding
        free = sum(1 for s in self.geo().spawn[k] if not self.skel[s])
        pw, pr, pb = self.pool
        out: list[str] = []
        if p < 0:
            n = min(TILES[self.tiles[k][0]].skeletons, free, pw + pr + pb)
            for b in range(min(pb, n) + 1):
                for r in range(min(pr, n - b) + 1):
                    w = n - b - r
                    if w <= pw:
                        out.append(A.colour_letters((w, r, b)))
            return sorted(out) if n else []
        best = 0
        combos: list[tuple[int, int, int]] = []
        for b in range(min(pb, free, p // 3) + 1):
            for r in range(min(pr, free - b, (p - 3 * b) // 2) + 1):
                w = min(pw, free - b - r, p - 3 * b - 2 * r)
                total = 3 * b + 2 * r + w
                if total > best:
                    best = total
                    combos = []
                if total == best and total:
                    combos.append((w, r, b))
        return sorted(A.colour_letters(c) for c in combos)

    def _put_skeletons(self, colours: str) -> None:
        """Put the chosen skeletons on the tile's free squares in its spawn order, strongest first."""
        k, _ = self.seeding
        self.seeding = []
        free = [s for s in self.geo().spawn[k] if not self.skel[s]]
        placed = []
        for s, ch in zip(free, colours, strict=False):
            c = "WRB".index(ch) + 1
            self.skel[s] = c
            self.pool[c - 1] -= 1
            placed.append([*self._xy(s), COLOURS[c - 1]])
        self._emit("seed", {"seat": self.turn, "tile": TILES[self.tiles[k][0]].name, "skeletons": placed})

    def _step3(self) -> None:
        """§3 step 3: fight a skeleton on your square."""
        s = self.pawn[self.turn]
        if self.skel[s]:
            self._fight(s, "draw")
            return
        self._step4()

    def _step4(self) -> None:
        """§3 step 4: draw back up to 3 event cards."""
        seat = self.turn
        need = HAND_LIMIT - len(self.hands[seat])
        if need > 0:
            self._draw_cards(seat, need)
        self._step5()

    def _draw_cards(self, seat: int, n: int) -> None:
        """Draw from the event deck; R18 an empty deck is made again from the shuffled discard pile."""
        got: list[int] = []
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self._rng().shuffle(self.deck)
                self._emit("reshuffle", {"cards": len(self.deck)})
            got.append(self.deck.pop())
        if got:
            self.hands[seat] = sorted(self.hands[seat] + got)
            if self._log_on:
                self._emit("draw", {"seat": seat, "cards": [CARDS[c].name for c in got]}, to=(seat,),
                           redacted={"seat": seat, "count": len(got)})

    def _step5(self) -> None:
        """§3 step 5: the movement roll."""
        r = self._d6()
        self.roll = r
        self.moves = 2 * r
        self.phase = MOVE
        if self._log_on:
            self._emit("move_roll", {"seat": self.turn, "roll": r})
        self._arrive()
        if self.phase == OVER:
            return
        self._settle_move()

    def _settle_move(self) -> None:
        acts = self._move_actions()
        if len(acts) > 1:
            self._prime(acts)
        else:  # only "stop" would be legal: nothing left to decide
            self._step8()

    def _step8(self) -> None:
        """§3 step 8, §9: roll for the skeletons to move."""
        k = self._d6()
        if self._log_on:
            self._emit("skeleton_roll", {"seat": self.turn, "roll": k})
        self._start_skeletons(k, "step9")

    def _start_skeletons(self, k: int, resume: str) -> None:
        self.phase = SKELETONS
        self.skel_left = k
        self.skel_moved = []
        self.resume = resume
        self._skp = None
        self._settle_skeletons()

    def _settle_skeletons(self) -> None:
        if self.skel_left > 0:
            steps = self._skeleton_steps()
            if steps:  # a skeleton can move
                self._prime(list(map(_STEP_ACTION, steps)))
                return
        self._skp = None
        self.skel_left = 0
        self.skel_moved = []
        resume = self.resume
        self.resume = ""
        if resume == "step9":
            self._step9()
        elif resume == "move":
            self.phase = MOVE
            self._settle_move()
        else:
            self.phase = DISCARD
            self._settle_discard()

    def _step9(self) -> None:
        """§3 step 9: you may discard one event card; that ends the turn."""
        self.phase = DISCARD
        self._settle_discard()

    def _settle_discard(self) -> None:
        acts = self._discard_actions()
        if not acts or acts == [A.END]:
            self._end_turn()
        else:
            self._prime(acts)

    def _end_turn(self) -> None:
        seat = self.turn
        if self.options["points_check"] == "end_of_turn" and points(self.kills[seat]) >= self.options[
                "target_points"]:
            self._win(seat, "skeleton_points")
            return
        nxt = (seat + 1) % self.players
        if nxt == self.first:
            self.round += 1
            if self.round > self.options["max_rounds"]:
                self._finish_by_limit()
                return
        self.turn = nxt
        self._begin_turn()

    def _win(self, seat: int, how: str) -> None:
        self.result = {"termination": how, "winners": [seat]}
        self.phase = OVER
        self._emit("game_over", {"termination": how, "winners": [seat]})

    def _finish_by_limit(self) -> None:
        """R12: the round limit: most skeleton points win; a tie goes to the book's holder, else shared."""
        pts = [points(k) for k in self.kills]
        best = max(pts)
        tied = [s for s in range(self.players) if pts[s] == best]
        if len(tied) > 1 and self.book in tied:
            tied = [self.book]
        self.result = {"termination": "round_limit", "winners": tied}
        self.phase = OVER
        self._emit("game_over", {"termination": "round_limit", "winners": tied})

    # ------------------------------------------------------------------ §5 skeleton combat
    def _item_bonus(self, seat: int) -> int:
        """§5.7, R19 one weapon per roll: the best weapon item in play counts."""
        best = 0
        for c in self.in_play[seat]:
            b = CARDS[c].bonus
            if CARDS[c].effect == "melee_item" and b > best:
                best = b
        return best

    def _fight(self, s: int, after: str) -> None:
        """§5.1-§5.2: combat against the skeleton on square ``s``."""
        self.after = after
        raw = self._d6()
        bonus = self._item_bonus(self.turn)
        self.combat = [s, raw, bonus, 0]
        if self._log_on:
            self._emit("combat", {"seat": self.turn, "square": self._xy(s), "skeleton": COLOURS[self.skel[s] - 1],
                                  "roll": raw, "bonus": bonus})
        self._judge()

    def _judge(self) -> None:
        _, raw, bonus, _ = self.combat
        if raw + bonus >= KILL_ROLL:
            self._won_fight()
            return
        self.phase = COMBAT
        acts = self._combat_actions()
        if not acts:  # §5.5, R1: no skeletons to spend, no Human to re-roll: you die
            self._die(self.turn, "skeleton")
            return
        self._prime(acts)

    def _combat_actions(self) -> list[Action]:
        seat = self.turn
        _, raw, bonus, _ = self.combat
        acts: list[Action] = [A.Spend(c) for c in _spend_options(self.kills[seat], KILL_ROLL - raw - bonus)]
        if self.humans[seat]:
            acts.append(A.REROLL)
        if CHAIN_MAIL in self.in_play[seat] and "armour" not in self.used:
            acts.append(A.ARMOUR)
        acts += self._plays(COMBAT)
        return acts

    def _won_fight(self) -> None:
        s = self.combat[0]
        self.combat = []
        self._kill(self.turn, s, "combat")
        if self.phase == OVER:
            return
        if self.after == "draw":
            self._step4()
        else:
            self.phase = MOVE
            self._arrive()
            if self.phase != OVER:
                self._settle_move()

    def _kill(self, seat: int, s: int, how: str) -> None:
        """Collect the skeleton on ``s`` (§5.2 combat, or a ranged weapon); R8 the points check."""
        c = self.skel[s]
        self.skel[s] = 0
        self.kills[seat][c - 1] += 1
        if self._log_on:
            self._emit("kill", {"seat": seat, "square": self._xy(s), "skeleton": COLOURS[c - 1], "by": how})
        self._check_points(seat)

    def _check_points(self, seat: int) -> None:
        if self.options["points_check"] == "immediate" and points(self.kills[seat]) >= self.options[
                "target_points"]:
            self._win(seat, "skeleton_points")

    def _spend(self, colours: str) -> None:
        """§5.3: spend killed skeletons to raise the roll (they leave the game, R2)."""
        seat = self.turn
        for ch in colours:
            c = "WRB".index(ch)
            self.kills[seat][c] -= 1
            self.gone[c] += 1
        self._emit("spend", {"seat": seat, "skeletons": [COLOURS["WRB".index(ch)] for ch in colours]})
        self._won_fight()

    def _reroll_combat(self, armour: bool) -> None:
        """§5.4 spend a Human (back to the supply, R2) to re-roll, or use the Chain Mail."""
        seat = self.turn
        if armour:
            self.used.append("armour")
        else:
            self.humans[seat] -= 1
            self.supply += 1
        raw = self._d6()
        bonus = self._item_bonus(seat)
        self.combat[1] = raw
        self.combat[2] = bonus
        self.combat[3] = 0
        self._emit("combat_reroll", {"seat": seat, "with": "Chain Mail" if armour else "Human", "roll": raw,
                                     "bonus": bonus})
        self._judge()

    def _die(self, seat: int, cause: str) -> None:
        """§5.5: back to the Altar; killed skeletons leave the game, items are discarded; R6 the Humans go
        to the supply and 3 are taken at the next turn; §11.7 the book returns to the Graveyard."""
        g = self.geo()
        self.pawn[seat] = g.altar
        k = self.kills[seat]
        for c in range(3):
            self.gone[c] += k[c]
        self.kills[seat] = [0, 0, 0]
        lost = [CARDS[c].name for c in self.in_play[seat]]
        self.discard.extend(self.in_play[seat])
        self.in_play[seat] = []
        self.horse_at[seat] = -1
        self.supply += self.humans[seat]
        self.humans[seat] = 0
        self.respawn[seat] = True
        dropped = self.book == seat
        if dropped:
            self.book = BOOK_AT_GRAVEYARD
        self._emit("death", {"seat": seat, "cause": cause, "lost_skeletons": [COLOURS[c] for c in range(3)
                                                                              for _ in range(k[c])],
                             "lost_items": lost, "book_returns": dropped})
        if seat == self.turn:
            self.combat = []
            self.forfeit = True
            self.phase = DISCARD
            self._settle_discard()

    # ------------------------------------------------------------------ §7 movement
    def _riding(self, seat: int) -> bool:
        return HORSE in self.in_play[seat] and self.horse_at[seat] < 0 and not self.geo().region[self.pawn[seat]]

    def _move_actions(self) -> list[Action]:
        seat = self.turn
        g = self.geo()
        m = self.moves
        acts: list[Action]
        if m >= 2:
            acts = [A.MOVES[d] for d, t in enumerate(g.step[self.pawn[seat]]) if t >= 0]
        elif m > 0 and self._riding(seat):  # half a step left: on horseback, to an outside square
            region = g.region
            acts = [A.MOVES[d] for d, t in enumerate(g.step[self.pawn[seat]]) if t >= 0 and not region[t]]
        else:
            acts = []
        acts.append(A.STOP)
        b = self.book
        if b >= 0 and b != seat and not self.challenged and self.pawn[b] == self.pawn[seat]:
            acts.append(A.CHALLENGE)
        if not self.played[seat] and self.hands[seat]:
            acts += self._plays(MOVE)
        if CROSSBOW in self.in_play[seat] and "crossbow" not in self.used:
            acts += self._shots()
        return acts

    def _step(self, d: int) -> None:
        """§7.1-§7.3 one orthogonal step; §7.8-§7.9, R14 the Horse: a step to an outside square costs half
        on horseback; entering a building leaves the Horse on the square outside its door."""
        seat = self.turn
        g = self.geo()
        s = self.pawn[seat]
        t = g.step[s][d]
        riding = self._riding(seat)
        self.moves -= 1 if riding and not g.region[t] else 2
        if HORSE in self.in_play[seat]:
            if not g.region[s] and g.region[t] and self.horse_at[seat] < 0:
                self.horse_at[seat] = s
            elif not g.region[t] and self.horse_at[seat] >= 0:
                self.horse_at[seat] = -1
        self.pawn[seat] = t
        if self._log_on:
            self._emit("move", {"seat": seat, "to": self._xy(t)})
        if self.skel[t]:
            self._fight(t, "move")  # §7.4 fight every skeleton met before going on
            return
        self._arrive()
        if self.phase != OVER:
            self._settle_move()

    def _arrive(self) -> None:
        """On a square with no skeleton: §7.5 take a Human (at most 5, §11.2), §6.1 take the book at the
        Graveyard's centre, §7.10 claim a waiting Horse (R14), §10 win with the book at the Altar's centre.
        Also run when the movement phase starts (R16)."""
        seat = self.turn
        g = self.geo()
        s = self.pawn[seat]
        if self.hum[s] and self.humans[seat] < MAX_HUMANS:
            self.hum[s] = 0
            self.humans[seat] += 1
            if self._log_on:
                self._emit("pick_up", {"seat": seat, "square": self._xy(s)})
        if s == g.graveyard and self.book == BOOK_AT_GRAVEYARD:
            self.book = seat
            self._emit("book_taken", {"seat": seat})
        if s in self.horse_at and not g.region[s] and HORSE not in self.in_play[seat]:
            for o in range(self.players):
                if o != seat and self.horse_at[o] == s and all(
                        self.pawn[p] != s for p in range(self.players) if p != seat):
                    self.in_play[o].remove(HORSE)
                    self.horse_at[o] = -1
                    self.in_play[seat].append(HORSE)
                    self._emit("horse_claimed", {"seat": seat, "from": o})
                    break
        if self.book == seat and s == g.altar:
            self._win(seat, "necronomicon")

    def _word(self, seat: int, w: str) -> None:
        ph = self.phase
        if w == "stop":
            if self._log_on:
                self._emit("stop", {"seat": seat})
            self._step8()
        elif w == "reroll":
            if ph == PVP:
                self._pvp_reroll()
            else:
                self._reroll_combat(False)
        elif w == "armour":
            self._reroll_combat(True)
        elif w == "end":
            if self._log_on:
                self._emit("end_turn", {"seat": seat})
            self._end_turn()
        elif w == "challenge":
            self._challenge()
        elif w == "ready":
            self._ready(seat)
        elif w == "stand":
            self._stand()

    # ------------------------------------------------------------------ §6 player combat
    def _challenge(self) -> None:
        """§6.2-§6.3: on the holder's square, each player rolls a die (the game's two dice, R9)."""
        att, dfd = self.turn, self.book
        self.challenged = True
        da, dd = self._d6(), self._d6()
        self.pvp = {"att": att, "def": dfd, "dice": [da, dd], "hide": [[0, 0, 0, 0], [0, 0, 0, 0]],
                    "ready": [False, False], "revealed": False, "next": 0, "done": [False, False],
                    "used": [0, 0]}
        self._emit("challenge", {"seat": att, "holder": dfd, "dice": [da, dd]})
        self.phase = COMMIT
        self._settle_commit()

    def _side(self, seat: int) -> int:
        return 0 if self.pvp["att"] == seat else 1

    def _commit_actions(self, seat: int) -> list[Action]:
        p = self.pvp
        i = self._side(seat)
        hide = p["hide"][i]
        k = self.kills[seat]
        acts: list[Action] = [A.HIDES[c] for c in range(3) if k[c] > hide[c]]
        if self.humans[seat] > hide[3]:
            acts.append(A.HIDES[3])
        acts.append(A.READY)
        return acts

    def _settle_commit(self) -> None:
        p = self.pvp
        for i, seat in enumerate((p["att"], p["def"])):
            if not p["ready"][i] and len(self._commit_actions(seat)) == 1:
                p["ready"][i] = True  # nothing to commit
                self._emit("ready", {"seat": seat})
        if all(p["ready"]):
            self._reveal()

    def _hide(self, seat: int, token: int) -> None:
        """§6.4 secret commitment: seen only by the committing player until both are ready."""
        i = self._side(seat)
        self.pvp["hide"][i][token] += 1
        self._emit("hide", {"seat": seat, "token": A.TOKENS[token], "hidden": self.pvp["hide"][i][:]},
                   to=(seat,))

    def _ready(self, seat: int) -> None:
        p = self.pvp
        p["ready"][self._side(seat)] = True
        self._emit("ready", {"seat": seat})
        if all(p["ready"]):
            self._reveal()

    def _reveal(self) -> None:
        p = self.pvp
        p["revealed"] = True
        self._emit("reveal", {"commitments": {str(s): _commit_json(h) for s, h in
                                              zip((p["att"], p["def"]), p["hide"], strict=True)}})
        self.phase = PVP
        p["next"] = 0
        self._settle_pvp()

    def _settle_pvp(self) -> None:
        """§6.5 re-rolls in turn, the active player first; a player who stops is done."""
        p = self.pvp
        while True:
            if p["done"][0] and p["done"][1]:
                self._resolve_pvp()
                return
            i = p["next"]
            if not p["done"][i] and p["used"][i] >= p["hide"][i][3]:
                p["done"][i] = True
            if p["done"][i]:
                p["next"] = 1 - i
                continue
            return

    def _pvp_reroll(self) -> None:
        p = self.pvp
        i = p["next"]
        p["used"][i] += 1
        p["dice"][i] = self._d6()
        seat = p["att"] if i == 0 else p["def"]
        self._emit("pvp_reroll", {"seat": seat, "roll": p["dice"][i]})
        p["next"] = 1 - i
        self._settle_pvp()

    def _stand(self) -> None:
        p = self.pvp
        i = p["next"]
        p["done"][i] = True
        self._emit("stand", {"seat": p["att"] if i == 0 else p["def"]})
        p["next"] = 1 - i
        self._settle_pvp()

    def _resolve_pvp(self) -> None:
        """§6.6-§6.9: committed skeletons raise the totals and leave the game; every committed Human goes
        to the supply (R2); the higher total holds the book, a tie keeps it (R10); the loser dies."""
        p = self.pvp
        att, dfd = p["att"], p["def"]
        totals = []
        for i, seat in enumerate((att, dfd)):
            h = p["hide"][i]
            totals.append(p["dice"][i] + points(h))
            for c in range(3):
                self.kills[seat][c] -= h[c]
                self.gone[c] += h[c]
            self.humans[seat] -= h[3]
            self.supply += h[3]
        loser = -1
        if totals[0] > totals[1]:
            self.book = att
            loser = dfd
        elif totals[1] > totals[0] or self.options["tie_kills_challenger"]:
            loser = att
        self._emit("pvp_result", {"totals": {str(att): totals[0], str(dfd): totals[1]},
                                  "holder": self.book, "loser": None if loser < 0 else loser})
        self.pvp = {}
        self.phase = MOVE
        if loser >= 0:
            self._die(loser, "player_combat")
            if loser == att:
                return
        self._arrive()
        if self.phase != OVER:
            self._settle_move()

    # ------------------------------------------------------------------ §9 skeleton movement
    def _skeleton_actions(self) -> list[Action]:
        return list(map(_STEP_ACTION, self._skeleton_steps()))

    def _skeleton_steps(self) -> list[tuple[int, Action, int]]:
        """§9.2, R5: the legal skeleton moves as entries of ``Geometry.skeleton_steps`` (square reached, action,
        order key), in order: every skeleton that has not moved yet, to a square with no skeleton (nor a
        pawn, by option). Kept for the skeleton movement under way: built at the first need, then
        updated by ``_move_skeleton``."""
        steps = self._skp
        if steps is None:
            table = self.geo().skeleton_steps()
            skel = self.skel
            moved = self.skel_moved
            squares = compress(range(len(skel)), skel)
            if self.options["skeletons_enter_pawns"]:
                steps = [e for s in squares if s not in moved for e in table[s] if not skel[e[0]]]
            else:
                pawns = self.pawn
                steps = [e for s in squares if s not in moved for e in table[s] if not skel[e[0]] and e[0] not in pawns]
            self._skp = steps
        return steps

    def _move_skeleton(self, a: A.SkeletonMove) -> None:
        """§9.1-§9.2: one skeleton one square; none moves twice (R5: the active player moves them)."""
        g = self.geo()
        s = g.at[(a.x, a.y)]
        t = g.step[s][a.d]
        skel = self.skel
        skel[t] = skel[s]
        skel[s] = 0
        moved = self.skel_moved
        moved.append(t)
        self.skel_left -= 1
        if self._log_on:
            self._emit("skeleton_move", {"seat": self.turn, "from": [a.x, a.y], "to": self._xy(t)})
        steps = self._skp
        if steps is not None:
            if self.skel_left > 0:
                self._update_skeleton_steps(steps, g, s, t)
            else:
                self._skp = None
        self._settle_skeletons()

    def _update_skeleton_steps(self, steps: list[tuple[int, Action, int]], g: Geometry, s: int, t: int) -> None:
        """After a skeleton moved from ``s`` to ``t``, only the moves from s, into t and into s change (steps
        are symmetric: the squares that step to s or t are those that s or t step to)."""
        table = g.skeleton_steps()
        skel = self.skel
        del steps[bisect_left(steps, 4 * s, key=_STEP_KEY):bisect_left(steps, 4 * s + 4, key=_STEP_KEY)]
        for u in g.step[t]:
            if u >= 0 and skel[u]:
                for e in table[u]:
                    if e[0] == t:
                        i = bisect_left(steps, e[2], key=_STEP_KEY)
                        if i < len(steps) and steps[i] is e:
                            del steps[i]
        if self.options["skeletons_enter_pawns"] or s not in self.pawn:
            moved = self.skel_moved
            for u in g.step[s]:
                if u >= 0 and skel[u] and u not in moved:
                    for e in table[u]:
                        if e[0] == s:
                            steps.insert(bisect_left(steps, e[2], key=_STEP_KEY), e)

    # ------------------------------------------------------------------ §8 event cards
    def _discard_actions(self) -> list[Action]:
        seat = self.turn
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        if self.forfeit:  # died: only bring the hand down to 3 (§8.4)
            return [A.DISCARDS[c] for c in distinct] if len(hand) > HAND_LIMIT else []
        acts: list[Action] = [A.END] if len(hand) <= HAND_LIMIT else []
        acts += [A.DISCARDS[c] for c in distinct]
        if not self.played[seat] and hand:
            acts += self._plays(DISCARD)
        if CROSSBOW in self.in_play[seat] and "crossbow" not in self.used:
            acts += self._shots()
        return acts

    def _discard(self, c: int) -> None:
        """§8.4-§8.5, R17: the optional discard ends the turn; over 3 cards you must discard down to 3."""
        seat = self.turn
        self.hands[seat].remove(c)
        self.discard.append(c)
        if self._log_on:
            self._emit("discard", {"seat": seat, "card": CARDS[c].name})
        if len(self.hands[seat]) > HAND_LIMIT:
            self._prime(self._discard_actions())
            return
        self._end_turn()

    def _targets(self, reach: int) -> list[int]:
        """Skeletons in line of sight of the active pawn within ``reach`` (§8.7-§8.8)."""
        skel = self.skel
        return [t for t in self.geo().sight(self.pawn[self.turn], reach) if skel[t]]

    def _shots(self) -> list[Action]:
        g = self.geo()
        return [A.shoot(g.xs[t], g.ys[t]) for t in self._targets(_CROSSBOW_RANGE)]

    def _plays(self, where: str) -> list[Action]:
        """Event cards the active player may play now (§8.1-§8.3; R7 the windows)."""
        seat = self.turn
        out: list[Action] = []
        if self.played[seat] or self.forfeit:  # §8.2 one card a round
            return out
        g = self.geo()
        last = -1
        for c in self.hands[seat]:
            if c == last:
                continue
            last = c
            card = CARDS[c]
            e = card.effect
            if where == COMBAT:  # R7: weapons on the missed roll, or Humans to re-roll with
                weapon = e in ("melee_card", "melee_kill") and not self.combat[3]
                if weapon or (e == "heal" and self.humans[seat] < MAX_HUMANS and self.supply):
                    out.append(A.PLAYS[c])
                continue
            if card.kind == "item":
                if c not in self.in_play[seat]:  # §11.3 one copy of each card in play
                    out.append(A.PLAYS[c])
            elif e == "shoot":
                out += [A.play_at(c, g.xs[t], g.ys[t]) for t in self._targets(card.range)]
            elif e == "catapult":
                skel = self.skel
                out += [A.play_at(c, g.xs[t], g.ys[t]) for t in compress(range(len(skel)), skel)]
            elif e == "heal":
                if self.humans[seat] < MAX_HUMANS and self.supply:
                    out.append(A.PLAYS[c])
            elif e == "run":
                if where == MOVE:
                    out.append(A.PLAYS[c])
            elif e == "draw":
                if self.deck or self.discard:
                    out.append(A.PLAYS[c])
            elif e == "restless":
                if self._any_skeleton_can_move():
                    out.append(A.PLAYS[c])
            elif e == "curse":
                out += [A.PlayOn(c, o) for o in range(self.players) if o != seat and self.humans[o]]
            elif e == "grave_robber":
                if self.pool[0]:
                    out.append(A.PLAYS[c])
            elif e == "raise_dead" and self.pool[0]:
                out += [A.PlayOn(c, o) for o in range(self.players) if o != seat and self._raise_squares(o)]
        return out

    def _any_skeleton_can_move(self, moved: list[int] | tuple[()] = ()) -> bool:
        table = self.geo().skeleton_steps()
        skel = self.skel
        pawns = () if self.options["skeletons_enter_pawns"] else self.pawn
        return any(not skel[e[0]] and e[0] not in pawns for s in compress(range(len(skel)), skel)
                   if s not in moved for e in table[s])

    def _raise_squares(self, o: int) -> list[int]:
        skel = self.skel
        return [t for t in self.geo().step[self.pawn[o]] if t >= 0 and not skel[t]]

    def _play(self, a: Action) -> None:
        assert isinstance(a, A.Play | A.PlayAt | A.PlayOn)
        seat = self.turn
        c = a.card
        card = CARDS[c]
        e = card.effect
        self.hands[seat].remove(c)
        self.played[seat] = True
        data: dict[str, Any] = {"seat": seat, "card": card.name}
        if isinstance(a, A.PlayAt):
            data["square"] = [a.x, a.y]
        elif isinstance(a, A.PlayOn):
            data["target"] = a.seat
        self._emit("play", data)
        where = self.phase
        if card.kind == "item":
            self.in_play[seat].append(c)
            if c == HORSE:
                self.horse_at[seat] = -1
        else:
            self.discard.append(c)
        if e == "melee_card":  # R19 one weapon per roll: the card replaces the item's bonus
            self.combat[2] = card.bonus
            self.combat[3] = 1
            self._judge()
            return
        if e == "melee_kill":
            self._won_fight()
            return
        if e == "heal":
            gain = min(card.amount, MAX_HUMANS - self.humans[seat], self.supply)
            self.humans[seat] += gain
            self.supply -= gain
            self._emit("heal", {"seat": seat, "humans": gain})
            if where == COMBAT:
                self._prime(self._combat_actions())
                return
        elif e == "run":
            self.moves += 2 * card.amount
        elif e == "draw":
            self.discard.pop()  # the chest is discarded after its cards are drawn
            self._draw_cards(seat, card.amount)
            self.discard.append(c)
        elif e in ("shoot", "catapult"):
            assert isinstance(a, A.PlayAt)
            t = self._square(a.x, a.y)
            if card.need:
                r = self._d6()
                self._emit("shot", {"seat": seat, "roll": r, "hit": r >= card.need})
                if r >= card.need:
                    self._kill(seat, t, card.name)
            else:
                self._kill(seat, t, card.name)
            if self.phase == OVER:
                return
        elif e == "restless":
            k = self._d6()
            self._emit("skeleton_roll", {"seat": seat, "roll": k, "card": card.name})
            self._start_skeletons(k, "move" if where == MOVE else "discard")
            return
        elif e == "curse":
            assert isinstance(a, A.PlayOn)
            lose = min(card.amount, self.humans[a.seat])
            self.humans[a.seat] -= lose
            self.supply += lose
        elif e == "grave_robber":
            self.pool[0] -= 1
            self.kills[seat][0] += 1
            self._check_points(seat)
            if self.phase == OVER:
                return
        elif e == "raise_dead":
            assert isinstance(a, A.PlayOn)
            placed = []
            for t in self._raise_squares(a.seat)[:card.amount]:
                if not self.pool[0]:
                    break
                self.pool[0] -= 1
                self.skel[t] = 1
                placed.append(self._xy(t))
            self._emit("raised", {"seat": seat, "target": a.seat, "squares": placed})
        if where == MOVE:
            self._settle_move()
        else:
            self._settle_discard()

    def _crossbow(self, a: A.Shoot) -> None:
        """The Crossbow (an item): once a turn, a shot that kills on 4 or more."""
        seat = self.turn
        self.used.append("crossbow")
        r = self._d6()
        need = CARDS[CROSSBOW].need
        self._emit("shot", {"seat": seat, "card": "Crossbow", "square": [a.x, a.y], "roll": r, "hit": r >= need})
        if r >= need:
            self._kill(seat, self._square(a.x, a.y), "Crossbow")
            if self.phase == OVER:
                return
        if self.phase == MOVE:
            self._settle_move()
        else:
            self._settle_discard()

    # ------------------------------------------------------------------ view, determinize, components
    def view(self, seat: int | None) -> dict[str, Any]:
        self._check_view_seat(seat)
        return self._view(seat, table=True)

    def bot_view(self, seat: int) -> dict[str, Any]:
        """The part of ``view(seat)`` the heuristic reads (who is where and holds what, the skeletons and
        Humans on the map, the book, the phase and a player combat), several times cheaper to build:
        every entry is the view's own."""
        self._check_view_seat(seat)
        return self._view(seat, table=False)

    def _view(self, seat: int | None, table: bool) -> dict[str, Any]:
        g = self.geo()
        skel, hum, xs, ys = self.skel, self.hum, g.xs, g.ys
        skeletons = [[xs[s], ys[s], COLOURS[skel[s] - 1]] for s in compress(range(len(skel)), skel)]
        humans_on_map = [[xs[s], ys[s]] for s in compress(range(len(hum)), hum)]
        players = []
        for p in range(self.players):
            info: dict[str, Any] = {
                "seat": p, "x": xs[self.pawn[p]], "y": ys[self.pawn[p]], "humans": self.humans[p],
                "points": points(self.kills[p]), "in_play": [CARDS[c].name for c in self.in_play[p]],
                "has_book": self.book == p,
            }
            if table:
                info["skeletons"] = dict(zip(COLOURS, self.kills[p], strict=True))
                info["hand_count"] = len(self.hands[p])
                info["played_card_this_round"] = self.played[p]
                info["horse_waiting_at"] = None if self.horse_at[p] < 0 else self._xy(self.horse_at[p])
                info["respawn_pending"] = self.respawn[p]
            if p == seat:
                info["hand"] = [CARDS[c].name for c in self.hands[p]]
            players.append(info)
        book: dict[str, Any]
        if self.book >= 0:
            book = {"status": "held", "holder": self.book, "square": self._xy(self.pawn[self.book])}
        elif self.book == BOOK_AT_GRAVEYARD:
            book = {"status": "graveyard", "holder": None, "square": self._xy(g.graveyard)}
        else:
            book = {"status": "set_aside", "holder": None, "square": None}
        v: dict[str, Any] = {
            "game": "midevil", "seat": seat, "players": self.players, "turn": self.turn, "phase": self.phase,
            "to_move": list(self.to_move), "skeletons": skeletons, "humans_on_map": humans_on_map,
            "pawns": players, "book": book,
        }
        if table:
            v.update({
                "round": self.round, "max_rounds": self.options["max_rounds"],
                "target_points": self.options["target_points"], "first": self.first,
                "tiles": [{"tile": TILES[t[0]].name, "x": t[1], "y": t[2], "rotation": t[3] * 90}
                          for t in self.tiles],
                "map": g.map_view(), "legend": dict(TERRAIN_LEGEND),
                "altar": self._xy(g.altar), "graveyard": None if g.graveyard < 0 else self._xy(g.graveyard),
                "drawn_tile": None if self.drawn < 0 else TILES[self.drawn].name,
                "tile_deck": len(self.tile_deck), "event_deck": len(self.deck),
                "discard": [CARDS[c].name for c in self.discard],
                "pool": dict(zip(COLOURS, self.pool, strict=True)),
                "removed": dict(zip(COLOURS, self.gone, strict=True)),
                "human_supply": self.supply,
                "movement": {"roll": self.roll, "half_steps_left": self.moves,
                             "riding": self.phase == MOVE and self._riding(self.turn)},
                "scores": [points(k) for k in self.kills],
                "pending": self._pending(seat),
                "outcome": dict(self.result) if self.result else None,
            })
            if self.combat:
                s, raw, bonus, weapon = self.combat
                v["combat"] = {"square": self._xy(s), "skeleton": COLOURS[skel[s] - 1], "roll": raw,
                               "bonus": bonus, "weapon_card": bool(weapon), "need": KILL_ROLL}
            if self.phase == SEED:
                k, pts = self.seeding
                v["seeding"] = {"tile": TILES[self.tiles[k][0]].name, "points_rolled": None if pts < 0 else pts}
            if self.phase == SKELETONS:
                v["skeleton_phase"] = {"left": self.skel_left, "moved": [self._xy(s) for s in self.skel_moved]}
        if self.pvp:
            pc = self.pvp
            sides = []
            for i, ps in enumerate((pc["att"], pc["def"])):
                side: dict[str, Any] = {"seat": ps, "die": pc["dice"][i], "ready": pc["ready"][i],
                                        "rerolls_used": pc["used"][i], "done": pc["done"][i]}
                if pc["revealed"] or ps == seat:
                    side["committed"] = _commit_json(pc["hide"][i])
                sides.append(side)
            v["player_combat"] = {"challenger": sides[0], "holder": sides[1], "revealed": pc["revealed"]}
        return v

    def _pending(self, seat: int | None) -> dict[str, Any]:
        ph = self.phase
        what = {PLACE: "place the drawn tile", SEED: "choose the skeletons' colours",
                COMBAT: "a missed combat roll: spend skeletons, spend a Human, or play a card",
                MOVE: "move, stop or play a card", COMMIT: "secretly commit skeletons and Humans",
                PVP: "re-roll or stand", SKELETONS: "move a skeleton one square",
                DISCARD: "discard a card or end the turn", OVER: "the game is over"}[ph]
        return {"decision": ph, "seats": list(self.to_move), "what": what}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: the tile deck's order, the event deck and the other hands,
        an unrevealed player-combat commitment of the opponent; future dice are re-seeded."""
        rng.shuffle(self.tile_deck)
        others = [o for o in range(self.players) if o != seat]
        unseen = self.deck + [c for o in others for c in self.hands[o]]
        rng.shuffle(unseen)
        for o in others:
            k = len(self.hands[o])
            self.hands[o] = sorted(unseen[:k])
            unseen = unseen[k:]
        self.deck = unseen
        pc = self.pvp
        if pc and not pc["revealed"]:
            for i, ps in enumerate((pc["att"], pc["def"])):
                if ps != seat:
                    kl = self.kills[ps]
                    pc["hide"][i] = [rng.randint(0, kl[0]), rng.randint(0, kl[1]), rng.randint(0, kl[2]),
                                     rng.randint(0, self.humans[ps])]
        self.dice = []
        self._log = [e if e.to is None or seat in e.to else Event(e.kind, dict(e.redacted or {}), e.to, e.redacted)
                     for e in self._log]
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
        cards = Counter(chain(self.deck, self.discard, *self.hands, *self.in_play, (NECRONOMICON,)))
        for x, k in cards.items():
            out[_CARD_KEYS[x]] = k
        tiles = Counter(chain((t[0] for t in self.tiles), self.tile_deck, self.tiles_out,
                              (self.drawn,) if self.drawn >= 0 else ()))
        for x, k in tiles.items():
            out[_TILE_KEYS[x]] = k
        return Counter(out)

    def position_json(self) -> dict[str, Any]:
        """As ``State.position_json`` (the fields in ``FIELDS`` order, deep copies), written out for speed."""
        p = self.pvp
        return {
            "tiles": [t[:] for t in self.tiles], "tile_deck": self.tile_deck[:], "tiles_out": self.tiles_out[:],
            "drawn": self.drawn, "skel": self.skel[:], "hum": self.hum[:], "pool": self.pool[:],
            "gone": self.gone[:], "supply": self.supply, "pawn": self.pawn[:], "humans": self.humans[:],
            "kills": [k[:] for k in self.kills], "hands": [h[:] for h in self.hands],
            "in_play": [h[:] for h in self.in_play], "deck": self.deck[:], "discard": self.discard[:],
            "book": self.book, "turn": self.turn, "first": self.first, "round": self.round, "phase": self.phase,
            "roll": self.roll, "moves": self.moves, "combat": self.combat[:], "after": self.after,
            "seeding": self.seeding[:], "skel_left": self.skel_left, "skel_moved": self.skel_moved[:],
            "resume": self.resume, "pvp": copy_json(p) if p else {}, "played": self.played[:],
            "used": self.used[:], "challenged": self.challenged, "horse_at": self.horse_at[:],
            "respawn": self.respawn[:], "forfeit": self.forfeit, "dice": self.dice[:],
            "result": copy_json(self.result) if self.result else {},
        }

    def clone(self) -> Self:
        n = self._shallow_clone()
        n._geo = self._geo
        if self._ev:
            n._ev = dict(self._ev)
        n.tiles = self.tiles[:]  # inner lists are never changed in place
        n.tile_deck = self.tile_deck[:]
        n.tiles_out = self.tiles_out[:]
        n.drawn = self.drawn
        n.skel = self.skel[:]
        n.hum = self.hum[:]
        n.pool = self.pool[:]
        n.gone = self.gone[:]
        n.supply = self.supply
        n.pawn = self.pawn[:]
        n.humans = self.humans[:]
        n.kills = [k[:] for k in self.kills]
        n.hands = [h[:] for h in self.hands]
        n.in_play = [h[:] for h in self.in_play]
        n.deck = self.deck[:]
        n.discard = self.discard[:]
        n.book = self.book
        n.turn = self.turn
        n.first = self.first
        n.round = self.round
        n.phase = self.phase
        n.roll = self.roll
        n.moves = self.moves
        n.combat = self.combat[:]
        n.after = self.after
        n.seeding = self.seeding[:]
        n.skel_left = self.skel_left
        n.skel_moved = self.skel_moved[:]
        n.resume = self.resume
        p = self.pvp
        n.pvp = {k: ([x[:] for x in v] if k == "hide" else v[:] if isinstance(v, list) else v)
                 for k, v in p.items()} if p else {}
        n.played = self.played[:]
        n.used = self.used[:]
        n.challenged = self.challenged
        n.horse_at = self.horse_at[:]
        n.respawn = self.respawn[:]
        n.forfeit = self.forfeit
        n.dice = self.dice[:]
        n.result = dict(self.result)
        return n


_CROSSBOW_RANGE = CARDS[CROSSBOW].range
#: Parts of an entry of ``Geometry.skeleton_steps``.
_STEP_ACTION = itemgetter(1)
_STEP_KEY = itemgetter(2)
_CARD_KEYS = tuple(("card", c.name) for c in CARDS)
_TILE_KEYS = tuple(("tile", t.name) for t in TILES)


def _commit_json(h: list[int]) -> dict[str, int]:
    return {"white": h[0], "red": h[1], "blue": h[2], "humans": h[3]}


@register
class MidEvilGame(Game["MidEvilState"]):
    spec = SPEC

    @classmethod
    def state_class(cls) -> type[MidEvilState]:
        return MidEvilState

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """Every player count and every variant, with short round limits (R12) so that thousands of
        checked random games stay affordable; the quick-game variant (R13) brings the Graveyard, the
        book and player combat into reach of random play."""
        return [
            (2, {"max_rounds": 6, "graveyard_within": 1}),
            (3, {"max_rounds": 3, "graveyard_within": 2}),
            (4, {"max_rounds": 2}),
            (5, {"max_rounds": 2, "points_check": "end_of_turn"}),
            (6, {"max_rounds": 1, "tie_kills_challenger": True, "skeletons_enter_pawns": False}),
            (4, {"max_rounds": 3, "target_points": 5, "graveyard_within": 2}),
        ]

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        from medieval.games.midevil.heuristic import choose

        return choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's estimated reward from a position (for searches that cut their playouts short)."""
        from medieval.games.midevil.evaluation import evaluate

        assert isinstance(state, MidEvilState)
        return evaluate(state)

    def _blank(self, seed: int) -> MidEvilState:
        s = MidEvilState(self, seed)
        n = self.players
        s.tiles = []
        s.tile_deck = []
        s.tiles_out = []
        s.drawn = -1
        s.skel = []
        s.hum = []
        s.pool = list(N_SKELETONS)
        s.gone = [0, 0, 0]
        s.supply = N_HUMANS
        s.pawn = [0] * n
        s.humans = [0] * n
        s.kills = [[0, 0, 0] for _ in range(n)]
        s.hands = [[] for _ in range(n)]
        s.in_play = [[] for _ in range(n)]
        s.deck = []
        s.discard = []
        s.book = BOOK_ASIDE
        s.turn = 0
        s.first = 0
        s.round = 1
        s.phase = PLACE
        s.roll = 0
        s.moves = 0
        s.combat = []
        s.after = ""
        s.seeding = []
        s.skel_left = 0
        s.skel_moved = []
        s.resume = ""
        s.pvp = {}
        s.played = [False] * n
        s.used = []
        s.challenged = False
        s.horse_at = [-1] * n
        s.respawn = [False] * n
        s.forfeit = False
        s.dice = []
        s.result = {}
        return s

    def _initial_state(self, seed: int) -> MidEvilState:
        """§2.2-§2.7 setup: the Necronomicon aside, the event deck shuffled, 3 Humans and 3 cards each, the
        Altar in the middle with every pawn on its centre square, the tiles shuffled, a random first
        player."""
        s = self._blank(seed)
        n = self.players
        rng = s._rng()
        s.deck = list(EVENT_DECK)
        rng.shuffle(s.deck)
        s.tile_deck = [t.index for t in TILES if not t.start]
        rng.shuffle(s.tile_deck)
        within = int(self.options["graveyard_within"])
        if within:  # R13 quick game: the Graveyard among the top tiles (the top is the end of the list)
            s.tile_deck.remove(GRAVEYARD_TILE.index)
            s.tile_deck.insert(len(s.tile_deck) - rng.randrange(within), GRAVEYARD_TILE.index)
        s.first = rng.randrange(n)
        s.tiles = [[START_TILE.index, 0, 0, 0]]
        s.skel = [0] * 9
        s.hum = [0] * 9
        altar = s.geo().altar
        s.pawn = [altar] * n
        s.humans = [3] * n
        s.supply = N_HUMANS - 3 * n
        s._emit("setup", {"players": n, "first": s.first})
        for p in range(n):
            s._draw_cards(p, HAND_LIMIT)
        s.turn = s.first
        s._begin_turn()
        s._legal = None
        return s

    def scenario(self, **setup: Any) -> MidEvilState:
        from medieval.games.midevil.scenario import build

        state = build(self, setup)
        state._origin = {"scenario": setup}
        state._legal = None
        return state

    # helpers shared with the scenario builder
    @staticmethod
    def tile_id(name: Any) -> int:
        try:
            return tile_by_name(str(name)).index
        except ValueError as e:
            raise InvalidOptionError(str(e)) from None

    @staticmethod
    def card_id(name: Any) -> int:
        try:
            return card_by_name(str(name)).index
        except ValueError as e:
            raise InvalidOptionError(str(e)) from None


__all__ = ["DIRS", "GRAVEYARD_TILE", "MidEvilGame", "MidEvilState", "points"]
