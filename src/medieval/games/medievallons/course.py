"""§3 Course of play: after the action the turn's draw and the next seat; every card taken from the draw
pile, and the End of Game card when the pile runs out (§3.2, §5.3); §6.1 running out of cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievallons.components import KINDS, RED, YELLOW
from medieval.games.medievallons.end import RoundOver

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState


def end_turn(s: MedievallonsState) -> None:
    """§3.1 / §4.1: after the action the played card is discarded, then the turn's draw; next seat."""
    if s.played >= 0:
        s.discard.append(s.played)
        s.played = -1
    current = s.current
    pile = s.draw  # the turn's draw (as draw_one)
    c = pile.pop()
    s.hands[current][c] += 1
    if s._log_on:
        s._emit("draw", {"seat": current, "cards": [KINDS[c]], "why": "turn"}, to=(current,),
                redacted={"seat": current, "count": 1, "why": "turn"})
    if not pile:
        pile_empty(s)
    s.current = (current + 1) % s.game.players
    s.turn += 1


def draw(s: MedievallonsState, seat: int, count: int, why: str) -> None:
    """Take ``count`` cards from the draw pile into ``seat``'s hand (one log entry per batch; R24 the End
    card is checked at every card)."""
    hand = s.hands[seat]
    pile = s.draw
    log = s._log_on
    got: list[str] = []
    for _ in range(count):
        c = pile.pop()
        hand[c] += 1
        if log:
            got.append(KINDS[c])
        if not pile:
            if log:
                s._emit("draw", {"seat": seat, "cards": got, "why": why}, to=(seat,),
                        redacted={"seat": seat, "count": len(got), "why": why})
            got = []
            pile_empty(s)
            pile = s.draw
    if got:
        s._emit("draw", {"seat": seat, "cards": got, "why": why}, to=(seat,),
                redacted={"seat": seat, "count": len(got), "why": why})


def draw_one(s: MedievallonsState, seat: int, why: str) -> None:
    """``draw(s, seat, 1, why)``, the common case, in short."""
    pile = s.draw
    c = pile.pop()
    s.hands[seat][c] += 1
    if s._log_on:
        s._emit("draw", {"seat": seat, "cards": [KINDS[c]], "why": why}, to=(seat,),
                redacted={"seat": seat, "count": 1, "why": why})
    if not pile:
        pile_empty(s)


def pile_empty(s: MedievallonsState) -> None:
    """§3.2 the End card is revealed: the first time red, flip it and shuffle the discard pile "except the
    last card played (which becomes the new discard pile)" into a new draw pile; yellow (or the new pile
    is empty, R16), the round ends (§5.3). It may happen in the middle of a power, which then goes on
    with the new pile (R24): the card being played is then the last card played, so the whole discard
    pile is shuffled and that card alone makes the new one when it is discarded (option
    ``reshuffle_keeps="top"``: the top card of the discard pile stays as well)."""
    s.runs_out += 1
    if s.end_side == RED:
        s.end_side = YELLOW
        keep = 0 if s.played >= 0 and not s.game.reshuffle_keeps_top else 1
        pile = s.discard[:len(s.discard) - keep]
        s.discard = s.discard[len(s.discard) - keep:]
        s._rng().shuffle(pile)
        s.draw = pile
        s._emit("end_card", {"side": YELLOW, "reshuffled": len(pile)})
        if pile:
            return
        s.runs_out += 1
    s._emit("pile_empty", {"times": s.runs_out})
    raise RoundOver("alternative_end", [])


def ensure(s: MedievallonsState, seat: int, count: int) -> None:
    """§6.1 running out of cards: draw until the seat holds ``count`` cards (R17: the Merchant's two
    sides, each Noble giver, the Priest's target)."""
    have = sum(s.hands[seat])
    if have < count:
        draw(s, seat, count - have, "running out")
