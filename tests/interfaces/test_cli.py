"""The ``medieval`` command: listing, rules, version, and every user error ending in exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import medieval
from medieval.interfaces import cli
from medieval.interfaces.cli import main
from tests.interfaces.helpers import make_screen


def run(argv: list[str], answers: list[str] | None = None) -> tuple[int, str]:
    screen, buf = make_screen(answers or [])
    code = main(argv, screen=screen)
    return code, buf.getvalue()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert f"medieval {medieval.__version__}" in capsys.readouterr().out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "simulate" in capsys.readouterr().out


def test_games_lists_every_registered_game_with_players_and_options() -> None:
    code, out = run(["games"])
    assert code == 0
    for spec in medieval.list_games():
        assert spec.name in out
        assert spec.display_name in out
        assert f"{spec.min_players}-{spec.max_players}" in out or str(spec.min_players) in out
        for opt in spec.options:
            assert opt.name in out
    assert "next_dealer = most (most | fewest)" in out
    assert "human" in out and "heuristic" in out
    flat = " ".join(out.split())  # (the terminal's width wraps lines)
    assert "Levels: easy (heuristic:eps=0.25), medium (heuristic), hard (ismcts:time=1,clock=cpu)" in flat
    assert "Medievallons with 2 players: hard (ismcts:time=0.1,clock=cpu)" in flat  # the games' own levels
    assert "Paladin: easy (heuristic:eps=0.35)" in flat


@pytest.mark.parametrize("name", [spec.name for spec in medieval.list_games()])
def test_rules_renders_the_games_markdown_document(name: str) -> None:
    """The rules document ships inside the game's package (GameSpec.parts.rules)."""
    spec = medieval.make(name).spec
    document = cli.rules_document(spec)
    assert document is not None and document.startswith(f"# {spec.display_name}")
    code, out = run(["rules", name])
    assert code == 0
    assert spec.display_name in out and "Rulings" in out
    assert "\n## " not in out  # rendered, not raw markdown


def test_rules_without_a_document_prints_summary_options_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "rules_document", lambda spec: None)
    code, out = run(["rules", "PALADIN"])
    assert code == 0
    spec = medieval.make("paladin").spec
    assert spec.summary.split(":")[0] in out
    assert "next_dealer" in out and "no rules document" in out


def test_rules_of_the_real_tree() -> None:
    code, out = run(["rules", "paladin"])
    assert code == 0 and "Paladin" in out


def _record_file(tmp_path: Path) -> Path:
    game = medieval.make("paladin", 3)
    state = game.new_game(seed=1)
    for _ in range(5):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    return path


