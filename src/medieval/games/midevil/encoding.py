"""MidEvil: observation encoding of ``view(seat)`` and the action codec (docs/interop.md, "MidEvil").

The map grows as tiles are laid, so squares are never action indices: a skeleton (the target of a move, a shot
or a ranged card) is named by its slot, its position in the view's ``skeletons`` list (public, the same for
every seat), and a tile placement by its slot among the free positions next to the laid tiles, in (x, y)
order. The observation shows a window of the map centred on your pawn, and every skeleton by slot."""

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
from medieval.games.midevil import actions as A
from medieval.games.midevil.components import CARDS, COLOURS, DIRS, N_HUMANS, N_SKELETONS, TERRAIN, TILES
from medieval.games.midevil.view import MidEvilView, Pawn

MAX = 6
CARD_NAMES = tuple(c.name for c in CARDS)
TILE_NAMES = tuple(t.name for t in TILES)
PHASES = ("place", "seed", "combat", "move", "commit", "pvp", "skeletons", "discard", "react", "over")
SKELETON_SLOTS = sum(N_SKELETONS)
#: Free tile positions next to the laid tiles: at most 2 per tile plus 2.
PLACE_SLOTS = 2 * len(TILES) + 2
MAP_RANGE = 3 * len(TILES) + 3  # squares from the Altar, for scaling positions
WINDOW = 5  # the map window reaches this many squares from your pawn: (2 * 5 + 1)^2 squares
TERRAIN_CHARS = tuple(TERRAIN)
TOKENS = A.TOKENS


def _colour_strings(limit: int, each: int) -> list[str]:
    out = []
    for b in range(min(each, limit) + 1):
        for r in range(min(each, limit - b) + 1):
            for w in range(min(each, limit - b - r) + 1):
                if b + r + w:
                    out.append(A.colour_letters((w, r, b)))
    return out


SEEDS = ["", *_colour_strings(9, 9)]
SPENDS = _colour_strings(9, 3)


def _view(ctx: Context) -> MidEvilView:
    """The view being encoded (the encoder is given MidEvil's own views)."""
    return cast(MidEvilView, ctx.view)


def _me(view: MidEvilView, ctx: Context) -> Pawn:
    return view["pawns"][ctx.me]


def _pos(view: MidEvilView, ctx: Context) -> tuple[int, int]:
    p = view["pawns"][ctx.me]
    return p["x"], p["y"]


def _window(view: MidEvilView, ctx: Context) -> list[tuple[int, float]]:
    """Terrain one-hot of each square of the window around your pawn (no tile: all 0)."""
    m = view["map"]
    left, top, rows = m["left"], m["top"], m["rows"]
    px, py = _pos(view, ctx)
    side = 2 * WINDOW + 1
    nchars = len(TERRAIN_CHARS)
    index = {ch: i for i, ch in enumerate(TERRAIN_CHARS)}
    out = []
    for dy in range(-WINDOW, WINDOW + 1):
        row_i = py + dy - top
        if not 0 <= row_i < len(rows):
            continue
        row = rows[row_i]
        for dx in range(-WINDOW, WINDOW + 1):
            col = px + dx - left
            if 0 <= col < len(row):
                i = index.get(row[col])
                if i is not None:
                    out.append((((dy + WINDOW) * side + dx + WINDOW) * nchars + i, 1.0))
    return out


def _relative(x: int, y: int, ctx: Context) -> tuple[float, float]:
    px, py = _pos(_view(ctx), ctx)
    return 0.5 + (x - px) / (4 * MAP_RANGE), 0.5 + (y - py) / (4 * MAP_RANGE)


def _xy_from_pawn(item: Any, ctx: Context) -> list[tuple[int, float]]:
    if item is None:
        return []
    x, y = (item[0], item[1]) if isinstance(item, list) else (item["x"], item["y"])
    rx, ry = _relative(x, y, ctx)
    return [(0, rx), (1, ry)]


def _skeleton_colour(item: Any, ctx: Context) -> Any:
    return item[2]


PAWN = [
    Custom("position", 2, _xy_from_pawn, "(x, y) from your pawn, 0.5 + d / (4 x map range): 2 values"),
    Number("humans", "humans", 0, 5, "Humans / 5"),
    Counts("skeletons", "skeletons", COLOURS, 40, "skeletons killed per colour / 40"),
    Number("points", "points", 0, 60, "skeleton points / 60"),
    Counts("in_play", "in_play", CARD_NAMES, 2, "cards in play, per card / 2"),
    Number("hand_count", "hand_count", 0, 4, "cards in hand / 4"),
    Flag("played_card_this_round", "played_card_this_round"),
    Flag("has_book", "has_book", "1 if holding the Necronomicon"),
    Flag("horse_waiting", "horse_waiting_at", "1 if the Horse waits at a door"),
    Flag("respawn_pending", "respawn_pending"),
]

