"""§8.1 "Event cards may be played at any time" (R7): reaction windows. At the moments where a card can
change what happens next — after the active player's movement roll, after each missed skeleton combat
roll, and in a player combat before the commitments — the seats holding a card playable at that moment
(and that have not played one this round, §8.2) are asked in turn, clockwise from the active player: play
it or pass. Seats without such a card are never asked. Option ``event_timing=own_turn`` keeps the older
ruling: cards only in the active player's own windows.

A window is ``MidEvilState.react_at`` (the moment), ``react_seats`` (the seats still to be asked, the
first one deciding) and ``react_back`` (the phase the window interrupted); when the last seat has
decided, play goes on where it stopped (``close``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from medieval.core.state import Action
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import CARDS, MAX_HUMANS

if TYPE_CHECKING:
    from medieval.games.midevil.state import MidEvilState

#: The moments a window opens at (also the view's ``reaction.moment``).
MOMENTS = ("move_roll", "combat", "pvp")


def _fighters(s: MidEvilState) -> tuple[int, int]:
    p = s.pvp
    return p["att"], p["def"]


def reactions(s: MidEvilState, seat: int) -> list[Action]:
    """The cards ``seat`` may play at the open window's moment, each only where it does something:
    after the movement roll Raise Dead next to the active player; after a missed combat roll a Curse on
    the fighter (one Human fewer to re-roll with); in a player combat Healing Herbs for a fighter and a
    Curse on the other fighter (fewer Humans to commit)."""
    if s.played[seat]:  # §8.2 one card a round
        return []
    at = s.react_at
    out: list[Action] = []
    last = -1
    for c in s.hands[seat]:
        if c == last:
            continue
        last = c
        card = CARDS[c]
        e = card.effect
        if e == "curse":
            if at == "combat":
                targets = (s.turn,) if seat != s.turn else ()
            elif at == "pvp":
                att, dfd = _fighters(s)
                targets = (dfd,) if seat == att else (att,) if seat == dfd else ()
            else:
                targets = ()
            out += [A.play_on(c, t) for t in targets if s.humans[t]]
        elif e == "raise_dead":
            if at == "move_roll" and seat != s.turn and s.pool[0] and raise_squares(s, s.turn):
                out.append(A.play_on(c, s.turn))
        elif e == "heal" and at == "pvp" and seat in _fighters(s) and s.humans[seat] < MAX_HUMANS and s.supply:
            out.append(A.PLAYS[c])
    return out


def actions(s: MidEvilState, seat: int) -> list[Action]:
    """The asked seat's choices: a card of ``reactions`` or ``pass``."""
    if not s.react_seats or s.react_seats[0] != seat:
        return []
    return [*reactions(s, seat), A.PASS]


def open_window(s: MidEvilState, at: str, seats: list[int]) -> bool:
    """Open a window at moment ``at`` for ``seats`` (in asking order); False (and nothing changed) when the
    option keeps cards to the own turn or no seat holds a card playable now."""
    if s.options["event_timing"] != "any_time":
        return False
    s.react_at = at
    live = [o for o in seats if reactions(s, o)]
    if not live:
        s.react_at = ""
        return False
    s.react_seats = live
    s.react_back = s.phase
    s.phase = "react"
    return True


def others(s: MidEvilState) -> list[int]:
    """The seats other than the active player's, clockwise from it."""
    n = s.players
    return [(s.turn + i) % n for i in range(1, n)]


def order(s: MidEvilState) -> list[int]:
    """The asking order of the open window: the fighters in a player combat, else the other seats."""
    return list(_fighters(s)) if s.react_at == "pvp" else others(s)


#: Re-deals tried before a determinized world is made to fit an open window (``redeal``).
REDEALS = 200


