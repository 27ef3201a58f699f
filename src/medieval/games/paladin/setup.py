"""§2 Setup and §3 dealing: the quest decks, the first dealer, and the deal of each round (§7.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medieval.games.paladin.components import CARD_NAMES, KING_IDS, N_CARDS, QUEEN_IDS, QUEST_LABELS

if TYPE_CHECKING:
    from medieval.games.paladin.game import PaladinGame
    from medieval.games.paladin.state import PaladinState


def blank(game: PaladinGame, seed: int) -> PaladinState:
    """A state with every field empty, before setup."""
    from medieval.games.paladin.state import PaladinState

    s = PaladinState(game, seed)
    n = game.players
    s.round = 0
    s.phase = "first"
    s.dealer = 0
    s.first = -1
    s.prev_first = -1
    s.turn = 0
    s.placed = 0
    s.looked = False
    s.hands = [[] for _ in range(n)]
    s.deck = []
    s.quest_deck = []
    s.row = []
    s.table = []
    s.res_q = 0
    s.hero = []
    s.won = [[] for _ in range(n)]
    s.known = [0] * n
    return s


def initial_state(game: PaladinGame, seed: int) -> PaladinState:
    """§2.2 the King quests shuffled under the shuffled Queen quests; §3.1 the first dealer (the
    'bravest player': option ``first_dealer``, drawn at random by default) shuffles the Paladins and
    deals."""
    s = blank(game, seed)
    rng = s._rng()
    kings, queens = list(KING_IDS), list(QUEEN_IDS)
    rng.shuffle(kings)
    rng.shuffle(queens)
    s.quest_deck = queens + kings
    s.deck = list(range(N_CARDS))
    rng.shuffle(s.deck)
    fd = game.options["first_dealer"]
    assert isinstance(fd, int)
    s.dealer = rng.randrange(game.players) if fd < 0 else fd
    start_round(s)
    return s


def start_round(s: PaladinState) -> None:
    """§2.3 / §7.3: lay out quests, deal to full hands one card at a time from the dealer's left."""
    n = s.players
    s.row = s.quest_deck[:n]
    del s.quest_deck[:n]
    s.table = [[] for _ in range(n)]
    s.first = -1
    s.placed = 0
    s.looked = False
    s.res_q = 0
    full = n + 1
    dealt: list[list[int]] = [[] for _ in range(n)]
    hands, known, deck = s.hands, s.known, s.deck
    need = [full - len(h) for h in hands]
    left = sum(need)
    seat = (s.dealer + 1) % n
    while left:  # one card at a time, from the dealer's left, to each hand not yet full
        if need[seat] > 0:
            card = deck.pop(0)
            hands[seat].append(card)
            known[seat] |= 1 << card
            dealt[seat].append(card)
            need[seat] -= 1
            left -= 1
        seat = (seat + 1) % n
    s.phase = "first"
    if not s._log_on:
        return
    s._emit_lazy("round", _round, (s.round + 1, s.dealer, tuple(s.row)))
    for x in range(n):
        if dealt[x]:
            s._emit_lazy("deal", _dealt, (x, tuple(dealt[x])), (x,))


# The log entries, built when read (``State._emit_lazy``).
def _round(number: int, dealer: int, row: tuple[int, ...]) -> tuple[dict[str, Any], None]:
    return {"round": number, "dealer": dealer, "quests": [QUEST_LABELS[q] for q in row]}, None


def _dealt(seat: int, cards: tuple[int, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A seat's new cards: their faces for that seat alone, their number for the others."""
    return {"seat": seat, "cards": [CARD_NAMES[c] for c in cards]}, {"seat": seat, "count": len(cards)}
