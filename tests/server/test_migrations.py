"""The migrations 0003 to 0010 on SQLite and PostgreSQL: a database holding a game under an
older schema is upgraded at start-up and served as before, with the new columns' defaults; every
migration also goes down and up again."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect, text

import medieval
from medieval.interfaces.server.settings import normalize_database_url
from tests.server.helpers import api, bearer, running


def _to(url: str, revision: str, down: bool = False) -> None:
    """Migrate the database up (or down) to ``revision`` with the packaged migrations."""
    engine = create_engine(normalize_database_url(url))
    cfg = Config()
    cfg.set_main_option("script_location", "medieval.interfaces.server:migrations")
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        if down:
            command.downgrade(cfg, revision)
        else:
            command.upgrade(cfg, revision)
    engine.dispose()


def test_a_game_stored_under_the_first_schema_is_upgraded_and_served(database_url: str, tmp_path: Path) -> None:
    _to(database_url, "0002")
    engine = create_engine(normalize_database_url(database_url))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO tables (id, game, players, options, seed, status, auto_start, version, "
                          "outcome, private, invite_hash, created_at, updated_at) VALUES ('old', 'paladin', 3, "
                          "'{}', 7, 'playing', true, 0, NULL, false, NULL, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        for seat in range(3):
            conn.execute(text("INSERT INTO seats (table_id, seat, bot, name, token_hash, present) "
                              "VALUES ('old', :seat, :bot, :name, :token, true)"),
                         {"seat": seat, "bot": None if seat == 0 else "random", "name": "Old" if seat == 0 else None,
                          "token": "0" * 64 if seat == 0 else None})
        first = medieval.make("paladin", 3).new_game(7, first_chance=True)  # stored before record@2
        mover = first.to_move[0]
        conn.execute(text("INSERT INTO actions (table_id, ply, seat, notation, created_at) "
                          "VALUES ('old', 0, :seat, :notation, CURRENT_TIMESTAMP)"),
                     {"seat": mover, "notation": str(first.legal_actions(mover)[0])})
        conn.execute(text("UPDATE tables SET version = 1 WHERE id = 'old'"))
    engine.dispose()
    with running(database_url, tmp_path / "server.log") as srv, api(srv) as client:
        table = client.get("/api/tables/old").json()
        assert table.get("status") == "playing", table
        assert table["status"] == "playing" and table["hotseat"] is False and table["clock"] is None
        assert table["version"] >= 1  # (on SQLite the copy-and-drop of batch migrations once emptied seats)
        assert table["seats"][0]["stand_in"] is None and table["seats"][0]["name"] == "Old"
        assert client.get("/api/tables/old/chat").json()["messages"] == []
        assert client.post("/api/tables/old/undo", headers=bearer("x"), json={}).status_code == 403
    inspector = inspect(create_engine(normalize_database_url(database_url)))
    assert {"writer"} <= {c["name"] for c in inspector.get_columns("actions")}
    assert {"creator_hash", "creator_client", "clock", "clock_state", "hotseat", "undos"} <= {
        c["name"] for c in inspector.get_columns("tables")}
    assert {"stand_in", "client_hash"} <= {c["name"] for c in inspector.get_columns("seats")}
    assert "chat" in inspector.get_table_names()
    with create_engine(normalize_database_url(database_url)).connect() as conn:  # counted and leased from 0010 on
        assert conn.execute(text("SELECT revision FROM tables WHERE id = 'old'")).scalar_one() == 0
        assert conn.execute(text("SELECT count(*) FROM seats WHERE seen_at IS NOT NULL")).scalar_one() == 0
    assert "leases" in inspect(create_engine(normalize_database_url(database_url))).get_table_names()


def test_every_migration_goes_down_and_up_again(database_url: str) -> None:
    _to(database_url, "head")
    inspector = inspect(create_engine(normalize_database_url(database_url)))
    assert "revision" in {c["name"] for c in inspector.get_columns("tables")}
    assert "seen_at" in {c["name"] for c in inspector.get_columns("seats")}
    assert "leases" in inspector.get_table_names()
    _to(database_url, "0009", down=True)
    inspector = inspect(create_engine(normalize_database_url(database_url)))
    assert "revision" not in {c["name"] for c in inspector.get_columns("tables")}
    assert "seen_at" not in {c["name"] for c in inspector.get_columns("seats")}
    assert "leases" not in inspector.get_table_names()
    assert "record_format" in {c["name"] for c in inspector.get_columns("tables")}
    _to(database_url, "head")
    _to(database_url, "0002", down=True)
    inspector = inspect(create_engine(normalize_database_url(database_url)))
    assert "chat" not in inspector.get_table_names()
    assert "undos" not in {c["name"] for c in inspector.get_columns("tables")}
    _to(database_url, "head")
    inspector = inspect(create_engine(normalize_database_url(database_url)))
    assert "chat" in inspector.get_table_names()
