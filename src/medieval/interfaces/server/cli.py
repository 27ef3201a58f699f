"""``medieval serve``: the command-line entry of the server.

The main CLI calls ``add_serve_parser(subparsers)`` and, for the ``serve`` command, ``run_serve(args)``.
``python -m medieval.interfaces.server`` runs the same command on its own. Nothing here imports the
server's dependencies until the server actually starts."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from medieval.interfaces.common import non_negative_float, port_number, positive_int


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", help="address to listen on (default 127.0.0.1; env MEDIEVAL_HOST)")
    p.add_argument("--port", type=port_number, help="port (default 8000; env MEDIEVAL_PORT)")
    p.add_argument("--database-url", metavar="URL",
                   help="sqlite:///PATH (default: an SQLite file in ~/.local/share/medieval) or "
                        "postgresql://USER:PASSWORD@HOST/DB (env MEDIEVAL_DATABASE_URL)")
    p.add_argument("--bot-delay", type=non_negative_float, metavar="SECONDS",
                   help="pause before each bot move (default 0.6; env MEDIEVAL_BOT_DELAY)")
    p.add_argument("--bot-workers", type=positive_int, metavar="N", help="threads computing bot moves (default 2)")
    p.add_argument("--trusted-proxies", metavar="ADDRESSES",
                   help="comma-separated IPs or networks of reverse proxies whose X-Forwarded-For is believed "
                        "(default: none; env MEDIEVAL_TRUSTED_PROXIES)")
    p.add_argument("--no-migrate", action="store_true", help="do not migrate the database at start-up")
    p.add_argument("--migrate-only", action="store_true", help="migrate the database, then exit")
    p.add_argument("--log-level", choices=["critical", "error", "warning", "info", "debug"],
                   help="log level (default info)")
    p.add_argument("--access-log", action="store_true", help="log every HTTP request")
    p.add_argument("--open", action="store_true", help="open the lobby in your web browser once the server runs")


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` command to the main CLI's subparsers; returns its parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the game server (HTTP + WebSocket)",
        description="Run the game server: tables of every game, live play over WebSockets, bots, storage "
                    "in SQLite or PostgreSQL. Settings also come from MEDIEVAL_* environment variables.")
    _add_arguments(p)
    p.set_defaults(func=run_serve)
    return p


def run_serve(args: argparse.Namespace) -> int:
    """Start the server with the parsed arguments; returns the exit status."""
    try:
        import uvicorn
        from pydantic import ValidationError

        from medieval.interfaces.server.app import create_app
        from medieval.interfaces.server.settings import ServerSettings
        from medieval.interfaces.server.transport import uvicorn_options
    except ModuleNotFoundError as e:
        print(f"medieval serve needs the server extra (pip install 'medieval[server]'): {e}", file=sys.stderr)
        return 2
    overrides: dict[str, Any] = {}
    for arg, key in [("host", "host"), ("port", "port"), ("database_url", "database_url"),
                     ("bot_delay", "bot_delay"), ("bot_workers", "bot_workers"), ("log_level", "log_level"),
                     ("trusted_proxies", "trusted_proxies")]:
        value = getattr(args, arg, None)
        if value is not None:
            overrides[key] = value
    if getattr(args, "no_migrate", False):
        overrides["migrate"] = False
    try:
        settings = ServerSettings(**overrides)
    except ValidationError as e:
        print(f"medieval serve: error: {setting_errors(e)}", file=sys.stderr)
        return 2
    import logging

    logging.basicConfig(level=settings.log_level.upper(), format="%(levelname)-9s %(name)s: %(message)s")
    if getattr(args, "migrate_only", False):
        from medieval.interfaces.server.storage import Database

        db = Database(settings)
        db.migrate()
        db.engine.dispose()
        print(f"database migrated: {db.engine.url.render_as_string()}")
        return 0
    config = uvicorn.Config(create_app(settings), host=settings.host, port=settings.port,
                            log_level=settings.log_level, access_log=bool(getattr(args, "access_log", False)),
                            lifespan="on", timeout_graceful_shutdown=5,
                            **uvicorn_options(settings))
    server = uvicorn.Server(config)
    _announce(server, settings.host, settings.port, bool(getattr(args, "open", False)))
    server.run()
    return 0 if server.started else 1


def setting_errors(error: Any) -> str:
    """A settings ``ValidationError`` (from an option or a MEDIEVAL_* variable) on one line: ``setting port:
    must be less than or equal to 65535, got '99999'``."""
    parts = []
    for e in error.errors():
        name = ".".join(str(x) for x in e.get("loc", ())) or "settings"
        message = str(e.get("msg", "is not valid")).replace("Input should be", "must be")
        given = e.get("input")
        got = f", got {given!r}" if given is not None and not isinstance(given, dict) else ""
        parts.append(f"setting {name}: {message[:1].lower()}{message[1:]}{got}")
    return "; ".join(parts) or str(error).splitlines()[0]


def lobby_url(host: str, port: int) -> str:
    """The address a person opens: the lobby (a wildcard address is reached as 127.0.0.1)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _announce(server: Any, host: str, port: int, open_browser: bool) -> None:
    """Once the server answers, print the address to open (and open it in a browser if asked)."""
    import threading
    import time

    def wait() -> None:
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.05)
        bound = port
        for s in getattr(server, "servers", []) or []:  # the real port when 0 was asked for
            for sock in getattr(s, "sockets", []) or []:
                bound = sock.getsockname()[1]
        url = lobby_url(host, bound)
        print(f"medieval: the game server runs: open {url} in your browser (Ctrl+C stops it)", flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    threading.Thread(target=wait, name="medieval-announce", daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m medieval.interfaces.server",
                                     description="Run the medieval game server.")
    _add_arguments(parser)
    return run_serve(parser.parse_args(argv))
