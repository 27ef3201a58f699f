"""Medievallons in words (text.py): each event as a sentence for its reader, help for every card, how to
play."""

from __future__ import annotations

import random
import re
from pathlib import Path

import medieval.games.medievallons as package
from medieval.games.medievallons import MedievallonsGame
from medieval.games.medievallons.components import END_CARD, KINDS
from medieval.games.medievallons.text import (
    EVENT_KINDS,
    a_card,
    card_help,
    cards_text,
    describe_event,
    how_to_play,
)
from tests.games.medievallons.helpers import stacked
from tests.support import do, events_of, game, last

NAMES = ["Ann", "Bob", "Cy"]


def test_card_names_read_as_prose() -> None:
    """§1.1 card names in sentences: articles and plurals as English has them."""
    assert a_card("Artisan") == "an Artisan" and a_card("Assassin") == "an Assassin" and a_card("Monk") == "a Monk"
    assert cards_text(["Knight", "Knight", "Jester"]) == "two Knights and a Jester"
    assert cards_text(["Witch"] * 3) == "three Witches"
    assert cards_text([]) == "no cards"


def test_7_4_a_knight_demand_reads_the_same_to_everyone_but_its_players() -> None:
    """§7.4 / R18: the Knight's demand and answer are public; each reader is "you" in its own sentences."""
    s = stacked(3, hands=[["Knight"], ["Monk", "Star"], []], draw=["Beggar"])
    do(s, "0 play Knight", "0 ask 1 for Monk", "1 give Monk")
    ask = last(s, "ask", 2)
    assert describe_event(ask, 0) == "With the Knight, you ask P1 for a Monk: P1 must hand one over."
    assert describe_event(last(s, "ask", 1), 1) == "With the Knight, P0 asks you for a Monk: you must hand one over."
    assert describe_event(ask, None, NAMES) == "With the Knight, Ann asks Bob for a Monk: Bob must hand one over."
    assert describe_event(last(s, "give", 2), 2) == "For the Knight, P1 gives P0 a Monk."
    assert describe_event(last(s, "give", 0), 0) == "For the Knight, P1 gives you a Monk."
    assert describe_event(last(s, "play", 0), 0) == "Turn 1: You play a Knight."


def test_4_2_a_lay_and_a_broken_guild_read_as_sentences() -> None:
    """§4.2: laying a guild names its cards; a guild left with two cards goes back to its owner's hand."""
    s = stacked(3, hands=[["Monk", "Monk", "Jester"], ["Assassin"], []], draw=["Star", "Noble", "Priest"])
    do(s, "0 lay Monk Monk Jester")
    assert describe_event(last(s, "lay", 0), 0) == "Turn 1: You lay the guild Monk#1 with two Monks and a Jester."
    do(s, "1 play Assassin", "1 assassinate Monk#1 Jester")
    assert describe_event(last(s, "assassinate", 0), 0) == \
        "With the Assassin, P1 discards a Jester from your guild Monk#1."
    assert describe_event(last(s, "guild_returned", 2), 2) == \
        "P0's guild Monk#1 is down to two cards: two Monks go back to their hand."


def test_2_3_a_private_draw_or_deal_is_a_count_to_the_others() -> None:
    """§2.3: what a seat draws or is dealt is named to it only; the others read how many."""
    s = game(MedievallonsGame, 3).new_game(seed=4)
    mine = next(e for e in events_of(s, "deal", 0) if e["seat"] == 0)
    assert describe_event(mine, 0) == f"You are dealt {cards_text(mine['cards'])}."
    theirs = next(e for e in events_of(s, "deal", None) if e["seat"] == 2)
    assert describe_event(theirs, None) == "P2 is dealt six cards."
    t = stacked(3, hands=[["Monk"], [], []], draw=["Knight", "Star", "Noble"])
    do(t, "0 play Monk")
    assert describe_event(events_of(t, "draw", 0)[0], 0) == "You draw a Knight and a Star with the Monk."
    assert describe_event(events_of(t, "draw", 1)[0], 1) == "P0 draws two cards with the Monk."


def _texts(state: object, seat: int | None) -> list[str]:
    from medieval.games.medievallons import MedievallonsState

    assert isinstance(state, MedievallonsState)
    return [describe_event(e, seat) for e in state.events(seat)]


def test_r18_a_private_events_sentence_holds_nothing_hidden_from_its_reader() -> None:
    """R18 / §7.6-§7.11: a Priest's look and take, a Beggar's card, a Merchant's offers and exchange, a
    Noble's gift and a Wizard's kept card are named only to the seats that see them. Seat 1 holds all
    eight Wizards: no other reader's sentence names a Wizard."""
    wizards = ["Wizard"] * 8
    plays = [
        ([["Priest", "Knight"], wizards, ["Star"]], ["0 play Priest", "0 look at 1", "0 take Wizard", "0 give Knight"]),
        ([["Beggar"], wizards, ["Star"]], ["0 play Beggar"]),
        ([["Merchant", "Knight", "Knight"], wizards, ["Star"]],
         ["0 play Merchant", "0 trade with 1", "1 offer Wizard Wizard", "0 offer Knight Knight"]),
        ([["Noble"], ["Star"], wizards], ["0 play Noble", "1 give Star", "2 give Wizard"]),
    ]
    for hands, moves in plays:
        s = stacked(3, hands=hands, draw=["Monk", "Monk", "Monk"])
        do(s, *moves)
        watcher = 2 if hands[1] == wizards else 1
        holder = 1 if hands[1] == wizards else 2
        assert any("Wizard" in t for t in _texts(s, 0)), moves
        assert any("Wizard" in t for t in _texts(s, holder)), moves
        for reader in (watcher, None):
            assert not any("Wizard" in t for t in _texts(s, reader)), (moves, reader, _texts(s, reader))
    s = stacked(3, hands=[["Wizard"], [], []], draw=["Star", "Monk", "Knight", "Noble"])
    do(s, "0 play Wizard", "0 keep Star")
    assert "You keep the Star from the Wizard's draw." in _texts(s, 0)
    for reader in (1, None):
        texts = _texts(s, reader)
        assert "P0 keeps one card from the Wizard's draw." in texts
        assert not any("Star" in t or "Noble" in t for t in texts), texts  # the kept card and the turn draw


