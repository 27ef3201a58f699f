"""The browser client: the shell's pages and files (``interfaces/web``), each game's board folder (its
spec's ``web`` part) and the API documentation, all served from the package: a page never asks another
host for anything (its Content-Security-Policy says so too)."""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import re
from functools import cache
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from medieval.core.errors import MedievalError
from medieval.core.registry import game_class
from medieval.interfaces.server.errors import ServiceError

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("image/svg+xml", ".svg")

router = APIRouter(include_in_schema=False)
_INLINE_SCRIPT = re.compile(r"<script(?: type=\"importmap\")?>(.*?)</script>", re.S)
_SAFE_PART = re.compile(r"^[A-Za-z0-9_.-]+$")


@cache
def _shell() -> tuple[bytes, str]:
    """index.html and its Content-Security-Policy (the inline import map allowed by its hash)."""
    html = (WEB_DIR / "index.html").read_text("utf-8")
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(m.encode()).digest()).decode()}'"
                      for m in _INLINE_SCRIPT.findall(html))
    csp = ("default-src 'self'; script-src 'self' " + hashes + "; style-src 'self' 'unsafe-inline'; "
           "img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'self' data:; "
           "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
    return html.encode("utf-8"), csp


def _page() -> Response:
    body, csp = _shell()
    return Response(body, media_type="text/html; charset=utf-8",
                    headers={"Content-Security-Policy": csp, "Cache-Control": "no-cache",
                             "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"})


@router.api_route("/", methods=["GET", "HEAD"])
async def lobby() -> Response:
    return _page()


@router.api_route("/play/{table_id}", methods=["GET", "HEAD"])
async def play(table_id: str) -> Response:
    return _page()


@router.api_route("/replay/{table_id}", methods=["GET", "HEAD"])
async def replay_page(table_id: str) -> Response:
    return _page()


@router.get("/favicon.ico")
async def favicon() -> Response:
    return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")


@router.get("/games/{game}/web/{path:path}")
async def board_file(game: str, path: str) -> Response:
    """A file of the game's board folder (404 for a game without one)."""
    try:
        spec = game_class(game).spec
    except MedievalError:
        raise ServiceError(404, "no_game", f"no game {game!r}") from None
    folder = spec.resource("web")
    parts = path.split("/")
    if folder is None or not path or not all(_SAFE_PART.match(p) and p not in (".", "..") for p in parts):
        raise ServiceError(404, "not_found", f"{spec.display_name} has no board file {path!r}")
    target = folder.joinpath(*parts)
    if not target.is_file():
        raise ServiceError(404, "not_found", f"{spec.display_name} has no board file {path!r}")
    media = mimetypes.guess_type(parts[-1])[0] or "application/octet-stream"
    return Response(target.read_bytes(), media_type=media, headers={"Cache-Control": "no-cache"})


_VENDOR = "/static/vendor"


_DOC_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def _local_only(page: HTMLResponse) -> HTMLResponse:
    """A documentation page with a Content-Security-Policy that lets it load nothing from another host
    (ReDoc's bundle, for one, would fetch its logo from a CDN; blocked, it leaves the logo out)."""
    body = bytes(page.body).decode("utf-8")
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(m.encode()).digest()).decode()}'"
                      for m in _DOC_SCRIPT.findall(body))
    page.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self' 'unsafe-eval' " + hashes + "; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
    return page


@router.get("/docs")
async def swagger() -> HTMLResponse:
    return _local_only(get_swagger_ui_html(openapi_url="/openapi.json", title="medieval game server: API",
                                           swagger_js_url=f"{_VENDOR}/swagger-ui/swagger-ui-bundle.js",
                                           swagger_css_url=f"{_VENDOR}/swagger-ui/swagger-ui.css",
                                           swagger_favicon_url="/static/favicon.svg",
                                           swagger_ui_parameters={"validatorUrl": None}))


@router.get("/redoc")
async def redoc() -> HTMLResponse:
    return _local_only(get_redoc_html(openapi_url="/openapi.json", title="medieval game server: API",
                                      redoc_js_url=f"{_VENDOR}/redoc/redoc.standalone.js",
                                      redoc_favicon_url="/static/favicon.svg", with_google_fonts=False))


def install(app: FastAPI) -> None:
    """Serve the client and the documentation from ``app``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
