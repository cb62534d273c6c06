"""New games and score sheets behind the host's door (issue 41), in Debian's chromium: a
browser reaching the app through this machine's network address (a phone on the Wi-Fi) is
told how to get in instead of the New game form and the sheet's Save button, and stores
nothing; the host's own browser has both (both checked on the access test's server,
``test_app_browser_access.py``); with the table opened (COMPANION_OPEN_TABLE=1) the
phone starts a game and enters it."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, running_app, served_to_the_network

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cid", "Dee")  # the page's four seats
DOOR = "Only the machine that runs the app may start a new game here"


def _fill_players(page) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_role("textbox", name="Seat 1")).to_be_visible(timeout=60_000)
    for i, name in enumerate(NAMES):
        field = page.get_by_role("textbox", name=f"Seat {i + 1}")
        field.fill(name)
        field.press("Enter")
        page.wait_for_timeout(300)


def test_a_phone_starts_a_game_at_an_opened_table(tmp_path):
    """(The door shut: the phone's refusals and the host's form are checked on the access
    test's server, tests/app/test_app_browser_access.py; one server less to start.)"""
    from playwright.sync_api import expect, sync_playwright


    address, data, store = served_to_the_network(tmp_path)
    env = {"COMPANION_OPEN_TABLE": "1", "COMPANION_HOST_PIN": ""}
    with running_app(data, tmp_path / "streamlit.log", address="0.0.0.0",
                     env_more=env) as (host_url, _), sync_playwright() as p:
        remote_url = host_url.replace("127.0.0.1", address)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = browser.new_context(viewport=PHONE).new_page()
        phone.goto(f"{remote_url}/new_game")
        _fill_players(phone)
        phone.get_by_role("button", name="Start the game").click()
        expect(phone.get_by_text("which 4 goods were turned face up")).to_be_visible(
            timeout=60_000)
        name = phone.get_by_role("textbox", name="Device name")  # its maker enters it,
        expect(name).to_be_visible(timeout=30_000)  # once named
        name.fill("Anne's phone")
        phone.get_by_role("button", name="Join the table").click()
        expect(phone.get_by_role("button", name="↩ Undo")).to_be_visible(timeout=30_000)
        assert phone.get_by_text("Following the game").count() == 0
        browser.close()
    assert store.count_games() == 1
    store.close()
