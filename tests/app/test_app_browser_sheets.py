"""The Score sheet in Debian's chromium at phone width (390x844): an Endeavor: Age of Sail
sheet and a Nouveau Monde sheet filled in by typing and tapping, totalled, saved, and found in
the History. Screenshots go to ``test-output/screenshots/`` (``sheets-*.png``).

The figures are the worked examples of the rules digests: Red and Green share the Endeavor
victory with 69 Glory; in Nouveau Monde, Rouge (1475) and her vassal Bleu (977) make 2452 and
beat Vert (2000)."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS, Table, server  # noqa: F401

pytestmark = pytest.mark.browser

# The Glory read beside each cube (squares 10, 8, 9, 12 and 15, 13, 7, 9 in the digest's example).
RED = {"Industry Glory": 10, "Culture Glory": 7, "Wealth Glory": 7, "Influence Glory": 12,
       "Cities and connections": 19, "Buildings and kept cards": 11,
       "Discs left in the harbour": 3, "Slavery cards set aside": 1}
GREEN = {"Exploit 1": 3, "Exploit 3": 2, "Industry Glory": 15, "Culture Glory": 12,
         "Wealth Glory": 7, "Influence Glory": 7, "Cities and connections": 14,
         "Buildings and kept cards": 9, "Discs left in the harbour": 2,
         "Slavery cards set aside": 3}
ROUGE = {"Wood": 12, "Metal": 33, "Gold": 40, "Cities": 3, "Colonists": 2, "Expansions": 10,
         "Armies": 8, "Technologies": 2}
BLEU = {"Wood": 30, "Metal": 2, "Food": 51, "Gold": 14, "Cities": 4, "Colonists": 1,
        "Expansions": 7, "Armies": 3, "Technologies": 5}
VERT = {"Wood": 50, "Metal": 25, "Food": 20, "Gold": 10, "Cities": 4, "Colonists": 3,
        "Expansions": 6, "Armies": 2, "Technologies": 4}


class Sheet(Table):
    """Taps and typing on the Score sheet page."""

    def choose(self, key: str, label: str) -> None:
        """A segmented control (game, players): tap one of its buttons."""
        self.tap(self.page.locator(f".st-key-{key}").get_by_role("radio", name=label,
                                                                   exact=True))

    def seat(self, n: int) -> None:
        self.tap(self.page.get_by_role("tab", name=f"Seat {n}"))

    def type(self, label: str, value: object) -> None:
        """Type into the visible field of that label (the open seat's), then Enter."""
        field = self.page.get_by_label(label, exact=True).filter(visible=True).first
        field.fill(str(value))
        field.press("Enter")
        self.clicks += 1
        self.page.wait_for_timeout(200)
        self.settle()

    def pick(self, label: str, option: str) -> None:
        """Open the visible select box of that label and choose ``option``. A rerun still
        under way can close the list as it opens: then open it again."""
        from playwright.sync_api import TimeoutError as Timeout

        box = self.page.get_by_role("combobox", name=label).filter(visible=True).first
        for _ in range(3):
            self.settle()
            box.click()
            choice = self.page.get_by_role("option", name=option, exact=True)
            try:
                choice.wait_for(state="visible", timeout=5_000)
            except Timeout:
                continue
            self.tap(choice)
            return
        raise AssertionError(f"{option!r} never showed in the {label!r} list")

    def switch(self, label: str) -> None:
        self.tap(self.page.get_by_text(label, exact=True).filter(visible=True).first)

    def player(self, seat: int, name: str, numbers: dict) -> None:
        self.seat(seat)
        self.type("Name", name)
        for label, value in numbers.items():
            self.type(label, value)
        self.check_no_exception()


def test_endeavor_and_nouveau_monde_sheets_filled_and_saved_on_a_phone(server):  # noqa: F811
    from playwright.sync_api import expect, sync_playwright

    url, log = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=PHONE)
        s = Sheet(page)
        page.goto(f"{url}/score_sheet")
        expect(page.get_by_text("Pick the game").first).to_be_visible(timeout=30_000)
        s.settle()

        # Endeavor: Age of Sail, two players, with the Exploits module
        s.choose("sheet_game", "Endeavor: Age of Sail")
        s.choose("sheet_count", "2")
        s.switch("Exploits module used")
        s.player(1, "Red", RED)
        s.switch("Free Governor slot empty")
        s.player(2, "Green", GREEN)
        s.switch("Free Governor slot empty")
        expect(page.get_by_text("share the victory with 69 Glory")).to_be_visible(
            timeout=30_000)
        s.shot("sheets-01-endeavor-phone")
        s.tap(page.get_by_role("button", name="Save to history"))
        expect(page.get_by_text("Saved to the history as game #1")).to_be_visible(
            timeout=30_000)
        s.check_no_exception()
        endeavor_taps = s.clicks

        # a refusal shows under its field, in words, and nothing can be saved
        s.choose("sheet_game", "Nouveau Monde")
        s.choose("sheet_count", "3")
        s.player(1, "Rouge", dict(ROUGE, Expansions=13))
        expect(page.get_by_text("13 expansions need at least 4 cities").first).to_be_visible()
        expect(page.get_by_role("tab", name="Seat 1 🚫")).to_be_visible()
        assert page.get_by_role("button", name="Save to history").count() == 0
        s.shot("sheets-02-nouveau-monde-refused-phone")
        s.type("Expansions", 10)
        s.player(2, "Bleu", BLEU)
        s.pick("Master", "Rouge")
        s.player(3, "Vert", VERT)
        expect(page.get_by_text("wins with 2452 points")).to_be_visible(timeout=30_000)
        s.shot("sheets-03-nouveau-monde-phone")
        s.tap(page.get_by_role("button", name="Save to history"))
        expect(page.get_by_text("Saved to the history as game #2")).to_be_visible(
            timeout=30_000)
        s.check_no_exception()
        s.tap(page.get_by_role("link", name="Open it in the History"))
        expect(page.get_by_text("final result of the game played on")).to_be_visible(
            timeout=30_000)
        expect(page.get_by_text("wins with 2452 points")).to_be_visible()
        s.check_no_exception()
        s.shot("sheets-04-history-phone")
        (SHOTS / "sheet-taps.txt").write_text(
            f"Endeavor, 2 players with Exploits (fields typed, switches, save): "
            f"{endeavor_taps}\nboth sheets and the History: {s.clicks}\n")
        browser.close()
    assert "Traceback" not in log.read_text()
