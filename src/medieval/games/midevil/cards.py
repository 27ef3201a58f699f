"""§8 Event cards: played in the active player's windows (§8.1, R7), one a round (§8.2) while items
already in play do not count (§8.3), at most 3 in hand at the end of the turn (§8.4, R17), the optional
discard that ends it (§8.5), a card above the rules (§8.6), ranged weapons and their line of sight (§8.7,
§8.8, R15). The cards themselves are our design (data/cards.json); their effects are here."""

from __future__ import annotations

from functools import partial
from itertools import compress
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil import combat, movement, react, skeletons, turn, winning
from medieval.games.midevil.components import CARDS, COLOURS, CROSSBOW, HAND_LIMIT, HORSE, MAX_HUMANS
from medieval.games.midevil.react import raise_squares

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState

_CROSSBOW_RANGE = CARDS[CROSSBOW].range
#: Per card, ``play_at`` of that card (the interned ``play CARD X,Y`` of a square).
_PLAY_AT = tuple(partial(A.play_at, c.index) for c in CARDS)


def discard_actions(s: MidEvilState) -> list[Action]:
    """§3 step 9, §8.4-§8.5: end the turn or discard a card (over 3 cards: discard); a card or a shot
    before that (R7)."""
    seat = s.turn
    hand = s.hands[seat]
    distinct = sorted(set(hand))
    if s.forfeit:  # died: only bring the hand down to 3 (§8.4)
        return [A.DISCARDS[c] for c in distinct] if len(hand) > HAND_LIMIT else []
    acts: list[Action] = [A.END] if len(hand) <= HAND_LIMIT else []
    acts += [A.DISCARDS[c] for c in distinct]
    if not s.played[seat] and hand:
        acts += plays(s, "discard")
    if CROSSBOW in s.in_play[seat] and "crossbow" not in s.used:
        acts += shots(s)
    return acts


def settle_discard(s: MidEvilState) -> None:
    acts = discard_actions(s)
    if not acts or acts == [A.END]:
        turn.end_turn(s)
    else:
        s.prime(acts)


def end(s: MidEvilState, seat: int) -> None:
    """§3 step 9: the turn ends without a discard."""
    if s._log_on:
        s._emit_lazy("end_turn", movement._seat, (seat,))
    turn.end_turn(s)


def discard(s: MidEvilState, c: int) -> None:
    """§8.4-§8.5, R17: the optional discard ends the turn; over 3 cards you must discard down to 3."""
    seat = s.turn
    s.hands[seat].remove(c)
    s.discard.append(c)
    if s._log_on:
        s._emit_lazy("discard", _discarded, (seat, c))
    if len(s.hands[seat]) > HAND_LIMIT:
        s.prime(discard_actions(s))
        return
    turn.end_turn(s)


def targets(s: MidEvilState, reach: int) -> list[int]:
    """Skeletons in line of sight of the active pawn within ``reach`` (§8.7-§8.8)."""
    skel = s.skel
    return [t for t in s.geo().sight(s.pawn[s.turn], reach) if skel[t]]


def catapult_targets(s: MidEvilState, seat: int) -> list[int]:
    """§8.7-§8.8: the Catapult needs no line of sight, but "Ranged weapons may not be used to shoot into
    or out of a building": any skeleton outside, from a shooter outside (R15; the option
    ``catapult_into_buildings`` lifts the building rule)."""
    skel = s.skel
    squares = compress(range(len(skel)), skel)
    if s.options["catapult_into_buildings"]:
        return list(squares)
    region = s.geo().region
    if region[s.pawn[seat]]:
        return []
    return [t for t in squares if not region[t]]


def shots(s: MidEvilState) -> list[Action]:
    """The Crossbow's shots (an item's power, not a card play: §8.3)."""
    ts = targets(s, _CROSSBOW_RANGE)
    return s.geo().named(-1, A.shoot, ts) if ts else []


def plays(s: MidEvilState, where: str) -> list[Action]:
    """Event cards the active player may play now (§8.1-§8.3; R7 the windows: ``where`` is "move",
    "combat" or "discard"); a card is offered only where it does something."""
    seat = s.turn
    out: list[Action] = []
    if s.played[seat] or s.forfeit:  # §8.2 one card a round
        return out
    g = s.geo()
    last = -1
    for c in s.hands[seat]:
        if c == last:
            continue
        last = c
        card = CARDS[c]
        e = card.effect
        if where == "combat":  # R7: weapons on the missed roll, or Humans to re-roll with
            weapon = e in ("melee_card", "melee_kill") and not s.combat[3]
            if weapon or (e == "heal" and s.humans[seat] < MAX_HUMANS and s.supply):
                out.append(A.PLAYS[c])
            continue
        if card.kind == "item":
            if c not in s.in_play[seat]:  # §11.3 one copy of each card in play
                out.append(A.PLAYS[c])
        elif e == "shoot":
            ts = targets(s, card.range)
            if ts:
                out += g.named(c, _PLAY_AT[c], ts)
        elif e == "catapult":
            ts = catapult_targets(s, seat)
            if ts:
                out += g.named(c, _PLAY_AT[c], ts)
        elif e == "heal":
            if s.humans[seat] < MAX_HUMANS and s.supply:
                out.append(A.PLAYS[c])
        elif e == "run":
            if where == "move":
                out.append(A.PLAYS[c])
        elif e == "draw":
            if s.deck or s.discard:
                out.append(A.PLAYS[c])
        elif e == "restless":
            if skeletons.any_can_move(s):
                out.append(A.PLAYS[c])
        elif e == "curse":
            out += [A.play_on(c, o) for o in range(s.players) if o != seat and s.humans[o]]
        elif e == "grave_robber":
            if s.pool[0]:
                out.append(A.PLAYS[c])
        elif e == "unquiet":
            if any(s.gone):
                out.append(A.PLAYS[c])
        elif e == "raise_dead" and s.pool[0]:
            out += [A.play_on(c, o) for o in range(s.players) if o != seat and raise_squares(s, o)]
    return out


