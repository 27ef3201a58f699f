"""Medievalia in words (text.py): each event as a sentence for its reader, card help for every
component, how to play. Section numbers (§, R) refer to the rules document (rules.md in the package)."""

from __future__ import annotations

import re

import pytest

from medieval.games.medievalia import MedievaliaGame
from medieval.games.medievalia.text import card_help, cards_phrase, describe_event, how_to_play, play_phrase
from medieval.games.medievalia.tower import FIELD_CODES, INSTRUCTOR_CODES
from tests.games.medievalia.helpers import components_of, play_out, stacked
from tests.support import do, events_of, game, last

KINDS = {"round_start", "deal", "play", "take", "round_end", "game_end"}


def _generic(text: str, kind: str) -> bool:
    """Whether a sentence is the generic fallback (``kind: field value, ...``)."""
    return text.startswith(kind.replace("_", " ") + ":")


def test_cards_read_as_prose() -> None:
    """§4.2, §5: plays and card lists in words, copies grouped, with the right article."""
    assert cards_phrase(["3", "4", "4", "W"]) == "a 3, two 4s and a Wildcard"
    assert cards_phrase(["8"]) == "an 8" and cards_phrase(["11", "11"]) == "two 11s"
    assert cards_phrase(["R", "R"]) == "two Skip-and-reverse cards" and cards_phrase(["S"]) == "a Skip"
    assert play_phrase("5 5 W") == "two 5s and a Wildcard"
    assert play_phrase("W W as 7") == "two Wildcards as 7s" and play_phrase("W as 8") == "a Wildcard as an 8"


def test_plays_read_as_sentences_for_each_reader() -> None:
    """§4.1-§4.4, §5.3: a play, its total and the refill, as the player, another seat and a spectator
    read them; the cards drawn are named to the player alone."""
    s = stacked(4, hands=[["3", "5", "5", "W", "R", "13"], ["4", "4", "9"], ["11"], ["12"]],
                deck=["8", "2", "8", "..."])
    do(s, "0 play 5 5 W")
    assert describe_event(last(s, "play", 0), 0) == \
        "You play two 5s and a Wildcard for a total of 15, then draw two 8s and a 2."
    assert describe_event(last(s, "play", 1), 1) == \
        "P0 plays two 5s and a Wildcard for a total of 15, then draws 3 cards."
    assert describe_event(last(s, "play", None), None) == describe_event(last(s, "play", 1), None)
    assert describe_event(last(s, "play", 1), 1, ["Ann", "Bob", "Cy", "Di"]).startswith("Ann plays")
    do(s, "1 take")
    assert describe_event(last(s, "take", 1), 1) == \
        ("You take the 3 open cards (two 5s and a Wildcard) into your creature stack and lead on the "
         "empty table.")
    assert describe_event(last(s, "take", 2), 2).startswith("P1 takes the 3 open cards")
    assert "their creature stack" in describe_event(last(s, "take", 2), 2)


def test_skip_plays_and_tower_choices_read_as_sentences() -> None:
    """§5.2-§5.3, §T.2 CM01 and CM10: what a Skip does, whom CM01 hands the stack to and whom CM10
    names, seat-relative."""
    s = stacked(4, hands=[["R", "3"], ["1"], ["1"], ["1"]], table=[[3, "2"]], deck=[])
    do(s, "0 play R")
    assert describe_event(last(s, "play", 3), 3) == "P0 plays a Skip-and-reverse; play now runs counterclockwise."
    s = stacked(4, options={"field": "CM02"}, hands=[["1", "1", "3"], ["1"], ["1"], ["1"]], deck=[])
    do(s, "0 play 1 1")
    assert describe_event(last(s, "play", 0), 0) == \
        "You play two 1s as a Skip-and-reverse; play now runs counterclockwise."
    s = stacked(4, options={"field": "CM10"}, hands=[["12", "3"], ["1"], ["1"], ["1"]], deck=[])
    do(s, "0 play 12 next 2")
    assert describe_event(last(s, "play", 2), 2) == "P0 plays a 12 as a Skip and names you to play next."
    s = stacked(4, options={"field": "CM01"}, hands=[["5", "5", "2"], ["1"], ["1"], ["1"]],
                stacks=[["3", "4"], [], [], []], deck=[])
    do(s, "0 play 5 5 give 2")
    assert describe_event(last(s, "play", 2), 2) == \
        "P0 plays two 5s for a total of 10, handing their creature stack (a 3 and a 4) to you."
    s = stacked(4, options={"field": "CM04"}, hands=[["7", "2"], ["1"], ["1"], ["1"]], table=[[3, "7"]],
                deck=[])
    do(s, "0 play 7")
    assert describe_event(last(s, "play", 1), 1) == \
        "P0 plays a 7 for a total of 7, and the next player must reach 14."


