"""A join link is often the very first page a freshly started server is asked for (a phone
scans the QR code): it must open with the app's menu and layout, like any later visit."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, require_chromium, running_app

pytestmark = pytest.mark.browser

TWO = {"edition": "empires", "players": [{"name": "Ann", "colour": "red"},
                                         {"name": "Bob", "colour": "blue"}]}


def test_a_join_link_as_the_first_request_opens_with_the_menu(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    require_chromium()
    data = tmp_path / "data"
    data.mkdir()
    with Store(f"sqlite:///{data / 'companion.db'}") as store:
        game = store.create_game(TWO).id
    with running_app(data, tmp_path / "streamlit.log") as (url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{url}/table?game={game}&role=viewer")  # nothing opened "/" before
        expect(page.get_by_text("Ann").first).to_be_visible(timeout=60_000)
        expect(page.locator(".st-key-page_menu")).to_be_visible(timeout=10_000)
        browser.close()
