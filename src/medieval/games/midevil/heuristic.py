"""MidEvil's heuristic policy. It reads only the seat's view (``state.bot_view(seat)``: ``view(seat)``
without what is there only to draw the table, by square; the skeletons and Humans on the map by square,
``view.skeleton_squares`` and ``view.human_squares``), the public map and ``state.legal_actions(seat)``.

Plan: go for the Necronomicon (Graveyard centre, then the Altar centre), chase and challenge a holder,
collect skeletons and Humans met on the way; play items at once and weapons where they count; send
skeletons towards the leader and away from itself; lay tiles (the Graveyard above all) close to itself."""

from __future__ import annotations

import random
from functools import cached_property

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import CARDS
from medieval.games.midevil.state import MidEvilState
from medieval.games.midevil.view import BotPawn, CombatSide, human_squares, skeleton_squares

VALUE = {"white": 1, "red": 2, "blue": 3}
#: Cards worth keeping, most useful first (the least useful is discarded first).
KEEP = ("War Hammer", "Catapult", "Horse", "Battle Axe", "Healing Herbs", "Chain Mail", "Sword", "Longbow",
        "Flail", "Crossbow", "Grave Robber", "Treasure Chest", "Sling", "Curse", "Raise Dead", "Fresh Legs",
        "Restless Dead", "Unquiet Graves")


class _Ctx:
    """What the policy derives from a view (and the map, which is public)."""

    def __init__(self, state: MidEvilState, seat: int) -> None:
        self.state = state
        self.view = view = state.bot_view(seat)
        self.seat = seat
        self.g = state.geo()
        self.me = view["pawns"][seat]
        self.pos = self.me["square"]
        self.opponents = [p for p in view["pawns"] if p["seat"] != seat]

    @cached_property
    def skel(self) -> dict[int, int]:
        """Skeletons on the map: square -> points."""
        return skeleton_squares(self.state)

    @cached_property
    def humans_on_map(self) -> set[int]:
        return human_squares(self.state)

    def square(self, p: BotPawn) -> int:
        return p["square"]

    def leader(self) -> BotPawn:
        holder = [p for p in self.opponents if p["has_book"]]
        if holder:
            return holder[0]
        return max(self.opponents, key=lambda p: (p["points"], -p["seat"]))

    def target(self) -> int:
        """The square this player is heading for (-1: none)."""
        book = self.view["book"]
        if book["status"] == "held" and book["holder"] == self.seat:
            return self.g.altar
        if book["status"] == "graveyard":
            return self.g.graveyard
        if book["status"] == "held":
            return book["square"]
        return -1


