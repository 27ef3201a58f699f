"""A private table in the browser: not in the lobby, joined through its invite link, the seat token
kept out of every URL the browser sends."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Pages
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser


def test_a_private_table_is_joined_through_its_invite_link(server: ServerProcess, pages: Pages) -> None:
    host = pages.new()
    requests: list[str] = []
    host.on("request", lambda r: requests.append(r.url))
    host.goto(server.base + "/")
    host.fill("#your-name", "Hal")
    host.select_option("#new-game", "paladin")
    host.select_option("#new-players", "3")
    host.select_option("#seat-1", "person")
    host.select_option("#seat-2", "easy")
    host.check("#new-private")
    host.click("[data-create]")
    host.wait_for_selector("#table[data-status='open']")
    tid = host.url.rsplit("/", 1)[-1]
    assert "#" not in host.url, "the fragment (token, invite) stays in the address bar"
    token = host.evaluate(f"localStorage.getItem('medieval.seat.{tid}')")
    assert token and not any(token in u for u in requests), "the seat token went out in a URL"
    link = host.input_value("input[aria-label='Invitation link']")
    assert f"/play/{tid}#invite=" in link

    guest = pages.new()
    guest.goto(server.base + "/")
    guest.wait_for_selector("[data-create]")
    assert guest.locator(f"[data-table='{tid}']").count() == 0, "a private table is listed"
    guest.goto(link)
    guest.wait_for_selector("#join-name")
    assert "#" not in guest.url
    guest.fill("#join-name", "Gus")
    guest.click("text=Take a seat")
    guest.wait_for_selector("#table[data-seat='1'][data-status='playing']")
    host.wait_for_selector("#table[data-status='playing']")
    assert host.locator(".player-name:has-text('Gus')").count() >= 1
