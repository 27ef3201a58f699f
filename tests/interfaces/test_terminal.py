"""The terminal as a player sees it: ``medieval`` in a pseudo-terminal of 80x24, its screen read by a
small VT100 emulator (tests/interfaces/vt.py). Each game keeps the board and the prompt on one screen."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

import medieval
from tests.interfaces.vt import Terminal

pytestmark = pytest.mark.skipif(not hasattr(os, "forkpty"), reason="needs a pseudo-terminal")

#: The first line of each game's board, and seats for a game against bots.
GAMES = {
    "paladin": ("Paladin · round", "human,heuristic,heuristic,random"),
    "medievallons": ("Medievallons", "human,heuristic,heuristic"),
    "medievalia": ("Medievalia · round", "human,heuristic,heuristic,heuristic"),
    "medievalia2007": ("Medievalia (2007)", "human,heuristic"),
    "midevil": ("MidEvil · round", "human,heuristic,heuristic,heuristic"),
}
PROMPT = r"^P0 human >\s*\Z"
HEADER = re.compile(r"P0 human to decide · move (\d+)")


def _choices(screen: str) -> int:
    """The highest choice number on the screen."""
    numbers = [int(b or a) for a, b in re.findall(r"(?:^|\s)(\d+)(?:-(\d+))?\. ", screen)]
    return max(numbers, default=1)


def _next_frame(t: Terminal, move: int, timeout: float = 60.0) -> str:
    """Wait for a frame asking P0 for a later move than ``move`` (or for the end of the game)."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = t.settle(0.2, 2)
        m = HEADER.search(screen)
        if m and int(m.group(1)) > move and re.search(PROMPT, screen, re.MULTILINE):
            return screen
        if t.exit_code is not None:
            return screen
    raise AssertionError(f"no new frame after move {move}:\n{t.vt.text()}")


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_keeps_the_board_and_the_prompt_on_one_80x24_screen(game: str) -> None:
    board, seats = GAMES[game]
    t = Terminal(["play", game, "--seats", seats, "--seed", "3"])
    rng = random.Random(3)
    try:
        move, frames = 0, 0
        while frames < 12:
            screen = _next_frame(t, move)
            if t.exit_code is not None:
                break
            lines = screen.split("\n")
            assert len(lines) == 24
            assert HEADER.search(lines[0]), screen  # nothing scrolled off the top
            assert any(board in line for line in lines[1:3]), screen  # the board, right below
            assert re.search(PROMPT, screen, re.MULTILINE), screen  # and the prompt at its foot
            assert "{" not in screen and "'kind'" not in screen  # readable text, no raw data
            m = HEADER.search(lines[0])
            assert m is not None
            move = int(m.group(1))
            frames += 1
            t.line(str(rng.randint(1, _choices(screen))))
        assert frames >= 3
    finally:
        t.close()


def test_a_refusal_says_why_and_keeps_the_board_in_view() -> None:
    t = Terminal(["play", "midevil", "--seats", "human,heuristic", "--seed", "171"])  # P0 places the Thicket Bend
    try:
        t.expect(PROMPT)
        t.line("skeleton 9,9 N")
        screen = t.expect(r"now is the time to place the drawn tile")
        assert HEADER.search(screen.split("\n")[0]) and "MidEvil · round" in screen
        assert "legal:" not in screen  # the reason, not every legal action again
        assert "drawn: Thicket Bend" in screen and "r90" in screen  # the tile, before it is placed
        assert re.search(r"^\s+-3\s+0\s+3", screen, re.MULTILINE)  # coordinates along the map's top
        t.line("place 9,9 r0")
        screen = t.expect(r"cannot go at 9,9: it fits at")
        t.line("help Thicket Bend")
        t.expect(r"Thicket Bend \(unnamed tile\)\s+When laid")
        t.line("legend")
        t.expect(r"square coordinates")
        t.line("quit")
        t.expect(r"Leave this game\?")
        t.line("y")
        t.expect(r"File name")
        t.line("")
        assert t.wait() == 1
    finally:
        t.close()