def test_rounds_and_the_end_read_as_sentences() -> None:
    """§2, §6, §8: the start of a round with its Tower cards, the scoring and the winner."""
    g = game(MedievaliaGame, 2, field="CM09", instructor="IM02", first_player=1, tower_design="first")
    s = g.new_game(seed=4)
    start = describe_event(last(s, "round_start", 0), 0)
    assert start == ("Round 1 begins clockwise: P1 plays first; Magic Field CM09 Leader's Toll, Magic "
                     "Instructor IM02 Biting Twos; everyone must beat the total by 2.")
    assert describe_event(last(s, "round_start", 1), 1).startswith("Round 1 begins clockwise: you play first")
    mine = next(e for e in events_of(s, "deal", 0) if e["seat"] == 0)
    assert describe_event(mine, 0) == f"You are dealt {cards_phrase(mine['cards'])}."
    theirs = next(e for e in events_of(s, "deal", 0) if e["seat"] == 1)
    assert describe_event(theirs, 0) == "P1 is dealt 6 cards."
    s = stacked(3, options={"rounds": 1}, hands=[["8"], ["1", "2"], ["3"]], stacks=[["5", "6"], [], []], deck=[])
    do(s, "0 play 8")
    assert describe_event(last(s, "round_end", 2), 2) == \
        "Round 1 is over: P0 goes out; round scores P0 -2, P1 -2, you -1; totals P0 -2, P1 -2, you -1."
    assert describe_event(last(s, "game_end", 2), 2) == "Game over: you win with -1 point."
    assert describe_event(last(s, "game_end", None), None) == "Game over: P2 wins with -1 point."


def test_every_event_of_random_games_has_a_sentence_of_its_own() -> None:
    """Every event kind of random games of every test configuration reads as a sentence of its own for
    a seat and for the spectator, never the generic fallback, never a raw value."""
    seen: set[str] = set()
    for players, options in MedievaliaGame.test_configurations():
        s = play_out(game(MedievaliaGame, players, **options).new_game(seed=players), seed=1)
        for reader in (0, None):
            for e in s.events(reader):
                text = describe_event(e, reader)
                seen.add(str(e["kind"]))
                assert text.endswith(".") and not _generic(text, str(e["kind"])), text
                assert "{" not in text and "[" not in text and "None" not in text, text
                assert not re.search(r"\b1 cards\b|\ba (8|11|[AEIOU])", text), text
    assert seen == KINDS


def test_a_private_event_reads_the_same_to_every_other_seat_as_to_the_spectator() -> None:
    """R15 and hidden information: a deal or a refill names its cards to their owner only; any other
    seat's sentence is the one written from the spectator's redacted event, and names no card."""
    s = play_out(game(MedievaliaGame, 4).new_game(seed=5), seed=2)
    spectator = s.events(None)
    for reader in range(4):
        own = s.events(reader)
        assert len(own) == len(spectator)
        for mine, public in zip(own, spectator, strict=True):
            if mine == public:
                continue
            assert mine["seat"] == reader  # only the reader's own deals and draws differ
        for e, public in zip(own, spectator, strict=True):
            if e["kind"] in ("deal", "play") and e["seat"] != reader:
                assert describe_event(e, reader) == describe_event(public, reader)
                if e["kind"] == "deal":
                    assert re.fullmatch(r"P\d is dealt \d+ cards?\.", describe_event(e, reader))


