"""Medievallons: observation encoding of ``view(seat)`` and the action codec (docs/interop.md, "Medievallons").

Cards are kinds (13 guild kinds). Guilds are named in actions by *slot*: their owner (relative seat) and their
position among that owner's guilds in the view's ``guilds`` list (slot 0 is the owner's oldest guild still on
the table), never by their engine id."""

from __future__ import annotations

from typing import Any

from medieval.core.encoding import (
    ActionCodec,
    ActionGroup,
    ActionKey,
    Context,
    Counts,
    Encoding,
    EncodingError,
    Flag,
    Number,
    OneHot,
    PerSeat,
    Seat,
    Seats,
    Section,
    Slots,
    rel_axis,
    rel_key,
)
from medieval.core.state import Action, Game
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.components import COPIES, JESTER, KINDS, N_CARDS
from medieval.games.medievallons.view import GuildView, MedievallonsView, SeenHand

MAX = A.MAX_SEATS
#: Most guilds one seat can hold: two that count (a third wins at once) and, with jester_guild_counts off,
#: two guilds of Jesters only (8 Jesters, 3 or more each).
GUILD_SLOTS = 4
HAND_CAP = 16
NON_JESTER = tuple(k for k in KINDS if k != KINDS[JESTER])
PHASES = ("turn", "knight", "knight_give", "noble", "priest", "priest_take", "priest_give", "merchant", "exchange",
          "beggar", "witch", "assassin", "prowler", "wizard", "over")


def _guilds_by_owner(view: MedievallonsView, ctx: Context) -> list[list[GuildView]]:
    out: list[list[GuildView]] = [[] for _ in range(ctx.players)]
    for g in view["guilds"]:
        out[g["owner"]].append(g)
    return out


def _seen_by_seat(view: MedievallonsView, ctx: Context) -> list[SeenHand | None]:
    seen = view["seen"]
    return [seen.get(str(s)) for s in range(ctx.players)]


def _turns_ago(entry: SeenHand | None, ctx: Context) -> int | None:
    return None if entry is None else int(ctx.view["turn"]) - entry["turn"] + 1


def _round_wins(view: MedievallonsView, ctx: Context) -> list[int] | None:
    m = view["match"]
    return None if m is None else m["round_wins"]


GUILD = [
    OneHot("kind", "kind", KINDS, "the guild's kind (Jester: a guild of Jesters only)"),
    Number("size", "size", 0, 2 * COPIES, "cards in the guild / 16"),
    Number("jesters", lambda g, c: g["cards"].count(KINDS[JESTER]) if g["kind"] != KINDS[JESTER] else 0,
           0, COPIES, "Jesters joining a guild of another kind / 8"),
    Flag("usable", "usable", "1 if it was laid on an earlier turn and has a power"),
]