def _error_cases(tmp: Path) -> list[list[str]]:
    good = str(_record_file(tmp))
    bad_json = tmp / "bad.json"
    bad_json.write_text("{not json")
    not_record = tmp / "notrecord.json"
    not_record.write_text(json.dumps({"hello": 1}))
    unknown = tmp / "unknown.json"
    unknown.write_text(json.dumps({**json.loads(Path(good).read_text()), "game": "chess"}))
    broken = tmp / "broken.json"
    rec = json.loads(Path(good).read_text())
    rec["actions"].append([rec["actions"][-1][0], "place 9r Q1"])
    rec["actions"].append([0, "first 0"])
    broken.write_text(json.dumps(rec))
    bad_fields = tmp / "badfields.json"
    bad_fields.write_text(json.dumps({**json.loads(Path(good).read_text()), "options": 5}))
    finished = tmp / "finished.json"
    done = medieval.make("paladin", 3).new_game(seed=2)
    while not done.is_over:
        done.apply(done.to_move[0], done.legal_actions(done.to_move[0])[0])
    finished.write_text(json.dumps({**done.record(), "seats": ["human", "random", "random"]}))
    lines = tmp / "two.jsonl"
    lines.write_text(Path(good).read_text().replace("\n", "") + "\n" + Path(good).read_text().replace("\n", "") + "\n")
    return [
        ["rules", "chess"],
        ["play", "chess"],
        ["play", "paladin", "--seats", "human,random"],  # 2 players: Paladin needs 3-5
        ["play", "paladin", "--players", "7"],
        ["play", "paladin", "--seats", "random,random,random", "--players", "4"],
        ["play", "paladin", "--seats", "random,wizard,random"],
        ["play", "paladin", "--seats", "random,random:depth,random"],
        ["play", "paladin", "--seats", "random,,random"],
        ["play", "paladin", "--seats", "human,human,random"],  # several humans need --hotseat
        ["play", "paladin", "--option", "colour=blue", "--seats", "random,random,random"],
        ["play", "paladin", "--option", "next_dealer=oldest", "--seats", "random,random,random"],
        ["play", "paladin", "--option", "zero_beats_red_nine=maybe", "--seats", "random,random,random"],
        ["play", "paladin", "--option", "first_dealer=x", "--seats", "random,random,random"],
        ["play", "paladin", "--option", "novalue", "--seats", "random,random,random"],
        ["play", "paladin", "--delay", "-1"],
        ["play", "paladin", "--seats", "random,random,random", "--save", str(tmp / "no" / "dir" / "g.json")],
        ["play"],
        ["simulate", "chess"],
        ["simulate", "paladin", "--seats", "human,random,random"],
        ["simulate", "paladin", "--seats", "random,nobot,random"],
        ["simulate", "paladin", "--games", "0"],
        ["simulate", "paladin", "--jobs", "zero"],
        ["simulate", "paladin", "--option", "red_tie=nobody"],
        ["simulate", "paladin", "--save", str(tmp / "no" / "dir" / "g.jsonl"), "--games", "1"],
        ["replay", str(tmp / "missing.json")],
        ["replay", str(tmp)],
        ["replay", str(bad_json)],
        ["replay", str(not_record)],
        ["replay", str(unknown), "--to-end"],
        ["replay", str(broken), "--to-end"],
        ["replay", str(bad_fields), "--to-end"],
        ["replay", good, "--seat", "3", "--to-end"],
        ["replay", good, "--index", "4", "--to-end"],
        ["replay", str(lines), "--index", "2", "--to-end"],
        ["replay", good, "--seat", "1", "--spectator"],
        ["bench", "chess"],
        ["bench", "paladin", "--seconds", "0"],
        ["bench", "paladin", "--players", "9"],
        ["play", "--load", str(tmp / "missing.json")],
        ["play", "--load", good, "--seed", "3"],  # the record has its seed
        ["play", "--load", good, "--option", "red_tie=hero"],
        ["play", "medievalia", "--load", good],  # a Paladin record
        ["play", "--load", good, "--seats", "human,random"],  # 3 players
        ["play", "--load", str(finished)],
        ["play", "--load", good],  # the record names no seats
        ["arena", "paladin", "--bots", "random,random,random", "--games", "0"],
        ["arena", "paladin", "--bots", "random,random,random", "--jobs", "0"],
        ["arena", "paladin", "--bots", "random,random,random", "--players", "x"],
        ["frobnicate"],
    ]


def test_every_error_is_one_line_on_stderr_with_exit_code_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in _error_cases(tmp_path):
        screen, buf = make_screen([])
        code = main(argv, screen=screen)
        err = capsys.readouterr().err
        assert code == 2, (argv, code, err, buf.getvalue())
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        assert "error" in lines[0] and "Traceback" not in err, (argv, err)


def test_error_messages_say_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expectations = {
        ("play", "chess"): "unknown game 'chess'",
        ("play", "paladin", "--seats", "random,wizard,random"): "unknown bot 'wizard'",
        ("play", "paladin", "--seats", "human,human,random"): "--hotseat",
        ("play", "paladin", "--option", "colour=blue"): "no option 'colour'",
        ("replay", str(tmp_path / "missing.json")): "no such file",
        ("simulate", "paladin", "--seats", "human,random,random"): "no human seats",
        ("arena", "paladin", "--bots", "random,random,random", "--games", "0"): "at least 1, got 0",
        ("play", "--load", str(_record_file(tmp_path))): "give --seats",
        ("play",): "name a game to play",
    }
    for argv, text in expectations.items():
        assert main(list(argv), screen=make_screen([])[0]) == 2
        assert text in capsys.readouterr().err


