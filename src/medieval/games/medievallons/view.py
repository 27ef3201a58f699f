"""What a seat may know of a Medievallons table, as a typed view.

Everyone sees the guilds on the table, the discard pile (face up, §2.4), how many cards each hand and the
draw pile hold, the End of Game card's side and the public part of a pending decision. A seat also sees
its own hand, what it saw with a Priest (R19), the hand it is looking at, its Wizard's cards and its own
Merchant offer (R18). The spectator sees only what everyone sees."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Required, TypedDict, cast

from medieval.games.medievallons import guilds as G
from medieval.games.medievallons.actions import guild_label
from medieval.games.medievallons.components import JESTER, KINDS, names, names_of
from medieval.games.medievallons.guilds import G_COUNT, G_ID, G_JESTERS, G_KIND, G_LAID, G_OWNER

if TYPE_CHECKING:
    from medieval.games.medievallons.state import MedievallonsState

#: a pending decision's name (the view's ``phase`` while it is pending)
Decision = Literal["knight", "knight_give", "noble", "priest", "priest_take", "priest_give", "merchant",
                   "exchange", "beggar", "witch", "assassin", "prowler", "wizard"]
Phase = Literal["turn", "knight", "knight_give", "noble", "priest", "priest_take", "priest_give", "merchant",
                "exchange", "beggar", "witch", "assassin", "prowler", "wizard", "over"]


class GuildView(TypedDict):
    id: int
    label: str  # Kind#id, as the notation writes it
    owner: int
    kind: str  # the guild's kind now ("Jester" for a guild of Jesters only)
    cards: list[str]  # its cards of its kind, then its Jesters
    size: int
    laid_turn: int
    usable: bool  # it has a power and was laid on an earlier turn (§4.3)


class SeenHand(TypedDict):
    """A hand looked at with a Priest: the turn of the look and the cards then."""

    turn: int
    hand: list[str]


class PendingView(TypedDict, total=False):
    """The pending decision: its name, who owes it, and its public details (the seat concerned also sees
    its private ones)."""

    decision: Required[Decision]
    seat: int  # who owes it (every decision but the Merchant's exchange)
    seats: list[int]  # exchange: the two traders
    waiting: list[int]  # exchange: who has not offered yet
    my_offer: list[str]  # exchange, to a trader: its own offer (empty until made)
    to: int  # knight_give, noble: who receives the card
    card: str  # knight_give: the kind demanded
    then: list[int]  # noble: the givers after this one
    then_pile: bool  # noble: a card from the draw pile follows (2 players)
    target: int  # priest_take, priest_give: whose hand
    hand: list[str]  # priest_take, to the Priest's user: the hand looked at
    options: list[int]  # beggar: the tied seats to beg from
    count: int  # wizard: cards drawn
    cards: list[str]  # wizard, to its user: the cards drawn


class MatchRound(TypedDict):
    round: int
    termination: str
    winners: list[int]


class MatchView(TypedDict):
    """A 2-player best-of-three match (§5.2, R1)."""

    format: Literal["best_of_3"]
    round: int
    round_wins: list[int]
    rounds: list[MatchRound]  # the finished rounds


class MedievallonsView(TypedDict):
    game: Literal["medievallons"]
    seat: int | None
    players: int
    turn: int  # the turn counter (never reset)
    current: int  # whose turn it is
    first_player: int
    to_move: list[int]
    phase: Phase  # turn, the pending decision, or over
    pending: PendingView | None
    hand: list[str] | None  # None for the spectator
    hand_counts: list[int]
    guilds: list[GuildView]
    guild_counts: list[int]  # guilds that count towards the win (R3)
    discard: list[str]  # bottom to top, all face up
    discard_top: str | None
    draw_count: int
    end_card: Literal["red", "yellow"]
    pile_runs_out: int
    played: str | None  # the card being resolved
    seen: dict[str, SeenHand]  # the seat's own Priest memories, by seat (as text)
    match: MatchView | None
    outcome: dict[str, Any] | None


def guild_view(g: list[int], turn: int) -> GuildView:
    return {"id": g[G_ID], "label": guild_label(g[G_ID], g[G_KIND]), "owner": g[G_OWNER], "kind": KINDS[g[G_KIND]],
            "cards": G.cards(g), "size": g[G_COUNT] + g[G_JESTERS], "laid_turn": g[G_LAID],
            "usable": g[G_KIND] != JESTER and g[G_LAID] < turn}


def view(s: MedievallonsState, seat: int | None) -> MedievallonsView:
    n = s.players
    turn = s.turn
    out = s.outcome
    match: MatchView | None = None
    if s.game.match:
        match = {"format": "best_of_3", "round": s.round, "round_wins": s.round_wins[:],
                 "rounds": [{"round": r["round"], "termination": r["termination"], "winners": list(r["winners"])}
                            for r in s.rounds]}
    phase: Phase
    if s.result is not None:
        phase = "over"
    elif s.pending is None:
        phase = "turn"
    else:
        phase = cast(Decision, s.pending["k"])
    seen: dict[str, SeenHand] = {}
    if seat is not None:
        seen = {t: {"turn": v["turn"], "hand": list(v["hand"])} for t, v in s.seen[seat].items()}
    return {
        "game": "medievallons",
        "seat": seat,
        "players": n,
        "turn": turn,
        "current": s.current,
        "first_player": s.first,
        "to_move": list(s.to_move),
        "phase": phase,
        "pending": pending_view(s, seat),
        "hand": None if seat is None else names(s.hands[seat]),
        "hand_counts": [sum(h) for h in s.hands],
        "guilds": [guild_view(g, turn) for g in s.guilds],
        "guild_counts": [G.count(s, x) for x in range(n)],
        "discard": names_of(s.discard),
        "discard_top": KINDS[s.discard[-1]] if s.discard else None,
        "draw_count": len(s.draw),
        "end_card": "red" if s.end_side == "red" else "yellow",
        "pile_runs_out": s.runs_out,
        "played": KINDS[s.played] if s.played >= 0 else None,
        "seen": seen,
        "match": match,
        "outcome": None if out is None else out.to_json(),
    }


class BotView(TypedDict):
    """The part of ``view(seat)`` the heuristic reads (``MedievallonsState.bot_view``), several times cheaper
    to build: every entry is the view's own in a form that costs nothing to make. The seat's hand is its
    count of each kind (the view lists the names), each guild is the state's own
    ``[id, owner, kind, count, jesters, laid_turn]`` (``guilds.py``; the view's ``GuildView`` shows each of
    these) and the top of the discard pile is its kind (-1: none)."""

    players: int
    hand: list[int]
    hand_counts: list[int]
    guilds: list[list[int]]
    guild_counts: list[int]
    discard_top: int
    seen: dict[str, SeenHand]


def bot_view(s: MedievallonsState, seat: int) -> BotView:
    """The lean view; its ``guilds`` and ``seen`` are the state's own (read only, and only until the next
    action: the state changes its guilds in place)."""
    n = s.players
    counts = [0] * n
    table = s.guilds
    if table:
        if s.game.jester_guild_counts:  # R3 as ``guilds.count`` reads it
            for g in table:
                counts[g[G_OWNER]] += 1
        else:
            for g in table:
                if g[G_KIND] != JESTER:
                    counts[g[G_OWNER]] += 1
    discard = s.discard
    return {
        "players": n,
        "hand": s.hands[seat][:],
        "hand_counts": list(map(sum, s.hands)),
        "guilds": table,
        "guild_counts": counts,
        "discard_top": discard[-1] if discard else -1,
        "seen": cast("dict[str, SeenHand]", s.seen[seat]),
    }


def pending_view(s: MedievallonsState, seat: int | None) -> PendingView | None:
    p = s.pending
    if p is None or s.result is not None:
        return None
    k: Decision = p["k"]
    d: PendingView
    if k == "exchange":
        d = {"decision": k, "seats": [p["a"], p["b"]], "waiting": list(s.to_move)}
        if seat is not None and seat in (p["a"], p["b"]):
            d["my_offer"] = names_of(s.offers[seat])
        return d
    d = {"decision": k, "seat": p["s"]}
    if k == "knight_give":
        d["to"] = p["to"]
        d["card"] = KINDS[p["c"]]
    elif k == "noble":
        d["to"] = p["to"]
        d["then"] = list(p["next"])
        d["then_pile"] = p["pile"]
    elif k in ("priest_take", "priest_give"):
        d["target"] = p["t"]
        if k == "priest_take" and seat == p["s"]:
            d["hand"] = names(s.hands[p["t"]])
    elif k == "beggar":
        d["options"] = list(p["opts"])
    elif k == "wizard":
        d["count"] = len(s.wizard)
        if seat == p["s"]:
            d["cards"] = names_of(s.wizard)
    return d