def test_ctrl_d_offers_to_save_asks_again_after_a_bad_path_and_the_game_resumes(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    t = Terminal(["play", "paladin", "--seats", "human,heuristic,heuristic", "--seed", "3"], cwd=tmp_path)
    try:
        t.expect(PROMPT)
        t.line("1")
        screen = _next_frame(t, 1)
        t.send("\x04")  # Ctrl-D
        t.expect(r"Save the game so far\? File name")
        t.line(str(tmp_path / "no-such-folder" / "x.json"))
        t.expect(r"Not saved: cannot write .*Save to another file\?")
        t.line(str(path))
        t.expect(r"Game record saved to")
        assert t.wait() == 1  # left unfinished
    finally:
        t.close()
    record = json.loads(path.read_text())
    assert record["seats"] == ["human", "heuristic", "heuristic"] and "outcome" not in record
    done = len(record["actions"])
    board = [line for line in screen.split("\n") if line.startswith("Your hand:")]

    t = Terminal(["play", "--load", str(path)], cwd=tmp_path)
    try:
        resumed = t.expect(r"Resumed from .*")
        assert f"move {done + 1}" in resumed
        assert board and board[0] in resumed  # the same hand: the same game, at the same point
        t.line("1")
        _next_frame(t, done + 1)
        t.line("quit")
        t.expect(r"Leave this game\?")
        t.line("y")
        t.expect(r"Save the game so far to .*\[Y/n\]")
        t.line("")
        assert t.wait() == 1
    finally:
        t.close()
    assert len(json.loads(path.read_text())["actions"]) > done  # saved back where it came from


def test_hotseat_clears_the_screen_and_the_scrollback_before_each_human() -> None:
    t = Terminal(["play", "paladin", "--seats", "human,human,heuristic", "--hotseat", "--seed", "1"])
    try:
        for _ in range(4):
            t.expect(r"Pass the terminal to P\d human, then press Enter")
            everything = t.vt.everything()
            assert "Your hand" not in everything and "to decide" not in everything, everything
            t.line("")
            screen = t.expect(r"^P\d human >\s*\Z")
            assert "Your hand:" in screen
            t.line("1")
    finally:
        t.close()


def test_a_bot_shows_that_it_is_thinking() -> None:
    t = Terminal(["play", "paladin", "--seats", "ismcts:time=2,random,random", "--seed", "1"])
    try:
        t.expect(r"P0 ismcts:time=2 is thinking…", timeout=20)
    finally:
        t.close()


def test_rules_go_through_the_pager_and_open_with_how_to_play(tmp_path: Path) -> None:
    out = tmp_path / "paged.txt"
    t = Terminal(["rules", "medievalia"], env={"PAGER": f"cat > {out}"})
    try:
        assert t.wait() == 0
    finally:
        t.close()
    text = out.read_text()
    first = next(line for line in text.splitlines() if line.strip())
    assert "Medievalia: how to play" in first
    assert text.index("how to play") < text.index("Rulings")  # the rules document comes after
    assert len(text.splitlines()) > 100


def test_the_five_games_have_their_80x24_capture_in_the_docs() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "terminal"
    for spec in medieval.list_games():
        lines = (docs / f"{spec.name}.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
        assert HEADER.search(lines[0]) and re.search(PROMPT, "\n".join(lines), re.MULTILINE)


def _frame_ok(screen: str, board: str) -> list[str]:
    lines = screen.split("\n")
    assert len(lines) == 24
    assert HEADER.search(lines[0]), screen  # nothing scrolled off the top
    assert any(board in line for line in lines[1:3]), screen  # the board right below
    assert re.search(PROMPT, screen, re.MULTILINE), screen  # and the prompt
    return lines


def test_help_legend_log_and_choices_read_under_the_board_a_page_at_a_time() -> None:
    t = Terminal(["play", "paladin", "--seats", "human,heuristic,heuristic,heuristic", "--seed", "3"])
    try:
        t.expect(PROMPT)
        t.line("legend")
        screen = t.expect(r"Legend \(lines 1-\d+ of \d+\) · Enter: more")
        _frame_ok(screen, "Paladin · round")
        assert "[dealer, first]" in screen and "a card face down" in screen
        t.line("")  # the next page: the rest of the legend, the board still above it
        screen = t.expect(r"Legend \(lines \d+-(\d+) of \1\) · Enter: back to the board")
        _frame_ok(screen, "Paladin · round")
        assert "the round's dealer and first player" in screen
        t.line("")  # back to the board and the choices
        screen = t.expect(r"^ ?1\. place")
        _frame_ok(screen, "Paladin · round")
        t.line("help red 8")
        screen = t.expect(r"Red Paladin 8 \(written 8r\)")
        _frame_ok(screen, "Paladin · round")
        assert "Strength: 8 · Red: yes · Copies: 1" in screen
        t.line("log")
        screen = t.expect(r"Log, \d+ events")
        _frame_ok(screen, "Paladin · round")
        assert "You are dealt" in screen
        t.line("choices")
        screen = t.expect(r"\d+ choices")
        _frame_ok(screen, "Paladin · round")
        t.line("1")  # a move typed while reading is played
        _frame_ok(_next_frame(t, 3), "Paladin · round")
    finally:
        t.close()


def test_six_medievallons_players_keep_a_readable_log_with_the_compact_board() -> None:
    """With six seats the full board would leave the log about three lines: the compact one is drawn."""
    t = Terminal(["play", "medievallons", "--players", "6", "--seed", "4"])
    try:
        screen = t.expect(PROMPT)
        lines = _frame_ok(screen, "Medievallons")
        assert not any(line.startswith("╭") for line in lines)  # not the boxed picture
        assert sum(1 for line in lines if line.startswith("  · ")) >= 6  # the latest events, not three
    finally:
        t.close()
