"""Engine contract for Medievallons: scenarios, hidden information, determinize, records, the log-free
fast path, the heuristic and the terminal rendering."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

import medieval
from medieval.agents.ismcts import fast_path_ok
from medieval.core.errors import IllegalActionError, InvalidOptionError
from medieval.core.spec import OptionValue
from medieval.core.state import Action
from medieval.games.medievallons import SPEC, MedievallonsGame, MedievallonsState
from medieval.games.medievallons import actions as A
from medieval.games.medievallons.components import JESTER, KINDS, MONK, N_KINDS, names
from medieval.games.medievallons.guilds import G_COUNT, G_ID, G_JESTERS, G_KIND, G_LAID, G_OWNER
from medieval.games.medievallons.render import render
from medieval.games.medievallons.view import MedievallonsView
from tests.games.medievallons.helpers import stacked
from tests.support import do, game, legal


def test_illegal_action_leaves_state_unchanged() -> None:
    """§3.1: only the seat to move acts, with a legal action; a refused action raises IllegalActionError and
    changes nothing."""
    s = stacked(3, hands=[["Monk"], [], []])
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        do(s, "0 play Knight")
    with pytest.raises(IllegalActionError):
        do(s, "1 play Monk")
    assert s.to_json() == before


@pytest.mark.parametrize("setup, message", [
    ({"hands": [["Monk"]]}, "one hand per seat"),
    ({"hands": [["Dragon"], [], []]}, "not a card"),
    ({"hands": [["Monk"] * 9, [], []]}, "only 8 Monk"),
    ({"guilds": [{"owner": 0, "cards": ["Monk", "Monk"]}]}, "three or more"),
    ({"guilds": [{"owner": 0, "cards": ["Monk", "Monk", "Star"]}]}, "one kind"),
    ({"guilds": [{"owner": 5, "cards": ["Monk"] * 3}]}, "owner"),
    ({"end_card": "blue"}, "end_card"),
    ({"rest": "box"}, "rest"),
    ({"current": 3}, "current"),
    ({"round": 2}, "2-player"),
    ({"bogus": 1}, "unknown scenario keys"),
    ({"rest": "discard"}, "at least one card"),
])
def test_scenario_validation(setup: dict[str, object], message: str) -> None:
    """Scenario: bad setups are refused with a clear message."""
    with pytest.raises(InvalidOptionError, match=message):
        game(MedievallonsGame, 3).scenario(**setup)


def test_scenario_conserves_components_and_replays() -> None:
    """Scenario: every card is somewhere; a game from a scenario records and replays exactly."""
    s = stacked(3, hands=[["Knight", "Monk"], ["Merchant"], []], guilds=[{"owner": 2, "cards": ["Star"] * 3}],
             discard=["Wizard"], draw=["Priest"], seed=9)
    assert sum(s.components().values()) == 105
    rng = random.Random(1)
    for _ in range(30):
        if s.is_over:
            break
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    rec = json.loads(json.dumps(s.record()))
    assert medieval.replay(rec).to_json() == s.to_json()
    assert s.game.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()


def test_views_never_show_another_hand() -> None:
    """§2.3 hidden information: a seat's view and log hold its own hand and only counts of the others
    (all eight Wizards are in seat 1's hand: nobody else's view or log mentions a Wizard)."""
    s = stacked(3, hands=[["Monk"], ["Wizard"] * 8, ["Star"]], draw=["Knight", "Noble"])
    do(s, "0 play Monk")
    for seat in (0, 2, None):
        assert "Wizard" not in json.dumps(s.view(seat))
        assert "Wizard" not in json.dumps(s.events(seat))
    assert s.view(1)["hand"] == ["Wizard"] * 8
    assert s.view(2)["hand_counts"] == [3, 8, 1]


def test_determinize_keeps_the_view_and_redeals() -> None:
    """§2.3 determinize(seat): same view, events and legal actions; the hands it cannot see re-dealt."""
    s = game(MedievallonsGame, 4).new_game(3)
    assert isinstance(s, MedievallonsState)
    changed = False
    for i in range(20):
        d = s.determinize(s.to_move[0], random.Random(i))
        seat = s.to_move[0]
        assert d.view(seat) == s.view(seat) and d.events(seat) == s.events(seat)
        assert d.legal_actions(seat) == s.legal_actions(seat)
        assert d.components() == s.components()
        changed |= d.hands != s.hands
    assert changed


def test_determinize_keeps_a_knight_demand_answerable() -> None:
    """§7.4 / R18 determinize: a seat that owes a Knight keeps one card of the demanded kind (that much is
    public)."""
    s = stacked(3, hands=[["Knight"], ["Monk", "Star", "Noble"], ["Wizard"] * 3])
    do(s, "0 play Knight")
    do(s, "0 ask 1 for Monk")
    for i in range(30):
        d = s.determinize(0, random.Random(i))
        assert d.hands[1][MONK] >= 1
        assert d.legal_actions(1) == [A.GIVE[MONK]]


def test_determinize_keeps_the_hand_a_priest_looks_at() -> None:
    """§7.11 determinize: the hand a Priest is looking at is known to the Priest's player."""
    s = stacked(3, hands=[["Priest"], ["Monk", "Star", "Noble"], ["Wizard"] * 3])
    do(s, "0 play Priest")
    do(s, "0 look at 1")
    for i in range(10):
        d = s.determinize(0, random.Random(i))
        assert d.hands[1] == s.hands[1]
        assert d.legal_actions(0) == s.legal_actions(0)


