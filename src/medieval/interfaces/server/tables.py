"""The table service: the parts of service.py put together (lifecycle, seats, play, chat, several processes).

Tables, seats and the messages clients get are in table.py; the clocks in clock.py."""

from __future__ import annotations

from medieval.interfaces.server.cluster import ClusterOps
from medieval.interfaces.server.lifecycle import Creation, LifecycleOps
from medieval.interfaces.server.play import PlayOps
from medieval.interfaces.server.seats import SeatOps
from medieval.interfaces.server.table import (
    ABANDONED,
    BROKEN,
    CANCELLED,
    ENDED,
    EXPIRED,
    FINISHED,
    LIVE,
    OPEN,
    PLAYING,
    Seat,
    Table,
    clean_name,
    hash_token,
)


class TableService(LifecycleOps, SeatOps, PlayOps, ClusterOps):
    """Every operation on tables (see service.py for how a change is made)."""


__all__ = ["ABANDONED", "BROKEN", "CANCELLED", "ENDED", "EXPIRED", "FINISHED", "LIVE", "OPEN", "PLAYING",
           "Creation", "Seat", "Table", "TableService", "clean_name", "hash_token"]