def test_every_event_of_random_games_has_a_sentence_of_its_own() -> None:
    """§2-§7: every event kind of random games, for each seat and the spectator, reads as a sentence of its own
    (not the generic fallback): no raw dicts or lists, no "a Artisan", no "1 cards"."""
    seen: set[str] = set()
    bad = re.compile(r"[{}\[\]_]|\bNone\b|\ba [AEIOU]|\b1 cards\b|\bone cards\b")
    for n, seed in ((2, 1), (3, 2), (4, 3), (6, 4), (3, 5), (5, 6), (4, 7), (3, 8)):
        g = game(MedievallonsGame, n)
        s = g.new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            moves = s.legal_actions(seat)
            s.apply(seat, g.heuristic_action(s, seat, rng) if rng.random() < 0.5 else moves[rng.randrange(len(moves))])
        for reader in [None, *range(n)]:
            for e in s.events(reader):
                text = describe_event(e, reader)
                generic = str(e["kind"]).replace("_", " ") + ":"
                assert text.endswith(".") and not text.startswith(generic), text
                assert not bad.search(text), text
                seen.add(e["kind"])
    assert seen <= EVENT_KINDS
    assert {"round", "deal", "play", "lay", "use", "reinforce", "draw", "round_over", "end_card", "ask", "give",
            "trade", "offer", "exchange", "look", "take", "assassinate", "steal", "copy", "keep"} <= seen


def test_every_event_kind_the_rules_log_has_a_sentence() -> None:
    """§2-§7: every event kind written anywhere in the package's rules has its own sentence."""
    folder = Path(package.__file__).parent
    emitted = {m for path in folder.glob("*.py") for m in re.findall(r'_emit\(\s*"(\w+)"', path.read_text())}
    assert emitted == EVENT_KINDS
    assert describe_event({"kind": "mystery", "seat": 1}, 0) == "mystery: P1"  # the generic fallback


def test_card_help_covers_every_component() -> None:
    """§1: help for the 13 guilds' cards and the End of Game card, powers in our own words."""
    helps = {h["name"]: h for h in card_help()}
    components = game(MedievallonsGame, 4).new_game(seed=1).components()
    assert set(helps) == set(components) == {*KINDS, END_CARD}
    assert all(h["text"] and h["title"] for h in helps.values())
    assert helps["Monk"]["kind"] == "guild" and "two cards" in helps["Monk"]["text"]
    assert helps["Witch"]["details"]["no guild to copy"].startswith("reveal")
    assert helps["Jester"]["details"]["copies"] == "8" and "in a guild" not in helps["Jester"]["details"]
    assert helps[END_CARD]["kind"] == "special" and "yellow" in helps[END_CARD]["text"]


def test_how_to_play_is_short() -> None:
    """§3-§5 in a few lines: the goal, the turn, the end."""
    text = how_to_play()
    assert 10 <= len(text.splitlines()) <= 25
    assert "third guild" in text and "Jester" in text


def test_explain_says_why_a_notation_is_refused_from_the_seats_own_view() -> None:
    import medieval
    from medieval.games.medievallons.text import explain, legend

    # seed 3 with the chance of the first record format: the deal these reasons were written for
    state = medieval.make("medievallons", 3).new_game(3, first_chance=True)
    while state.to_move[0] != 0:
        s = state.to_move[0]
        state.apply(s, state.legal_actions(s)[0])
    assert sorted(state.view(0)["hand"]) == ["Assassin", "Assassin", "Knight", "Priest", "Prowler", "Wizard"]
    hand = "two Assassins, a Knight, a Priest, a Prowler and a Wizard"
    assert explain(state, 0, "play Artisan") == f"you hold no Artisan: your hand is {hand}"
    assert explain(state, 0, "lay Knight Knight") == f"you hold only a Knight: your hand is {hand}"
    assert explain(state, 0, "lay Assassin Assassin Assassin") == f"you hold only two Assassins: your hand is {hand}"
    assert explain(state, 0, "use Knight#3") == "there is no guild Knight#3 on the table"
    for text in ("play Artisan", "lay Knight Knight", "use Knight#3"):
        for k in range(3):  # only what the seat may know
            assert explain(state.determinize(0, random.Random(k)), 0, text) == explain(state, 0, text)
    assert {"Knight#3", "(new)", "▶"} <= set(dict(legend()))
