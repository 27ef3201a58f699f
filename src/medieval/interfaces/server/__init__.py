"""The game server: tables of any registered game, live play over WebSockets, crash-safe storage.

``medieval serve`` (or ``python -m medieval.interfaces.server``) starts it; ``create_app`` in
``medieval.interfaces.server.app`` builds the ASGI application. This package knows nothing
game-specific: it serves every registered game through the engine contract (ARCHITECTURE.md §2).

Importing this package imports nothing heavy, so the command line can offer ``serve`` even where the
``server`` extra is not installed."""
