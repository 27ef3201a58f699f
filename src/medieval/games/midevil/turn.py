"""§3 The turn sequence: the nine steps in their exact order, from drawing a tile (step 1) to the optional
discard that ends the turn (step 9), and the passing of the turn clockwise (R12 the round limit). Each
step hands over to the rules of its own section: tiles (``placing``), combat (``combat``), movement
(``movement``), the skeletons (``skeletons``), event cards (``cards``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.games.midevil import cards, combat, movement, placing, react, skeletons, winning
from medieval.games.midevil.components import CARDS, HAND_LIMIT, MAX_HUMANS

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState


def begin_turn(s: MidEvilState) -> None:
    """§3 step 1 and the turn's bookkeeping (§8.2 one card per round; R6 respawn with 3 Humans)."""
    seat = s.turn
    s.played[seat] = False
    s.used = []
    s.challenged = False
    s.forfeit = False
    s.roll = 0
    s.moves = 0
    if s._log_on:
        s._emit_lazy("turn", _turn, (seat, s.round))
    if s.respawn[seat]:
        s.respawn[seat] = False
        take = min(HAND_LIMIT, s.supply, MAX_HUMANS - s.humans[seat])
        s.humans[seat] += take
        s.supply -= take
        s._emit("respawn", {"seat": seat, "humans": take})
    placing.draw_tile(s)


def step3(s: MidEvilState) -> None:
    """§3 step 3: fight a skeleton on your square."""
    sq = s.pawn[s.turn]
    if s.skel[sq]:
        combat.fight(s, sq, "draw")
        return
    step4(s)


def step4(s: MidEvilState) -> None:
    """§3 step 4: draw back up to 3 event cards."""
    seat = s.turn
    need = HAND_LIMIT - len(s.hands[seat])
    if need > 0:
        draw_cards(s, seat, need)
    step5(s)


def draw_cards(s: MidEvilState, seat: int, n: int) -> None:
    """Draw from the event deck; R18 an empty deck is made again from the shuffled discard pile."""
    got: list[int] = []
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.deck = s.discard
            s.discard = []
            s._rng().shuffle(s.deck)
            s._emit("reshuffle", {"cards": len(s.deck)})
        got.append(s.deck.pop())
    if got:
        s.hands[seat] = sorted(s.hands[seat] + got)
        if s._log_on:
            s._emit_lazy("draw", _drawn, (seat, tuple(got)), (seat,))


def _drawn(seat: int, got: tuple[int, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The log entry of cards drawn: their names for the drawer, their count for the others (built when
    read: ``State._emit_lazy``)."""
    return {"seat": seat, "cards": [CARDS[c].name for c in got]}, {"seat": seat, "count": len(got)}


def step5(s: MidEvilState) -> None:
    """§3 step 5: the movement roll (then step 6, ``movement``)."""
    r = s.d6()
    s.roll = r
    s.moves = 2 * r
    s.phase = "move"
    if s._log_on:
        s._emit_lazy("move_roll", _rolled, (s.turn, r))
    if react.open_window(s, "move_roll", react.others(s)):  # §8.1 a card after the roll (R7)
        return
    after_move_roll(s)


def after_move_roll(s: MidEvilState) -> None:
    """§3 step 6 begins: pick-ups where the movement starts (R16), then the moves."""
    movement.arrive(s)
    if s.phase == "over":
        return
    movement.settle_move(s)


def step8(s: MidEvilState) -> None:
    """§3 step 8, §9: roll for the skeletons to move."""
    k = s.d6()
    if s._log_on:
        s._emit_lazy("skeleton_roll", _rolled, (s.turn, k))
    skeletons.start(s, k, "step9")


def step9(s: MidEvilState) -> None:
    """§3 step 9: you may discard one event card; that ends the turn."""
    s.phase = "discard"
    cards.settle_discard(s)


def end_turn(s: MidEvilState) -> None:
    """The turn passes clockwise (R8 the end-of-turn points check; R12 the round limit)."""
    seat = s.turn
    opts = s.options
    if opts["points_check"] == "end_of_turn" and winning.points(s.kills[seat]) >= opts["target_points"]:
        winning.win(s, seat, "skeleton_points")
        return
    nxt = (seat + 1) % s.players
    if nxt == s.first:
        s.round += 1
        if s.round > opts["max_rounds"]:
            winning.finish_by_limit(s)
            return
    s.turn = nxt
    begin_turn(s)


# Log entries of every turn, built when read (``State._emit_lazy``): a turn's entries then hold numbers only.
def _turn(seat: int, round_no: int) -> tuple[dict[str, Any], None]:
    return {"seat": seat, "round": round_no}, None


def _rolled(seat: int, roll: int) -> tuple[dict[str, Any], None]:
    return {"seat": seat, "roll": roll}, None