FEATURES = [
    OneHot("players", "players", (2, 3, 4, 5, 6)),
    Number("turn", "turn", 0, 300, "turn counter / 300"),
    OneHot("phase", "phase", PHASES, "turn, the pending decision, or over"),
    Seats("to_move", "to_move"),
    Seat("current", "current", "whose turn it is"),
    Seat("first_player", "first_player"),
    Counts("hand", "hand", KINDS, COPIES, "your hand: cards per kind / 8"),
    PerSeat("hand_counts", "hand_counts", [Number("cards", None, 0, HAND_CAP * 2, "cards in hand / 32")]),
    PerSeat("guild_counts", "guild_counts", [Number("guilds", None, 0, 3, "guilds that count / 3")]),
    PerSeat("guilds", _guilds_by_owner, [Slots("slot", None, GUILD_SLOTS, GUILD)],
            doc="each seat's guilds in the order they were laid (the slots actions name)"),
    Counts("discard", "discard", KINDS, COPIES, "discard pile: cards per kind / 8"),
    OneHot("discard_top", "discard_top", KINDS),
    Number("draw_count", "draw_count", 0, N_CARDS, "draw pile / 104"),
    OneHot("end_card", "end_card", ("red", "yellow")),
    Number("pile_runs_out", "pile_runs_out", 0, 2, "times the draw pile ran out / 2"),
    OneHot("played", "played", KINDS, "the card being played"),
    PerSeat("seen", _seen_by_seat, [
        Flag("seen", None, "1 if you looked at that hand with a Priest"),
        Number("turns_ago", _turns_ago, 0, 50, "turns since then (+1) / 50"),
        Counts("hand", "hand", KINDS, COPIES, "the hand you saw: cards per kind / 8"),
    ], doc="what you saw with a Priest"),
    Section("pending", "pending", [
        Seat("seat", "seat", "who owes the decision"),
        Seat("to", "to", "who receives the card"),
        OneHot("card", "card", KINDS, "the kind a Knight demands"),
        Seats("then", "then", "Noble: who gives next"),
        Flag("then_pile", "then_pile", "Noble: a card from the draw pile follows"),
        Seat("target", "target", "Priest: whose hand"),
        Counts("hand", "hand", KINDS, COPIES, "Priest: the hand you look at, cards per kind / 8"),
        Seats("options", "options", "Beggar: the seats you may beg from"),
        Number("count", "count", 0, 3, "Wizard: cards drawn / 3"),
        Counts("cards", "cards", KINDS, 3, "Wizard: the cards you drew, per kind / 3"),
        Seats("seats", "seats", "Merchant: the two trading seats"),
        Seats("waiting", "waiting", "Merchant: who has not offered yet"),
        Counts("my_offer", "my_offer", KINDS, 2, "Merchant: your offer, per kind / 2"),
    ]),
    Section("match", "match", [Number("round", "round", 0, 3, "2-player match: round / 3")]),
    PerSeat("round_wins", _round_wins, [Number("wins", None, 0, 2, "2-player match: rounds won / 2")]),
]

_KIND_COUNTS = [(c, j) for c in range(0, COPIES + 1) for j in range(0, COPIES + 1)]
GROUPS = [
    ActionGroup.of("play", "play a card", KINDS),
    ActionGroup("lay", tuple([("lay", k, c, j) for k in NON_JESTER for c, j in _KIND_COUNTS if c and c + j >= 3]
                             + [("lay", KINDS[JESTER], 0, j) for j in range(3, COPIES + 1)]),
                "lay a guild: KIND COUNT JESTERS (a guild of Jesters only: Jester 0 JESTERS)"),
    ActionGroup.of("use", "use your guild in that slot", range(GUILD_SLOTS)),
    ActionGroup("reinforce", tuple(("reinforce", s, k, c, j) for s in range(GUILD_SLOTS) for k in ("same", *NON_JESTER)
                                   for c, j in _KIND_COUNTS if c or j),
                "reinforce your guild in SLOT with COUNT cards of KIND (same: the guild's kind) and JESTERS Jesters"),
    ActionGroup.of("draw", "draw (nothing else is possible)"),
    ActionGroup.of("ask", "Knight: ask seat +r for a kind", rel_axis(MAX, 1), KINDS),
    ActionGroup.of("give", "give a card of that kind", KINDS),
    ActionGroup.of("trade", "Merchant: trade with seat +r", rel_axis(MAX, 1)),
    ActionGroup("offer", tuple(("offer", KINDS[a], KINDS[b]) for a in range(len(KINDS)) for b in range(a, len(KINDS))),
                "Merchant: offer two cards"),
    ActionGroup.of("look", "Priest: look at the hand of seat +r", rel_axis(MAX, 1)),
    ActionGroup.of("take", "Priest: take a card of that kind", KINDS),
    ActionGroup.of("beg", "Beggar: beg from seat +r", rel_axis(MAX, 1)),
    ActionGroup.of("copy", "Witch: copy the guild of seat +r in that slot", rel_axis(MAX), range(GUILD_SLOTS)),
    ActionGroup.of("assassinate", "Assassin: discard a card (the guild's kind, or a Jester) from a guild",
                   rel_axis(MAX, 1), range(GUILD_SLOTS), ("kind", "jester")),
    ActionGroup.of("steal", "Prowler: take a card (the guild's kind, or a Jester) from a guild",
                   rel_axis(MAX, 1), range(GUILD_SLOTS), ("kind", "jester")),
    ActionGroup.of("keep", "Wizard: keep a card of that kind", KINDS),
]