def test_arena_refuses_bad_numbers_before_writing_anything(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for bad in (["--games", "0"], ["--games", "-3"], ["--jobs", "0"], ["--players", "0"]):
        assert main(["arena", "paladin", "--bots", "random,random,random", *bad], screen=make_screen([])[0]) == 2
        assert "error" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no run folder, no file


def test_bot_parameters_stay_with_their_bot() -> None:
    from medieval.interfaces.common import split_seats

    assert split_seats("ismcts:iters=20,c=0.7,random, heuristic") == ["ismcts:iters=20,c=0.7", "random", "heuristic"]


@pytest.mark.parametrize("argv", [
    ["play", "paladin", "--seed", "x"],
    ["simulate", "paladin", "--seed", "x"],
    ["replay", "game.json", "--index", "x"],
    ["replay", "game.json", "--seat", "x"],
    ["arena", "paladin", "--bots", "random", "--seed", "x"],
    ["soak", "paladin", "--seed", "x"],
    ["serve", "--port", "x"],
    ["serve", "--bot-workers", "x"],
    ["bench", "--players", "x"],
])
def test_every_whole_number_argument_refuses_alike(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """One integer type everywhere: the same one-line message, exit code 2, before anything runs."""
    assert main(argv, screen=make_screen([])[0]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"argument {argv[-2]}: expected a whole number, got 'x'" in err, err


@pytest.mark.parametrize(("argv", "message"), [
    (["serve", "--port", "99999"], "argument --port: expected a port number from 0 to 65535, got 99999"),
    (["replay", "game.json", "--seat", "-1"], "argument --seat: expected a whole number of at least 0, got -1"),
    (["simulate", "paladin", "--games", "0"], "argument --games: expected a whole number of at least 1, got 0"),
    (["serve", "--bot-delay", "-1"], "argument --bot-delay: expected a number of at least 0, got '-1'"),
])
def test_numbers_out_of_range_say_the_range(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, screen=make_screen([])[0]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_a_bad_server_setting_from_the_environment_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pydantic_settings")
    monkeypatch.setenv("MEDIEVAL_PORT", "99999")
    assert main(["serve"], screen=make_screen([])[0]) == 2
    err = capsys.readouterr().err
    assert err == "medieval serve: error: setting port: must be less than or equal to 65535, got '99999'\n"


def test_a_missing_folder_is_refused_alike_before_anything_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command refuses an output path in a folder that does not exist, at once and with the same
    words; nothing is played, run or created (a mistyped path costs nothing). ``arena --out`` creates the
    run folder itself inside a folder that exists."""
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "no" / "such"
    cases = [
        ["play", "paladin", "--seats", "random,random,random", "--save", str(missing / "g.json")],
        ["simulate", "paladin", "--games", "1", "--jobs", "1", "--save", str(missing / "g.jsonl")],
        ["bench", "paladin", "--seconds", "0.1", "--json", str(missing / "b.json")],
        ["arena", "paladin", "--bots", "random", "--games", "1", "--jobs", "1", "--no-progress",
         "--out", str(missing / "run")],
        ["soak", "paladin", "--games", "1", "--jobs", "1", "--state", str(missing / "s.json")],
    ]
    for argv in cases:
        screen, buf = make_screen([])
        assert main(argv, screen=screen) == 2, argv
        err = capsys.readouterr().err
        assert f"there is no folder {missing}" in err and err.count("\n") == 1, (argv, err)
        assert "Game over" not in buf.getvalue()
    assert not (tmp_path / "no").exists() and not (tmp_path / "arena-runs").exists()
    run = tmp_path / "run"
    assert main(["arena", "paladin", "--bots", "random", "--games", "1", "--jobs", "1", "--no-progress",
                 "--out", str(run)], screen=make_screen([])[0]) == 0
    assert (run / "results.jsonl").is_file()


def test_hotseat_with_a_single_human_says_it_does_nothing() -> None:
    code, out = run(["play", "paladin", "--seats", "human,random,random", "--seed", "3", "--hotseat"],
                    ["quit", "y", ""])
    assert code == 1
    assert "--hotseat does nothing here: one seat is human" in " ".join(out.split())
    code, out = run(["play", "paladin", "--seats", "human,human,random", "--seed", "3", "--hotseat"], [""] * 3)
    assert "--hotseat does nothing" not in out
