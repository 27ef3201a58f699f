"""Medievallons: the rules. Section numbers (§) and rulings (R) refer to docs/rules/medievallons.md.

A position is a few int lists. A card is its kind's index (components.KINDS); a hand is a count
vector of 13 ints; the draw and discard piles are lists of kinds (top = last). A guild is
``[id, owner, kind, count, jesters, laid_turn]`` (a Jester guild has kind JESTER and count 0).
A power that hands a decision to a seat leaves one ``pending`` frame (a small dict, never mutated
in place); ``to_move`` is whoever owes that decision.

Log entries are built only when the log is kept (``State._log_on``; search rollouts mute it). Nothing
else depends on the log (the search's
fast-path self-test and tests/games/medievallons/test_contract.py::test_play_without_the_log_is_the_same
check it)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from itertools import compress
from typing import Any, NamedTuple, Self

from medieval.core.outcome import Outcome
from medieval.core.registry import register
from medieval.core.spec import GameParts, GameSpec, OptionSpec
from medieval.core.state import Action, Game, State
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.actions import (
    Ask,
    Assassinate,
    BegFrom,
    Copy,
    Give,
    Keep,
    Lay,
    LookAt,
    Offer,
    Play,
    Reinforce,
    Steal,
    Take,
    TradeWith,
    Use,
)
from medieval.games.medievallons.components import (
    ARTISAN,
    ASSASSIN,
    BEGGAR,
    COPIES,
    END_CARD,
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
    names,
    names_of,
)

HAND_SIZE = 6  # §2.3
GUILD_MIN = 3  # §4.2
WIN_GUILDS = 3  # §5.1
# guild fields
G_ID, G_OWNER, G_KIND, G_COUNT, G_JESTERS, G_LAID = range(6)
RED, YELLOW = "red", "yellow"
_RANGE = range(N_KINDS)

# ------------------------------------------------------------------ action tables (built once)
_PLAY = A.PLAY
_PLAY_JESTER = A.PLAY[JESTER]


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
#: per player count and seat: every other seat as a Priest's target, a Merchant's partner, a Knight's demand
_LOOK_AT = tuple(tuple(tuple(A.LOOK[t] for t in range(n) if t != s) for s in range(n)) for n in range(A.MAX_SEATS + 1))
_TRADE_WITH = tuple(tuple(tuple(A.TRADE[t] for t in range(n) if t != s) for s in range(n))
                    for n in range(A.MAX_SEATS + 1))
_ASK_ANY = tuple(tuple(tuple(a for t in range(n) if t != s for a in A.ASK[t]) for s in range(n))
                 for n in range(A.MAX_SEATS + 1))
#: the pending decision a power hands to its user
_DECISION = tuple(name.lower() for name in KINDS)
_USER_DECIDES = (KNIGHT, MERCHANT, PRIEST)
_ATTACKS = (ASSASSIN, PROWLER)
_DECK = tuple(k for k in _RANGE for _ in range(COPIES))  # §2 the deck before shuffling
_HELD = COPIES + 1  # how many cards of one kind a hand may hold, plus one
_REPEATS = tuple(tuple((k,) * c for c in range(_HELD)) for k in _RANGE)  # [kind][count]: kind, count times
_KEY_TAIL = N_KINDS * _HELD * _HELD


class _OnGuild(NamedTuple):
    """The actions that name one guild (id and kind), other than reinforcements."""

    use: Action
    copy: Action
    assassinate: Action  # a card of the guild's kind
    assassinate_jester: Action
    steal: Action
    steal_jester: Action


#: caches of the guild actions, keyed by _guild_key(gid, gk, ...) (an int: cheap to hash)
_ON_GUILD: dict[int, _OnGuild] = {}
_REINFORCE: dict[int, tuple[Action, ...]] = {}


def _guild_key(gid: int, gk: int, k: int = 0, c: int = 0, jesters: int = 0) -> int:
    """One int for (guild id, guild kind, added kind, cards of it, Jesters); _turn_actions inlines it."""
    return (((gid * N_KINDS + gk) * N_KINDS + k) * _HELD + c) * _HELD + jesters


def _on_guild(gid: int, gk: int) -> _OnGuild:
    """§4.3 use, §7.13 copy, §7.2 assassinate and §7.12 steal guild ``gid`` of kind ``gk`` (cached)."""
    key = _guild_key(gid, gk)
    out = _ON_GUILD.get(key)
    if out is None:
        out = _ON_GUILD[key] = _OnGuild(A.use(gid, gk), A.copy(gid, gk),
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


SPEC = GameSpec(
    package="medieval.games.medievallons",
    parts=GameParts(
        heuristic="heuristic:choose",
        evaluation="evaluation:evaluate",
        rounds="evaluation:round_number",
        search="data/search.json",
        render="render",
        encoding="encoding:ENCODING",
        rules="rules.md",
    ),
    name="medievallons",
    display_name="Medievallons",
    min_players=2,
    max_players=A.MAX_SEATS,
    default_players=4,
    summary="Guild card game: play cards for their powers, lay guilds of three or more alike (Jesters are "
            "wild) and be the first to lay a third guild.",
    options=(
        OptionSpec("match", "best_of_3",
                   "2 players only: play the rulebook's best-of-three match as one game (R1), or a single "
                   "round.", choices=("best_of_3", "single_round")),
        OptionSpec("jester_guild_counts", True,
                   "Whether a guild of Jesters only counts as a guild towards the third guild and the "
                   "alternative ranking (R3)."),
        OptionSpec("lone_jester", "no_power",
                   "A Jester played alone as a card: allowed with no effect (R7), or not allowed.",
                   choices=("no_power", "forbidden")),
        OptionSpec("knight_jester", False,
                   "Whether a Jester in hand answers a Knight's demand for another kind (R8)."),
        OptionSpec("beggar_tie", "draw",
                   "Beggar when you tie for the most cards: draw instead (R9), or take from a tied seat.",
                   choices=("draw", "take")),
        OptionSpec("alt_ranking", "guilds_then_members",
                   "Alternative end: compare guilds then guild members (R6), or their total.",
                   choices=("guilds_then_members", "total")),
        OptionSpec("witch_own_guilds", True,
                   "Whether a Witch may copy its user's own guilds (R5)."),
    ),
)


class RoundOver(Exception):
    """Raised inside an action when the round ends at once (§5.1 third guild, §5.3 pile empty)."""

    def __init__(self, termination: str, winners: list[int]) -> None:
        super().__init__(termination)
        self.termination = termination
        self.winners = winners


class MedievallonsState(State):
    FIELDS = ("round", "round_wins", "rounds", "turn", "current", "first", "hands", "draw", "discard",
              "end_side", "runs_out", "guilds", "next_guild", "pending", "played", "offers", "wizard",
              "seen", "result")

    game: MedievallonsGame
    round: int  # round number (1-3 in a 2-player match, else 1)
    round_wins: list[int]
    rounds: list[dict[str, Any]]  # finished rounds: {"round", "termination", "winners"}
    turn: int  # turn counter (never reset): a guild may be used when laid on an earlier turn
    current: int  # seat whose turn it is
    first: int  # the round's first player
    hands: list[list[int]]  # per seat: count per kind
    draw: list[int]  # top = last
    discard: list[int]  # top = last, face up
    end_side: str  # side of the End of Game card showing: "red" or "yellow"
    runs_out: int  # times the draw pile ran out this round
    guilds: list[list[int]]
    next_guild: int
    pending: dict[str, Any] | None
    played: int  # the card being played (revealed, not yet discarded), -1 when none
    offers: list[list[int]]  # Merchant: the two cards each seat has chosen to hand over
    wizard: list[int]  # Wizard: the three cards drawn, before one is kept
    seen: list[dict[str, Any]]  # per seat: str(target) -> {"turn", "hand"} last seen with a Priest
    result: dict[str, Any] | None

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        p = self.pending
        if p is None:
            return (self.current,)
        if p["k"] == "exchange":  # whoever of the two has not made an offer yet
            a, b = p["a"], p["b"]
            offers = self.offers
            if offers[a]:
                return () if offers[b] else (b,)
            return (a,) if offers[b] else (a, b)
        return (p["s"],)

    @property
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        return Outcome.from_json(r)

    def _legal_actions(self, seat: int) -> list[Action]:
        p = self.pending
        if p is None:
            return self._turn_actions(seat)
        k = p["k"]  # the decisions, most frequent first
        if k == "noble" or k == "priest_give" or k == "knight_give":
            hand = self.hands[seat]
            if k != "knight_give":
                return list(compress(A.GIVE, hand))
            c = p["c"]
            out = [A.GIVE[c]] if hand[c] else []
            if self.game.knight_jester and c != JESTER and hand[JESTER]:
                out.append(A.GIVE[JESTER])  # R8 option
            return out
        if k == "exchange":
            hand = self.hands[seat]
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
            return list(compress(A.TAKE, self.hands[p["t"]]))
        if k == "priest":
            return list(_LOOK_AT[self.game.players][seat])
        if k == "merchant":
            return list(_TRADE_WITH[self.game.players][seat])
        if k == "wizard":
            return [A.KEEP[c] for c in sorted(set(self.wizard))]
        if k == "knight":
            return list(_ASK_ANY[self.game.players][seat])
        if k == "assassin" or k == "prowler":
            steal = k == "prowler"
            out = []
            for g in self.guilds:
                if g[G_OWNER] != seat:
                    on = _on_guild(g[G_ID], g[G_KIND])
                    if g[G_COUNT]:
                        out.append(on.steal if steal else on.assassinate)
                    if g[G_JESTERS]:
                        out.append(on.steal_jester if steal else on.assassinate_jester)
            return out
        if k == "witch":
            return [_on_guild(g[G_ID], g[G_KIND]).copy for g in self._copyable(seat)]
        if k == "beggar":
            return [A.BEG[t] for t in p["opts"]]
        raise AssertionError(f"unknown pending decision {k}")  # pragma: no cover

    def _turn_actions(self, seat: int) -> list[Action]:
        """§4: play a card, lay a guild, use a guild, reinforce a guild (or draw when none is possible).
        The lays and guild actions come from tables built once (``_LAYS``, ``_on_guild``, ``_reinforce_with``)."""
        hand = self.hands[seat]
        jesters = hand[JESTER]
        out: list[Action] = list(compress(_PLAY, hand))  # §4.1 play a card, in kind order
        if jesters and not self.game.lone_jester_ok:
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
        guilds = self.guilds
        if guilds:
            turn = self.turn
            for g in guilds:  # §4.3 your guild laid on an earlier turn, with a power
                gk = g[G_KIND]
                if g[G_OWNER] == seat and gk != JESTER and g[G_LAID] < turn:
                    on = _ON_GUILD.get((g[G_ID] * N_KINDS + gk) * _KEY_TAIL)  # _guild_key(gid, gk)
                    out.append((on or _on_guild(g[G_ID], gk)).use)
            for g in guilds:  # §4.4 (§6.3 any kind turns a Jester guild into a guild of that kind)
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

    def _apply(self, seat: int, action: Action) -> None:
        try:
            p = self.pending
            if p is None:
                self._turn_action(seat, action)
            else:
                self._decide(seat, action, p)
            if self.pending is None:
                self._end_turn()
        except RoundOver as e:
            self._close_round(e.termination, e.winners)

    # ------------------------------------------------------------------ §4 the turn
    def _turn_action(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        if type(action) is Play:  # §4.1
            k = action.kind
            hand[k] -= 1
            self.played = k
            if self._log_on:
                self._emit("play", {"turn": self.turn, "seat": seat, "card": KINDS[k]})
            self._power(seat, k)
        elif type(action) is Lay:  # §4.2
            k, cnt, j = action.kind, action.count, action.jesters
            hand[k] -= cnt
            hand[JESTER] -= j
            gid = self.next_guild
            self.next_guild = gid + 1
            self.guilds.append([gid, seat, k, cnt, j, self.turn])
            if self._log_on:
                self._emit("lay", {"turn": self.turn, "seat": seat, "guild": A.guild_label(gid, k),
                                   "cards": [KINDS[k]] * cnt + [KINDS[JESTER]] * j})
            if self._guild_count(seat) >= WIN_GUILDS:  # §5.1 / R2: the third guild wins at once
                raise RoundOver("third_guild", [seat])
            self._power(seat, k)
        elif type(action) is Use:  # §4.3
            g = self._guild(action.guild)
            if self._log_on:
                self._emit("use", {"turn": self.turn, "seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND])})
            self._power(seat, g[G_KIND])
        elif type(action) is Reinforce:  # §4.4
            g = self._guild(action.guild)
            k, cnt, j = action.kind, action.count, action.jesters
            hand[k] -= cnt
            hand[JESTER] -= j
            before = self._guild_count(seat)
            log = self._log_on
            old = A.guild_label(g[G_ID], g[G_KIND]) if log else ""
            if g[G_KIND] == JESTER and k != JESTER:  # §6.3 / R21 the Jester guild takes the added kind
                g[G_KIND] = k
                g[G_COUNT] = cnt
            else:
                g[G_COUNT] += cnt
            g[G_JESTERS] += j
            if log:
                self._emit("reinforce", {"turn": self.turn, "seat": seat, "guild": old,
                                         "now": A.guild_label(g[G_ID], g[G_KIND]),
                                         "cards": [KINDS[k]] * cnt + [KINDS[JESTER]] * j})
            if self._guild_count(seat) > before and self._guild_count(seat) >= WIN_GUILDS:
                raise RoundOver("third_guild", [seat])  # R2 (only with jester_guild_counts off)
            self._power(seat, g[G_KIND])
        else:  # §6.1 / §6.3 nothing else is possible: draw a card (then the turn's draw)
            if self._log_on:
                self._emit("no_action", {"turn": self.turn, "seat": seat})
            self._draw_one(seat, "no action")

    def _end_turn(self) -> None:
        """§4: after the action the played card is discarded, then the turn's draw; next seat."""
        if self.played >= 0:
            self.discard.append(self.played)
            self.played = -1
        current = self.current
        draw = self.draw  # the turn's draw (as _draw_one)
        c = draw.pop()
        self.hands[current][c] += 1
        if self._log_on:
            self._emit("draw", {"seat": current, "cards": [KINDS[c]], "why": "turn"}, to=(current,),
                       redacted={"seat": current, "count": 1, "why": "turn"})
        if not draw:
            self._pile_empty()
        self.current = (current + 1) % self.game.players
        self.turn += 1

    # ------------------------------------------------------------------ §3 drawing and the End card
    def _draw(self, seat: int, count: int, why: str) -> None:
        """Take ``count`` cards from the draw pile into ``seat``'s hand (one log entry per batch)."""
        hand = self.hands[seat]
        draw = self.draw
        log = self._log_on
        got: list[str] = []
        for _ in range(count):
            c = draw.pop()
            hand[c] += 1
            if log:
                got.append(KINDS[c])
            if not draw:
                if log:
                    self._emit("draw", {"seat": seat, "cards": got, "why": why}, to=(seat,),
                               redacted={"seat": seat, "count": len(got), "why": why})
                got = []
                self._pile_empty()
                draw = self.draw
        if got:
            self._emit("draw", {"seat": seat, "cards": got, "why": why}, to=(seat,),
                       redacted={"seat": seat, "count": len(got), "why": why})

    def _draw_one(self, seat: int, why: str) -> None:
        """``_draw(seat, 1, why)``, the common case, in short."""
        draw = self.draw
        c = draw.pop()
        self.hands[seat][c] += 1
        if self._log_on:
            self._emit("draw", {"seat": seat, "cards": [KINDS[c]], "why": why}, to=(seat,),
                       redacted={"seat": seat, "count": 1, "why": why})
        if not draw:
            self._pile_empty()

    def _pile_empty(self) -> None:
        """§3.2 the End card is revealed: the first time red, flip it and shuffle the discard pile but
        its top card into a new draw pile; yellow (or the new pile is empty, R16), the round ends (§5.3).
        It may happen in the middle of a power, which then goes on with the new pile (R24)."""
        self.runs_out += 1
        if self.end_side == RED:
            self.end_side = YELLOW
            pile = self.discard[:-1]
            self.discard = self.discard[-1:]
            self._rng().shuffle(pile)
            self.draw = pile
            self._emit("end_card", {"side": YELLOW, "reshuffled": len(pile)})
            if pile:
                return
            self.runs_out += 1
        self._emit("pile_empty", {"times": self.runs_out})
        raise RoundOver("alternative_end", [])

    def _ensure(self, seat: int, count: int) -> None:
        """§6.1 running out of cards: draw until the seat holds ``count`` cards (R17: Merchant, Noble
        givers, the Priest's target)."""
        have = sum(self.hands[seat])
        if have < count:
            self._draw(seat, count - have, "running out")

    # ------------------------------------------------------------------ §7 the powers
    def _power(self, seat: int, k: int) -> None:
        if k == MONK:  # §7.9
            self._draw(seat, 2, "Monk")
        elif k in _USER_DECIDES:  # §7.4 / §7.7 / §7.11: the user decides
            self.pending = {"k": _DECISION[k], "s": seat}
        elif k in _ATTACKS:  # §7.2 / §7.12, R14 other seats' guilds only
            for g in self.guilds:
                if g[G_OWNER] != seat:
                    self.pending = {"k": _DECISION[k], "s": seat}
                    return
            # §6.2 no guild to attack: draw a card instead
            if self._log_on:
                self._emit("no_target", {"seat": seat, "power": KINDS[k]})
            self._draw_one(seat, KINDS[k])
        elif k == ARTISAN:  # §7.1
            if self.discard:
                c = self.discard.pop()
                self.hands[seat][c] += 1
                if self._log_on:
                    self._emit("artisan", {"seat": seat, "card": KINDS[c]})
            elif self._log_on:  # R10
                self._emit("artisan", {"seat": seat, "card": None})
        elif k == STAR:  # §7.5 everyone draws, in turn order from the user (R12)
            n = self.game.players
            for i in range(n):
                self._draw_one((seat + i) % n, "Star")
        elif k == BEGGAR:  # §7.8
            self._beggar(seat)
        elif k == NOBLE:  # §7.10
            n = self.game.players
            if n == 2:  # §6.5 one card from the other seat, one from the draw pile
                self._noble_next(seat, [1 - seat], True)
            else:  # R23 the next two seats in turn order
                self._noble_next(seat, [(seat + 1) % n, (seat + 2) % n], False)
        elif k == WITCH:  # §7.13
            self._witch(seat)
        elif k == WIZARD:  # §7.6
            self.pending = {"k": "wizard", "s": seat}
            wizard = self.wizard
            log = self._log_on
            shown = 0
            for _ in range(3):
                wizard.append(self.draw.pop())
                if not self.draw:
                    if log:
                        self._emit("wizard_draw", {"seat": seat, "cards": names_of(wizard[shown:])}, to=(seat,),
                                   redacted={"seat": seat, "count": len(wizard) - shown})
                    shown = len(wizard)
                    self._pile_empty()
            if shown < 3 and log:
                self._emit("wizard_draw", {"seat": seat, "cards": names_of(wizard[shown:])}, to=(seat,),
                           redacted={"seat": seat, "count": 3 - shown})
        elif self._log_on:  # §7.3 / R7 a Jester has no power
            self._emit("no_power", {"seat": seat})

    def _beggar(self, seat: int) -> None:
        n = self.game.players
        sizes = [sum(h) for h in self.hands]
        mine = sizes[seat]
        most = max(sizes[:seat] + sizes[seat + 1:])
        if most == 0 or mine > most or (mine == most and self.game.beggar_tie_draws):
            if self._log_on:
                self._emit("beggar", {"seat": seat, "most": True})  # §6.4 / R9
            self._draw_one(seat, "Beggar")
            return
        tied = [o for o in range(n) if o != seat and sizes[o] == most]
        if len(tied) == 1:
            self._beg(seat, tied[0])
        else:
            self.pending = {"k": "beggar", "s": seat, "opts": tied}

    def _beg(self, seat: int, target: int) -> None:
        hand = self.hands[target]
        r = self._rng().randrange(sum(hand))
        for c in _RANGE:
            r -= hand[c]
            if r < 0:
                break
        hand[c] -= 1
        self.hands[seat][c] += 1
        if self._log_on:
            self._emit("beg", {"seat": seat, "from": target, "card": KINDS[c]}, to=(seat, target),
                       redacted={"seat": seat, "from": target})

    def _noble_next(self, to: int, givers: list[int], pile: bool) -> None:
        giver = givers[0]
        self._ensure(giver, 1)
        self.pending = {"k": "noble", "s": giver, "to": to, "next": givers[1:], "pile": pile}

    def _copyable(self, seat: int) -> list[list[int]]:
        """R5: guilds with a power other than the Witch's; own guilds unless the option says no."""
        own_ok = self.game.witch_own_guilds
        return [g for g in self.guilds
                if g[G_KIND] != JESTER and g[G_KIND] != WITCH and (own_ok or g[G_OWNER] != seat)]

    def _witch(self, seat: int) -> None:
        if self._copyable(seat):
            self.pending = {"k": "witch", "s": seat}
            return
        while True:  # §6.6 nothing to copy: reveal and discard the top card, copy its power
            c = self.draw.pop()
            self.discard.append(c)  # R20 discarded before its power is copied
            if self._log_on:
                self._emit("witch_reveal", {"seat": seat, "card": KINDS[c]})
            if not self.draw:
                self._pile_empty()
            if c != WITCH:  # R5 a revealed Witch has still nothing to copy: reveal again
                self._power(seat, c)
                return

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, action: Action, p: dict[str, Any]) -> None:
        k = p["k"]
        hands = self.hands
        if type(action) is Give:
            c = action.kind
            hands[seat][c] -= 1
            to = p["to"] if k != "priest_give" else p["t"]
            hands[to][c] += 1
            self.pending = None
            if self._log_on:
                if k == "knight_give":  # §7.4 the demand was public, so is the answer
                    self._emit("give", {"seat": seat, "to": to, "card": KINDS[c], "power": "Knight"})
                else:
                    power = "Noble" if k == "noble" else "Priest"
                    self._emit("give", {"seat": seat, "to": to, "card": KINDS[c], "power": power},
                               to=(seat, to), redacted={"seat": seat, "to": to, "power": power})
            if k == "noble":
                if p["next"]:
                    self._noble_next(to, p["next"], p["pile"])
                elif p["pile"]:
                    self._draw_one(to, "Noble")
        elif type(action) is Offer:  # §7.7 / R18 secret until both have chosen
            a, b = action.first, action.second
            hand = hands[seat]
            hand[a] -= 1
            hand[b] -= 1
            self.offers[seat] = [a, b]
            log = self._log_on
            if log:
                self._emit("offer", {"seat": seat, "cards": [KINDS[a], KINDS[b]]}, to=(seat,),
                           redacted={"seat": seat})
            x, y = p["a"], p["b"]
            if self.offers[x] and self.offers[y]:
                ox, oy = self.offers[x], self.offers[y]
                for c in ox:
                    hands[y][c] += 1
                for c in oy:
                    hands[x][c] += 1
                self.offers[x] = []
                self.offers[y] = []
                self.pending = None
                if log:
                    self._emit("exchange", {"a": x, "b": y, "a_gave": names_of(ox), "b_gave": names_of(oy)},
                               to=(x, y), redacted={"a": x, "b": y})
        elif type(action) is Take:
            t, c = p["t"], action.kind
            hands[t][c] -= 1
            hands[seat][c] += 1
            if self._log_on:
                self._emit("take", {"seat": seat, "from": t, "card": KINDS[c]}, to=(seat, t),
                           redacted={"seat": seat, "from": t})
            self.pending = {"k": "priest_give", "s": seat, "t": t}  # R19 any card, even this one
        elif type(action) is LookAt:  # §7.11
            t = action.target
            self.pending = None
            self._ensure(t, 1)
            hand_names = names(hands[t])
            seen = dict(self.seen[seat])
            seen[str(t)] = {"turn": self.turn, "hand": hand_names}
            self.seen[seat] = seen
            if self._log_on:
                self._emit("look", {"seat": seat, "target": t, "hand": hand_names}, to=(seat,),
                           redacted={"seat": seat, "target": t})
            self.pending = {"k": "priest_take", "s": seat, "t": t}
        elif type(action) is TradeWith:  # §7.7
            t = action.target
            self.pending = None
            if self._log_on:
                self._emit("trade", {"seat": seat, "with": t})
            self._ensure(seat, 2)
            self._ensure(t, 2)
            self.pending = {"k": "exchange", "a": seat, "b": t}
        elif type(action) is Keep:  # §7.6
            c = action.kind
            cards = self.wizard
            cards.remove(c)
            hands[seat][c] += 1
            self.discard += cards
            self.wizard = []
            self.pending = None
            if self._log_on:
                self._emit("keep", {"seat": seat, "card": KINDS[c]}, to=(seat,), redacted={"seat": seat})
                self._emit("wizard_discard", {"seat": seat, "cards": names_of(cards)})
        elif type(action) is Ask:  # §7.4
            t, c = action.target, action.kind
            self.pending = None
            hand = hands[t]
            has = hand[c] > 0 or (self.game.knight_jester and c != JESTER and hand[JESTER] > 0)
            if self._log_on:
                self._emit("ask", {"seat": seat, "target": t, "card": KINDS[c], "has": has})
            if has:
                self.pending = {"k": "knight_give", "s": t, "to": seat, "c": c}
        elif type(action) is Assassinate or type(action) is Steal:  # §7.2 / §7.12
            self.pending = None
            g = self._guild(action.guild)
            c = action.card
            if c == JESTER:
                g[G_JESTERS] -= 1
            else:
                g[G_COUNT] -= 1
            log = self._log_on
            if type(action) is Assassinate:
                self.discard.append(c)
                if log:
                    self._emit("assassinate", {"seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND]),
                                               "owner": g[G_OWNER], "card": KINDS[c]})
            else:
                hands[seat][c] += 1
                if log:
                    self._emit("steal", {"seat": seat, "guild": A.guild_label(g[G_ID], g[G_KIND]),
                                         "owner": g[G_OWNER], "card": KINDS[c]})
            self._check_guild(g)
        elif type(action) is Copy:  # §7.13
            self.pending = None
            if self._log_on:
                self._emit("copy", {"seat": seat, "guild": A.guild_label(action.guild, action.gkind)})
            self._power(seat, action.gkind)
        elif type(action) is BegFrom:
            self.pending = None
            self._beg(seat, action.target)
        else:  # pragma: no cover - apply only passes legal actions
            raise AssertionError(f"unexpected {action!r}")

    # ------------------------------------------------------------------ guilds
    def _guild(self, gid: int) -> list[int]:
        for g in self.guilds:
            if g[G_ID] == gid:
                return g
        raise AssertionError(f"no guild {gid}")  # pragma: no cover

    def _guild_count(self, seat: int) -> int:
        """Guilds of ``seat`` that count towards the win (R3)."""
        n = 0
        if self.game.jester_guild_counts:
            for g in self.guilds:
                if g[G_OWNER] == seat:
                    n += 1
        else:
            for g in self.guilds:
                if g[G_OWNER] == seat and g[G_KIND] != JESTER:
                    n += 1
        return n

    def _check_guild(self, g: list[int]) -> None:
        """§4.2 a guild left with fewer than three cards goes back to its owner's hand; R4 a guild
        left with Jesters only is a Jester guild."""
        log = self._log_on
        label = A.guild_label(g[G_ID], g[G_KIND]) if log else ""
        if g[G_COUNT] + g[G_JESTERS] < GUILD_MIN:
            hand = self.hands[g[G_OWNER]]
            hand[g[G_KIND]] += g[G_COUNT]
            hand[JESTER] += g[G_JESTERS]
            self.guilds.remove(g)
            if log:
                cards = [KINDS[g[G_KIND]]] * g[G_COUNT] + [KINDS[JESTER]] * g[G_JESTERS]
                self._emit("guild_returned", {"owner": g[G_OWNER], "guild": label, "cards": cards})
        elif g[G_COUNT] == 0 and g[G_KIND] != JESTER:
            g[G_KIND] = JESTER
            if log:
                self._emit("guild_changed", {"owner": g[G_OWNER], "guild": label,
                                             "now": A.guild_label(g[G_ID], JESTER)})

    # ------------------------------------------------------------------ §5 the end
    def alternative_key(self, seat: int) -> tuple[int, ...]:
        """§5.3 / R6: guilds then guild members (or their total), then cards in hand."""
        mine = [g for g in self.guilds if g[G_OWNER] == seat]
        guilds = self._guild_count(seat)
        members = sum(g[G_COUNT] + g[G_JESTERS] for g in mine)
        hand = sum(self.hands[seat])
        if self.game.alt_total:
            return (guilds + members, hand)
        return (guilds, members, hand)

    def _close_round(self, termination: str, winners: list[int]) -> None:
        n = self.players
        # cards caught mid-power go where they were heading (R13)
        if self.played >= 0:
            self.discard.append(self.played)
            self.played = -1
        p = self.pending
        if self.wizard:
            assert p is not None
            for c in self.wizard:
                self.hands[p["s"]][c] += 1
            self.wizard = []
        for s in range(n):
            for c in self.offers[s]:
                self.hands[s][c] += 1
            self.offers[s] = []
        self.pending = None
        if termination == "alternative_end":
            keys = [self.alternative_key(s) for s in range(n)]
            best = max(keys)
            winners = [s for s in range(n) if keys[s] == best]
        counts = [self._guild_count(s) for s in range(n)]
        self._emit("round_over", {"round": self.round, "termination": termination, "winners": winners,
                                  "guilds": counts})
        if not self.game.match:
            self.result = {"termination": termination, "winners": winners, "scores": counts}
            return
        # §5.2 / R1 a 2-player match: first to two round wins, at most three rounds
        self.rounds = [*self.rounds, {"round": self.round, "termination": termination, "winners": winners}]
        wins = self.round_wins
        for w in winners:
            wins[w] += 1
        if max(wins) >= 2 or self.round >= 3:
            best_wins = max(wins)
            self.result = {"termination": "best_of_3", "winners": [s for s in range(n) if wins[s] == best_wins],
                           "scores": wins[:]}
            return
        self.round += 1
        self.turn += 1
        self._deal()

    # ------------------------------------------------------------------ §2 setup
    def _deal(self) -> None:
        n = self.players
        rng = self._rng()
        deck = list(_DECK)
        rng.shuffle(deck)
        hands = self.hands = [[0] * N_KINDS for _ in range(n)]
        for _ in range(HAND_SIZE):
            for hand in hands:
                hand[deck.pop()] += 1
        self.discard = [deck.pop()]
        self.draw = deck
        self.end_side = YELLOW if n == 2 else RED
        self.runs_out = 0
        self.guilds = []
        self.pending = None
        self.played = -1
        self.offers = [[] for _ in range(n)]
        self.wizard = []
        self.seen = [{} for _ in range(n)]
        self.current = self.first = rng.randrange(n)
        if self._log_on:
            self._emit("round", {"round": self.round, "first": self.first, "end_card": self.end_side,
                                 "discard": KINDS[self.discard[-1]]})
            for s in range(n):
                self._emit("deal", {"seat": s, "cards": names(hands[s])}, to=(s,),
                           redacted={"seat": s, "count": HAND_SIZE})

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        self._check_view_seat(seat)
        n = self.players
        turn = self.turn
        guilds = [{"id": g[G_ID], "label": A.guild_label(g[G_ID], g[G_KIND]), "owner": g[G_OWNER],
                   "kind": KINDS[g[G_KIND]], "cards": [KINDS[g[G_KIND]]] * g[G_COUNT] + [KINDS[JESTER]] * g[G_JESTERS],
                   "size": g[G_COUNT] + g[G_JESTERS], "laid_turn": g[G_LAID],
                   "usable": g[G_KIND] != JESTER and g[G_LAID] < turn}
                  for g in self.guilds]
        out = self.outcome
        match = None
        if self.game.match:
            match = {"format": "best_of_3", "round": self.round, "round_wins": self.round_wins[:],
                     "rounds": [dict(r) for r in self.rounds]}
        if self.result is not None:
            phase = "over"
        elif self.pending is None:
            phase = "turn"
        else:
            phase = str(self.pending["k"])
        return {
            "game": "medievallons",
            "seat": seat,
            "players": n,
            "turn": turn,
            "current": self.current,
            "first_player": self.first,
            "to_move": list(self.to_move),
            "phase": phase,
            "pending": self._pending_view(seat),
            "hand": None if seat is None else names(self.hands[seat]),
            "hand_counts": [sum(h) for h in self.hands],
            "guilds": guilds,
            "guild_counts": [self._guild_count(s) for s in range(n)],
            "discard": names_of(self.discard),
            "discard_top": KINDS[self.discard[-1]] if self.discard else None,
            "draw_count": len(self.draw),
            "end_card": self.end_side,
            "pile_runs_out": self.runs_out,
            "played": KINDS[self.played] if self.played >= 0 else None,
            "seen": {} if seat is None else {t: dict(v) for t, v in self.seen[seat].items()},
            "match": match,
            "outcome": None if out is None else out.to_json(),
        }

    def _pending_view(self, seat: int | None) -> dict[str, Any] | None:
        p = self.pending
        if p is None or self.result is not None:
            return None
        k = p["k"]
        if k == "exchange":
            d: dict[str, Any] = {"decision": k, "seats": [p["a"], p["b"]], "waiting": list(self.to_move)}
            if seat is not None and seat in (p["a"], p["b"]):
                d["my_offer"] = names_of(self.offers[seat])
            return d
        d = {"decision": k, "seat": p["s"]}
        if k == "knight_give":
            d.update({"to": p["to"], "card": KINDS[p["c"]]})
        elif k == "noble":
            d.update({"to": p["to"], "then": list(p["next"]), "then_pile": p["pile"]})
        elif k in ("priest_take", "priest_give"):
            d["target"] = p["t"]
            if k == "priest_take" and seat == p["s"]:
                d["hand"] = names(self.hands[p["t"]])
        elif k == "beggar":
            d["options"] = list(p["opts"])
        elif k == "wizard":
            d["count"] = len(self.wizard)
            if seat == p["s"]:
                d["cards"] = names_of(self.wizard)
        return d

    # ------------------------------------------------------------------ search support
    def clone(self) -> Self:
        new = self._shallow_clone()
        new.round = self.round
        new.round_wins = self.round_wins[:]
        new.rounds = self.rounds  # replaced, never mutated
        new.turn = self.turn
        new.current = self.current
        new.first = self.first
        new.hands = [h[:] for h in self.hands]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.end_side = self.end_side
        new.runs_out = self.runs_out
        new.guilds = [g[:] for g in self.guilds]
        new.next_guild = self.next_guild
        new.pending = self.pending  # replaced, never mutated
        new.played = self.played
        new.offers = [o[:] for o in self.offers]
        new.wizard = self.wizard[:]
        new.seen = self.seen[:]  # per-seat dicts are replaced, never mutated
        new.result = self.result
        return new

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: other hands, their secret Merchant offers, another seat's
        Wizard cards and the draw pile. Kept: a hand the seat is looking at with a Priest, and one card
        of the demanded kind in the hand of a seat that owes a Knight (that much is public)."""
        n = self.players
        p = self.pending
        fixed = -1
        reserve_seat, reserve = -1, -1
        if p is not None:
            if p["k"] == "priest_take" and p["s"] == seat:
                fixed = p["t"]
            elif p["k"] == "knight_give" and p["s"] != seat:
                reserve_seat = p["s"]
                c = p["c"]
                reserve = c if self.hands[reserve_seat][c] else JESTER
        pool: list[int] = []
        sizes: list[int] = []
        others = [o for o in range(n) if o != seat and o != fixed]
        for o in others:
            hand = self.hands[o]
            if o == reserve_seat:
                hand[reserve] -= 1
            sizes.append(sum(hand))
            for c in compress(_RANGE, hand):
                pool += _REPEATS[c][hand[c]]
            pool += self.offers[o]
        wiz = bool(self.wizard) and p is not None and p["s"] != seat
        if wiz:
            pool += self.wizard
        pool += self.draw
        rng.shuffle(pool)
        i = 0
        for o, size in zip(others, sizes, strict=True):
            hand = [0] * N_KINDS
            for c in pool[i:i + size]:
                hand[c] += 1
            i += size
            if o == reserve_seat:
                hand[reserve] += 1
            self.hands[o] = hand
            if self.offers[o]:
                self.offers[o] = sorted(pool[i:i + 2])
                i += 2
        if wiz:
            self.wizard = pool[i:i + 3]
            i += 3
        self.draw = pool[i:]

    def components(self) -> Counter[Hashable]:
        counts = [0] * N_KINDS
        for h in self.hands:
            for c in _RANGE:
                counts[c] += h[c]
        for zone in (self.draw, self.discard, self.wizard, *self.offers):
            for c in zone:
                counts[c] += 1
        for g in self.guilds:
            counts[g[G_KIND]] += g[G_COUNT]
            counts[JESTER] += g[G_JESTERS]
        if self.played >= 0:
            counts[self.played] += 1
        out: Counter[Hashable] = Counter({KINDS[c]: counts[c] for c in _RANGE})
        out[END_CARD] = 1
        return out


@register
class MedievallonsGame(Game["MedievallonsState"]):
    spec = SPEC

    # option flags, read in hot paths
    match: bool
    jester_guild_counts: bool
    lone_jester_ok: bool
    knight_jester: bool
    beggar_tie_draws: bool
    alt_total: bool
    witch_own_guilds: bool

    def _setup(self) -> None:
        o = self.options
        self.match = self.players == 2 and o["match"] == "best_of_3"
        self.jester_guild_counts = bool(o["jester_guild_counts"])
        self.lone_jester_ok = o["lone_jester"] == "no_power"
        self.knight_jester = bool(o["knight_jester"])
        self.beggar_tie_draws = o["beggar_tie"] == "draw"
        self.alt_total = o["alt_ranking"] == "total"
        self.witch_own_guilds = bool(o["witch_own_guilds"])

    @classmethod
    def state_class(cls) -> type[MedievallonsState]:
        return MedievallonsState

    @classmethod
    def test_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        configs: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in cls.spec.player_counts]
        configs.append((2, {"match": "single_round", "knight_jester": True, "beggar_tie": "take"}))
        configs.append((4, {"jester_guild_counts": False, "lone_jester": "forbidden", "knight_jester": True,
                            "beggar_tie": "take", "alt_ranking": "total", "witch_own_guilds": False}))
        return configs

    def parse_notation(self, text: str) -> Action:
        return A.parse(text)

    def heuristic_action(self, state: State, seat: int, rng: random.Random) -> Action:
        from medieval.games.medievallons.heuristic import choose

        return choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """A 2-player match's standing: each seat's chance of taking it with every round still to play a
        fair coin (``evaluation.py``; meant for round starts, where ``depth=round`` searches call it).
        None for a single-round game."""
        if not self.match:
            return None
        from medieval.games.medievallons.evaluation import match_chances

        assert isinstance(state, MedievallonsState)
        return list(match_chances(tuple(state.round_wins), state.round - 1))

    def round_number(self, state: State) -> int | None:
        """The round of a 2-player match (§5.2); None for a single-round game."""
        if not self.match:
            return None
        assert isinstance(state, MedievallonsState)
        return state.round

    def _blank(self, seed: int) -> MedievallonsState:
        s = MedievallonsState(self, seed)
        n = self.players
        s.round = 1
        s.round_wins = [0] * n
        s.rounds = []
        s.turn = 1
        s.current = s.first = 0
        s.hands = [[0] * N_KINDS for _ in range(n)]
        s.draw = []
        s.discard = []
        s.end_side = YELLOW if n == 2 else RED
        s.runs_out = 0
        s.guilds = []
        s.next_guild = 1
        s.pending = None
        s.played = -1
        s.offers = [[] for _ in range(n)]
        s.wizard = []
        s.seen = [{} for _ in range(n)]
        s.result = None
        return s

    def _initial_state(self, seed: int) -> MedievallonsState:
        """§2 setup: shuffle, End card under the pile (yellow with 2 players), 6 cards each, reveal the
        first discard, a random first player."""
        s = self._blank(seed)
        s._deal()
        return s

    def scenario(self, **setup: Any) -> MedievallonsState:
        """A stacked position for tests and tutorials (see the rules document, "Scenarios").

        ``hands``: per seat, a list of card names (default: empty hands). ``guilds``: a list of
        ``{"owner": seat, "cards": [names], "laid": turn}`` (laid defaults to 0, an earlier turn).
        ``discard``: card names, bottom first. ``draw``: card names, top first. ``rest``: where the
        cards not listed go, ``"draw"`` (shuffled under the listed draw pile, default) or ``"discard"``
        (under the listed discard pile). ``end_card``: ``"red"`` or ``"yellow"`` (default red, yellow with
        2 players). ``current``: the seat to play (default 0). ``turn``: the turn number (default 1).
        ``round`` and ``round_wins``: a 2-player match's progress. ``seed``: chance from here on."""
        from medieval.games.medievallons.scenario import build

        return build(self, setup)
