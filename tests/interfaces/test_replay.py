"""Stepping through a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import medieval
from medieval.interfaces.cli import main
from tests.interfaces.helpers import make_screen


def _saved_game(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    game = medieval.make("paladin", 3)
    from medieval.agents import make_agent, play_match

    result = play_match(game, [make_agent("heuristic", i) for i in range(3)], seed=21)
    record = result.state.record()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    return path, record


def test_step_forward_back_jump_and_quit(tmp_path: Path) -> None:
    path, record = _saved_game(tmp_path)
    n = len(record["actions"])  # type: ignore[arg-type]
    screen, buf = make_screen(["", "", "b", "10", "huh", str(n + 5), str(n), "", "q"])
    assert main(["replay", str(path), "--seat", "1"], screen=screen) == 0
    out = buf.getvalue()
    order = [f"move {k}/{n} " for k in (0, 1, 2, 1, 10, n)]
    pos = 0
    for marker in order:
        pos = out.index(marker, pos) + 1
    assert "seen by P1" in out
    assert f"There are only {n} moves" in out
    assert "This is the end of the game" in out
    assert "Press Enter for the next move" in out
    assert "Outcome:" in out
    assert "Setup:" in out and "You are dealt" in out


def test_a_seat_sees_its_own_notation_and_not_the_others_cards(tmp_path: Path) -> None:
    path, record = _saved_game(tmp_path)
    screen, buf = make_screen(["40", "q"])
    assert main(["replay", str(path), "--seat", "0"], screen=screen) == 0
    out = buf.getvalue()
    actions = record["actions"]
    assert isinstance(actions, list)
    own = [t for s, t in actions[:40] if s == 0 and t.startswith("place")]
    theirs = [t for s, t in actions[:40] if s != 0 and t.startswith("place")]
    assert any(t in out for t in own)
    assert not any(t in out for t in theirs)


def test_spectator_to_end(tmp_path: Path) -> None:
    path, _ = _saved_game(tmp_path)
    screen, buf = make_screen([])
    assert main(["replay", str(path), "--spectator", "--to-end"], screen=screen) == 0
    out = buf.getvalue()
    assert "seen by spectator" in out and "Winner:" in out


def test_unfinished_game_and_end_of_input(tmp_path: Path) -> None:
    state = medieval.make("paladin", 3).new_game(seed=2)
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "short.json"
    path.write_text(json.dumps([state.record(), state.record()]))  # a JSON list of records
    screen, buf = make_screen([])
    assert main(["replay", str(path), "--index", "1"], screen=screen) == 0  # EOF quits
    assert main(["replay", str(path), "--to-end"], screen=screen) == 0
    assert "not finished" in buf.getvalue()


def test_each_replay_frame_fits_the_terminal_height(tmp_path: Path) -> None:
    """In a terminal, a position and the moves around it fit its height (here 24 lines, 80 columns):
    the compact board when the full one leaves the moves too little room, and only the moves that fit,
    the last one played always among them; sentences of one move read one after the other."""
    from medieval.interfaces.terminal.replay import Replay, show_position

    _, record = _saved_game(tmp_path)
    replay = Replay(record, 1)
    n = len(replay.moves)
    for k in (0, 1, n // 2, n):
        screen, buf = make_screen([], width=80)
        show_position(replay, k, screen, rows=24)
        lines = buf.getvalue().rstrip("\n").split("\n")
        assert len(lines) <= 23, (k, buf.getvalue())  # and the prompt below
        if k:
            assert any(line.startswith("▶") and f"{k}. " in line for line in lines), buf.getvalue()
        assert ".; " not in buf.getvalue()
