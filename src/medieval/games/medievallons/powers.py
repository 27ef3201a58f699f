"""§7 Card powers, and the special cases of §6.2-§6.6: what a power does when a card is played, a guild
laid, used or reinforced, or a Witch copies it. A power that hands a decision to a seat leaves one
``pending`` frame (a small dict, replaced and never changed in place); ``decisions`` carries it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievallons.components import (
    ARTISAN,
    ASSASSIN,
    BEGGAR,
    JESTER,
    KINDS,
    KNIGHT,
    MERCHANT,
    MONK,
    N_KINDS,
    NOBLE,
    PRIEST,
    PROWLER,
    STAR,
    WITCH,
    WIZARD,
    names_of,
)
from medieval.games.medievallons.course import draw, draw_one, ensure, pile_empty
from medieval.games.medievallons.guilds import G_KIND, G_OWNER

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

#: the pending decision a power hands to its user
DECISION = tuple(name.lower() for name in KINDS)
_USER_DECIDES = (KNIGHT, MERCHANT, PRIEST)
_ATTACKS = (ASSASSIN, PROWLER)
_RANGE = range(N_KINDS)


def power(s: MedievallonsState, seat: int, k: int) -> None:
    """The power of kind ``k`` used by ``seat``."""
    if k == MONK:  # §7.9
        draw(s, seat, 2, "Monk")
    elif k in _USER_DECIDES:  # §7.4 / §7.7 / §7.11: the user decides
        s.pending = {"k": DECISION[k], "s": seat}
    elif k in _ATTACKS:  # §7.2 / §7.12, R14 other seats' guilds only
        for g in s.guilds:
            if g[G_OWNER] != seat:
                s.pending = {"k": DECISION[k], "s": seat}
                return
        # §6.2 no guild to attack: draw a card instead
        if s._log_on:
            s._emit("no_target", {"seat": seat, "power": KINDS[k]})
        draw_one(s, seat, KINDS[k])
    elif k == ARTISAN:  # §7.1
        if s.discard:
            c = s.discard.pop()
            s.hands[seat][c] += 1
            if s._log_on:
                s._emit("artisan", {"seat": seat, "card": KINDS[c]})
        elif s._log_on:  # R10
            s._emit("artisan", {"seat": seat, "card": None})
    elif k == STAR:  # §7.5 everyone draws, in turn order from the user (R12)
        n = s.game.players
        for i in range(n):
            draw_one(s, (seat + i) % n, "Star")
    elif k == BEGGAR:  # §7.8
        beggar(s, seat)
    elif k == NOBLE:  # §7.10
        n = s.game.players
        if n == 2:  # §6.5 one card from the other seat, one from the draw pile
            noble_next(s, seat, [1 - seat], True)
        else:  # R23 the next two seats in turn order
            noble_next(s, seat, [(seat + 1) % n, (seat + 2) % n], False)
    elif k == WITCH:  # §7.13
        witch(s, seat)
    elif k == WIZARD:  # §7.6
        wizard(s, seat)
    elif s._log_on:  # §7.3 / R7 a Jester has no power
        s._emit("no_power", {"seat": seat})


def wizard(s: MedievallonsState, seat: int) -> None:
    """§7.6 Wizard: three cards drawn (R24 the End card is checked at each); keeping one is the user's
    decision."""
    s.pending = {"k": "wizard", "s": seat}
    cards = s.wizard
    log = s._log_on
    shown = 0
    for _ in range(3):
        cards.append(s.draw.pop())
        if not s.draw:
            if log:
                s._emit("wizard_draw", {"seat": seat, "cards": names_of(cards[shown:])}, to=(seat,),
                        redacted={"seat": seat, "count": len(cards) - shown})
            shown = len(cards)
            pile_empty(s)
    if shown < 3 and log:
        s._emit("wizard_draw", {"seat": seat, "cards": names_of(cards[shown:])}, to=(seat,),
                redacted={"seat": seat, "count": 3 - shown})


def beggar(s: MedievallonsState, seat: int) -> None:
    """§7.8 Beggar: a random card from the hand with the most cards; §6.4 / R9 draw instead when that is
    you (or a tie with you, unless the option ``beggar_tie`` says take), or nobody else holds a card; a
    tie between others is the user's choice."""
    n = s.game.players
    sizes = [sum(h) for h in s.hands]
    mine = sizes[seat]
    most = max(sizes[:seat] + sizes[seat + 1:])
    if most == 0 or mine > most or (mine == most and s.game.beggar_tie_draws):
        if s._log_on:
            s._emit("beggar", {"seat": seat, "most": True})  # §6.4 / R9
        draw_one(s, seat, "Beggar")
        return
    tied = [o for o in range(n) if o != seat and sizes[o] == most]
    if len(tied) == 1:
        beg(s, seat, tied[0])
    else:
        s.pending = {"k": "beggar", "s": seat, "opts": tied}


def beg(s: MedievallonsState, seat: int, target: int) -> None:
    """§7.8 one card at random from ``target``'s hand; only the two of them learn which."""
    hand = s.hands[target]
    r = s._rng().randrange(sum(hand))
    for c in _RANGE:
        r -= hand[c]
        if r < 0:
            break
    hand[c] -= 1
    s.hands[seat][c] += 1
    if s._log_on:
        s._emit("beg", {"seat": seat, "from": target, "card": KINDS[c]}, to=(seat, target),
                redacted={"seat": seat, "from": target})


def noble_next(s: MedievallonsState, to: int, givers: list[int], pile: bool) -> None:
    """§7.10 the next giver hands ``to`` a card of its choice (§6.1 drawing one first if it has none);
    ``pile``: a card from the draw pile follows the last gift (§6.5)."""
    giver = givers[0]
    ensure(s, giver, 1)
    s.pending = {"k": "noble", "s": giver, "to": to, "next": givers[1:], "pile": pile}


def copyable(s: MedievallonsState, seat: int) -> list[list[int]]:
    """R5: guilds with a power other than the Witch's; own guilds unless the option says no."""
    own_ok = s.game.witch_own_guilds
    return [g for g in s.guilds
            if g[G_KIND] != JESTER and g[G_KIND] != WITCH and (own_ok or g[G_OWNER] != seat)]


def witch(s: MedievallonsState, seat: int) -> None:
    """§7.13 Witch: copying a guild is the user's decision; §6.6 with none to copy, the top card of the
    draw pile is revealed, discarded (R20) and its power used."""
    if copyable(s, seat):
        s.pending = {"k": "witch", "s": seat}
        return
    while True:
        c = s.draw.pop()
        s.discard.append(c)  # R20 discarded before its power is copied
        if s._log_on:
            s._emit("witch_reveal", {"seat": seat, "card": KINDS[c]})
        if not s.draw:
            pile_empty(s)
        if c != WITCH:  # R5 a revealed Witch has still nothing to copy: reveal again
            power(s, seat, c)
            return
