"""The application factory: ``create_app(settings)`` builds the FastAPI app; its lifespan opens the
database (migrating it), rebuilds every live table from storage and restarts their bots."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from medieval import __version__
from medieval.interfaces.server import api, web, ws
from medieval.interfaces.server.errors import ServiceError
from medieval.interfaces.server.guard import AnotherServer, WriterGuard
from medieval.interfaces.server.limits import BodyLimit, RateLimit
from medieval.interfaces.server.settings import ServerSettings
from medieval.interfaces.server.storage import Database
from medieval.interfaces.server.tables import TableService

log = logging.getLogger("medieval.server")

#: Garbage collector thresholds while serving (CPython's defaults are 700, 10, 10).
GC_THRESHOLDS = (20_000, 20, 20)

DESCRIPTION = """Play the medieval games against friends and bots.

Create a table, join a seat (the token you get back is the seat: keep it secret), then play over the
WebSocket `/ws/tables/{table_id}` or with `POST /api/tables/{table_id}/actions`. Spectators need no
token. See docs/server.md for the WebSocket protocol."""


class SafeJSONResponse(JSONResponse):
    """JSON with non-ASCII escaped, so that quoting a client's malformed text can never fail to encode."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":"), allow_nan=False).encode("ascii")


def _validation_detail(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{loc}: {err.get('msg', 'invalid')}" if loc else str(err.get("msg", "invalid")))
    return "invalid request: " + "; ".join(parts)


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings if settings is not None else ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        guard = WriterGuard(settings)
        try:
            await asyncio.to_thread(guard.acquire)
        except AnotherServer as e:
            log.error("%s", e)
            raise
        db = Database(settings)
        try:
            if settings.migrate:
                await asyncio.to_thread(db.migrate)
        except BaseException:
            guard.release()
            raise
        db.start()
        service = TableService(settings, db)
        await service.start()
        # The tables rebuilt at start-up live long: keep them out of every collection, and collect
        # less often (a server holds many small objects; full collections are what stall the loop).
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        app.state.service = service
        app.state.settings = settings
        log.info("serving on %s:%s with %s", settings.host, settings.port, db.engine.url.render_as_string())
        try:
            yield
        finally:
            await service.stop()
            await asyncio.to_thread(db.close)
            guard.release()

    app = FastAPI(title="medieval game server", version=__version__, description=DESCRIPTION, lifespan=lifespan,
                  default_response_class=SafeJSONResponse, docs_url=None, redoc_url=None)
    app.add_middleware(RateLimit, rate=settings.rate_limit, burst=settings.rate_burst,
                       exempt=("/static/", "/games/"))
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, max_depth=settings.max_json_depth)

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return SafeJSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return SafeJSONResponse({"detail": _validation_detail(exc), "code": "invalid_request"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return SafeJSONResponse({"detail": str(exc.detail), "code": code}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    app.include_router(api.router)
    app.include_router(ws.router)
    web.install(app)
    return app
