"""§2 Game setup: the Necronomicon set aside and the event deck shuffled, 3 Humans and 3 cards each,
the skeleton pools, the Altar in the middle with every pawn on its centre square, the tiles shuffled
(R13 the quick game), a random first player; then the first turn begins (§3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.midevil import turn
from medieval.games.midevil.components import (
    BOOK_ASIDE,
    EVENT_DECK,
    GRAVEYARD_TILE,
    HAND_LIMIT,
    LEAVE_OUT,
    N_HUMANS,
    N_SKELETONS,
    START_TILE,
    TILES,
)

if TYPE_CHECKING:
    from medieval.games.midevil.game import MidEvilGame
    from medieval.games.midevil.state import MidEvilState


def blank(game: MidEvilGame, seed: int) -> MidEvilState:
    """A state with every field empty, before setup (§2.4 the full skeleton pools)."""
    from medieval.games.midevil.state import MidEvilState

    s = MidEvilState(game, seed)
    n = game.players
    s.tiles = []
    s.tile_deck = []
    s.tiles_out = []
    s.drawn = -1
    s.skel = []
    s.hum = []
    s.pool = list(N_SKELETONS)
    s.gone = [0, 0, 0]
    s.supply = N_HUMANS
    s.pawn = [0] * n
    s.humans = [0] * n
    s.kills = [[0, 0, 0] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.in_play = [[] for _ in range(n)]
    s.deck = []
    s.discard = []
    s.book = BOOK_ASIDE
    s.turn = 0
    s.first = 0
    s.round = 1
    s.phase = "place"
    s.roll = 0
    s.moves = 0
    s.combat = []
    s.after = ""
    s.seeding = []
    s.skel_left = 0
    s.skel_moved = []
    s.resume = ""
    s.pvp = {}
    s.react_at = ""
    s.react_seats = []
    s.react_back = ""
    s.played = [False] * n
    s.used = []
    s.challenged = False
    s.horse_at = [-1] * n
    s.respawn = [False] * n
    s.forfeit = False
    s.dice = []
    s.result = {}
    return s


def initial_state(game: MidEvilGame, seed: int) -> MidEvilState:
    """§2.2-§2.7 setup: the Necronomicon aside, the event deck shuffled, 3 Humans and 3 cards each, the
    Altar in the middle with every pawn on its centre square, the tiles shuffled, a random first
    player."""
    s = blank(game, seed)
    n = game.players
    rng = s._rng()
    cards_out, tiles_out = LEAVE_OUT.get(str(game.options["leave_out"]), ((), ()))
    s.deck = [c for c in EVENT_DECK if c not in cards_out]
    rng.shuffle(s.deck)
    s.tile_deck = [t.index for t in TILES if not t.start and t.index not in tiles_out]
    rng.shuffle(s.tile_deck)
    within = min(int(game.options["graveyard_within"]), len(s.tile_deck))
    if within:  # R13 quick game: the Graveyard among the top tiles (the top is the end of the list)
        s.tile_deck.remove(GRAVEYARD_TILE.index)
        s.tile_deck.insert(len(s.tile_deck) - rng.randrange(within), GRAVEYARD_TILE.index)
    s.first = rng.randrange(n)
    s.tiles = [[START_TILE.index, 0, 0, 0]]
    s.skel = [0] * 9
    s.hum = [0] * 9
    altar = s.geo().altar
    s.pawn = [altar] * n
    s.humans = [3] * n
    s.supply = N_HUMANS - 3 * n
    s._emit("setup", {"players": n, "first": s.first})
    for p in range(n):
        turn.draw_cards(s, p, HAND_LIMIT)
    s.turn = s.first
    turn.begin_turn(s)
    s._legal = None
    return s
