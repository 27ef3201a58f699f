"""§9 Skeleton movement: a die says how many skeletons must move, if they can (§9.1); each moves one
orthogonal square, none twice (§9.2); the active player chooses them, never onto another skeleton
(§4.3), onto a pawn by option (R5). "You must move that number if possible": the number to move is the
most that some order of moves reaches (up to the roll), and only the moves that keep it reachable are
offered (a look-ahead, R5). Restless Dead starts the same movement mid-turn."""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import cards, movement, turn
from medieval.games.midevil.components import OPPOSITE
from medieval.games.midevil.geometry import Geometry

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState

#: Parts of an entry of ``Geometry.skeleton_steps``: (square reached, action, order key).
STEP_ACTION = itemgetter(1)
_STEP_KEY = itemgetter(2)


def start(s: MidEvilState, k: int, resume: str) -> None:
    """``k`` skeletons to move; then play goes on at ``resume``: "step9" (§3 step 9), "move" or
    "discard" (after a Restless Dead)."""
    s.phase = "skeletons"
    s.skel_moved = []
    s.resume = resume
    s._skp = None
    s.skel_left = reachable(s, k)
    settle(s)


def settle(s: MidEvilState) -> None:
    if s.skel_left > 0:
        acts = skeleton_actions(s)
        if acts:  # a skeleton can move
            s.prime(acts)
            return
    s._skp = None
    s.skel_left = 0
    s.skel_moved = []
    resume = s.resume
    s.resume = ""
    if resume == "step9":
        turn.step9(s)
    elif resume == "move":
        s.phase = "move"
        movement.settle_move(s)
    else:
        s.phase = "discard"
        cards.settle_discard(s)


def skeleton_actions(s: MidEvilState) -> list[Action]:
    """§9.1, R5: the moves that still let ``skel_left`` skeletons move in all (one of them this one)."""
    steps = skeleton_steps(s)
    need = s.skel_left
    if need <= 1 or s._skb > need or _matching(steps, need + 1) > need:
        # Any move keeps the rest possible: with need + 1 skeletons matched to distinct free squares,
        # a move spoils at most two of those pairs (its own skeleton's and its square's).
        acts = s._ska
        assert acts is not None  # (kept beside ``_skp``)
        return acts[:]
    skel = s.own_skel()  # (each move is tried on it, then undone)
    moved = s.skel_moved
    out: list[Action] = []
    for to, act, key in steps:
        frm = key >> 2
        skel[to], skel[frm] = skel[frm], 0
        moved.append(to)
        ok = most_moves(s, need - 1) >= need - 1
        moved.pop()
        skel[frm], skel[to] = skel[to], 0
        if ok:
            out.append(act)
    return out


def reachable(s: MidEvilState, k: int) -> int:
    """§9.1 "You must move that number if possible": the most skeletons (at most ``k``) that can move
    one after the other, none twice. Also keeps a greedy matching's size, up to ``2 k``, as the lower bound
    ``MidEvilState._skb`` that spares ``skeleton_actions`` its own matching move after move."""
    if k <= 0:
        return 0
    steps = skeleton_steps(s)
    low = s._skb = _greedy(steps, 2 * k)
    if low >= k:
        return k
    return most_moves(s, k, steps)


def _free_steps(s: MidEvilState) -> list[tuple[int, Action, int]]:
    """The legal moves of the position (as ``skeleton_steps``, built afresh; for the look-ahead)."""
    table = s.geo().skeleton_steps()
    skel = s.skel
    moved = s.skel_moved
    pawns = () if s.options["skeletons_enter_pawns"] else s.pawn
    return [e for sq in compress(range(len(skel)), skel) if sq not in moved for e in table[sq]
            if not skel[e[0]] and e[0] not in pawns]


def _matching(steps: list[tuple[int, Action, int]], cap: int) -> int:
    """How many skeletons can be given distinct free squares to step to (a bipartite matching, stopped at
    ``cap``): that many moves can be made in any order, as no move takes another's square."""
    if _greedy(steps, cap) >= cap:  # usually enough to reach the cap at once
        return cap
    options: dict[int, list[int]] = {}
    for to, _, key in steps:
        options.setdefault(key >> 2, []).append(to)
    return _max_matching(options, cap)


def _greedy(steps: list[tuple[int, Action, int]], cap: int) -> int:
    """The size of a matching of skeletons to distinct free squares taken greedily in the order of
    ``steps`` (a lower bound of the largest), stopped at ``cap``. The steps are in order of their keys, so
    each skeleton's steps come one after the other: a skeleton is matched at most once by comparing it
    with the last one matched."""
    last = -1
    taken_to: set[int] = set()
    n = 0
    for to, _, key in steps:
        frm = key >> 2
        if frm != last and to not in taken_to:
            last = frm
            taken_to.add(to)
            n += 1
            if n >= cap:
                break
    return n


