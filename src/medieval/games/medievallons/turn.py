"""§4 The possible actions of a turn: play a card (§4.1), lay a guild (§4.2), use a guild (§4.3),
reinforce a guild (§4.4), or draw when none is possible (§6.1-§6.3, R15).

The legal actions come from tables built once (``_LAYS``, ``on_guild``, ``_reinforce_with``): a hand is a
count vector, so the lays of a kind depend only on how many of it and how many Jesters it holds."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from medieval.core.state import Action
from medieval.games.medievallons import actions as A
from medieval.games.medievallons import guilds
from medieval.games.medievallons.actions import Lay, Play, Reinforce, Use
from medieval.games.medievallons.components import COPIES, JESTER, KINDS, N_KINDS
from medieval.games.medievallons.course import draw_one
from medieval.games.medievallons.end import RoundOver
from medieval.games.medievallons.guilds import (
    G_COUNT,
    G_ID,
    G_JESTERS,
    G_KIND,
    G_LAID,
    G_OWNER,
    GUILD_MIN,
    WIN_GUILDS,
)
from medieval.games.medievallons.powers import power

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

_RANGE = range(N_KINDS)
_PLAY = A.PLAY
_PLAY_JESTER = A.PLAY[JESTER]
_HELD = COPIES + 1  # how many cards of one kind a hand may hold, plus one
_KEY_TAIL = N_KINDS * _HELD * _HELD


def _lay_options(k: int, c: int, jesters: int) -> tuple[Action, ...]:
    """§4.2 every guild of kind ``k`` that ``c`` cards of it and ``jesters`` Jesters in hand can lay."""
    if not c or c + jesters < GUILD_MIN:
        return ()
    return tuple(A.lay(k, cnt, j) for cnt in range(1, c + 1) for j in range(max(0, GUILD_MIN - cnt), jesters + 1))


#: _LAYS[Jesters in hand][kind][cards of that kind in hand] (a kind has COPIES cards; none for the
#: Jester, whose guilds are _JESTER_LAYS)
_LAYS = tuple(tuple(tuple(_lay_options(k, c, j) if k != JESTER else () for c in range(COPIES + 1)) for k in _RANGE)
              for j in range(COPIES + 1))
#: §6.3 _JESTER_LAYS[Jesters in hand]: the guilds of Jesters only
_JESTER_LAYS = tuple(tuple(A.lay(JESTER, 0, j) for j in range(GUILD_MIN, jesters + 1)) for jesters in range(COPIES + 1))


class OnGuild(NamedTuple):
    """The actions that name one guild (id and kind), other than reinforcements."""

    use: Action
    copy: Action
    assassinate: Action  # a card of the guild's kind
    assassinate_jester: Action
    steal: Action
    steal_jester: Action


#: caches of the guild actions, keyed by _guild_key(gid, gk, ...) (an int: cheap to hash)
_ON_GUILD: dict[int, OnGuild] = {}
_REINFORCE: dict[int, tuple[Action, ...]] = {}


def _guild_key(gid: int, gk: int, k: int = 0, c: int = 0, jesters: int = 0) -> int:
    """One int for (guild id, guild kind, added kind, cards of it, Jesters); ``legal`` inlines it."""
    return (((gid * N_KINDS + gk) * N_KINDS + k) * _HELD + c) * _HELD + jesters


def on_guild(gid: int, gk: int) -> OnGuild:
    """§4.3 use, §7.13 copy, §7.2 assassinate and §7.12 steal guild ``gid`` of kind ``gk`` (cached)."""
    key = _guild_key(gid, gk)
    out = _ON_GUILD.get(key)
    if out is None:
        out = _ON_GUILD[key] = OnGuild(A.use(gid, gk), A.copy(gid, gk),
                                       A.assassinate(gid, gk, gk), A.assassinate(gid, gk, JESTER),
                                       A.steal(gid, gk, gk), A.steal(gid, gk, JESTER))
    return out


def _reinforce_with(gid: int, gk: int, k: int, c: int, jesters: int) -> tuple[Action, ...]:
    """§4.4 / §6.3 the reinforcements of guild ``gid`` (of kind ``gk``) with up to ``c`` cards of kind ``k``
    and up to ``jesters`` Jesters (cached: they only depend on these numbers)."""
    key = _guild_key(gid, gk, k, c, jesters)
    out = _REINFORCE.get(key)
    if out is None:
        if gk != JESTER:  # k is gk: any cards of the kind and Jesters, at least one card
            out = tuple(A.reinforce(gid, gk, gk, cnt, j)
                        for cnt in range(c + 1) for j in range(0 if cnt else 1, jesters + 1))
        elif k != JESTER:  # a Jester guild takes the added kind
            out = tuple(A.reinforce(gid, JESTER, k, cnt, j) for cnt in range(1, c + 1) for j in range(jesters + 1))
        else:  # Jesters only
            out = tuple(A.reinforce(gid, JESTER, JESTER, 0, j) for j in range(1, jesters + 1))
        _REINFORCE[key] = out
    return out


def _jester_guild_reinforcements(gid: int, hand: list[int]) -> list[Action]:
    """§4.4 / §6.3 every way to reinforce the Jester guild ``gid`` from ``hand``: any kind turns it into a
    guild of that kind, or more Jesters."""
    jesters = hand[JESTER]
    out: list[Action] = []
    for k in _RANGE:
        c = hand[k]
        if c and k != JESTER:
            out += _reinforce_with(gid, JESTER, k, c, jesters)
    out += _reinforce_with(gid, JESTER, JESTER, 0, jesters)
    return out


def legal(s: MedievallonsState, seat: int) -> list[Action]:
    """§4: play a card, lay a guild, use a guild, reinforce a guild (or draw when none is possible)."""
    hand = s.hands[seat]
    jesters = hand[JESTER]
    out: list[Action] = list(compress(_PLAY, hand))  # §4.1 play a card, in kind order
    if jesters and not s.game.lone_jester_ok:
        out.remove(_PLAY_JESTER)
    need = GUILD_MIN - jesters  # §4.2 / R22 three or more alike, Jesters join any guild
    if max(hand) >= need:
        lays = _LAYS[jesters]
        for k in _RANGE:
            c = hand[k]
            if c >= need:
                out += lays[k][c]
    if jesters >= GUILD_MIN:  # §6.3 a guild of Jesters only
        out += _JESTER_LAYS[jesters]
    table = s.guilds
    if table:
        turn = s.turn
        for g in table:  # §4.3 your guild laid on an earlier turn, with a power
            gk = g[G_KIND]
            if g[G_OWNER] == seat and gk != JESTER and g[G_LAID] < turn:
                on = _ON_GUILD.get((g[G_ID] * N_KINDS + gk) * _KEY_TAIL)  # _guild_key(gid, gk)
                out.append((on or on_guild(g[G_ID], gk)).use)
        for g in table:  # §4.4 (§6.3 any kind turns a Jester guild into a guild of that kind)
            if g[G_OWNER] != seat:
                continue
            gid, gk = g[G_ID], g[G_KIND]
            if gk != JESTER:
                c = hand[gk]
                # _guild_key(gid, gk, gk, c, jesters):
                r = _REINFORCE.get((((gid * N_KINDS + gk) * N_KINDS + gk) * _HELD + c) * _HELD + jesters)
                out += r if r is not None else _reinforce_with(gid, gk, gk, c, jesters)
            else:
                out += _jester_guild_reinforcements(gid, hand)
    if not out:  # §6.1 / §6.3 / R15: empty hand and no guild with a power
        out.append(A.DRAW)
    return out


def act(s: MedievallonsState, seat: int, action: Action) -> None:
    """Carry out the turn's action (already known to be legal)."""
    hand = s.hands[seat]
    if type(action) is Play:  # §4.1
        k = action.kind
        hand[k] -= 1
        s.played = k
        if s._log_on:
            s._emit("play", {"turn": s.turn, "seat": seat, "card": KINDS[k]})
        power(s, seat, k)
    elif type(action) is Lay:  # §4.2
        k, cnt, j = action.kind, action.count, action.jesters
        hand[k] -= cnt
        hand[JESTER] -= j
        gid = s.next_guild
        s.next_guild = gid + 1
        s.guilds.append([gid, seat, k, cnt, j, s.turn])
        if s._log_on:
            s._emit("lay", {"turn": s.turn, "seat": seat, "guild": A.guild_label(gid, k),
                            "cards": [KINDS[k]] * cnt + [KINDS[JESTER]] * j})
        if guilds.count(s, seat) >= WIN_GUILDS:  # §5.1 / R2: the third guild wins at once
            raise RoundOver("third_guild", [seat])
        power(s, seat, k)
    elif type(action) is Use:  # §4.3
        g = guilds.find(s, action.guild)
        if s._log_on:
            s._emit("use", {"turn": s.turn, "seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND])})
        power(s, seat, g[G_KIND])
    elif type(action) is Reinforce:  # §4.4
        reinforce(s, seat, action)
    else:  # §6.1 / §6.3 nothing else is possible: draw a card (then the turn's draw)
        if s._log_on:
            s._emit("no_action", {"turn": s.turn, "seat": seat})
        draw_one(s, seat, "no action")


def reinforce(s: MedievallonsState, seat: int, action: Reinforce) -> None:
    """§4.4 cards added to your guild, then its power; §6.3 / R21 a Jester guild takes the added kind."""
    hand = s.hands[seat]
    g = guilds.find(s, action.guild)
    k, cnt, j = action.kind, action.count, action.jesters
    hand[k] -= cnt
    hand[JESTER] -= j
    before = guilds.count(s, seat)
    log = s._log_on
    old = A.guild_label(g[G_ID], g[G_KIND]) if log else ""
    if g[G_KIND] == JESTER and k != JESTER:
        g[G_KIND] = k
        g[G_COUNT] = cnt
    else:
        g[G_COUNT] += cnt
    g[G_JESTERS] += j
    if log:
        s._emit("reinforce", {"turn": s.turn, "seat": seat, "guild": old,
                              "now": A.guild_label(g[G_ID], g[G_KIND]),
                              "cards": [KINDS[k]] * cnt + [KINDS[JESTER]] * j})
    after = guilds.count(s, seat)
    if after > before and after >= WIN_GUILDS:
        raise RoundOver("third_guild", [seat])  # R2 (only with jester_guild_counts off)
    power(s, seat, g[G_KIND])
