"""The one error type the table service raises: an HTTP status, a stable code and a message."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request. Nothing was changed. ``status`` is the HTTP status (WebSocket errors carry it
    too); ``code`` is a stable machine-readable word; ``legal`` lists the seat's legal actions when an
    action was refused."""

    def __init__(self, status: int, code: str, detail: str, legal: list[str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.legal = legal

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"detail": self.detail, "code": self.code}
        if self.legal is not None:
            out["legal"] = self.legal
        return out
