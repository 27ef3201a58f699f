"""MidEvil's heuristic policy. It reads only the seat's view: the entries of its bot view
(``state.bot_view(seat)``: ``view(seat)`` without what is there only to draw the table, by square) that a
decision needs, one at a time (``view.pawn_square``, ``view.bot_book``, ``view.bot_player_combat`` and the
like; the skeletons and Humans on the map by square, ``view.skeleton_at`` and ``view.human_at``), the
public map, the skeleton moves of a skeleton movement as the rules list them (``skeletons.skeleton_steps``:
public) and ``state.legal_actions(seat)``.

Plan: go for the Necronomicon (Graveyard centre, then the Altar centre), chase and challenge a holder,
collect skeletons and Humans met on the way; play items at once and weapons where they count; send
skeletons towards the leader and away from itself; lay tiles (the Graveyard above all) close to itself."""

from __future__ import annotations

import random

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import CARDS
from medieval.games.midevil.skeletons import STEP_ACTION, skeleton_steps
from medieval.games.midevil.state import MidEvilState
from medieval.games.midevil.view import (
    CombatSide,
    book_holder,
    bot_book,
    bot_player_combat,
    human_at,
    pawn_humans,
    pawn_in_play,
    pawn_points,
    pawn_square,
    skeleton_at,
)

VALUE = {"white": 1, "red": 2, "blue": 3}
#: Cards worth keeping, most useful first (the least useful is discarded first).
KEEP = ("War Hammer", "Catapult", "Horse", "Battle Axe", "Healing Herbs", "Chain Mail", "Sword", "Longbow",
        "Flail", "Crossbow", "Grave Robber", "Treasure Chest", "Sling", "Curse", "Raise Dead", "Fresh Legs",
        "Restless Dead", "Unquiet Graves")