def test_card_help_covers_every_component() -> None:
    """§1, §T: help for every creature value, the three specials, every Magic Field and Magic Instructor
    card (their rule as implemented, marked where it is our design) and the two Tower pieces."""
    helps = {h["name"]: h for h in card_help()}
    s = game(MedievaliaGame, 4).new_game(seed=1)
    assert set(components_of(s, "card")) <= set(helps)
    assert set(components_of(s, "tower")) == set(FIELD_CODES) | set(INSTRUCTOR_CODES)
    assert {str(v) for v in range(1, 14)} | {"W", "S", "R"} | set(FIELD_CODES) | set(INSTRUCTOR_CODES) \
        | {"direction", "first_player"} == set(helps)
    for h in helps.values():
        assert h["text"] and h["title"] and all(isinstance(v, str) for v in h["details"].values())
    assert helps["5"]["details"]["copies"] == "4 in the standard deck, 5 in the steep deck"
    assert "CM01" in helps["5"]["text"] and "IM02" in helps["2"]["text"] and "CM10" in helps["12"]["text"]
    assert "cannot be worth 1" in helps["W"]["text"] and "IM09" in helps["S"]["text"]
    assert helps["CM04"]["details"]["source"] == "rulebook" and "28" in helps["CM04"]["text"]
    for code in ("CM05", "CM06", "CM07", "CM08", "CM09", "IM05", "IM06", "IM07", "IM08", "IM09", "IM10"):
        assert helps[code]["details"]["source"] == "our design" and "our design" in helps[code]["text"]
    assert helps["IM03"]["details"]["source"] == "rulebook and our design"
    assert helps["IM04"]["details"]["rulings"] == "R10" and "-3" in helps["IM04"]["text"]


def test_how_to_play_is_short_and_says_the_goal() -> None:
    """§4-§8 in a few lines: the goal, a turn, taking, the end of a round, the Tower, the end."""
    text = how_to_play()
    assert 10 <= len(text.splitlines()) <= 25
    for needle in ("highest", "Wildcard", "Skip", "creature stack", "Magic Field", "Magic Instructor"):
        assert needle in text


def test_explain_says_why_a_play_is_refused_from_the_seats_own_view() -> None:
    import random

    import medieval
    from medieval.core.errors import InvalidActionError
    from medieval.games.medievalia.text import explain

    # the first seed where, ten random moves in, the seat to move holds a 3 and a 6 and faces open cards its
    # lowest number cannot beat
    for seed in range(200):
        state = medieval.make("medievalia", 4).new_game(seed)
        rng = random.Random(seed)
        for _ in range(10):
            s = state.to_move[0]
            state.apply(s, rng.choice(state.legal_actions(s)))
        seat = state.to_move[0]
        view = state.view(seat)
        total, need = view["table"]["total"], view["table"]["need"][seat]
        hand = view["hand"]
        numbers = [c for c in hand if c.isdigit()]
        if total and numbers and int(min(numbers, key=int)) < need and {"3", "6"} <= set(hand):
            break
    low = min(numbers, key=int)
    missing = next(str(n) for n in range(1, 20) if str(n) not in hand)
    assert total and explain(state, seat, f"play {low}") == (
        f"the total to beat is {total}: your play must reach {need}, or 'take' the open cards")
    assert explain(state, seat, f"play {missing}") == f"you hold no {missing}: your hand is {', '.join(hand)}"
    with pytest.raises(InvalidActionError) as refused:  # two numbers: the notation's reader says why, once
        state.parse_action(seat, "play 3 6")
    assert refused.value.reason == "cannot read 'play 3 6': all cards of a play show one value (Wildcards may join)"
    for text in (f"play {low}", f"play {missing}", "play 3 6"):
        for k in range(3):  # only what the seat may know
            assert explain(state.determinize(seat, random.Random(k)), seat, text) == explain(state, seat, text)


def test_legend_names_the_symbols_of_the_pictures() -> None:
    from medieval.games.medievalia.text import legend

    symbols = dict(legend())
    assert {"[W]", "[S] [R]", "↻ ↺", "◆"} <= set(symbols)