def _slot(gid: int, ctx: Context) -> tuple[str, int]:
    """(owner as a relative seat, position among the owner's guilds) of a guild, from the view."""
    slots: dict[int, tuple[str, int]] | None = ctx.memo.get("slots")
    if slots is None:
        slots, per_owner = {}, [0] * ctx.players
        for g in ctx.view["guilds"]:
            o = g["owner"]
            slots[g["id"]] = (rel_key(o, ctx), per_owner[o])
            per_owner[o] += 1
        ctx.memo["slots"] = slots
    try:
        return slots[gid]
    except KeyError:
        raise EncodingError(f"guild #{gid} is not in the view") from None


def _own_slot(gid: int, ctx: Context) -> int:
    owner, slot = _slot(gid, ctx)
    if owner != "+0":
        raise EncodingError(f"guild #{gid} is not the acting seat's")
    return slot


def key_of(action: Action, ctx: Context) -> ActionKey:
    if isinstance(action, A.Play):
        return ("play", KINDS[action.kind])
    if isinstance(action, A.Lay):
        return ("lay", KINDS[action.kind], action.count, action.jesters)
    if isinstance(action, A.Use):
        return ("use", _own_slot(action.guild, ctx))
    if isinstance(action, A.Reinforce):
        kind = "same" if action.kind in (action.gkind, JESTER) else KINDS[action.kind]
        return ("reinforce", _own_slot(action.guild, ctx), kind, action.count, action.jesters)
    if isinstance(action, A.Draw):
        return ("draw",)
    if isinstance(action, A.Ask):
        return ("ask", rel_key(action.target, ctx), KINDS[action.kind])
    if isinstance(action, A.Give | A.Take | A.Keep):
        return (str(action).split()[0], KINDS[action.kind])
    if isinstance(action, A.TradeWith | A.LookAt | A.BegFrom):
        return ({A.TradeWith: "trade", A.LookAt: "look", A.BegFrom: "beg"}[type(action)], rel_key(action.target, ctx))
    if isinstance(action, A.Offer):
        return ("offer", KINDS[action.first], KINDS[action.second])
    if isinstance(action, A.Copy):
        return ("copy", *_slot(action.guild, ctx))
    if isinstance(action, A.Assassinate | A.Steal):
        verb = "assassinate" if isinstance(action, A.Assassinate) else "steal"
        card = "jester" if action.card == JESTER else "kind"
        return (verb, *_slot(action.guild, ctx), card)
    raise EncodingError(f"no action key for {action!r}")


def max_game_length(game: Game[Any]) -> int:
    """Every turn ends with a draw from the pile, which is 104 cards at most and is made again once (the red
    side of the End of Game card, 3+ players); a turn's action and the decisions it hands out are at most 8.
    A 2-player match has up to 3 rounds."""
    rounds = 3 if game.players == 2 else 1
    piles = 1 if game.players == 2 else 2
    return rounds * piles * N_CARDS * 8


ENCODING = Encoding(
    game="medievallons",
    max_players=MAX,
    features=FEATURES,
    actions=ActionCodec(GROUPS, key_of, view_types=(A.Use, A.Reinforce, A.Copy, A.Assassinate, A.Steal)),
    max_game_length=max_game_length,
    notes="Guilds are named by slot (owner, position among the owner's guilds), so the index of a guild action "
          "depends on the view; a seat holds at most 4 guilds. Counts are clipped at their bound.",
)