FEATURES = [
    OneHot("players", "players", (2, 3, 4, 5, 6)),
    Number("round", "round", 0, 100, "round / 100"),
    Number("max_rounds", "max_rounds", 0, 500, "round limit / 500"),
    Number("target_points", "target_points", 0, 180, "points that win / 180"),
    Seat("turn", "turn", "whose turn it is"),
    Seat("first", "first"),
    OneHot("phase", "phase", PHASES),
    Seats("to_move", "to_move"),
    Counts("hand", lambda v, c: _me(v, c).get("hand"), CARD_NAMES, 2, "your hand, per card / 2"),
    PerSeat("pawns", "pawns", PAWN),
    Custom("map", (2 * WINDOW + 1) ** 2 * len(TERRAIN_CHARS), _window,
           f"terrain one-hot ({', '.join(TERRAIN[c] for c in TERRAIN_CHARS)}) of the {2 * WINDOW + 1}x"
           f"{2 * WINDOW + 1} squares around your pawn, row by row from the north-west (no tile: 0)"),
    Custom("altar", 2, lambda v, c: _xy_from_pawn(v["altar"], c), "the Altar's centre from your pawn"),
    Custom("graveyard", 2, lambda v, c: _xy_from_pawn(v["graveyard"], c), "the Graveyard's centre from your pawn"),
    Section("book", "book", [
        OneHot("status", "status", ("held", "graveyard", "set_aside")),
        Seat("holder", "holder"),
        Custom("square", 2, lambda b, c: _xy_from_pawn(b["square"], c), "where it is, from your pawn"),
    ]),
    OneHot("drawn_tile", "drawn_tile", TILE_NAMES, "the tile to place"),
    Number("tile_deck", "tile_deck", 0, len(TILES), "tiles left / 30"),
    Number("tiles_laid", lambda v, c: len(v["tiles"]), 0, len(TILES) + 1, "tiles on the map / 31"),
    Number("event_deck", "event_deck", 0, 60, "event cards left / 60"),
    Counts("discard", "discard", CARD_NAMES, 4, "discarded event cards per card / 4"),
    Counts("pool", "pool", COLOURS, 40, "skeletons in the pool per colour / 40"),
    Counts("removed", "removed", COLOURS, 40, "skeletons out of the game per colour / 40"),
    Number("human_supply", "human_supply", 0, N_HUMANS, "Humans in the supply / 50"),
    Section("movement", "movement", [
        Number("roll", "roll", 0, 6, "movement roll / 6"),
        Number("half_steps_left", "half_steps_left", 0, 24, "half steps left / 24"),
        Flag("riding", "riding"),
    ]),
    PerSeat("scores", "scores", [Number("points", None, 0, 60, "points / 60")]),
    Section("combat", "combat", [
        OneHot("skeleton", "skeleton", COLOURS),
        Number("roll", "roll", 0, 6, "roll / 6"),
        Number("bonus", "bonus", 0, 6, "bonus / 6"),
        Flag("weapon_card", "weapon_card"),
    ]),
    Section("seeding", "seeding", [
        OneHot("tile", "tile", TILE_NAMES),
        Number("points_rolled", "points_rolled", 0, 12, "points rolled / 12"),
    ]),
    Section("skeleton_phase", "skeleton_phase", [
        Number("left", "left", 0, 10, "skeleton moves left / 10"),
        Number("moved", lambda s, c: len(s["moved"]), 0, 10, "skeletons moved / 10"),
    ]),
    Section("player_combat", "player_combat", [
        Flag("revealed", "revealed"),
        *[Section(side, side, [
            Seat("seat", "seat"),
            Number("die", "die", 0, 6, "die / 6"),
            Flag("ready", "ready"),
            Number("rerolls_used", "rerolls_used", 0, 5, "re-rolls used / 5"),
            Flag("done", "done"),
        ]) for side in ("challenger", "holder")],
    ]),
    Slots("skeletons", "skeletons", SKELETON_SLOTS, [
        Custom("position", 2, _xy_from_pawn, "(x, y) from your pawn: 2 values"),
        OneHot("colour", _skeleton_colour, COLOURS),
    ], doc="the skeletons on the map, in the view's order (the slots actions name)"),
]

