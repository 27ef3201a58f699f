"""RL and research interop: PettingZoo environments and OpenSpiel games for every registered game.

The adapters are generic over the engine contract; each game only declares its observation encoding and
action codec (``medieval.interop.encodings.<game>``). They need the optional extra ``interop``
(``pip install 'medieval[interop]'``: numpy, gymnasium, pettingzoo, open_spiel), imported only when used:

- ``medieval.interop.pettingzoo.env(game, players=N, **options)``: an AEC environment;
- ``import medieval.interop.openspiel``: registers ``python_medieval_<game>`` with OpenSpiel;
- ``medieval.interop.encodings.encoding_for(game)``: the encoding (no third-party package needed).

See docs/interop.md for usage and the per-game observation and action layouts.
"""

from __future__ import annotations

from medieval.interop.codec import EncodingError, InteropError, MissingEncodingError, MissingExtraError
from medieval.interop.encodings import encoding_for, games_with_encodings, games_without_encodings

__all__ = [
    "EncodingError",
    "InteropError",
    "MissingEncodingError",
    "MissingExtraError",
    "encoding_for",
    "games_with_encodings",
    "games_without_encodings",
]
