"""Playing at the terminal with scripted input: whole games, bad input, quitting, hot-seat secrecy,
saving and replaying."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import medieval
from medieval.core.outcome import Outcome
from medieval.core.state import State
from medieval.interfaces.cli import main
from medieval.interfaces.terminal.play import PlaySession
from medieval.interfaces.terminal.renderers import describe
from tests.interfaces.helpers import CLEAR, make_screen


class Answerer:
    """Answers for seat ``seat`` of a running session: alternately a choice number and a notation,
    with some bad input mixed in. Remembers the actions it meant."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.session: PlaySession | None = None
        self.rng = random.Random(seed)
        self.meant: list[str] = []
        self.calls = 0
        self.bad = ["", "bogus move", "999", "place 9r Q99", "first 7"]

    def __call__(self) -> str:
        assert self.session is not None
        state = self.session.state
        self.calls += 1
        if self.bad and self.calls % 7 == 3:
            return self.bad.pop()
        legal = state.legal_actions(self.seat)
        menu = self.session.menu
        assert menu is not None and len(menu) == len(legal)
        number = self.rng.randrange(len(legal)) + 1  # choices are numbered in the menu's order
        action = legal[menu.index(number)]
        self.meant.append(str(action))
        return str(number) if len(self.meant) % 2 else str(action)


def _asked(state: State, seat: int) -> list[str]:
    """The actions of ``seat`` that were its choice: those with more than one legal action (a single
    legal action is played without asking)."""
    replay = state.game.new_game(state.record()["origin"]["seed"])
    asked: list[str] = []
    for s, action in state.history:
        if s == seat and len(replay.legal_actions(s)) > 1:
            asked.append(str(action))
        replay.apply(s, replay.parse_action(s, str(action)))
    return asked


def test_full_game_answering_by_number_and_by_notation_with_bad_input() -> None:
    answerer = Answerer(seat=1, seed=3)
    screen, buf = make_screen(answerer)
    game = medieval.make("paladin", 3)
    session = PlaySession(game, ["heuristic", "human", "random"], screen, seed=2)  # a seed with a forced move
    answerer.session = session
    assert session.run() == 0
    state = session.state
    out = buf.getvalue()
    assert state.is_over
    # every action the human meant was played, in order; forced moves were played with a notice
    assert _asked(state, 1) == answerer.meant
    assert "Your only choice:" in out
    assert len(answerer.meant) > 20
    # the human screen: view, whose turn, numbered choices (the bots' moves are printed as they come)
    assert "Hand of P1" in out and "P1 human to decide" in out
    assert re.search(r"^ ?1\. (first|place|look|nolook|challenge)", out, re.MULTILINE)
    # bad input was reported and asked again, never a crash
    assert "There is no choice 999" in out
    assert "cannot read 'bogus move'" in out
    assert "'place 9r Q99'" in out or "Q99" in out
    assert "legal:" not in out  # a refusal gives its reason, not the list of every action
    # bot moves were shown as they happened, and the end
    assert "P0 heuristic ▸" in out and "P2 random ▸" in out
    assert "Game over" in out and "Winner:" in out


