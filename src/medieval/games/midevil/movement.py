"""§7 Player movement: one die (§7.1), stop at will (§7.2), orthogonal steps through doors only
(§7.3, §7.6: ``geometry.Geometry``), every skeleton met fought (§7.4), Humans and the book picked up
(§7.5, §6.1, R16), the Horse (§7.8-§7.10, R14); §10 the book brought to the Altar's centre wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import cards, combat, turn, winning
from medieval.games.midevil.components import BOOK_AT_GRAVEYARD, CROSSBOW, HORSE, MAX_HUMANS

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState


def riding(s: MidEvilState, seat: int) -> bool:
    """R14: a Horse in play with its owner, who is outside."""
    return HORSE in s.in_play[seat] and s.horse_at[seat] < 0 and not s.geo().region[s.pawn[seat]]


def move_actions(s: MidEvilState) -> list[Action]:
    """The movement choices: a step (§7.1-§7.3; R14 half a step left is enough on horseback to an outside
    square), stop (§7.2), claiming a waiting Horse (§7.10, R14), a challenge (§6.2, R10), a card (R7),
    the Crossbow's shot."""
    seat = s.turn
    g = s.geo()
    m = s.moves
    acts: list[Action]
    if m >= 2:
        acts = [A.MOVES[d] for d, t in enumerate(g.step[s.pawn[seat]]) if t >= 0]
    elif m > 0 and riding(s, seat):  # half a step left: on horseback, to an outside square
        region = g.region
        acts = [A.MOVES[d] for d, t in enumerate(g.step[s.pawn[seat]]) if t >= 0 and not region[t]]
    else:
        acts = []
    acts.append(A.STOP)
    if max(s.horse_at) >= 0 and horse_owner(s, seat) >= 0:
        acts.append(A.CLAIM)
    b = s.book
    if b >= 0 and b != seat and not s.challenged and s.pawn[b] == s.pawn[seat]:
        acts.append(A.CHALLENGE)
    if not s.played[seat] and s.hands[seat]:
        acts += cards.plays(s, "move")
    if CROSSBOW in s.in_play[seat] and "crossbow" not in s.used:
        acts += cards.shots(s)
    return acts


def horse_owner(s: MidEvilState, seat: int) -> int:
    """§7.10, R14: whose waiting Horse ``seat`` may claim on its square ("Any player that enters a square
    with a "Horse" but not another player may claim the "Horse" from the owner"), or -1. One copy in
    play (§11.3): not with a Horse of one's own."""
    sq = s.pawn[seat]
    if sq not in s.horse_at or HORSE in s.in_play[seat] or s.geo().region[sq]:
        return -1
    pawn = s.pawn
    for o in range(s.players):
        if o != seat and s.horse_at[o] == sq:
            if any(pawn[p] == sq for p in range(s.players) if p != seat):
                return -1
            return o
    return -1


def claim(s: MidEvilState, seat: int) -> None:
    """§7.10: take the waiting Horse; §7.8 the rest of the movement counts double."""
    o = horse_owner(s, seat)
    s.in_play[o].remove(HORSE)
    s.horse_at[o] = -1
    s.in_play[seat].append(HORSE)
    s._emit("horse_claimed", {"seat": seat, "from": o})
    settle_move(s)


def settle_move(s: MidEvilState) -> None:
    """Offer the movement choices, or go on to §3 step 8 when only "stop" is left."""
    acts = move_actions(s)
    if len(acts) > 1:
        s.prime(acts)
    else:  # only "stop" would be legal: nothing left to decide
        turn.step8(s)


def stop(s: MidEvilState, seat: int) -> None:
    """§7.2 the movement ends at the player's word."""
    if s._log_on:
        s._emit_lazy("stop", _seat, (seat,))
    turn.step8(s)


def step(s: MidEvilState, d: int) -> None:
    """§7.1-§7.3 one orthogonal step; §7.8-§7.9, R14 the Horse: a step to an outside square costs half
    on horseback; entering a building leaves the Horse on the square outside its door."""
    seat = s.turn
    g = s.geo()
    here = s.pawn[seat]
    t = g.step[here][d]
    s.moves -= 1 if riding(s, seat) and not g.region[t] else 2
    if HORSE in s.in_play[seat]:
        if not g.region[here] and g.region[t] and s.horse_at[seat] < 0:
            s.horse_at[seat] = here
        elif not g.region[t] and s.horse_at[seat] >= 0:
            s.horse_at[seat] = -1
    s.pawn[seat] = t
    if s._log_on:
        s._emit_lazy("move", _moved, (seat, g.xs[t], g.ys[t]))
    if s.skel[t]:
        combat.fight(s, t, "move")  # §7.4 fight every skeleton met before going on
        return
    arrive(s)
    if s.phase != "over":
        settle_move(s)


def _moved(seat: int, x: int, y: int) -> tuple[dict[str, Any], None]:
    """The log entry of a step (built when read: ``State._emit_lazy``)."""
    return {"seat": seat, "to": [x, y]}, None


def arrive(s: MidEvilState) -> None:
    """On a square with no skeleton: §7.5 take a Human (at most 5, §11.2), §6.1 take the book at the
    Graveyard's centre, §10 win with the book at the Altar's centre (a waiting Horse is the player's
    choice: ``claim``, R14). Also run when the movement phase starts (R16)."""
    seat = s.turn
    g = s.geo()
    sq = s.pawn[seat]
    if s.hum[sq] and s.humans[seat] < MAX_HUMANS:
        s.own_hum()[sq] = 0
        s.humans[seat] += 1
        if s._log_on:
            s._emit("pick_up", {"seat": seat, "square": s.xy(sq)})
    if sq == g.graveyard and s.book == BOOK_AT_GRAVEYARD:
        s.book = seat
        s._emit("book_taken", {"seat": seat})
    if s.book == seat and sq == g.altar:
        winning.win(s, seat, "necronomicon")


def _seat(seat: int) -> tuple[dict[str, Any], None]:
    """The log entry of a seat's word (built when read)."""
    return {"seat": seat}, None
