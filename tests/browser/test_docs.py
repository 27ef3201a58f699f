"""The API documentation pages work offline: Swagger UI and ReDoc come from the package, and loading
them asks nothing of another host."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Pages
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser


def test_swagger_ui_and_redoc_load_from_the_server_alone(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=30_000)
    assert "medieval game server" in page.inner_text(".swagger-ui .info .title")
    page.get_by_text("/api/tables/{table_id}/replay").first.wait_for()
    page.goto(server.base + "/redoc")
    page.get_by_text("Create a table").first.wait_for(timeout=30_000)