def test_play_through_main_to_the_end_then_replay_gives_the_same_outcome(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    screen, buf = make_screen(lambda: "1")
    code = main(["play", "paladin", "--seats", "human,heuristic,random,random", "--seed", "7", "--save", str(path),
                 "--option", "next_dealer=fewest"], screen=screen)
    assert code == 0, capsys.readouterr().err
    record = json.loads(path.read_text())
    assert record["seats"] == ["human", "heuristic", "random", "random"]
    assert record["options"]["next_dealer"] == "fewest"
    outcome = Outcome.from_json(record["outcome"])
    assert medieval.replay(record).outcome == outcome

    replay_screen, replay_buf = make_screen([])
    assert main(["replay", str(path), "--to-end"], screen=replay_screen) == 0
    replayed = replay_buf.getvalue()
    winners = ", ".join(f"P{w} {record['seats'][w]}" for w in outcome.winners)
    assert winners in replayed and winners in buf.getvalue()
    assert "seen by P0 human" in replayed  # the human seat is the default view
    assert "Outcome: too few quests left for another round" in replayed
    assert "Note: the record says" not in replayed


def test_quit_asks_to_confirm_and_saves_to_a_named_file(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    screen, buf = make_screen(["1", "quit", "n", "2", "quit", "y", str(path)])
    code = main(["play", "paladin", "--seats", "human,random,random", "--seed", "2"], screen=screen)
    assert code == 1  # the game was left unfinished
    out = buf.getvalue()
    assert "Leave this game? [y/N]" in out and "You left the game." in out
    record = json.loads(path.read_text())
    assert "outcome" not in record
    human_moves = [a for a in record["actions"] if a[0] == 0]
    assert len(human_moves) >= 2  # quit was refused once, so two decisions were made (and any forced ones)
    state = medieval.replay(record)
    assert not state.is_over


def test_quit_with_save_option_offers_that_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    screen, buf = make_screen(["quit", "yes", ""])
    assert main(["play", "paladin", "--seats", "random,human,random", "--seed", "4", "--save", str(path)],
                screen=screen) == 1
    assert f"Save the game so far to {path}? [Y/n]" in buf.getvalue()
    assert json.loads(path.read_text())["game"] == "paladin"


def test_quit_without_saving(tmp_path: Path) -> None:
    screen, buf = make_screen(["q", "y", ""])
    assert main(["play", "paladin", "--seats", "human,random,random", "--seed", "4"], screen=screen) == 1
    assert "You left the game." in buf.getvalue()


def test_end_of_input_and_ctrl_c_leave_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    screen, buf = make_screen([])
    assert main(["play", "paladin", "--seats", "human,random,random", "--save", str(path)], screen=screen) == 1
    assert "left unfinished" in buf.getvalue()
    assert json.loads(path.read_text())["actions"] is not None  # the game so far was kept

    def interrupt() -> str:
        raise KeyboardInterrupt

    screen, buf = make_screen(interrupt)
    assert main(["play", "paladin", "--seats", "human,random,random"], screen=screen) == 130
    assert "Interrupted" in buf.getvalue()


def test_help_view_and_log_commands() -> None:
    screen, buf = make_screen(["help", "view", "", "log", "legend", "rules", "help 7r", "help Q9", "help Zorro",
                               "choices", "choices place", "quit", "y", ""])
    assert main(["play", "paladin", "--seats", "human,random,random", "--seed", "9"], screen=screen) == 1
    out = buf.getvalue()
    assert "leave the game" in out and "help NAME" in out
    assert out.count("P0 human to decide") == 3  # 'view' and Enter drew the screen again
    assert "You are dealt" in out
    assert "a card face down" in out  # the legend
    assert "Goal:" in out  # how to play
    assert "Red Paladin 7" in out and "beats every card below 7" in out  # help NAME, from card_help()
    assert "King quest" in out or "Queen quest" in out
    assert "Nothing in Paladin is called 'Zorro'" in out


def test_bots_only_game_is_watched_as_a_spectator() -> None:
    screen, buf = make_screen([])
    slept: list[float] = []
    game = medieval.make("paladin", 3)
    session = PlaySession(game, ["random", "heuristic", "random"], screen, seed=5, delay=0.25, sleep=slept.append)
    assert session.run() == 0
    out = buf.getvalue()
    assert "P1 heuristic ▸" in out and "Winner:" in out
    assert "P0 is dealt 4 cards." in out  # the spectator sees deals without their faces
    assert len(slept) == len(session.state.history) and set(slept) == {0.25}


def _private_texts(state: State, seat: int, others: list[int]) -> set[str]:
    mine = {describe("paladin", e) for e in state.events(seat)}
    theirs = set().union(*({describe("paladin", e) for e in state.events(o)} for o in [*others, None]))
    return mine - theirs


def test_hotseat_never_shows_one_human_the_other_humans_secrets() -> None:
    rng = random.Random(1)
    session: PlaySession | None = None

    def answer() -> str:
        return str(rng.randint(1, 3)) if session is None or session.state.to_move else ""

    screen, buf = make_screen(lambda: "" if buf.getvalue().rstrip().endswith("press Enter") else answer())
    game = medieval.make("paladin", 3)
    session = PlaySession(game, ["human", "random", "human"], screen, seed=8, hotseat=True)
    assert session.run() == 0
    state = session.state
    assert state.is_over
    out = buf.getvalue()
    private = {0: _private_texts(state, 0, [2]), 2: _private_texts(state, 2, [0])}
    assert private[0] and private[2]
    segments = out.split(CLEAR)
    screens = {0: 0, 2: 0}
    for segment in segments:
        owners = {h for h in (0, 2) if f"Hand of P{h}" in segment or any(t in segment for t in private[h])}
        assert len(owners) <= 1, segment
        if "Pass the terminal to" in segment:
            assert not owners, segment  # the waiting screen shows nobody's secrets
        for h in owners:
            screens[h] += 1
    assert screens[0] > 5 and screens[2] > 5
    assert out.count("Pass the terminal to P0 human") == screens[0]
    assert out.count("Pass the terminal to P2 human") == screens[2]


def test_several_humans_need_hotseat() -> None:
    game = medieval.make("paladin", 3)
    screen, _ = make_screen([])
    with pytest.raises(Exception, match="--hotseat"):
        PlaySession(game, ["human", "human", "random"], screen, seed=1)


def test_a_bad_save_path_is_asked_again(tmp_path: Path) -> None:
    good = tmp_path / "kept.json"
    screen, buf = make_screen(["quit", "y", str(tmp_path / "no" / "such" / "dir.json"), str(tmp_path), str(good)])
    assert main(["play", "paladin", "--seats", "human,random,random", "--seed", "4"], screen=screen) == 1
    out = buf.getvalue()
    assert out.count("Not saved: cannot write") == 2 and out.count("Save to another file?") == 2
    assert json.loads(good.read_text())["seats"] == ["human", "random", "random"]


def test_a_saved_game_resumes_with_its_seats_or_new_ones(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    screen, _ = make_screen(["1", "1", "quit", "y", str(path)])
    assert main(["play", "paladin", "--seats", "human,heuristic,random", "--seed", "6"], screen=screen) == 1
    saved = json.loads(path.read_text())
    # the same seats: the game goes on from where it was left, and is saved back there
    screen, buf = make_screen(["1", "quit", "y", "y"])
    assert main(["play", "--load", str(path)], screen=screen) == 1
    out = buf.getvalue()
    assert f"Resumed from {path} at move {len(saved['actions']) + 1}" in out
    again = json.loads(path.read_text())
    assert again["actions"][:len(saved["actions"])] == saved["actions"]
    assert len(again["actions"]) > len(saved["actions"]) and again["seats"] == saved["seats"]
    # new seats: the bots take over and play it to the end
    screen, buf = make_screen([])
    assert main(["play", "paladin", "--load", str(path), "--seats", "random,random,heuristic",
                 "--save", str(tmp_path / "end.json")], screen=screen) == 0
    end = json.loads((tmp_path / "end.json").read_text())
    assert end["seats"] == ["random", "random", "heuristic"] and "outcome" in end
    assert end["actions"][:len(again["actions"])] == again["actions"]
    assert medieval.replay(end).is_over


def test_a_refusal_gives_the_games_reason() -> None:
    screen, buf = make_screen(["play W W W W W W as 2", "play 1", "quit", "y", ""])
    game = medieval.make("medievalia", 3)
    session = PlaySession(game, ["human", "random", "random"], screen, seed=53, rows=24)  # P0 leads, one W
    assert session.run() == 1
    out = buf.getvalue()
    assert "'play W W W W W W as 2' is not legal for P0 now: you hold only one W: your hand is 2, 3, 4, 6, 9, W" in out
    assert "'play 1' is not legal for P0 now: you hold no 1: your hand is 2, 3, 4, 6, 9, W" in out
    assert "legal:" not in out


def test_the_frame_fits_the_rows_it_is_given() -> None:
    """With a height to fit (a terminal's), each frame — header to choices — takes at most that many
    lines less the prompt, and the log is cut to its latest lines."""
    for name, seats in (("paladin", ["human", "random", "random", "random", "random"]),
                        ("midevil", ["human", "random", "random", "random", "random", "random"]),
                        ("medievalia2007", ["human", "random", "random", "random"])):
        screen, buf = make_screen(["1"] * 12 + ["quit", "y", ""], width=80)
        session = PlaySession(medieval.make(name, len(seats)), seats, screen, seed=2, rows=24)
        assert session.run() == 1
        frames = [f for f in buf.getvalue().split("─ P0 human to decide")[1:] if "P0 human >" in f]
        assert len(frames) >= 5, name
        for frame in frames:
            body = frame.split("P0 human >")[0]
            assert len(body.splitlines()) <= 23, (name, frame)


def test_hotseat_plays_a_single_choice_without_showing_it() -> None:
    game = medieval.make("medievalia", 3)
    screen, buf = make_screen(lambda: "" if buf.getvalue().rstrip().endswith("press Enter") else "1")
    session = PlaySession(game, ["human", "human", "random"], screen, seed=3, hotseat=True)
    session.run()
    out = buf.getvalue()
    assert "has a single choice; it is played for them." in out
    assert "Your only choice" not in out
