"""``python -m medieval.interfaces.server``: run the game server (same options as ``medieval serve``)."""

from medieval.interfaces.server.cli import main

raise SystemExit(main())
