"""Paladin in words (text.py): each event as a sentence for its reader, card help, how to play."""

from __future__ import annotations

import random
from typing import Any

from medieval.games.paladin import PaladinGame
from medieval.games.paladin.components import CARD_FACES, QUESTS
from medieval.games.paladin.text import card_help, card_name, describe_event, how_to_play
from tests.games.paladin.helpers import HANDS_3P, QUESTS_3P, stacked
from tests.support import do, events_of, game, last


def test_events_read_as_sentences_for_each_reader() -> None:
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0)
    do(s, "0 first 1", "1 place 7r K1")
    place = last(s, "place", 1)
    assert describe_event(place, 1) == "You place your red 7 face down on K1 as its hero."
    assert describe_event(last(s, "place", 0), 0) == "P1 places a card face down on K1 as its hero."
    assert describe_event(last(s, "first_player", 1), 1) == "P0 chooses you to play first."
    assert describe_event(last(s, "first_player", 0), 0) == "You choose P1 to play first."
    dealt = game(PaladinGame, 3, first_dealer=0).new_game(seed=1)
    mine = next(e for e in events_of(dealt, "deal", 0) if e["seat"] == 0)
    assert describe_event(mine, 0) == f"You are dealt {', '.join(card_name(c) for c in mine['cards'])}."
    theirs = next(e for e in events_of(dealt, "deal", None) if e["seat"] == 2)
    assert describe_event(theirs, None) == "P2 is dealt 4 cards."
    assert describe_event(place, 1, ["Ann", "Bob", "Cy"]) == "You place your red 7 face down on K1 as its hero."
    assert describe_event(last(s, "place", 2), 2, ["Ann", "Bob", "Cy"]).startswith("Bob places a card")


def test_a_sentence_never_holds_what_its_reader_may_not_see() -> None:
    """§9.4: a taken-back card is named to its owner only; the sentence is written from the reader's own
    filtered log."""
    s = stacked(3, hands=HANDS_3P, quests=QUESTS_3P, dealer=0)
    do(s, "0 first 0", "0 place 9 K7", "1 place 7r K1", "2 place 8 Q7")
    texts = {seat: [describe_event(e, seat) for e in s.events(seat)] for seat in (0, 1, 2, None)}
    assert any("your red 7" in t for t in texts[1])
    for seat in (0, 2, None):
        assert not any("7" in t and "K1" in t and "red" in t for t in texts[seat])


def test_every_event_of_random_games_has_a_sentence_of_its_own() -> None:
    g = game(PaladinGame, 4)
    rng = random.Random(2)
    for seed in range(5):
        s = g.new_game(seed)
        while not s.is_over:
            seat = s.to_move[0]
            moves = s.legal_actions(seat)
            s.apply(seat, moves[rng.randrange(len(moves))])
        for reader in (0, None):
            for e in s.events(reader):
                text = describe_event(e, reader)
                generic = str(e["kind"]).replace("_", " ") + ":"
                assert text.endswith(".") and not text.startswith(generic), text  # not the generic fallback


def test_card_help_covers_every_face_and_quest() -> None:
    helps = {h["name"]: h for h in card_help()}
    assert {str(f) for f in CARD_FACES} | {q.label for q in QUESTS} == set(helps)
    assert "beats the 9" in helps["0"]["text"] and helps["7r"]["details"]["red"] == "yes"
    assert "swords" in helps["K9"]["text"]
    assert "0 beats the 9" in how_to_play()


def _to_seat(seat: int, players: int = 4, seed: int = 7) -> object:
    import medieval

    state = medieval.make("paladin", players).new_game(seed)
    while seat not in state.to_move:
        s = state.to_move[0]
        state.apply(s, state.legal_actions(s)[0])
    return state


def test_explain_says_why_a_notation_is_refused_from_the_seats_own_view() -> None:
    from medieval.games.paladin.text import explain

    # the first seed whose deal suits the reasons checked: P0 holds no 9, Q3 is on the table and Q9 is not
    for seed in range(200):
        state: Any = _to_seat(0, seed=seed)
        hand = [card_name(c["label"]) for c in state.view(0)["hand"]]
        quests = [q["quest"]["label"] for q in state.view(0)["quests"]]
        if not any(c["value"] == 9 for c in state.view(0)["hand"]) and "Q3" in quests and "Q9" not in quests:
            break
    assert explain(state, 0, "place 9 Q3") == f"you hold no 9: your hand is {', '.join(hand)}"
    assert explain(state, 0, "place 2 Q9") == f"Q9 is not on the table: the quests are {', '.join(quests)}"
    assert explain(state, 0, "look Q7:1") == "you may look at a card only before you place one"
    assert explain(state, 0, "challenge") == "that is for the resolution, once every card is placed"
    assert (explain(state, 1, "place 2 Q3") or "").startswith("it is P0's decision")
    for text in ("place 9 Q3", "place 2 Q9", "look Q7:1", "first 2", "challenge"):
        # only what P0 may know: a table P0 cannot tell from this one gives the same reason
        for k in range(3):
            assert explain(state.determinize(0, random.Random(k)), 0, text) == explain(state, 0, text)


def test_legend_names_the_symbols_of_the_pictures() -> None:
    from medieval.games.paladin.text import legend

    symbols = dict(legend())
    assert {"░", "7r", "look Q4:2", "▶"} <= set(symbols)
    assert all(meaning for meaning in symbols.values())


def test_rounds_are_numbered_from_one_in_events_views_and_sentences() -> None:
    """§7.3 "a new round": the first round is round 1 everywhere the player reads it — the `round` and
    `round_over` events carry the same number as the view, and the sentence says that number."""
    s = game(PaladinGame, 3, first_dealer=0).new_game(seed=4)
    first = last(s, "round", None)
    assert first["round"] == 1 == s.view(None)["round"]
    assert describe_event(first, None).startswith("Round 1:")
    rng = random.Random(4)
    while not s.is_over and s.view(None)["round"] == 1:
        seat = s.to_move[0]
        moves = s.legal_actions(seat)
        s.apply(seat, moves[rng.randrange(len(moves))])
    over = last(s, "round_over", None)
    assert over["round"] == 1 and describe_event(over, None).startswith("Round 1 is over")
    assert last(s, "round", None)["round"] == 2 == s.view(None)["round"]
