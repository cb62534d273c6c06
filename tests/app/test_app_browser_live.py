"""Two phones on one game, in Debian's chromium: what one enters shows on the other within
seconds with no tap, and when both tap at once exactly one step is stored and the other
phone says in one sentence what was recorded."""

from __future__ import annotations

import time

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS

pytestmark = pytest.mark.browser

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
# answer 0: a button, or at a placement the first place of the first row
FIRST_ANSWER = ('.st-key-prompt [class*="st-key-ans_0-"] button:visible, '
                '.st-key-prompt [class*="st-key-place_"] [role="radio"]:visible')


def two_phones(p, address: str):
    """Chromium with two phones (their own cookies) on the Table of the fresh game at
    ``address``: (browser, phone A, phone B)."""
    from playwright.sync_api import expect

    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    phones = [browser.new_context(viewport=PHONE).new_page() for _ in range(2)]
    for page in phones:
        page.goto(address)
        expect(page.get_by_text("Ann places a worker")).to_be_visible(timeout=60_000)
    return browser, *phones


def test_two_devices_follow_the_game_and_a_race_has_one_winner(served_app):
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    url, data = served_app
    store = Store(f"sqlite:///{data / 'companion.db'}")
    game = store.create_game(FOUR)
    store.append(game.id, REVEAL, 0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser, a, b = two_phones(p, f"{url}/table?game={game.id}&role=entry")

        # Phone A places Ann's worker; phone B shows Bob's turn with no tap.
        a.locator(FIRST_ANSWER).first.click()
        expect(a.get_by_text("Bob places a worker")).to_be_visible(timeout=30_000)
        start = time.monotonic()
        expect(b.get_by_text("Bob places a worker")).to_be_visible(timeout=3_000)
        followed = time.monotonic() - start
        assert store.load(game.id).seq == 2
        b.wait_for_timeout(500)  # let B's page settle on the new step

        # Both phones tap Bob's first answer at once: one is stored, the other is told.
        # The places are those of the game at seq 2 (keys carry it), and the clicks are
        # dispatched back to back: a slow machine must not let B refresh to Cid's turn
        # between the two taps and then place Cid's worker instead of racing.
        bobs_first = '.st-key-prompt [class*="st-key-place_colonist-2-0"] [role="radio"]:visible'
        a_button, b_button = a.locator(bobs_first).first, b.locator(bobs_first).first
        b_button.wait_for()
        a_button.dispatch_event("click")
        b_button.dispatch_event("click")
        for page in (a, b):
            expect(page.get_by_text("Cid places a worker")).to_be_visible(timeout=30_000)
        stored = store.load(game.id)
        assert stored.seq == 3  # exactly one step stored
        told = [page for page in (a, b)
                if page.get_by_text("Another device already recorded").count()]
        assert len(told) == 1, "the phone that lost the race says what was recorded"
        a.screenshot(path=str(SHOTS / "live-phone-a.png"), full_page=False)
        b.screenshot(path=str(SHOTS / "live-phone-b.png"), full_page=False)
        browser.close()
    store.close()
    assert followed < 3.0


def test_the_hints_switch_and_a_deletion_reach_a_following_phone(served_app):
    """Phone A turns the game's hints on: phone B's switch turns on within seconds with no
    tap; then the game is deleted (the host, elsewhere): B says so within seconds."""
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    url, data = served_app
    store = Store(f"sqlite:///{data / 'companion.db'}")
    game = store.create_game(FOUR)
    store.append(game.id, REVEAL, 0)
    with sync_playwright() as p:
        browser, a, b = two_phones(p, f"{url}/table?game={game.id}&role=entry")
        switch = f".st-key-hints_on_{game.id} input"
        expect(b.locator(switch)).not_to_be_checked()
        a.locator(f".st-key-hints_on_{game.id}").get_by_text("Hints").click()
        expect(a.locator(switch)).to_be_checked(timeout=30_000)  # at once, in the browser
        stored = time.monotonic()  # the server stores it a moment later
        while not store.game_settings(game.id).hints_on and time.monotonic() - stored < 10:
            a.wait_for_timeout(50)
        assert store.game_settings(game.id).hints_on
        expect(b.locator(switch)).to_be_checked(timeout=4_000)  # no tap on B

        store.delete_game(game.id)
        expect(b.get_by_text(f"Game {game.id} was deleted on another device")).to_be_visible(
            timeout=4_000)
        expect(b.get_by_text("Ann places a worker")).to_have_count(0)
        b.screenshot(path=str(SHOTS / "live-game-deleted.png"))
        browser.close()
    store.close()
