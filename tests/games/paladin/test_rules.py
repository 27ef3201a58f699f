"""Paladin rule by rule. Section numbers refer to the rules document (games/paladin/rules.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from medieval.core.errors import IllegalActionError, InvalidOptionError
from medieval.games.paladin import PaladinGame, PaladinState
from medieval.games.paladin.components import CARD_FACES, KING_IDS, QUEEN_IDS, QUESTS
from medieval.games.paladin.scoring import nearest_from
from tests.games.paladin.helpers import HANDS_3P, QUESTS_3P, hand, place_all, stacked
from tests.support import do, game, legal


def started_3p(**options: object) -> PaladinState:
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0, options=options)
    do(s, "0 first 0")
    return s


# ---------------------------------------------------------------- §2 components and setup
def test_components_42_paladins_strength_0_to_9_some_red() -> None:
    """§2.1: 42 Paladins of strength 0-9, some printed red with a sword."""
    assert len(CARD_FACES) == 42
    assert {f.value for f in CARD_FACES} == set(range(10))
    assert 0 < sum(f.red for f in CARD_FACES) < 42


def test_components_18_quests_queen_backs_at_most_3_swords() -> None:
    """§2.2: 18 Quests of 1-6 swords; Queen backs at most 3 swords, King backs the strongest."""
    assert len(QUESTS) == 18
    assert {q.swords for q in QUESTS} == set(range(1, 7))
    queens = [q.swords for q in QUESTS if q.back == "queen"]
    kings = [q.swords for q in QUESTS if q.back == "king"]
    assert max(queens) <= 3 < min(kings)


def test_setup_queen_deck_on_top_of_king_deck() -> None:
    """§2.2: the shuffled Queen quests lie on top of the shuffled King quests."""
    s = game(PaladinGame, 3).new_game(seed=5)
    order = s.row + s.quest_deck
    assert set(order[:9]) == set(QUEEN_IDS) and set(order[9:]) == set(KING_IDS)


def test_setup_as_many_quests_face_up_as_players() -> None:
    """§2.3: as many Quests face up in a row as there are players."""
    for n in (3, 4, 5):
        view = game(PaladinGame, n).new_game(seed=n).view(0)
        assert len(view["quests"]) == n
        assert all(q["quest"]["swords"] >= 1 for q in view["quests"])


def test_setup_is_reproducible_from_the_seed() -> None:
    """§3.2 (ruling R10): the same seed deals the same game."""
    g = game(PaladinGame, 4)
    assert g.new_game(seed=11).to_json() == g.new_game(seed=11).to_json()
    assert g.new_game(seed=11).to_json() != g.new_game(seed=12).to_json()


# ---------------------------------------------------------------- §3 dealing
@pytest.mark.parametrize(("players", "hand"), [(3, 4), (4, 5), (5, 6)])
def test_deal_hand_size_by_player_count(players: int, hand: int) -> None:
    """§3.2: four cards each with 3 players, five with 4, six with 5; the rest is the stock."""
    s = game(PaladinGame, players).new_game(seed=1)
    assert [len(h) for h in s.hands] == [hand] * players
    assert len(s.deck) == 42 - players * hand


def test_deal_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    """§3.2: the dealer deals one card at a time, clockwise (starting at the dealer's left)."""
    deck = ["9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "9", "8"]
    s = stacked(3, deck=deck, dealer=1)
    hands = [hand(s, i) for i in range(3)]
    labels = [sorted((c["label"] for c in h), key=lambda x: (len(x), x)) for h in hands]
    # seat 2 (left of dealer 1) gets cards 1, 4, 7, 10; seat 0 gets 2, 5, 8, 11; seat 1 gets 3, 6, 9, 12
    assert labels[2] == ["0", "3", "6", "9"]
    assert labels[0] == ["2", "5", "8", "9"]
    assert labels[1] == ["1", "4", "7", "8"]


def test_dealer_chooses_any_first_player_including_themselves() -> None:
    """§3.3: the dealer names the first player, anyone including themselves."""
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=2)
    assert s.to_move == (2,)
    assert legal(s, 2) == ["first 0", "first 1", "first 2"]
    do(s, "2 first 2")
    assert s.to_move == (2,)


def test_first_dealer_option_and_random_bravest_player() -> None:
    """§3.1 (ruling R10): the 'bravest player' is drawn at random from the seed unless chosen."""
    dealers = {game(PaladinGame, 4).new_game(seed=i).dealer for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert game(PaladinGame, 4, first_dealer=3).new_game(seed=1).to_move == (3,)
    with pytest.raises(InvalidOptionError):
        game(PaladinGame, 3, first_dealer=4)


# ---------------------------------------------------------------- §4 heroes
def test_heroes_one_per_quest_in_turn_order_without_looking() -> None:
    """§4.1-§4.2: the first player places a hero, then each player clockwise on a quest still without one;
    no look is offered while heroes are placed (§5.1 starts after)."""
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0)
    do(s, "0 first 1")
    assert s.to_move == (1,)
    assert "nolook" not in legal(s, 1)
    do(s, "1 place 7r K7")
    assert s.to_move == (2,)
    assert not any(t.endswith("K7") for t in legal(s, 2))
    do(s, "2 place 8 K1")
    assert all(t.endswith("Q7") for t in legal(s, 0))
    do(s, "0 place 9 Q7")
    heroes = {q["quest"]["label"]: q["cards"][0]["seat"] for q in s.view(None)["quests"]}
    assert heroes == {"Q7": 0, "K1": 2, "K7": 1}


# ---------------------------------------------------------------- §5 other cards
def test_look_at_a_card_before_placing_is_secret() -> None:
    """§5.1: before placing, the player may secretly look at one card on the table."""
    s = started_3p()
    do(s, "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7")
    assert s.to_move == (0,)
    moves = legal(s, 0)
    assert moves[0] == "nolook"
    assert "look K1:1" in moves and "look Q7:2" in moves
    assert "look K7:0" not in moves  # ruling R4: not your own card
    do(s, "0 look K1:1")
    k1 = next(q for q in s.view(0)["quests"] if q["quest"]["label"] == "K1")
    looked = k1["cards"][0]["card"]
    assert looked is not None and looked["label"] == "7r"
    for other in (None, 2):
        k1 = next(q for q in s.view(other)["quests"] if q["quest"]["label"] == "K1")
        assert k1["cards"][0]["card"] is None
    assert s.events(2)[-1] == {"kind": "look", "seat": 0, "quest": "K1", "owner": 1}
    assert s.events(0)[-1]["card"] == "7r"
    # after looking, the placement itself
    assert all(t.startswith("place") for t in legal(s, 0))


def test_no_player_places_two_cards_on_one_quest() -> None:
    """§5.2: no player may have two Paladins facing the same quest."""
    s = started_3p()
    do(s, "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7", "0 nolook")
    assert not any(t.endswith("K7") for t in legal(s, 0))
    with pytest.raises(IllegalActionError):
        do(s, "0 place 5 K7")


def test_everyone_plays_all_cards_but_one() -> None:
    """§5.3: placing goes on until every player has played all cards except one — one card on each
    quest per player."""
    s = started_3p()
    place_all(s, {0: ["9 K7", "5 K1", "2 Q7"], 1: ["7r K1", "6 Q7", "3 K7"], 2: ["8 Q7", "4r K7", "4 K1"]})
    assert s.phase == "resolve"
    assert [len(h) for h in s.hands] == [1, 1, 1]


# ---------------------------------------------------------------- §6 resolving
def resolved_3p() -> PaladinState:
    s = started_3p()
    place_all(s, {0: ["9 K7", "5 K1", "2 Q7"], 1: ["7r K1", "6 Q7", "3 K7"], 2: ["8 Q7", "4r K7", "4 K1"]})
    return s


def test_resolution_starts_with_the_first_quest_hero_revealed() -> None:
    """§6.1: the hero of the first quest (leftmost in the row) is revealed to everyone."""
    s = resolved_3p()
    q = s.view(2)["quests"][0]
    assert q["quest"]["label"] == "Q7" and q["state"] == "resolving"
    assert q["hero"] == {"seat": 2, "card": {"value": 8, "red": False, "label": "8"}}
    # the second card placed on Q7 was seat 1's 6: its owner decides
    assert s.to_move == (1,)
    assert legal(s, 1) == ["challenge", "takeback", "discard"]


def test_challenge_needs_a_stronger_card() -> None:
    """§6.2: a weaker challenger loses and goes face down under the Paladin deck (§6.4)."""
    s = resolved_3p()
    do(s, "1 challenge")  # 6 against the hero 8
    ev = s.events(0)[-1]
    assert ev["kind"] == "challenge" and ev["wins"] is False and ev["card"] == "6"
    assert CARD_FACES[s.deck[-1]].value == 6
    assert s.view(2)["deck"]["known"][-1]["card"]["label"] == "6"  # everyone saw it go under


def test_stronger_challenger_becomes_the_new_hero_and_the_hero_goes_under() -> None:
    """§6.2/§6.4: a stronger challenger wins; the defeated hero goes under the deck."""
    s = resolved_3p()
    do(s, "1 discard")  # seat 1's 6 on Q7, unseen
    assert s.to_move == (0,)
    do(s, "0 challenge")  # seat 0's 2 against the 8: loses
    # quest Q7 goes to seat 2 with its hero 8
    assert s.won[2] == [s.row[0], s.won[2][1]]
    assert CARD_FACES[s.won[2][1]].value == 8
    # K1: hero 7r (seat 1), then seat 0's 5, then seat 2's 4
    assert s.to_move == (0,)
    do(s, "0 takeback", "2 challenge")
    assert s.view(0)["quests"][1]["state"] == "won"
    assert s.view(0)["quests"][1]["winner"] == 1


def test_equal_strength_needs_a_red_challenger() -> None:
    """§6.2: on equal strength only a red challenger wins."""
    s = stacked(3, hands=[["5", "1", "1", "2"], ["5r", "2", "2", "3"], ["5", "3", "3", "4"]],
                quests=["Q1", "Q2", "Q3"], dealer=0)
    g = s
    five, red_five, other_five = s.hands[0][0], s.hands[1][0], s.hands[2][0]
    assert g.beats(red_five, five) is True
    assert g.beats(other_five, five) is False
    assert g.beats(five, red_five) is False


def _card(s: PaladinState, label: str) -> int:
    for c in range(42):
        if str(CARD_FACES[c]) == label:
            return c
    raise AssertionError(label)


def test_zero_beats_nine_but_nothing_else() -> None:
    """§6.3: the 0 beats the 9 but is beaten by every other card; a 9 cannot beat a 0 hero."""
    s = started_3p()
    zero, nine, one = _card(s, "0"), _card(s, "9"), _card(s, "1")
    assert s.beats(zero, nine) and not s.beats(nine, zero)
    assert s.beats(one, zero) and not s.beats(zero, one)


def test_ruling_zero_against_red_nine_option() -> None:
    """Ruling R2: the 0 beats a red 9 too, unless zero_beats_red_nine=False."""
    s = started_3p()
    zero, red_nine = _card(s, "0"), _card(s, "9r")
    assert s.beats(zero, red_nine) and not s.beats(red_nine, zero)
    t = started_3p(zero_beats_red_nine=False)
    assert not t.beats(zero, red_nine) and t.beats(red_nine, zero)


def test_ruling_red_against_red_option() -> None:
    """Ruling R3: a red challenger equal to a red hero wins (rule as written) unless red_tie='hero'."""
    s = started_3p()
    red_seven = _card(s, "7r")
    assert s.beats(red_seven, red_seven)
    t = started_3p(red_tie="hero")
    assert not t.beats(red_seven, red_seven)


def test_take_back_returns_the_card_unseen() -> None:
    """§6.5: taking the card back shows its value to no one else."""
    s = resolved_3p()
    do(s, "1 takeback")
    assert len(hand(s, 1)) == 2
    assert any(c["label"] == "6" for c in hand(s, 1))
    assert s.view(0)["hands"][1]["known"] == []
    assert s.events(0)[-1] == {"kind": "takeback", "quest": "Q7", "seat": 1}


def test_discard_goes_under_the_stock_unseen() -> None:
    """§6.6: a discarded card goes face down under the stock, its value unseen by others."""
    s = resolved_3p()
    do(s, "1 discard")
    assert CARD_FACES[s.deck[-1]].value == 6
    bottom = len(s.deck) - 1
    assert all(k["depth"] != bottom for k in s.view(0)["deck"]["known"])
    assert s.view(1)["deck"]["known"][-1] == {"depth": len(s.deck) - 1, "card": CARD_FACES[s.deck[-1]].to_json()}


def test_quest_and_last_hero_go_to_the_hero_owner_face_up() -> None:
    """§6.7: the quest and the last hero go to the hero's owner, face up."""
    s = resolved_3p()
    do(s, "1 discard", "0 discard")  # Q7 to seat 2 (hero 8)
    won = s.view(0)["won"][2]
    assert won == [{"quest": {"label": "Q7", "back": "queen", "swords": 3},
                    "paladin": {"value": 8, "red": False, "label": "8"}}]


# ---------------------------------------------------------------- §7 scoring and new rounds
def finish_round_3p(s: PaladinState) -> None:
    """Resolve: Q7 hero 8 (seat 2) holds; K1 hero 7r (seat 1) holds; K7 hero 9 (seat 0) beaten by 4r?
    No: 4r < 9, so 9 holds too."""
    while s.phase == "resolve":
        seat = s.to_move[0]
        do(s, f"{seat} discard")


def test_scoring_swords_plus_one_per_red_paladin() -> None:
    """§7.1: one point per sword on won quests, one per won red Paladin."""
    s = resolved_3p()
    finish_round_3p(s)
    # seat 0 won K7 (6 swords) with a plain 9; seat 1 won K1 (4) with the red 7; seat 2 won Q7 (3) with 8
    assert s.scores() == [6, 5, 3]
    assert s.view(None)["scores"] == [6, 5, 3]


def test_next_dealer_has_the_most_points() -> None:
    """§7.2: the player with the most points deals the next round."""
    s = resolved_3p()
    finish_round_3p(s)
    assert s.dealer == 0 and s.phase == "first" and s.to_move == (0,)


def test_ruling_next_dealer_fewest_option() -> None:
    """Ruling R1: with next_dealer='fewest' the player with the fewest points deals."""
    s = started_3p(next_dealer="fewest")
    place_all(s, {0: ["9 K7", "5 K1", "2 Q7"], 1: ["7r K1", "6 Q7", "3 K7"], 2: ["8 Q7", "4r K7", "4 K1"]})
    finish_round_3p(s)
    assert s.dealer == 2


def test_next_dealer_tie_goes_to_the_last_first_player() -> None:
    """§7.2: on a tie for most points, the player who started the last round deals; ruling R6: if that
    player is not among the tied, the tied player nearest clockwise from them."""
    s = started_3p()
    s.won = [[], [], []]
    s.first = 1
    assert nearest_from(s, 1, [0, 2]) == 2
    assert nearest_from(s, 1, [0, 1]) == 1


def test_new_round_refills_hands_from_the_stock_without_shuffling() -> None:
    """§7.3: new quests are laid out and hands refilled from the top of the stock, unshuffled."""
    s = resolved_3p()
    finish_round_3p(s)
    # before dealing, the stock's top cards were the ones after the hands; check the deal took them in order
    deals = [e for e in s.events(None) if e["kind"] == "deal"]
    assert [d["count"] for d in deals[-3:]] == [3, 3, 3]
    assert len(s.view(None)["quests"]) == 3
    assert all(len(h) == 4 for h in s.hands)


def test_refill_order_is_the_stock_order() -> None:
    """§7.3: refill deals the stock from the top, one card at a time from the dealer's left."""
    s = resolved_3p()
    top = list(s.deck[:9])
    finish_round_3p(s)
    # dealer 0 deals: seat 1, 2, 0, 1, 2, 0, ...
    for i, card in enumerate(top):
        assert card in s.hands[(1 + i) % 3]


# ---------------------------------------------------------------- §8 the end
@pytest.mark.parametrize(("players", "rounds"), [(3, 6), (4, 4), (5, 3)])
def test_game_ends_when_quests_run_out(players: int, rounds: int) -> None:
    """§8.1 (ruling R9): the game ends when fewer quests remain than players: 6 rounds with 3 players,
    4 with 4, 3 with 5."""
    from medieval.agents import make_agent, play_match

    g = game(PaladinGame, players)
    result = play_match(g, [make_agent("random", i) for i in range(players)], seed=3)
    assert result.state.view(None)["round"] == rounds
    assert result.outcome.termination == "quests_exhausted"
    assert isinstance(result.state, PaladinState)
    assert sum(len(w) // 2 for w in result.state.won) == rounds * players


def test_final_tie_goes_to_the_last_rounds_first_player() -> None:
    """§8.2 / ruling R6: most points wins; on a tie the player who played first in the last round, or
    the tied player nearest clockwise from them; final_tie='shared' shares the win."""
    s = started_3p()
    s.phase = "over"
    s.won = [[QUESTS[9].id, _card(s, "1")], [QUESTS[10].id, _card(s, "2")], []]
    s.first = 2
    out = s.outcome
    assert out is not None and out.scores == (4.0, 4.0, 0.0) and out.winners == (0,)
    s.first = 1
    assert s.outcome is not None and s.outcome.winners == (1,)
    t = started_3p(final_tie="shared")
    t.phase, t.won, t.first = s.phase, s.won, 2
    assert t.outcome is not None and t.outcome.winners == (0, 1)


# ---------------------------------------------------------------- §9 knowledge
def test_own_cards_are_known_wherever_they_are() -> None:
    """§9.1: a seat sees its own cards on the table."""
    s = resolved_3p()
    for q in s.view(0)["quests"]:
        for c in q["cards"]:
            assert (c["card"] is not None) == (c["seat"] == 0)


def test_placing_from_a_hand_makes_others_forget_which_card_it_was() -> None:
    """§9.2-§9.3: a card looked at stays known after its owner takes it back; once that owner places a
    card face down from the hand, the others cannot tell which one it was and forget."""
    s = started_3p()
    do(s, "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7",
       "0 nolook", "0 place 5 K1", "1 nolook", "1 place 6 Q7", "2 nolook", "2 place 4r K7",
       "0 look Q7:1", "0 place 2 Q7", "1 nolook", "1 place 3 K7", "2 nolook", "2 place 4 K1")
    do(s, "1 takeback")  # seat 1 takes back the 6 that seat 0 looked at
    assert [c["label"] for c in s.view(0)["hands"][1]["known"]] == ["6"]
    assert s.view(2)["hands"][1]["known"] == []
    finish_round_3p(s)
    dealer = s.to_move[0]
    do(s, f"{dealer} first 1")
    assert [c["label"] for c in s.view(0)["hands"][1]["known"]] == ["6"]
    card = hand(s, 1)[0]["label"]
    do(s, f"1 place {card} {s.view(1)['quests'][0]['quest']['label']}")
    assert s.view(0)["hands"][1]["known"] == []


def test_views_never_hold_unseen_cards_of_others() -> None:
    """§9: across random games, every face in a seat's view is one that seat may know — checked by
    re-dealing everything unseen (determinize) and comparing views."""
    g = game(PaladinGame, 4)
    rng = random.Random(4)
    for seed in range(20):
        s = g.new_game(seed)
        while not s.is_over:
            seat = s.to_move[0]
            for viewer in range(4):
                assert s.determinize(viewer, random.Random(rng.random())).view(viewer) == s.view(viewer)
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_ruling_overfull_hand_cannot_happen() -> None:
    """Ruling R5: a hand never exceeds the full size after take-backs: every player places exactly one
    hero, so at most n-1 cards come back to a hand of one."""
    g = game(PaladinGame, 5)
    rng = random.Random(9)
    for seed in range(30):
        s = g.new_game(seed)
        while not s.is_over:
            assert all(len(h) <= 6 for h in s.hands)
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            pick = next((a for a in legal if str(a) == "takeback"), rng.choice(legal))
            s.apply(seat, pick)


def test_components_are_conserved_through_a_game() -> None:
    """§2: no card appears or vanishes."""
    from medieval.agents import make_agent, play_match

    seen: list[Counter[object]] = []
    g = game(PaladinGame, 4)
    play_match(g, [make_agent("heuristic", i) for i in range(4)], seed=8,
               on_step=lambda st, seat, a: seen.append(st.components()))
    assert all(c == seen[0] for c in seen)
    assert sum(seen[0].values()) == 42 + 18


def test_determinize_reshuffles_the_face_down_quest_deck_within_its_backs() -> None:
    """§2.2 / §9.5: the order of the quest deck is hidden from everyone, but the backs show the Queens
    on top of the Kings: a determinized state re-deals the order, never across the backs."""
    s = game(PaladinGame, 4).new_game(seed=3)
    orders = set()
    for i in range(20):
        d = s.determinize(0, random.Random(i))
        backs = [QUESTS[q].back for q in d.quest_deck]
        assert backs == [QUESTS[q].back for q in s.quest_deck]
        assert sorted(d.quest_deck) == sorted(s.quest_deck)
        orders.add(tuple(d.quest_deck))
    assert len(orders) > 1
