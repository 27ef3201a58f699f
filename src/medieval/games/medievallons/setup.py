"""§2 Setup: the shuffled deck over the End of Game card, six cards each, the first discard, a random
first player; each round of a 2-player match is set up the same way (§5.2, R1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medieval.games.medievallons.components import COPIES, KINDS, N_KINDS, RED, YELLOW, names

if TYPE_CHECKING:
    from medieval.games.medievallons.game import MedievallonsGame
    from medieval.games.medievallons.state import MedievallonsState

HAND_SIZE = 6  # §2.3
DECK = tuple(k for k in range(N_KINDS) for _ in range(COPIES))  # §1.1 the deck before shuffling


def blank(game: MedievallonsGame, seed: int) -> MedievallonsState:
    """A state with every field empty, before the deal (round 1, turn 1)."""
    from medieval.games.medievallons.state import MedievallonsState

    s = MedievallonsState(game, seed)
    n = game.players
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


def initial_state(game: MedievallonsGame, seed: int) -> MedievallonsState:
    s = blank(game, seed)
    deal(s)
    return s


def deal(s: MedievallonsState) -> None:
    """§2.1-§2.5: shuffle, the End card under the pile red side up (§2.2 yellow with 2 players), 6 cards
    each (§2.3), the top card face up as the discard pile (§2.4), a random first player (§2.5)."""
    n = s.players
    rng = s._rng()
    deck = list(DECK)
    rng.shuffle(deck)
    hands = s.hands = [[0] * N_KINDS for _ in range(n)]
    for _ in range(HAND_SIZE):
        for hand in hands:
            hand[deck.pop()] += 1
    s.discard = [deck.pop()]
    s.draw = deck
    s.end_side = YELLOW if n == 2 else RED
    s.runs_out = 0
    s.guilds = []
    s.pending = None
    s.played = -1
    s.offers = [[] for _ in range(n)]
    s.wizard = []
    s.seen = [{} for _ in range(n)]
    s.current = s.first = rng.randrange(n)
    if s._log_on:
        s._emit("round", {"round": s.round, "first": s.first, "end_card": s.end_side,
                          "discard": KINDS[s.discard[-1]]})
        for seat in range(n):
            s._emit("deal", {"seat": seat, "cards": names(hands[seat])}, to=(seat,),
                    redacted={"seat": seat, "count": HAND_SIZE})
