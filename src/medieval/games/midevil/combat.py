"""§5 Skeleton combat: one die, 4 or more kills (§5.2); after a miss, killed skeletons spent to raise
the roll with no change given (§5.3, R4), a Human spent to re-roll (§5.4, R2), the Chain Mail or a weapon
card (R7, R19); with none of these the player dies (§5.5, R1, R6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import cards, movement, react, turn, winning
from medieval.games.midevil.components import BOOK_AT_GRAVEYARD, CARDS, CHAIN_MAIL, COLOURS, KILL_ROLL

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState


def spend_options(kills: list[int], need: int) -> list[str]:
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


def item_bonus(s: MidEvilState, seat: int) -> int:
    """§5.7, R19 one weapon per roll: the best weapon item in play counts."""
    best = 0
    for c in s.in_play[seat]:
        b = CARDS[c].bonus
        if CARDS[c].effect == "melee_item" and b > best:
            best = b
    return best


def fight(s: MidEvilState, sq: int, after: str) -> None:
    """§5.1-§5.2: combat against the skeleton on square ``sq``; ``after``: where play goes on once it is
    killed, "draw" (§3 step 4) or "move" (the movement goes on)."""
    s.after = after
    raw = s.d6()
    bonus = item_bonus(s, s.turn)
    s.combat = [sq, raw, bonus, 0]
    if s._log_on:
        s._emit("combat", {"seat": s.turn, "square": s.xy(sq), "skeleton": COLOURS[s.skel[sq] - 1],
                           "roll": raw, "bonus": bonus})
    judge(s)


def judge(s: MidEvilState) -> None:
    """§5.2 a kill on 4 or more; otherwise the choices after a miss (§5.3-§5.4), or death (§5.5, R1)."""
    _, raw, bonus, _ = s.combat
    if raw + bonus >= KILL_ROLL:
        won_fight(s)
        return
    s.phase = "combat"
    if react.open_window(s, "combat", react.others(s)):  # §8.1 a card against the fighter (R7)
        return
    after_miss(s)


def after_miss(s: MidEvilState) -> None:
    """The fighter's choices after a miss (§5.3-§5.4), or death (§5.5, R1)."""
    acts = combat_actions(s)
    if not acts:  # §5.5, R1: no skeletons to spend, no Human to re-roll: you die
        die(s, s.turn, "skeleton")
        return
    s.prime(acts)


def combat_actions(s: MidEvilState) -> list[Action]:
    seat = s.turn
    _, raw, bonus, _ = s.combat
    acts: list[Action] = [A.spend(c) for c in spend_options(s.kills[seat], KILL_ROLL - raw - bonus)]
    if s.humans[seat]:
        acts.append(A.REROLL)
    if CHAIN_MAIL in s.in_play[seat] and "armour" not in s.used:
        acts.append(A.ARMOUR)
    acts += cards.plays(s, "combat")
    return acts


def won_fight(s: MidEvilState) -> None:
    sq = s.combat[0]
    s.combat = []
    kill(s, s.turn, sq, "combat")
    if s.phase == "over":
        return
    if s.after == "draw":
        turn.step4(s)
    else:
        s.phase = "move"
        movement.arrive(s)
        if s.phase != "over":
            movement.settle_move(s)


def kill(s: MidEvilState, seat: int, sq: int, how: str) -> None:
    """Collect the skeleton on ``sq`` (§5.2 combat, or a ranged weapon); R8 the points check."""
    skel = s.own_skel()
    c = skel[sq]
    skel[sq] = 0
    s.kills[seat][c - 1] += 1
    if s._log_on:
        g = s.geo()
        s._emit_lazy("kill", _killed, (seat, g.xs[sq], g.ys[sq], c, how))
    winning.check_points(s, seat)


def spend(s: MidEvilState, colours: str) -> None:
    """§5.3: spend killed skeletons to raise the roll (they leave the game, R2)."""
    seat = s.turn
    for ch in colours:
        c = "WRB".index(ch)
        s.kills[seat][c] -= 1
        s.gone[c] += 1
    s._emit("spend", {"seat": seat, "skeletons": [COLOURS["WRB".index(ch)] for ch in colours]})
    won_fight(s)


def reroll(s: MidEvilState, armour: bool) -> None:
    """§5.4 spend a Human (back to the supply, R2) to re-roll, or use the Chain Mail."""
    seat = s.turn
    if armour:
        s.used.append("armour")
    else:
        s.humans[seat] -= 1
        s.supply += 1
    raw = s.d6()
    bonus = item_bonus(s, seat)
    s.combat[1] = raw
    s.combat[2] = bonus
    s.combat[3] = 0
    s._emit("combat_reroll", {"seat": seat, "with": "Chain Mail" if armour else "Human", "roll": raw,
                              "bonus": bonus})
    judge(s)


def die(s: MidEvilState, seat: int, cause: str) -> None:
    """§5.5: back to the Altar; killed skeletons leave the game, items are discarded; R6 the Humans go
    to the supply and 3 are taken at the next turn; §11.7 the book returns to the Graveyard."""
    g = s.geo()
    s.pawn[seat] = g.altar
    k = s.kills[seat]
    for c in range(3):
        s.gone[c] += k[c]
    s.kills[seat] = [0, 0, 0]
    lost = [CARDS[c].name for c in s.in_play[seat]]
    s.discard.extend(s.in_play[seat])
    s.in_play[seat] = []
    s.horse_at[seat] = -1
    s.supply += s.humans[seat]
    s.humans[seat] = 0
    s.respawn[seat] = True
    dropped = s.book == seat
    if dropped:
        s.book = BOOK_AT_GRAVEYARD
    s._emit("death", {"seat": seat, "cause": cause, "lost_skeletons": [COLOURS[c] for c in range(3)
                                                                       for _ in range(k[c])],
                      "lost_items": lost, "book_returns": dropped})
    if seat == s.turn:
        s.combat = []
        s.forfeit = True
        s.phase = "discard"
        cards.settle_discard(s)


def _killed(seat: int, x: int, y: int, colour: int, how: str) -> tuple[dict[str, Any], None]:
    """The log entry of a kill (built when read)."""
    return {"seat": seat, "square": [x, y], "skeleton": COLOURS[colour - 1], "by": how}, None