def test_clone_is_independent() -> None:
    """clone: applying to the copy leaves the original untouched."""
    s = game(MedievallonsGame, 3).new_game(4)
    before = s.to_json()
    c = s.clone()
    rng = random.Random(2)
    for _ in range(40):
        if c.is_over:
            break
        seat = c.to_move[0]
        c.apply(seat, rng.choice(c.legal_actions(seat)))
    assert s.to_json() == before


def _configurations() -> list[tuple[int, dict[str, OptionValue]]]:
    return SPEC.configurations()


def _plain_turn_actions(s: MedievallonsState, seat: int) -> list[Action]:
    """§4.1-§4.4, §6.3 written out plainly, loop by loop (what the pre-built tables must give)."""
    hand = s.hands[seat]
    jesters = hand[JESTER]
    out: list[Action] = [A.Play(k) for k in range(N_KINDS)
                           if hand[k] and (k != JESTER or s.game.lone_jester_ok)]
    for k in range(N_KINDS):
        if hand[k] and k != JESTER and hand[k] + jesters >= 3:
            out += [A.Lay(k, cnt, j) for cnt in range(1, hand[k] + 1) for j in range(max(0, 3 - cnt), jesters + 1)]
    out += [A.Lay(JESTER, 0, j) for j in range(3, jesters + 1)]
    own = [g for g in s.guilds if g[1] == seat]
    out += [A.Use(g[0], g[2]) for g in own if g[2] != JESTER and g[5] < s.turn]
    for gid, _, gk, _, _, _ in own:
        if gk != JESTER:
            out += [A.Reinforce(gid, gk, gk, cnt, j) for cnt in range(hand[gk] + 1)
                    for j in range(0 if cnt else 1, jesters + 1)]
        else:
            out += [A.Reinforce(gid, JESTER, k, cnt, j) for k in range(N_KINDS) if hand[k] and k != JESTER
                    for cnt in range(1, hand[k] + 1) for j in range(jesters + 1)]
            out += [A.Reinforce(gid, JESTER, JESTER, 0, j) for j in range(1, jesters + 1)]
    return out or [A.DRAW]


@pytest.mark.parametrize(("players", "options"), _configurations())
def test_turn_action_tables_match_the_plain_rules(players: int, options: dict[str, object]) -> None:
    """§4: the table-built turn actions are exactly the plainly enumerated ones, in the same order, in
    every position of random games (including the guild actions of guilds with ids seen before)."""
    g = game(MedievallonsGame, players, **options)
    for seed in range(12):
        s = g.new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            if s.pending is None:
                assert s.legal_actions(seat) == _plain_turn_actions(s, seat)
            actions = s.legal_actions(seat)
            s.apply(seat, actions[rng.randrange(len(actions))])


@pytest.mark.parametrize(("players", "options"), _configurations())
def test_play_without_the_log_is_the_same(players: int, options: dict[str, object]) -> None:
    """The rules never depend on their log: with the log muted (as in search rollouts, where the rules skip
    building log entries) every legal action list, position and outcome is the same."""
    g = game(MedievallonsGame, players, **options)
    assert fast_path_ok(g)
    for seed in range(8):
        s = g.new_game(seed)
        quiet = s.clone()
        quiet.mute_log()
        start = quiet.log_size
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            assert quiet.to_move == s.to_move
            actions = s.legal_actions(seat)
            assert quiet.legal_actions(seat) == actions
            a = actions[rng.randrange(len(actions))]
            s.apply(seat, a)
            quiet.apply(seat, a)
            assert quiet.position_json() == s.position_json()
        assert quiet.outcome == s.outcome
        assert quiet.log_size == start < s.log_size  # the quiet game logged nothing


