"""French in Debian's chromium at phone width: a browser whose language is French (no
``?lang=`` anywhere) starts a game, reaches its first turn and taps in French; a
French and an English device follow the same game, each in its own language. Screenshots go
to ``test-output/screenshots/``."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS, Table
from test_app_browser_live import FOUR, REVEAL

pytestmark = pytest.mark.browser

class FrenchTable(Table):
    """The Table's taps, read in French ("Choisi 3 sur 4")."""

    PICKED = ("Choisi ", r"Choisi (\d+) sur (\d+)")

    def picks(self):
        return self.page.locator(
            '.st-key-prompt [class*="st-key-pick_"] button:not([disabled]):visible')

    def places(self):
        return self.page.locator('.st-key-prompt [class*="st-key-place_"] [role="radio"]'
                                 ':visible')

    def play_one(self) -> None:
        """Whatever the Table asks, answered by a tap: a report, a place, else the first
        answer offered."""
        if self.picks().count() and self.PICKED[0] in self.prompt():
            self.report()
        elif self.places().count():
            self.step(self.places().first)
        else:
            self.step(self.answer(0))


def test_a_french_phone_starts_a_game_and_plays_a_turn(served_app):
    from playwright.sync_api import expect, sync_playwright

    url, _ = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        t = FrenchTable(page)
        page.goto(url)  # no ?lang=: the browser's language decides
        expect(page.get_by_text("Parties en cours")).to_be_visible(timeout=60_000)
        menu = page.locator(".st-key-page_menu")
        expect(menu.get_by_role("link", name="Règles")).to_be_visible()
        t.shot("fr-01-accueil-phone")

        t.tap(page.get_by_role("button", name="Nouvelle partie"))
        expect(page.get_by_role("textbox", name="Place 1")).to_be_visible(timeout=30_000)
        t.shot("fr-02-nouvelle-partie-phone")
        t.tap(page.get_by_role("button", name="Commencer la partie"))
        expect(page.locator(".st-key-prompt")).to_be_visible(timeout=30_000)
        expect(page.get_by_text("Mise en place").first).to_be_visible(timeout=30_000)
        t.report()  # the 4 goods turned up
        t.report()  # the 5 buildings: turn 1 begins
        expect(page.get_by_text("Tour 1 sur 8").first).to_be_visible(timeout=30_000)
        t.shot("fr-03-table-placement-phone")
        # The rest of turn 1 is tapped through in English on a phone
        # (test_app_browser_turn.py) and every French question of random games is proofread
        # under AppTest (tests/test_proofreading.py): here two French taps suffice.
        for _ in range(2):
            t.play_one()
        expect(page.get_by_text("Dernière étape :")).to_be_visible(timeout=30_000)
        expect(menu.get_by_role("link", name="Accueil")).to_be_visible()
        expect(page.get_by_role("button", name="Annuler")).to_be_visible()
        assert "lang=" not in page.url  # nobody chose: still the browser's language
        browser.close()


def test_a_french_and_an_english_device_follow_the_same_game(served_app):
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    url, data = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        french = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        english = browser.new_context(viewport=PHONE, locale="en-US").new_page()
        french.goto(url)  # Home first: it makes the database the games are saved to
        expect(french.get_by_text("Parties en cours")).to_be_visible(timeout=60_000)
        store = Store(f"sqlite:///{data / 'companion.db'}")
        game = store.create_game(FOUR)
        store.append(game.id, REVEAL, 0)
        store.close()

        for page in (french, english):
            page.goto(f"{url}/table?game={game.id}&role=entry")
        expect(french.get_by_text("Tour 1 sur 8").first).to_be_visible(timeout=60_000)
        expect(english.get_by_text("Turn 1 of 8").first).to_be_visible(timeout=60_000)

        t = FrenchTable(french)
        t.step(t.places().first)  # the French phone records a step ...
        # ... the English one follows (within seconds), and says so in English
        expect(english.get_by_text("Last step:")).to_be_visible(timeout=30_000)
        expect(french.get_by_text("Dernière étape :")).to_be_visible()
        for page, home in ((english, "Home"), (french, "Accueil")):
            expect(page.locator(".st-key-page_menu").get_by_role("link", name=home)
                   ).to_be_visible()
        french.screenshot(path=str(SHOTS / "two-devices-french.png"))
        english.screenshot(path=str(SHOTS / "two-devices-english.png"))
        browser.close()