def _max_matching(options: dict[int, list[int]], cap: int) -> int:
    """The size of a maximum matching of the keys of ``options`` to distinct squares among their options
    (augmenting paths), stopped at ``cap``."""
    owner: dict[int, int] = {}
    n = 0
    for frm in options:
        if _augment(frm, set(), options, owner):
            n += 1
            if n >= cap:
                break
    return n


def _augment(frm: int, seen: set[int], options: dict[int, list[int]], owner: dict[int, int]) -> bool:
    """An augmenting path from ``frm`` (a function of its own, not a closure: a recursive closure refers to
    itself, and each call would leave a reference cycle for the garbage collector)."""
    for to in options[frm]:
        if to in seen:
            continue
        seen.add(to)
        if to not in owner or _augment(owner[to], seen, options, owner):
            owner[to] = frm
            return True
    return False


def most_moves(s: MidEvilState, cap: int, steps: list[tuple[int, Action, int]] | None = None) -> int:
    """The most skeletons (at most ``cap``) that can move one after the other from the position, none
    twice (``steps``: the position's legal moves when known).

    A set of moves can be made in some order exactly when it forms paths that do not cross: each path a
    line of skeletons, each stepping into the square the next one leaves, the last into a free square
    (a skeleton leaves before another enters; none moves twice; a square left may be entered unless a pawn
    stands there with ``skeletons_enter_pawns`` off). A matching of skeletons to distinct free squares
    (``_matching``) gives moves made in any order and usually settles it; otherwise the paths are searched
    (``_path_search``), bounded above by a matching of skeletons to any square they may end on."""
    if cap <= 0:
        return 0
    if steps is None:
        steps = _free_steps(s)
    low = _matching(steps, cap)
    if low >= cap:
        return cap
    return _path_search(s, cap, low)


def _path_search(s: MidEvilState, cap: int, low: int) -> int:
    """``most_moves`` when a matching to free squares reaches only ``low`` moves (< ``cap``)."""
    table = s.geo().skeleton_steps()
    skel = s.skel
    moved = s.skel_moved
    blocked: tuple[int, ...] | list[int] = () if s.options["skeletons_enter_pawns"] else s.pawn
    movers = {sq for sq in compress(range(len(skel)), skel) if sq not in moved}
    near: dict[int, list[int]] = {sq: [e[0] for e in table[sq]] for sq in movers}
    # the skeletons that can move at all: next to a free square, or to a skeleton that can move and whose
    # square may then be entered
    can = {sq for sq, ts in near.items() if any(not skel[t] and t not in blocked for t in ts)}
    todo = [sq for sq in can if sq not in blocked]
    while todo:
        r = todo.pop()
        for p in near[r]:
            if p in movers and p not in can:
                can.add(p)
                if p not in blocked:
                    todo.append(p)
    high = min(cap, len(can))
    if high > low:  # each moving skeleton ends on a square of its own
        high = _max_matching({sq: [t for t in near[sq] if (t in can or not skel[t]) and t not in blocked]
                              for sq in sorted(can)}, high)
    if high <= low:
        return low
    # the free squares the paths end on, in order, with the skeletons next to them; for each skeleton that
    # may be entered, the skeletons that may step into its square
    ends = sorted({t for sq in can for t in near[sq] if not skel[t] and t not in blocked})
    last = [[e[0] for e in table[t] if e[0] in can] for t in ends]  # (steps are symmetric)
    before = {sq: ([p for p in near[sq] if p in can] if sq not in blocked else []) for sq in can}
    paths = _Paths(ends, last, before, low, high, len(can))
    paths.start(0, 0)
    return paths.best


class _Paths:
    """The search of ``_path_search`` (an object, not two closures calling each other, which would leave a
    reference cycle for the garbage collector at each call). ``used``: the skeletons on the paths so far;
    ``best``: the most moves found."""

    __slots__ = ("before", "best", "ends", "high", "last", "left", "used")

    def __init__(self, ends: list[int], last: list[list[int]], before: dict[int, list[int]], low: int,
                 high: int, left: int) -> None:
        self.ends = ends
        self.last = last
        self.before = before
        self.best = low
        self.high = high
        self.left = left
        self.used: set[int] = set()

    def start(self, i: int, count: int) -> bool:
        """Paths ending on ``ends[i:]``, with ``count`` moves so far; True once ``high`` is reached."""
        used, last = self.used, self.last
        for k in range(i, len(self.ends)):
            for sq in last[k]:
                if sq not in used:
                    used.add(sq)
                    if self.grow(sq, k + 1, count + 1):
                        return True
                    used.discard(sq)
        return False

    def grow(self, first: int, i: int, count: int) -> bool:
        """The path under way starts at ``first``: end it there, or let another skeleton step in before."""
        if count > self.best:
            self.best = count
            if count >= self.high:
                return True
        used = self.used
        if count + self.left - len(used) <= self.best:
            return False
        if self.start(i, count):
            return True
        for p in self.before[first]:
            if p not in used:
                used.add(p)
                if self.grow(p, i, count + 1):
                    return True
                used.discard(p)
        return False


