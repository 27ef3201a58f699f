"""The decisions a power hands to a seat (§7): who a Knight asks and for what, the card handed over
(Knight, Noble, Priest), the Merchant's partner and the two sides' secret offers, the Priest's look and
take, the Beggar's pick among the tied, the Witch's copy, the Assassin's and the Prowler's card, the
Wizard's keep. The pending frame says whose decision it is (``s``) and its public details."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from medieval.core.state import Action
from medieval.games.medievallons import actions as A
from medieval.games.medievallons import guilds
from medieval.games.medievallons.actions import (
    Ask,
    Assassinate,
    BegFrom,
    Copy,
    Give,
    Keep,
    LookAt,
    Offer,
    Steal,
    Take,
    TradeWith,
)
from medieval.games.medievallons.components import JESTER, KINDS, N_KINDS, names, names_of
from medieval.games.medievallons.course import draw_one, ensure
from medieval.games.medievallons.guilds import G_COUNT, G_ID, G_JESTERS, G_KIND, G_OWNER
from medieval.games.medievallons.powers import beg, copyable, noble_next, power
from medieval.games.medievallons.turn import on_guild

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

_RANGE = range(N_KINDS)
#: per player count and seat: every other seat as a Priest's target, a Merchant's partner, a Knight's demand
_LOOK_AT = tuple(tuple(tuple(A.LOOK[t] for t in range(n) if t != s) for s in range(n)) for n in range(A.MAX_SEATS + 1))
_TRADE_WITH = tuple(tuple(tuple(A.TRADE[t] for t in range(n) if t != s) for s in range(n))
                    for n in range(A.MAX_SEATS + 1))
_ASK_ANY = tuple(tuple(tuple(a for t in range(n) if t != s for a in A.ASK[t]) for s in range(n))
                 for n in range(A.MAX_SEATS + 1))


def legal(s: MedievallonsState, seat: int, p: dict[str, Any]) -> list[Action]:
    """The choices of the seat that owes the pending decision ``p``."""
    k = p["k"]  # the decisions, most frequent first
    if k == "noble" or k == "priest_give" or k == "knight_give":
        hand = s.hands[seat]
        if k != "knight_give":
            return list(compress(A.GIVE, hand))
        c = p["c"]
        out = [A.GIVE[c]] if hand[c] else []
        if s.game.knight_jester and c != JESTER and hand[JESTER]:
            out.append(A.GIVE[JESTER])  # R8 option
        return out
    if k == "exchange":
        hand = s.hands[seat]
        held = list(compress(_RANGE, hand))
        out = []
        for i, a in enumerate(held):
            row = A.OFFER[a]
            if hand[a] >= 2:
                out.append(row[a])
            for b in held[i + 1:]:
                out.append(row[b])
        return out
    if k == "priest_take":
        return list(compress(A.TAKE, s.hands[p["t"]]))
    if k == "priest":
        return list(_LOOK_AT[s.game.players][seat])
    if k == "merchant":
        return list(_TRADE_WITH[s.game.players][seat])
    if k == "wizard":
        return [A.KEEP[c] for c in sorted(set(s.wizard))]
    if k == "knight":
        return list(_ASK_ANY[s.game.players][seat])
    if k == "assassin" or k == "prowler":
        steal = k == "prowler"
        out = []
        for g in s.guilds:
            if g[G_OWNER] != seat:
                on = on_guild(g[G_ID], g[G_KIND])
                if g[G_COUNT]:
                    out.append(on.steal if steal else on.assassinate)
                if g[G_JESTERS]:
                    out.append(on.steal_jester if steal else on.assassinate_jester)
        return out
    if k == "witch":
        return [on_guild(g[G_ID], g[G_KIND]).copy for g in copyable(s, seat)]
    if k == "beggar":
        return [A.BEG[t] for t in p["opts"]]
    raise AssertionError(f"unknown pending decision {k}")  # pragma: no cover


def decide(s: MedievallonsState, seat: int, action: Action, p: dict[str, Any]) -> None:
    """Carry out a decision (already known to be legal)."""
    k = p["k"]
    hands = s.hands
    if type(action) is Give:
        give(s, seat, action, p)
    elif type(action) is Offer:  # §7.7 / R18 secret until both have chosen
        offer(s, seat, action, p)
    elif type(action) is Take:  # §7.11
        t, c = p["t"], action.kind
        hands[t][c] -= 1
        hands[seat][c] += 1
        if s._log_on:
            s._emit("take", {"seat": seat, "from": t, "card": KINDS[c]}, to=(seat, t),
                    redacted={"seat": seat, "from": t})
        s.pending = {"k": "priest_give", "s": seat, "t": t}  # R19 any card, even this one
    elif type(action) is LookAt:  # §7.11
        t = action.target
        s.pending = None
        ensure(s, t, 1)
        hand_names = names(hands[t])
        seen = dict(s.seen[seat])
        seen[str(t)] = {"turn": s.turn, "hand": hand_names}
        s.seen[seat] = seen
        if s._log_on:
            s._emit("look", {"seat": seat, "target": t, "hand": hand_names}, to=(seat,),
                    redacted={"seat": seat, "target": t})
        s.pending = {"k": "priest_take", "s": seat, "t": t}
    elif type(action) is TradeWith:  # §7.7
        t = action.target
        s.pending = None
        if s._log_on:
            s._emit("trade", {"seat": seat, "with": t})
        ensure(s, seat, 2)
        ensure(s, t, 2)
        s.pending = {"k": "exchange", "a": seat, "b": t}
    elif type(action) is Keep:  # §7.6
        c = action.kind
        cards = s.wizard
        cards.remove(c)
        hands[seat][c] += 1
        s.discard += cards
        s.wizard = []
        s.pending = None
        if s._log_on:
            s._emit("keep", {"seat": seat, "card": KINDS[c]}, to=(seat,), redacted={"seat": seat})
            s._emit("wizard_discard", {"seat": seat, "cards": names_of(cards)})
    elif type(action) is Ask:  # §7.4
        t, c = action.target, action.kind
        s.pending = None
        hand = hands[t]
        has = hand[c] > 0 or (s.game.knight_jester and c != JESTER and hand[JESTER] > 0)
        if s._log_on:
            s._emit("ask", {"seat": seat, "target": t, "card": KINDS[c], "has": has})
        if has:
            s.pending = {"k": "knight_give", "s": t, "to": seat, "c": c}
    elif type(action) is Assassinate or type(action) is Steal:  # §7.2 / §7.12
        attack(s, seat, action)
    elif type(action) is Copy:  # §7.13
        s.pending = None
        if s._log_on:
            s._emit("copy", {"seat": seat, "guild": A.guild_label(action.guild, action.gkind)})
        power(s, seat, action.gkind)
    elif type(action) is BegFrom:  # §7.8 the user's pick among the tied
        s.pending = None
        beg(s, seat, action.target)
    else:  # pragma: no cover - apply only passes legal actions
        raise AssertionError(f"unexpected {action!r} for the decision {k}")


def give(s: MedievallonsState, seat: int, action: Give, p: dict[str, Any]) -> None:
    """A card handed over: §7.4 to the Knight's user (public, as the demand was), §7.10 to the Noble's
    user, §7.11 back to the Priest's target (seen by giver and receiver only, R18); the Noble's next giver,
    or §6.5 its card from the draw pile, follows."""
    k = p["k"]
    hands = s.hands
    c = action.kind
    hands[seat][c] -= 1
    to = p["to"] if k != "priest_give" else p["t"]
    hands[to][c] += 1
    s.pending = None
    if s._log_on:
        if k == "knight_give":
            s._emit("give", {"seat": seat, "to": to, "card": KINDS[c], "power": "Knight"})
        else:
            name = "Noble" if k == "noble" else "Priest"
            s._emit("give", {"seat": seat, "to": to, "card": KINDS[c], "power": name},
                    to=(seat, to), redacted={"seat": seat, "to": to, "power": name})
    if k == "noble":
        if p["next"]:
            noble_next(s, to, p["next"], p["pile"])
        elif p["pile"]:
            draw_one(s, to, "Noble")


def offer(s: MedievallonsState, seat: int, action: Offer, p: dict[str, Any]) -> None:
    """§7.7 one side's two cards, secret until both sides have chosen (R18); then the exchange, seen by
    the two traders only."""
    hands = s.hands
    a, b = action.first, action.second
    hand = hands[seat]
    hand[a] -= 1
    hand[b] -= 1
    s.offers[seat] = [a, b]
    log = s._log_on
    if log:
        s._emit("offer", {"seat": seat, "cards": [KINDS[a], KINDS[b]]}, to=(seat,), redacted={"seat": seat})
    x, y = p["a"], p["b"]
    if s.offers[x] and s.offers[y]:
        ox, oy = s.offers[x], s.offers[y]
        for c in ox:
            hands[y][c] += 1
        for c in oy:
            hands[x][c] += 1
        s.offers[x] = []
        s.offers[y] = []
        s.pending = None
        if log:
            s._emit("exchange", {"a": x, "b": y, "a_gave": names_of(ox), "b_gave": names_of(oy)},
                    to=(x, y), redacted={"a": x, "b": y})


def attack(s: MedievallonsState, seat: int, action: Assassinate | Steal) -> None:
    """§7.2 Assassin: a guild card to the discard pile; §7.12 Prowler: a guild card into your hand; then
    §4.2 / R4 the guild may break up or become a Jester guild."""
    s.pending = None
    g = guilds.find(s, action.guild)
    c = action.card
    if c == JESTER:
        g[G_JESTERS] -= 1
    else:
        g[G_COUNT] -= 1
    log = s._log_on
    if type(action) is Assassinate:
        s.discard.append(c)
        if log:
            s._emit("assassinate", {"seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND]),
                                    "owner": g[G_OWNER], "card": KINDS[c]})
    else:
        s.hands[seat][c] += 1
        if log:
            s._emit("steal", {"seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND]),
                              "owner": g[G_OWNER], "card": KINDS[c]})
    guilds.check(s, g)