GROUPS = [
    ActionGroup.of("place", "place the drawn tile at free position SLOT, turned ROT quarter turns",
                   range(PLACE_SLOTS), range(4)),
    ActionGroup.of("seed", "the colours of the skeletons put on the new tile (B, R, W)", SEEDS),
    ActionGroup.of("spend", "spend killed skeletons to raise a missed combat roll", SPENDS),
    ActionGroup.of("word", "reroll, armour, stop, challenge, ready, stand, end, claim or pass",
                   ("reroll", "armour", "stop", "challenge", "ready", "stand", "end", "claim", "pass")),
    ActionGroup.of("move", "step one square", tuple(DIRS)),
    ActionGroup.of("play", "play an event card", CARD_NAMES),
    ActionGroup.of("play_at", "play a card at the skeleton in SLOT", CARD_NAMES, range(SKELETON_SLOTS)),
    ActionGroup.of("play_on", "play a card on seat +r", CARD_NAMES, rel_axis(MAX)),
    ActionGroup.of("shoot", "shoot your Crossbow at the skeleton in SLOT", range(SKELETON_SLOTS)),
    ActionGroup.of("skeleton", "move the skeleton in SLOT one square", range(SKELETON_SLOTS), tuple(DIRS)),
    ActionGroup.of("hide", "player combat: secretly commit a token", TOKENS),
    ActionGroup.of("discard", "discard an event card", CARD_NAMES),
]


def _skeleton_slot(x: int, y: int, ctx: Context) -> int:
    slots: dict[tuple[int, int], int] | None = ctx.memo.get("skeletons")
    if slots is None:
        view = _view(ctx)
        slots = {(s[0], s[1]): i for i, s in enumerate(view["skeletons"])}
        ctx.memo["skeletons"] = slots
    i = slots.get((x, y))
    if i is None:
        raise EncodingError(f"no skeleton on {x},{y} in the view")
    return i


def _place_slot(x: int, y: int, ctx: Context) -> int:
    slots: dict[tuple[int, int], int] | None = ctx.memo.get("frontier")
    if slots is None:
        view = _view(ctx)
        laid = {(t["x"], t["y"]) for t in view["tiles"]}
        free = sorted({(tx + dx, ty + dy) for tx, ty in laid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - laid)
        slots = {p: i for i, p in enumerate(free)}
        ctx.memo["frontier"] = slots
    i = slots.get((x, y))
    if i is None or i >= PLACE_SLOTS:
        raise EncodingError(f"tile position {x},{y} is not a free position next to the map")
    return i


def key_of(action: Action, ctx: Context) -> ActionKey:
    if isinstance(action, A.SkeletonMove):
        return ("skeleton", _skeleton_slot(action.x, action.y, ctx), DIRS[action.d])
    if isinstance(action, A.Move):
        return ("move", DIRS[action.d])
    if isinstance(action, A.Word):
        return ("word", action.word)
    if isinstance(action, A.Place):
        return ("place", _place_slot(action.x, action.y, ctx), action.rot)
    if isinstance(action, A.Seed):
        return ("seed", action.colours)
    if isinstance(action, A.Spend):
        return ("spend", action.colours)
    if isinstance(action, A.Play):
        return ("play", CARD_NAMES[action.card])
    if isinstance(action, A.PlayAt):
        return ("play_at", CARD_NAMES[action.card], _skeleton_slot(action.x, action.y, ctx))
    if isinstance(action, A.PlayOn):
        return ("play_on", CARD_NAMES[action.card], rel_key(action.seat, ctx))
    if isinstance(action, A.Shoot):
        return ("shoot", _skeleton_slot(action.x, action.y, ctx))
    if isinstance(action, A.Hide):
        return ("hide", TOKENS[action.token])
    if isinstance(action, A.Discard):
        return ("discard", CARD_NAMES[action.card])
    raise EncodingError(f"no action key for {action!r}")


def max_game_length(game: Game[Any]) -> int:
    """An estimate, not a proof: the round limit x players x 150 decisions per turn (a turn's movement, cards,
    combat and skeleton moves; random play averages well under 20)."""
    rounds = int(game.options.get("max_rounds", 30))
    return rounds * game.players * 150


ENCODING = Encoding(
    game="midevil",
    max_players=MAX,
    features=FEATURES,
    actions=ActionCodec(GROUPS, key_of, view_types=(A.SkeletonMove, A.Place, A.PlayAt, A.Shoot)),
    max_game_length=max_game_length,
    notes="Squares are never indices: skeletons are named by their slot in the view's list, tile placements "
          "by their slot among the free positions next to the map. Walls and doors between squares are left "
          "out of the map window. Positions are relative to your pawn.",
)