def redeal(s: MidEvilState, seat: int, rng: random.Random) -> None:
    """Deal the event deck and the hands ``seat`` cannot see again (for ``determinize``). With a reaction
    window open, the world must show what the table shows: the seat being asked holds a card playable at
    this moment. Re-deals are drawn until one does (uniform among the worlds that fit); failing that, a
    playable card from the unseen ones is swapped into that hand. The seats still to be asked after it are
    then those of the new world that hold a playable card: the real world's queue is not shown."""
    others_ = [o for o in range(s.players) if o != seat]
    unseen = s.deck + [c for o in others_ for c in s.hands[o]]
    sizes = [len(s.hands[o]) for o in others_]
    asked = s.react_seats[0] if s.phase == "react" and s.react_seats else -1
    must = asked >= 0 and asked != seat
    for _ in range(REDEALS if must else 1):
        rng.shuffle(unseen)
        rest = unseen[:]
        for o, k in zip(others_, sizes, strict=True):
            s.hands[o] = sorted(rest[:k])
            rest = rest[k:]
        s.deck = rest
        if not must or reactions(s, asked):
            break
    else:
        _give_playable(s, asked, seat, rng)
    if asked >= 0:
        seats = order(s)
        s.react_seats = [asked, *(o for o in seats[seats.index(asked) + 1:] if reactions(s, o))]


def _give_playable(s: MidEvilState, asked: int, seat: int, rng: random.Random) -> None:
    """Swap a card playable now by ``asked`` into its hand from the cards ``seat`` cannot see (the real
    world has one there: the asked seat's own)."""
    hand = s.hands[asked]
    pools = [s.deck, *(s.hands[o] for o in range(s.players) if o not in (asked, seat))]
    for pool in pools:
        for i in rng.sample(range(len(pool)), len(pool)):
            j = rng.randrange(len(hand))
            hand[j], pool[i] = pool[i], hand[j]
            if reactions(s, asked):
                hand.sort()
                if pool is not s.deck:
                    pool.sort()
                return
            hand[j], pool[i] = pool[i], hand[j]


def pass_(s: MidEvilState, seat: int) -> None:
    if s._log_on:
        s._emit("pass", {"seat": seat, "moment": s.react_at})
    advance(s)


def play(s: MidEvilState, seat: int, a: Action) -> None:
    """A reaction: the card goes to the discard pile and takes effect (§8.2: it is the seat's card of the
    round)."""
    assert isinstance(a, A.Play | A.PlayOn)
    c = a.card
    card = CARDS[c]
    e = card.effect
    s.hands[seat].remove(c)
    s.played[seat] = True
    s.discard.append(c)
    data: dict[str, object] = {"seat": seat, "card": card.name, "moment": s.react_at}
    if isinstance(a, A.PlayOn):
        data["target"] = a.seat
    s._emit("play", data)
    if e == "curse":
        assert isinstance(a, A.PlayOn)
        lose = min(card.amount, s.humans[a.seat])
        s.humans[a.seat] -= lose
        s.supply += lose
    elif e == "raise_dead":
        assert isinstance(a, A.PlayOn)
        raise_dead(s, seat, a.seat, card.amount)
    elif e == "heal":
        gain = min(card.amount, MAX_HUMANS - s.humans[seat], s.supply)
        s.humans[seat] += gain
        s.supply -= gain
        s._emit("heal", {"seat": seat, "humans": gain})
    advance(s)


def advance(s: MidEvilState) -> None:
    """The next seat that still holds a card playable now, or the window closes."""
    seats = s.react_seats
    seats.pop(0)
    while seats and not reactions(s, seats[0]):
        seats.pop(0)
    if not seats:
        close(s)


def close(s: MidEvilState) -> None:
    """Play goes on where the window opened."""
    from medieval.games.midevil import combat, player_combat, turn

    at = s.react_at
    s.react_at = ""
    s.react_seats = []
    s.phase = s.react_back
    s.react_back = ""
    if at == "move_roll":
        turn.after_move_roll(s)
    elif at == "combat":
        combat.after_miss(s)
    else:
        player_combat.settle_commit(s)


def raise_squares(s: MidEvilState, o: int) -> list[int]:
    """Raise Dead: the free squares next to seat ``o``'s pawn."""
    skel = s.skel
    return [t for t in s.geo().step[s.pawn[o]] if t >= 0 and not skel[t]]


def raise_dead(s: MidEvilState, seat: int, target: int, amount: int) -> None:
    """Raise Dead: up to ``amount`` white skeletons from the pool next to ``target``'s pawn."""
    placed = []
    for t in raise_squares(s, target)[:amount]:
        if not s.pool[0]:
            break
        s.pool[0] -= 1
        s.own_skel()[t] = 1
        placed.append(s.xy(t))
    s._emit("raised", {"seat": seat, "target": target, "squares": placed})