def choose(state: MidEvilState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    ctx = _context(state, seat)
    view = ctx.view
    phase = view["phase"]
    if phase == "place":
        return _place(ctx, legal, rng)
    if phase == "seed":
        return _seed(ctx, legal)
    if phase == "combat":
        return _combat(ctx, legal)
    if phase == "move":
        return _move(ctx, legal, rng)
    if phase == "skeletons":
        return _skeletons(ctx, legal, rng)
    if phase == "commit":
        return _commit(ctx, legal)
    if phase == "pvp":
        return _pvp(ctx, legal)
    if phase == "discard":
        return _discard(ctx, legal)
    if phase == "react":
        return _react(ctx, legal)
    return rng.choice(legal)


def _react(ctx: _Ctx, legal: list[Action]) -> Action:
    """A reaction window (R7): Healing Herbs when low on Humans, a Curse or Raise Dead against the holder
    of the book or the leader; otherwise pass (keep the card for your own turn)."""
    play = _best_play(ctx, legal)
    return play if play is not None else A.PASS


def _context(state: MidEvilState, seat: int) -> _Ctx:
    """The seat's lean bot view and the state's shared (public) map."""
    return _Ctx(state, seat)


def _place(ctx: _Ctx, legal: list[Action], rng: random.Random) -> Action:
    """Lay tiles close to our pawn: the Graveyard most of all (the book is the fastest win)."""
    best: list[Action] = []
    best_d = 1 << 30
    px, py = ctx.g.xs[ctx.pos], ctx.g.ys[ctx.pos]
    for a in legal:
        assert isinstance(a, A.Place)
        d = abs(3 * a.x + 1 - px) + abs(3 * a.y + 1 - py)
        if d < best_d:
            best, best_d = [a], d
        elif d == best_d:
            best.append(a)
    return rng.choice(best)


def _seed(ctx: _Ctx, legal: list[Action]) -> Action:
    """Strong skeletons near us (points to collect), weak ones near the others."""
    k = len(ctx.g.placed) - 1
    centre = 9 * k + 4
    mine = ctx.g.distances(ctx.pos)[centre]
    theirs = min((ctx.g.distances(ctx.square(p))[centre] for p in ctx.opponents), default=-1)
    near_me = mine >= 0 and (theirs < 0 or mine <= theirs)

    def worth(a: Action) -> int:
        assert isinstance(a, A.Seed)
        return sum(" WRB".index(ch) for ch in a.colours)

    return max(legal, key=worth) if near_me else min(legal, key=worth)


def _combat(ctx: _Ctx, legal: list[Action]) -> Action:
    words = {str(a): a for a in legal}
    if "armour" in words:
        return words["armour"]
    spends = [a for a in legal if isinstance(a, A.Spend)]
    cheapest = min(spends, key=lambda a: (sum(" WRB".index(ch) for ch in a.colours), len(a.colours)),
                   default=None)
    humans = ctx.me["humans"]
    if cheapest is not None and (len(cheapest.colours) == 1 and cheapest.colours == "W"):
        return cheapest
    if humans >= 2 and "reroll" in words:
        return words["reroll"]
    for name in ("play War Hammer", "play Flail"):
        if name in words:
            return words[name]
    if cheapest is not None:
        return cheapest
    if "reroll" in words:
        return words["reroll"]
    return legal[0]


def _card_score(ctx: _Ctx, a: Action) -> float:
    """How good playing this card is now (<= 0: keep it)."""
    assert isinstance(a, A.Play | A.PlayAt | A.PlayOn)
    card = CARDS[a.card]
    e = card.effect
    me = ctx.me
    if card.kind == "item":
        return {"horse": 9.0, "melee_item": 7.0 + card.bonus, "armour": 6.0, "crossbow": 5.0}.get(e, 0.0)
    if isinstance(a, A.PlayAt):
        value = ctx.skel.get(ctx.g.at[(a.x, a.y)], 0)
        return 4.0 + value if e != "catapult" else 2.0 + 2 * value
    if e == "heal":
        return 8.0 if me["humans"] <= 2 else 0.0
    if e == "grave_robber":
        return 3.0
    if e == "unquiet":  # the strongest skeleton removed from play, and more for the tiles still to come
        return 3.0
    if e == "draw":
        return 2.5
    if e == "run":  # Fresh Legs: 3 more squares while the goal is still far
        goal = ctx.target()
        return 2.0 if goal >= 0 and ctx.g.distances(goal)[ctx.pos] > 3 else 0.0
    if e == "restless":  # Restless Dead: skeletons walk towards the holder of the book (see _skeleton)
        return 2.0 if any(p["has_book"] for p in ctx.opponents) else 0.0
    if isinstance(a, A.PlayOn):
        target = ctx.view["pawns"][a.seat]
        if target["has_book"]:
            return 6.0
        return 1.0 if target is ctx.leader() else 0.0
    return 0.0


def _best_play(ctx: _Ctx, legal: list[Action]) -> Action | None:
    plays = [a for a in legal if isinstance(a, A.Play | A.PlayAt | A.PlayOn)]
    if not plays:
        return None
    best = max(plays, key=lambda a: _card_score(ctx, a))
    return best if _card_score(ctx, best) > 0 else None


def _move(ctx: _Ctx, legal: list[Action], rng: random.Random) -> Action:
    words = {str(a): a for a in legal}
    if "challenge" in words:
        return words["challenge"]
    if "claim" in words:  # a waiting Horse: the rest of the move counts double
        return words["claim"]
    shots = [a for a in legal if isinstance(a, A.Shoot)]
    if shots:
        return max(shots, key=lambda a: ctx.skel.get(ctx.g.at[(a.x, a.y)], 0))
    play = _best_play(ctx, legal)
    if play is not None:
        return play
    moves = [a for a in legal if isinstance(a, A.Move)]
    if not moves:
        return words.get("stop", legal[0])
    g = ctx.g
    step = g.step[ctx.pos]
    target = ctx.target()
    if target >= 0:
        dist = g.distances(target)
        here = dist[ctx.pos]
        if here > 0:
            good = [a for a in moves if 0 <= dist[step[a.d]] < here]
            if good:
                # prefer a square with a Human when low on them, else avoid skeletons when weak
                def risk(a: A.Move) -> float:
                    t = step[a.d]
                    r = 0.0
                    if t in ctx.skel:
                        r += 1.0 if ctx.me["humans"] <= 1 else -0.2
                    if t in ctx.humans_on_map and ctx.me["humans"] < 5:
                        r -= 0.5
                    return r + rng.random() * 0.01
                return min(good, key=risk)
        if here == 0:
            return words["stop"]
    # no target: collect nearby skeletons and Humans while strong enough
    if ctx.me["humans"] >= 2:
        for a in moves:
            t = step[a.d]
            if t in ctx.skel or t in ctx.humans_on_map:
                return a
    return words["stop"]


def _skeletons(ctx: _Ctx, legal: list[Action], rng: random.Random) -> Action:
    """Move skeletons towards the leader (the book holder first) and away from ourselves."""
    g = ctx.g
    mine = g.distances(ctx.pos)
    lead = g.distances(ctx.square(ctx.leader()))
    at, step, rand = g.at, g.step, rng.random
    best: Action = legal[0]
    best_score = 0.0
    for i, a in enumerate(legal):  # the first of the highest scores (as max would)
        assert isinstance(a, A.SkeletonMove)
        s = at[(a.x, a.y)]
        t = step[s][a.d]
        gain = 0.0
        ls, lt = lead[s], lead[t]
        if ls >= 0 and lt >= 0:
            gain += (ls - lt) * (2.0 if lt <= 6 else 1.0)
        ms, mt = mine[s], mine[t]
        if ms >= 0 and mt >= 0 and mt <= 3:
            gain += (mt - ms) * 1.5
        score = gain + rand() * 0.01
        if i == 0 or score > best_score:
            best, best_score = a, score
    return best


def _commit(ctx: _Ctx, legal: list[Action]) -> Action:
    """Commit skeletons worth up to 6 points (strongest first) and all Humans but one."""
    pc = ctx.view["player_combat"]
    side = pc["challenger"] if pc["challenger"]["seat"] == ctx.seat else pc["holder"]
    committed = side.get("committed", {"white": 0, "red": 0, "blue": 0, "humans": 0})
    pts = committed["white"] * VALUE["white"] + committed["red"] * VALUE["red"] + committed["blue"] * VALUE["blue"]
    words = {str(a): a for a in legal}
    if pts < 6:
        for c in ("blue", "red", "white"):
            if f"hide {c}" in words:
                return words[f"hide {c}"]
    if committed["humans"] < ctx.me["humans"] - 1 and "hide human" in words:
        return words["hide human"]
    return words["ready"]


def _pvp(ctx: _Ctx, legal: list[Action]) -> Action:
    pc = ctx.view["player_combat"]
    me, other = ((pc["challenger"], pc["holder"]) if pc["challenger"]["seat"] == ctx.seat
                 else (pc["holder"], pc["challenger"]))

    def total(side: CombatSide) -> int:
        c = side["committed"]  # both commitments are revealed by now (§6.4)
        return side["die"] + c["white"] * VALUE["white"] + c["red"] * VALUE["red"] + c["blue"] * VALUE["blue"]

    words = {str(a): a for a in legal}
    if "reroll" in words and (me["die"] <= 3 or total(me) <= total(other)):
        return words["reroll"]
    return words["stand"]


def _discard(ctx: _Ctx, legal: list[Action]) -> Action:
    words = {str(a): a for a in legal}
    shots = [a for a in legal if isinstance(a, A.Shoot)]
    if shots:
        return max(shots, key=lambda a: ctx.skel.get(ctx.g.at[(a.x, a.y)], 0))
    play = _best_play(ctx, legal)
    if play is not None:
        return play
    discards = [a for a in legal if isinstance(a, A.Discard)]
    in_play = set(ctx.me["in_play"])

    def keep(a: A.Discard) -> int:
        name = CARDS[a.card].name
        if name in in_play:
            return -1  # a second copy cannot be played
        return len(KEEP) - KEEP.index(name) if name in KEEP else 0

    worst = min(discards, key=keep, default=None)
    if "end" not in words:
        assert worst is not None
        return worst
    if worst is not None and keep(worst) <= 1:
        return worst
    return words["end"]