def skeleton_steps(s: MidEvilState) -> list[tuple[int, Action, int]]:
    """§9.2, R5: the legal skeleton moves as entries of ``Geometry.skeleton_steps`` (square reached, action,
    order key), in order: every skeleton that has not moved yet, to a square with no skeleton (nor a
    pawn, by option). Kept for the skeleton movement under way (``MidEvilState._skp``, with their actions
    in ``_ska``): built at the first need, then updated by ``move``."""
    steps = s._skp
    if steps is None:
        s._skb = 0
        table = s.geo().skeleton_steps()
        skel = s.skel
        moved = s.skel_moved
        squares = compress(range(len(skel)), skel)
        if s.options["skeletons_enter_pawns"]:
            steps = [e for sq in squares if sq not in moved for e in table[sq] if not skel[e[0]]]
        else:
            pawns = s.pawn
            steps = [e for sq in squares if sq not in moved for e in table[sq] if not skel[e[0]] and e[0] not in pawns]
        s._skp = steps
        s._ska = list(map(STEP_ACTION, steps))
    return steps


def move(s: MidEvilState, a: A.SkeletonMove) -> None:
    """§9.1-§9.2: one skeleton one square; none moves twice (R5: the active player moves them)."""
    g = s.geo()
    frm = g.at[(a.x, a.y)]
    to = g.step[frm][a.d]
    skel = s.own_skel()
    skel[to] = skel[frm]
    skel[frm] = 0
    s.skel_moved.append(to)
    s.skel_left -= 1
    if s._log_on:
        s._emit_lazy("skeleton_move", _moved, (s.turn, a.x, a.y, g.xs[to], g.ys[to]))
    steps = s._skp
    if steps is not None:
        if s.skel_left > 0:
            _update_steps(s, steps, g, frm, to)
            s._skb -= 2  # (the move spoils at most two pairs of the matching: its skeleton's, its square's)
        else:
            s._skp = None
    settle(s)


def _moved(seat: int, x: int, y: int, tx: int, ty: int) -> tuple[dict[str, Any], None]:
    """The log entry of a skeleton move (built when read: ``State._emit_lazy``)."""
    return {"seat": seat, "from": [x, y], "to": [tx, ty]}, None


def _update_steps(s: MidEvilState, steps: list[tuple[int, Action, int]], g: Geometry, frm: int, to: int) -> None:
    """After a skeleton moved from ``frm`` to ``to``, only the moves from frm, into to and into frm change.
    Steps are symmetric: the squares that step into a square are those it steps to, each back the opposite
    way, so the move from ``u`` into it (a step ``e`` of it reaching ``u``) has the order key
    ``4 * u + OPPOSITE[d]``, ``d`` being ``e``'s direction."""
    table = g.skeleton_steps()
    skel = s.skel
    acts = s._ska
    assert acts is not None  # (kept beside ``steps``)
    i, j = bisect_left(steps, 4 * frm, key=_STEP_KEY), bisect_left(steps, 4 * frm + 4, key=_STEP_KEY)
    del steps[i:j], acts[i:j]
    for e in table[to]:  # the moves into ``to`` are gone
        u = e[0]
        if skel[u]:
            key = 4 * u + OPPOSITE[e[2] & 3]
            i = bisect_left(steps, key, key=_STEP_KEY)
            if i < len(steps) and steps[i][2] == key:
                del steps[i], acts[i]
    if s.options["skeletons_enter_pawns"] or frm not in s.pawn:  # the moves into ``frm`` are new
        moved = s.skel_moved
        for e in table[frm]:
            u = e[0]
            if skel[u] and u not in moved:
                key = 4 * u + OPPOSITE[e[2] & 3]
                for back in table[u]:
                    if back[2] == key:
                        i = bisect_left(steps, key, key=_STEP_KEY)
                        steps.insert(i, back)
                        acts.insert(i, back[1])


def any_can_move(s: MidEvilState, moved: list[int] | tuple[()] = ()) -> bool:
    """Whether some skeleton (not in ``moved``) has a legal step (R5)."""
    table = s.geo().skeleton_steps()
    skel = s.skel
    pawns = () if s.options["skeletons_enter_pawns"] else s.pawn
    return any(not skel[e[0]] and e[0] not in pawns for sq in compress(range(len(skel)), skel)
               if sq not in moved for e in table[sq])
