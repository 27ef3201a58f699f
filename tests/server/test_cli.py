"""The command-line entry: ``add_serve_parser`` plugs into the main CLI; ``python -m
medieval.interfaces.server`` runs alone; settings come from the command line over the environment."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from medieval.interfaces.server.cli import add_serve_parser, main
from medieval.interfaces.server.settings import ServerSettings, default_database_url, normalize_database_url


def test_serve_parser_plugs_into_a_main_cli() -> None:
    parser = argparse.ArgumentParser(prog="medieval")
    sub = parser.add_subparsers(dest="command")
    add_serve_parser(sub)
    args = parser.parse_args(["serve", "--port", "9000", "--database-url", "sqlite:///x.db", "--bot-delay", "0"])
    assert args.command == "serve" and args.port == 9000 and args.bot_delay == 0.0
    assert args.func.__name__ == "run_serve"


def test_module_entry_point_has_help() -> None:
    out = subprocess.run([sys.executable, "-m", "medieval.interfaces.server", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "--database-url" in out.stdout


def test_migrate_only_creates_the_schema_from_the_packaged_migrations(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "sub" / "db.sqlite3"
    assert main(["--migrate-only", "--database-url", f"sqlite:///{db}"]) == 0
    import sqlite3

    tables = {r[0] for r in sqlite3.connect(db).execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"tables", "seats", "actions", "alembic_version"} <= tables
    assert main(["--migrate-only", "--database-url", f"sqlite:///{db}"]) == 0  # twice is fine


def test_invalid_settings_are_reported(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:  # an argument: refused by the parser, on one line
        main(["--port", "70000"])
    assert refused.value.code == 2
    assert "expected a port number from 0 to 65535, got 70000" in capsys.readouterr().err
    monkeypatch.setenv("MEDIEVAL_BOT_DELAY", "-5")  # a setting from the environment: one line too
    assert main(["--migrate-only", "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}"]) == 2
    err = capsys.readouterr().err
    assert "setting bot_delay: must be greater than or equal to 0, got '-5'" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "db.sqlite3").exists()


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDIEVAL_BOT_DELAY", "0.25")
    monkeypatch.setenv("MEDIEVAL_DATABASE_URL", "postgresql://u:p@localhost/db")
    monkeypatch.setenv("MEDIEVAL_LOG_LEVEL", "WARNING")
    s = ServerSettings()
    assert s.bot_delay == 0.25 and s.log_level == "warning"
    assert s.database_url == "postgresql+psycopg://u:p@localhost/db" and not s.is_sqlite
    assert ServerSettings(bot_delay=1).bot_delay == 1
    assert normalize_database_url("sqlite:///a.db") == "sqlite:///a.db"
    assert default_database_url().startswith("sqlite:///") and default_database_url().endswith("server.sqlite3")
