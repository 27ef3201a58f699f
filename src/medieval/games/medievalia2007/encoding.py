"""Medievalia (2007): observation encoding of ``view(seat)`` and the action codec (docs/interop.md,
"Medievalia (2007)").

Cards on the table are named by identity (``Field3``): the observation has one block per card of the box and
actions name card ids, as the notation does. Fiefs are named relative to the observer: ``F+r`` is the Fief of
seat +r, ``I+a+b`` the intermediate Fief between seats +a and +b."""

from __future__ import annotations

from typing import Any, cast

from medieval.core.encoding import (
    ActionCodec,
    ActionGroup,
    ActionKey,
    Context,
    Counts,
    Custom,
    Encoding,
    EncodingError,
    Flag,
    MultiHot,
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
from medieval.games.medievalia2007 import actions as A
from medieval.games.medievalia2007.components import (
    CIVIL,
    DECKS,
    FACE,
    FACES,
    IS_HOST,
    IS_TROOP,
    KIND,
    MILB,
    NAME,
    NCARDS,
    POWER,
    PROD,
    RESOURCES,
)
from medieval.games.medievalia2007.view import BattleView, Medievalia2007View, PlayerInfo

MAX = 4
PHASES = ("setup", "draw", "actions", "pay", "supply", "move", "war", "battle", "over")
DECISIONS = ("take_starting_card", "draw", "actions", "pay", "ally_supply", "external_movement", "war", "upkeep",
             "form_armies", "deploy", "choose_target", "powers", "bonus", "damage_order")
FIEFS = tuple([f"F+{r}" for r in range(MAX)] + [f"I+{a}+{b}" for a in range(MAX) for b in range(a + 1, MAX)])
ARMIES = 8
TROOPS = tuple(c for c in range(NCARDS) if IS_TROOP[c])
HOSTS = tuple(c for c in range(NCARDS) if IS_HOST[c])
PRODUCERS = tuple(c for c in range(NCARDS) if PROD[c] >= 0)
BUILDINGS = tuple(f for f in range(len(FACES)) if any(FACE[c] == f and KIND[c] in (CIVIL, MILB)
                                                      for c in range(NCARDS)))
NAME_INDEX = {n: i for i, n in enumerate(NAME)}


def _with_power(power: str) -> tuple[int, ...]:
    return tuple(c for c in range(NCARDS) if POWER[c] == power)


def fief_label(name: str, ctx: Context) -> str:
    """``F2`` / ``I01`` as seen from ``ctx.me``: ``F+r`` / ``I+a+b``."""
    if name[0] == "F":
        return f"F+{ctx.rel(int(name[1:]))}"
    a, b = sorted((ctx.rel(int(name[1])), ctx.rel(int(name[2]))))
    return f"I+{a}+{b}"


def _fief(get: str) -> Any:
    def fn(node: Any, ctx: Context) -> Any:
        v = node.get(get)
        return None if v is None else fief_label(v, ctx)

    return fn


def _cards_table(view: Medievalia2007View, ctx: Context) -> list[tuple[int, float]]:
    """One block per card id of the box (see CARD_BLOCK)."""
    out: list[tuple[int, float]] = []
    me, n = ctx.me, ctx.players
    fief_index = {f: i for i, f in enumerate(FIEFS)}
    for name, card in view["table"].items():
        b = NAME_INDEX[name] * CARD_BLOCK
        out.append((b, 1.0))
        out.append((b + 1 + (card["owner"] - me) % n, 1.0))
        out.append((b + 1 + MAX + fief_index[fief_label(card["fief"], ctx)], 1.0))
        o = b + 1 + MAX + len(FIEFS)
        out += [(o, 1.0 if card.get("on") else 0.0), (o + 1, 1.0 if card.get("rotated") else 0.0),
                (o + 2, card.get("damage", 0) / 5), (o + 3, card.get("moves", 0) / 2),
                (o + 4, 1.0 if card.get("moved_inside") else 0.0), (o + 5, 1.0 if card.get("fought") else 0.0),
                (o + 6, card.get("production", 0) / 4), (o + 7, 1.0 if card.get("guarded") else 0.0),
                (o + 8, card.get("artists", 0) / 2)]
    return out


CARD_FIELDS = ("on a territory or City", "rotated (used)", "damage / 5", "moves / 2", "moved inside", "fought",
               "production / 4", "guarded", "artists / 2")
CARD_BLOCK = 1 + MAX + len(FIEFS) + len(CARD_FIELDS)


def _names_multi(key: str) -> Any:
    return lambda node, ctx: node.get(key)


def _my_team(player: PlayerInfo, ctx: Context) -> bool:
    view = cast(Medievalia2007View, ctx.view)
    return player["team"] == view["players_info"][ctx.me]["team"]


def _fief_battle(battle: BattleView, ctx: Context) -> bool:
    return battle["kind"] == "fief"


PLAYER = [
    Flag("alive", "alive"),
    Flag("my_team", lambda p, c: _my_team(p, c), "1 if on your team"),
    Number("vp", "vp", 0, 11, "victory points / 11"),
    Number("hand_count", "hand_count", 0, 12, "cards in hand / 12"),
    Counts("hand_by_deck", "hand_by_deck", DECKS, 6, "hand cards per deck of origin / 6"),
    Counts("pool", "pool", RESOURCES, 10, "produced resources / 10"),
    Number("building_discount", "building_discount", 0, 4, "building discount / 4"),
    Number("siege_turns", "siege_turns", 0, 5, "siege turns / 5"),
    Number("food", "food", 0, 12, "food capacity / 12"),
    Number("upkeep", "upkeep", 0, 12, "upkeep / 12"),
    Number("must_disband", "must_disband", 0, 5, "troops to disband / 5"),
    Number("gold_production", "gold_production", 0, 6, "gold production / 6"),
    Number("territories", "territories", 0, 12, "territories / 12"),
]

FEATURES = [
    OneHot("players", "players", (2, 3, 4)),
    Flag("allied", "allied", "1 in the allied (2 v 2) game"),
    Number("turn", "turn", 0, 200, "turn / 200"),
    Seat("active", "active", "whose turn it is"),
    OneHot("phase", "phase", PHASES),
    Seats("to_move", "to_move"),
    OneHot("decision", "pending.decision", DECISIONS),
    Section("purchase", "purchase", [
        OneHot("kind", "kind", ("play", "build", "remove", "card")),
        Counts("cost", "cost", RESOURCES, 6, "price per resource / 6"),
        Counts("shortfall", "shortfall", RESOURCES, 6, "still to pay per resource / 6"),
        Number("any", "any", 0, 4, "resources of any kind to pay / 4"),
    ]),
    Slots("decks", "decks", 3, [
        Number("count", "count", 0, 60, "cards / 60"),
        OneHot("bottom", "bottom", FACES, "the face-up card under the deck"),
    ], doc="territory, military and character decks"),
    Slots("stacks", "stacks", 3, [
        Number("count", "count", 0, 10, "cards / 10"),
        OneHot("top", "top", FACES, "the face-up top building"),
    ], doc="the three building stacks"),
    MultiHot("discard", "discard", NAME, "cards in the discard pile"),
    MultiHot("removed", "removed", NAME, "cards removed from the game"),
    Counts("hand", "hand", FACES, 4, "your hand: cards per face / 4"),
    PerSeat("players_info", "players_info", PLAYER),
    Custom("table", NCARDS * CARD_BLOCK, _cards_table,
           f"one block of {CARD_BLOCK} per card id (Box order: {NAME[0]} ... {NAME[-1]}): on the table, owner "
           f"(relative seat, {MAX}), Fief ({', '.join(FIEFS)}), then {', '.join(CARD_FIELDS)}"),
    Section("battle", "battle", [
        Flag("fief_battle", _fief_battle, "1 for a battle in a Fief (0: elsewhere)"),
        OneHot("fief", _fief("fief"), FIEFS),
        Seat("attacker", "attacker"),
        Seat("defender", "defender"),
        Slots("armies", "armies", ARMIES, [MultiHot("cards", None, NAME)], keep="first"),
        Slots("bands", "bands", ARMIES, [MultiHot("cards", None, NAME)], keep="first"),
    ]),
    Number("prestige_target", "prestige_target", 0, 11, "victory points that win / 11"),
]

_CARD_NAMES = [NAME[c] for c in range(NCARDS)]
_TROOP_NAMES = [NAME[c] for c in TROOPS]
_HOST_NAMES = [NAME[c] for c in HOSTS]
_PAIRS = [(RESOURCES[a], RESOURCES[b]) for a in range(4) for b in range(4) if a != b]
WORDS = ("call ally", "send", "refuse", "abandon", "new army", "charge", "hold", "stand", "pass", "end actions",
         "end moves", "end turn")

GROUPS = [
    ActionGroup.of("word", "a one-word action", WORDS),
    ActionGroup.of("take", "setup: take the top card of a deck", DECKS),
    ActionGroup.of("draw", "draw from a deck", DECKS),
    ActionGroup.of("buy_card", "buy an extra card from a deck", DECKS),
    ActionGroup.of("send", "allied game: send resources, paying this resource", RESOURCES),
    ActionGroup("trade", tuple(("trade", a, b) for a, b in _PAIRS), "3 identical resources for 1 other"),
    ActionGroup.of("sell", "discard a card of that face for a resource", FACES, RESOURCES),
    ActionGroup.of("produce", "use a card to produce", [NAME[c] for c in PRODUCERS]),
    ActionGroup("convert", tuple(("convert", NAME[c], a, b) for c in _with_power("merchant") for a, b in _PAIRS),
                "Merchant: convert a resource"),
    ActionGroup.of("inspire", "Artist: double a card's next production", [NAME[c] for c in _with_power("artist")],
                   [NAME[c] for c in PRODUCERS]),
    ActionGroup.of("reduce", "Bureaucrat: the next building costs less", [NAME[c] for c in _with_power("bureaucrat")]),
    ActionGroup.of("play", "play a card from hand", FACES),
    ActionGroup.of("build", "build a face-up building on a territory or City", [FACES[f] for f in BUILDINGS],
                   _HOST_NAMES),
    ActionGroup.of("remove", "remove one of your territories", _HOST_NAMES),
    ActionGroup.of("move", "internal movement: a troop to a territory or City (off: free in the Fief)", _TROOP_NAMES,
                   ["off", *_HOST_NAMES]),
    ActionGroup.of("dismiss", "discard an unused troop", _TROOP_NAMES),
    ActionGroup.of("disband", "upkeep: remove a troop", _TROOP_NAMES),
    ActionGroup.of("enlist", "add a troop to the army being formed", _TROOP_NAMES),
    ActionGroup.of("march", "external movement of a troop to a Fief", _TROOP_NAMES, FIEFS),
    ActionGroup.of("attack", "battle seat +r in a Fief", rel_axis(MAX, 1), FIEFS),
    ActionGroup.of("shoot", "Bowman: shoot at a card", [NAME[c] for c in _with_power("bowman")], _CARD_NAMES),
    ActionGroup.of("engage", "defender: deploy a troop against army N (0-based)", range(ARMIES), _TROOP_NAMES),
    ActionGroup.of("aim", "an unengaged army's target card", _CARD_NAMES),
    ActionGroup.of("aim_band", "an unengaged army's target band (0-based)", range(ARMIES)),
    ActionGroup.of("bolster", "give a bonus to a card", _CARD_NAMES),
    ActionGroup.of("first", "the next card to take damage in a group", _CARD_NAMES),
    ActionGroup.of("heal", "Priest: heal a troop", [NAME[c] for c in _with_power("priest")], _TROOP_NAMES),
]


def key_of(action: Action, ctx: Context) -> ActionKey:
    t = type(action)
    if t in _WORD_TYPES:
        return ("word", str(action))
    if isinstance(action, A.Take | A.Draw | A.BuyCard):
        return ({A.Take: "take", A.Draw: "draw", A.BuyCard: "buy_card"}[t], DECKS[action.deck])
    if isinstance(action, A.Send):
        return ("send", RESOURCES[action.fee]) if action.fee >= 0 else ("word", "send")
    if isinstance(action, A.Trade):
        return ("trade", RESOURCES[action.give], RESOURCES[action.get])
    if isinstance(action, A.Sell):
        return ("sell", FACES[action.face], RESOURCES[action.res])
    if isinstance(action, A.Convert):
        return ("convert", NAME[action.card], RESOURCES[action.give], RESOURCES[action.get])
    if isinstance(action, A.Inspire | A.Heal | A.Shoot):
        return ({A.Inspire: "inspire", A.Heal: "heal", A.Shoot: "shoot"}[t], NAME[action.card], NAME[action.target])
    if isinstance(action, A.Play):
        return ("play", FACES[action.face])
    if isinstance(action, A.Build):
        return ("build", FACES[action.face], NAME[action.host])
    if isinstance(action, A.Move):
        return ("move", NAME[action.card], "off" if action.host < 0 else NAME[action.host])
    if isinstance(action, A.March):
        return ("march", NAME[action.card], fief_label(action.to, ctx))
    if isinstance(action, A.Attack):
        return ("attack", rel_key(action.seat, ctx), fief_label(action.at, ctx))
    if isinstance(action, A.Engage):
        return ("engage", action.army, NAME[action.card])
    if isinstance(action, A.Aim):
        return ("aim_band", action.band) if action.band >= 0 else ("aim", NAME[action.card])
    if isinstance(action, A.Produce | A.Reduce | A.Remove | A.Dismiss | A.Disband | A.Enlist | A.Bolster | A.First):
        return (str(action).split()[0], NAME[action.card])
    raise EncodingError(f"no action key for {action!r}")


_WORD_TYPES = (A.CallAlly, A.Refuse, A.Abandon, A.NewArmy, A.Charge, A.Hold, A.Stand, A.Pass, A.End)


def max_game_length(game: Game[Any]) -> int:
    """An estimate, not a proof (the rules have no turn limit): 200 turns per seat x 60 decisions a turn."""
    return game.players * 200 * 60


ENCODING = Encoding(
    game="medievalia2007",
    max_players=MAX,
    features=FEATURES,
    actions=ActionCodec(GROUPS, key_of),
    max_game_length=max_game_length,
    notes="Cards on the table are encoded one block per card of the box; the bonuses and damage order of a "
          "battle's groups are left out. Army and band indices above 7 are not encoded.",
)