def play(s: MidEvilState, a: Action) -> None:
    """Play an event card: an item goes in front of the player, any other card to the discard pile, and
    its effect follows (§8.6 it overrides the rules it contradicts)."""
    assert isinstance(a, A.Play | A.PlayAt | A.PlayOn)
    seat = s.turn
    c = a.card
    card = CARDS[c]
    e = card.effect
    s.hands[seat].remove(c)
    s.played[seat] = True
    data: dict[str, Any] = {"seat": seat, "card": card.name}
    if isinstance(a, A.PlayAt):
        data["square"] = [a.x, a.y]
    elif isinstance(a, A.PlayOn):
        data["target"] = a.seat
    s._emit("play", data)
    where = s.phase
    if card.kind == "item":
        s.in_play[seat].append(c)
        if c == HORSE:
            s.horse_at[seat] = -1
    else:
        s.discard.append(c)
    if e == "melee_card":  # R19 one weapon per roll: the card replaces the item's bonus
        s.combat[2] = card.bonus
        s.combat[3] = 1
        combat.judge(s)
        return
    if e == "melee_kill":
        combat.won_fight(s)
        return
    if e == "heal":
        gain = min(card.amount, MAX_HUMANS - s.humans[seat], s.supply)
        s.humans[seat] += gain
        s.supply -= gain
        s._emit("heal", {"seat": seat, "humans": gain})
        if where == "combat":
            s.prime(combat.combat_actions(s))
            return
    elif e == "run":
        s.moves += 2 * card.amount
    elif e == "draw":
        s.discard.pop()  # the chest is discarded after its cards are drawn
        turn.draw_cards(s, seat, card.amount)
        s.discard.append(c)
    elif e in ("shoot", "catapult"):
        assert isinstance(a, A.PlayAt)
        t = s.square(a.x, a.y)
        if card.need:
            r = s.d6()
            s._emit("shot", {"seat": seat, "roll": r, "hit": r >= card.need})
            if r >= card.need:
                combat.kill(s, seat, t, card.name)
        else:
            combat.kill(s, seat, t, card.name)
        if s.phase == "over":
            return
    elif e == "restless":
        k = s.d6()
        s._emit("skeleton_roll", {"seat": seat, "roll": k, "card": card.name})
        skeletons.start(s, k, "move" if where == "move" else "discard")
        return
    elif e == "curse":
        assert isinstance(a, A.PlayOn)
        lose = min(card.amount, s.humans[a.seat])
        s.humans[a.seat] -= lose
        s.supply += lose
    elif e == "grave_robber":
        s.pool[0] -= 1
        s.kills[seat][0] += 1
        winning.check_points(s, seat)
        if s.phase == "over":
            return
    elif e == "unquiet":  # §11.5: the event card action that refills the Skeleton pool
        back = s.gone
        s.pool = [p + g for p, g in zip(s.pool, back, strict=True)]
        s.gone = [0, 0, 0]
        best = max(i for i in range(3) if back[i])  # the strongest of them rises for the player
        s.pool[best] -= 1
        s.kills[seat][best] += 1
        s._emit("unquiet", {"seat": seat, "skeletons": {COLOURS[i]: back[i] for i in range(3)},
                            "taken": COLOURS[best]})
        winning.check_points(s, seat)
        if s.phase == "over":
            return
    elif e == "raise_dead":
        assert isinstance(a, A.PlayOn)
        react.raise_dead(s, seat, a.seat, card.amount)
    if where == "move":
        movement.settle_move(s)
    else:
        settle_discard(s)


def crossbow(s: MidEvilState, a: A.Shoot) -> None:
    """The Crossbow (an item): once a turn, a shot that kills on 4 or more."""
    seat = s.turn
    s.used.append("crossbow")
    r = s.d6()
    need = CARDS[CROSSBOW].need
    s._emit("shot", {"seat": seat, "card": "Crossbow", "square": [a.x, a.y], "roll": r, "hit": r >= need})
    if r >= need:
        combat.kill(s, seat, s.square(a.x, a.y), "Crossbow")
        if s.phase == "over":
            return
    if s.phase == "move":
        movement.settle_move(s)
    else:
        settle_discard(s)


def _discarded(seat: int, card: int) -> tuple[dict[str, Any], None]:
    """The log entry of a discard (built when read)."""
    return {"seat": seat, "card": CARDS[card].name}, None