class _Ctx:
    """What the policy derives from the view's entries (and the map, which is public), each read where a
    decision needs it."""

    __slots__ = ("g", "pos", "seat", "state")

    def __init__(self, state: MidEvilState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.g = state.geo()
        self.pos = pawn_square(state, seat)

    def opponents(self) -> list[int]:
        """The other seats."""
        return [p for p in range(self.state.players) if p != self.seat]

    def humans(self) -> int:
        """Our Humans (the view's ``humans`` of our pawn)."""
        return pawn_humans(self.state, self.seat)

    def skel(self, sq: int) -> int:
        """The points of the skeleton on ``sq`` (0: none)."""
        return skeleton_at(self.state, sq)

    def rival_has_book(self) -> bool:
        holder = book_holder(self.state)
        return holder >= 0 and holder != self.seat

    def leader(self) -> int:
        """The opponent holding the book, else the one with the most points (the lowest seat of equals)."""
        s = self.state
        if self.rival_has_book():
            return book_holder(s)
        best, best_key = -1, (0, 0)
        for p in self.opponents():
            key = (pawn_points(s, p), -p)
            if best < 0 or key > best_key:
                best, best_key = p, key
        return best

    def target(self) -> int:
        """The square this player is heading for (-1: none)."""
        book = bot_book(self.state)
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
    phase = state.phase  # (the view's ``phase``)
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
    """The seat's view entries and the state's shared (public) map."""
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
    to_centre = ctx.g.distances(9 * k + 4)  # (steps are symmetric: the pawns' distances to the centre)
    mine = to_centre[ctx.pos]
    theirs = min((to_centre[pawn_square(ctx.state, p)] for p in ctx.opponents()), default=-1)
    near_me = mine >= 0 and (theirs < 0 or mine <= theirs)
    return max(legal, key=_seed_worth) if near_me else min(legal, key=_seed_worth)


def _seed_worth(a: Action) -> int:
    assert isinstance(a, A.Seed)
    return sum(" WRB".index(ch) for ch in a.colours)


def _combat(ctx: _Ctx, legal: list[Action]) -> Action:
    words = {str(a): a for a in legal}
    if "armour" in words:
        return words["armour"]
    spends = [a for a in legal if isinstance(a, A.Spend)]
    cheapest = min(spends, key=lambda a: (sum(" WRB".index(ch) for ch in a.colours), len(a.colours)),
                   default=None)
    humans = ctx.humans()
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
    if card.kind == "item":
        return {"horse": 9.0, "melee_item": 7.0 + card.bonus, "armour": 6.0, "crossbow": 5.0}.get(e, 0.0)
    if isinstance(a, A.PlayAt):
        value = ctx.skel(ctx.g.at[(a.x, a.y)])
        return 4.0 + value if e != "catapult" else 2.0 + 2 * value
    if e == "heal":
        return 8.0 if ctx.humans() <= 2 else 0.0
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
        return 2.0 if ctx.rival_has_book() else 0.0
    if isinstance(a, A.PlayOn):
        if book_holder(ctx.state) == a.seat:
            return 6.0
        return 1.0 if a.seat == ctx.leader() else 0.0
    return 0.0


def _best_play(ctx: _Ctx, legal: list[Action]) -> Action | None:
    plays = [a for a in legal if isinstance(a, A.Play | A.PlayAt | A.PlayOn)]
    if not plays:
        return None
    best = max(plays, key=lambda a: _card_score(ctx, a))
    return best if _card_score(ctx, best) > 0 else None


def _move(ctx: _Ctx, legal: list[Action], rng: random.Random) -> Action:
    words = {a.word: a for a in legal if type(a) is A.Word}  # (the only actions named by one word)
    if "challenge" in words:
        return words["challenge"]
    if "claim" in words:  # a waiting Horse: the rest of the move counts double
        return words["claim"]
    shots = [a for a in legal if isinstance(a, A.Shoot)]
    if shots:
        return max(shots, key=lambda a: ctx.skel(ctx.g.at[(a.x, a.y)]))
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
                # prefer a square with a Human when low on them, else avoid skeletons when weak (the
                # first of the least risky, each scored in turn with its own tie-breaking draw)
                s, humans = ctx.state, ctx.humans()
                risks = [_risk(s, step[a.d], humans) + rng.random() * 0.01 for a in good]
                return good[risks.index(min(risks))]
        if here == 0:
            return words["stop"]
    # no target: collect nearby skeletons and Humans while strong enough
    if ctx.humans() >= 2:
        s = ctx.state
        for a in moves:
            t = step[a.d]
            if skeleton_at(s, t) or human_at(s, t):
                return a
    return words["stop"]


def _risk(s: MidEvilState, t: int, humans: int) -> float:
    """How much a step onto square ``t`` costs a pawn with ``humans`` Humans (lower is better)."""
    r = 0.0
    if skeleton_at(s, t):
        r += 1.0 if humans <= 1 else -0.2
    if human_at(s, t) and humans < 5:
        r -= 0.5
    return r


def _skeletons(ctx: _Ctx, legal: list[Action], rng: random.Random) -> Action:
    """Move skeletons towards the leader (the book holder first) and away from ourselves."""
    g = ctx.g
    mine = g.near(ctx.pos, 4)  # (read only within 3 steps of a square reached, so 4 of the one left)
    lead = g.distances(pawn_square(ctx.state, ctx.leader()))
    rand = rng.random
    best: Action = legal[0]
    best_score = 0.0
    first = True
    for t, a, key in _skeleton_moves(ctx, legal):  # the first of the highest scores (as max would)
        s = key >> 2
        gain = 0.0
        ls, lt = lead[s], lead[t]
        if ls >= 0 and lt >= 0:
            gain += (ls - lt) * (2.0 if lt <= 6 else 1.0)
        ms, mt = mine[s], mine[t]
        if ms >= 0 and mt >= 0 and mt <= 3:
            gain += (mt - ms) * 1.5
        score = gain + rand() * 0.01
        if first or score > best_score:
            best, best_score, first = a, score, False
    return best


def _skeleton_moves(ctx: _Ctx, legal: list[Action]) -> list[tuple[int, Action, int]]:
    """The legal skeleton moves as the rules list them (square reached, action, 4 * square left +
    direction), in the order of ``legal``: the rules' list itself, or the part of it that is legal (the
    look-ahead of R5 leaves some moves out)."""
    steps = skeleton_steps(ctx.state)
    if list(map(STEP_ACTION, steps)) == legal:
        return steps
    keep = set(map(id, legal))
    steps = [e for e in steps if id(e[1]) in keep]
    if list(map(STEP_ACTION, steps)) == legal:
        return steps
    g = ctx.g
    out: list[tuple[int, Action, int]] = []
    for a in legal:  # (not met in play: the legal list is always part of the rules' own)
        assert isinstance(a, A.SkeletonMove)
        s = g.at[(a.x, a.y)]
        out.append((g.step[s][a.d], a, 4 * s + a.d))
    return out


def _commit(ctx: _Ctx, legal: list[Action]) -> Action:
    """Commit skeletons worth up to 6 points (strongest first) and all Humans but one."""
    pc = bot_player_combat(ctx.state, ctx.seat)
    side = pc["challenger"] if pc["challenger"]["seat"] == ctx.seat else pc["holder"]
    committed = side.get("committed", {"white": 0, "red": 0, "blue": 0, "humans": 0})
    pts = committed["white"] * VALUE["white"] + committed["red"] * VALUE["red"] + committed["blue"] * VALUE["blue"]
    words = {str(a): a for a in legal}
    if pts < 6:
        for c in ("blue", "red", "white"):
            if f"hide {c}" in words:
                return words[f"hide {c}"]
    if committed["humans"] < ctx.humans() - 1 and "hide human" in words:
        return words["hide human"]
    return words["ready"]


def _pvp(ctx: _Ctx, legal: list[Action]) -> Action:
    pc = bot_player_combat(ctx.state, ctx.seat)
    me, other = ((pc["challenger"], pc["holder"]) if pc["challenger"]["seat"] == ctx.seat
                 else (pc["holder"], pc["challenger"]))
    words = {str(a): a for a in legal}
    if "reroll" in words and (me["die"] <= 3 or _total(me) <= _total(other)):
        return words["reroll"]
    return words["stand"]


def _total(side: CombatSide) -> int:
    c = side["committed"]  # both commitments are revealed by now (§6.4)
    return side["die"] + c["white"] * VALUE["white"] + c["red"] * VALUE["red"] + c["blue"] * VALUE["blue"]


def _discard(ctx: _Ctx, legal: list[Action]) -> Action:
    words = {str(a): a for a in legal}
    shots = [a for a in legal if isinstance(a, A.Shoot)]
    if shots:
        return max(shots, key=lambda a: ctx.skel(ctx.g.at[(a.x, a.y)]))
    play = _best_play(ctx, legal)
    if play is not None:
        return play
    discards = [a for a in legal if isinstance(a, A.Discard)]
    in_play = set(pawn_in_play(ctx.state, ctx.seat))
    keeps = [_keep(a, in_play) for a in discards]
    if "end" not in words:
        return discards[keeps.index(min(keeps))]
    if keeps and min(keeps) <= 1:
        return discards[keeps.index(min(keeps))]
    return words["end"]


def _keep(a: A.Discard, in_play: set[str]) -> int:
    """How much keeping a card is worth (the least is discarded)."""
    name = CARDS[a.card].name
    if name in in_play:
        return -1  # a second copy cannot be played
    return len(KEEP) - KEEP.index(name) if name in KEEP else 0