def test_heuristic_beats_random() -> None:
    """Rules document, "Figures": the heuristic wins far more than its fair share against random players
    (4 players)."""
    g = game(MedievallonsGame, 4)
    wins = 0.0
    games = 120
    for i in range(games):
        s = g.new_game(i)
        rng = random.Random(i)
        h = i % 4
        while not s.is_over:
            seat = s.to_move[0]
            a = g.heuristic_action(s, seat, rng) if seat == h else rng.choice(s.legal_actions(seat))
            s.apply(seat, a)
        assert s.outcome is not None
        wins += s.outcome.reward(h)
    assert wins / games > 0.6


def test_bot_view_is_part_of_the_view() -> None:
    """Heuristic: the lean view it reads holds the view's own entries for that seat (the hand as its count
    of each kind, each guild as the state's list of the entries the view shows, the discard pile's top
    card as its kind), so it can show nothing the seat may not know."""
    game = medieval.make("medievallons", 4)
    for seed in range(3):
        s = game.new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in range(4):
                lean, whole = s.bot_view(seat), s.view(seat)
                assert names(lean["hand"]) == whole["hand"]
                for key in ("players", "hand_counts", "guild_counts", "seen"):
                    assert lean[key] == whole[key], key
                top = lean["discard_top"]
                assert (KINDS[top] if top >= 0 else None) == whole["discard_top"]
                assert [{"id": g[G_ID], "owner": g[G_OWNER], "kind": KINDS[g[G_KIND]],
                         "size": g[G_COUNT] + g[G_JESTERS], "laid_turn": g[G_LAID]} for g in lean["guilds"]] == [
                    {k: g[k] for k in ("id", "owner", "kind", "size", "laid_turn")} for g in whole["guilds"]]
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_heuristic_decides_from_the_view_only() -> None:
    """The heuristic's choice is the same on any determinization of the seat's knowledge."""
    g = game(MedievallonsGame, 4)
    s = g.new_game(8)
    rng = random.Random(0)
    for step in range(120):
        if s.is_over:
            break
        seat = s.to_move[0]
        a = g.heuristic_action(s, seat, random.Random(step))
        d = s.determinize(seat, random.Random(step + 1000))
        assert g.heuristic_action(d, seat, random.Random(step)) == a
        s.apply(seat, a if rng.random() < 0.7 else rng.choice(s.legal_actions(seat)))


def _text(view: MedievallonsView) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_render_shows_the_table() -> None:
    """Rules document, "View", drawn: hand, every seat's guilds, discard top, draw pile count, End card side."""
    s = stacked(3, hands=[["Monk", "Monk", "Knight"], ["Star"], []], guilds=[{"owner": 1, "cards": ["Wizard"] * 3}],
             discard=["Noble"], draw=["Priest"], rest="draw")
    out = _text(s.view(0))
    assert "Monk" in out and "x2" in out and "Knight" in out
    assert "Wizard#1" in out and "Noble" in out
    assert f"Draw pile: {s.view(0)['draw_count']}" in out and "RED" in out
    assert "(you)" in out
    spectator = _text(s.view(None))
    assert "Your hand" not in spectator


def test_render_every_phase() -> None:
    """Rules document, "View", drawn: the picture works in every phase of random games (§5.2 a match's
    round shown), for players and spectators."""
    for n in (2, 4):
        g = game(MedievallonsGame, n)
        s = g.new_game(5)
        rng = random.Random(5)
        while not s.is_over:
            seat = s.to_move[0]
            assert _text(s.view(seat))
            s.apply(seat, g.heuristic_action(s, seat, rng))
        assert "Game over" in _text(s.view(None))
        if n == 2:
            assert "round" in _text(s.view(0))


def test_pending_decisions_belong_to_their_seats() -> None:
    """§7.10 (§7 pending decisions): decisions handed to other seats are theirs: to_move names them and
    nobody else may act."""
    s = stacked(3, hands=[["Noble"], ["Knight"], ["Star"]], draw=["Monk"])
    do(s, "0 play Noble")
    assert s.to_move == (1,) and legal(s, 0) == [] and legal(s, 2) == []
    with pytest.raises(IllegalActionError):
        do(s, "0 give Knight")
