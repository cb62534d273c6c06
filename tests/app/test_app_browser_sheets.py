"""The Score sheet in Debian's chromium at phone width (390x844): an Endeavor: Age of Sail
sheet and a Nouveau Monde sheet filled in by typing and tapping, totalled, saved, and found in
the History. Screenshots go to ``test-output/screenshots/`` (``sheets-*.png``).

The figures are the worked examples of the rules digests: Red and Green share the Endeavor
victory with 69 Glory; in Nouveau Monde, Rouge (1475) and her vassal Bleu (977) make 2452 and
beat Vert (2000)."""

from __future__ import annotations

import re

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
        """Open seat ``n`` (from 1): the n-th button of the seat chooser (named by its
        player)."""
        self.tap(self.seats().nth(n - 1))

    def seats(self):
        return self.page.locator(".st-key-sheet_seat").get_by_role("radio")

    def open_seat(self) -> int:
        """The seat (from 1) whose button is chosen."""
        checked = [self.seats().nth(i).get_attribute("aria-checked")
                   for i in range(self.seats().count())]
        return checked.index("true") + 1

    def shown(self, label: str) -> str:
        return self.page.get_by_label(label, exact=True).filter(visible=True).first.input_value()

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
        expect(s.seats().first).to_have_text("Rouge 🚫")
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


def test_a_refused_value_stays_on_its_seat_and_the_next_one_too(server):  # noqa: F811
    """Four players on an Age of Discovery sheet at 360 px: on seat 2 and then seat 3 a
    refused number (its sentence under the field, 🚫 on the player's button), then an
    accepted one; the seat stays open throughout and every other seat keeps its numbers
    (a refusal used to reopen seat 1, and the next number landed on the wrong player)."""
    from playwright.sync_api import expect, sync_playwright

    url, log = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    names = ["Anne", "Bruno", "Catalina", "Diego"]
    ships = {name: n for n, name in enumerate(names, start=1)}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 800})
        s = Sheet(page)
        page.goto(f"{url}/score_sheet")
        expect(page.get_by_text("Pick the game").first).to_be_visible(timeout=30_000)
        s.settle()
        s.choose("sheet_count", "4")
        for seat, name in enumerate(names, start=1):
            s.player(seat, name, {"Ships": ships[name], "Money": 10 * ships[name]})
        expect(s.seats().nth(1)).to_have_text(re.compile(r"^Bruno · \d+$"))

        for seat, accepted in ((2, 7), (3, 9)):
            name = names[seat - 1]
            s.seat(seat)
            s.type("Ships", -1)
            expect(page.get_by_text("Ships cannot be below 0 (you entered -1).")
                   .filter(visible=True)).to_be_visible()
            expect(s.seats().nth(seat - 1)).to_have_text(f"{name} 🚫")
            assert s.open_seat() == seat
            assert s.shown("Name") == name
            if seat == 2:
                s.shot("sheet-refused-value-phone")
            s.type("Ships", accepted)
            assert s.open_seat() == seat and s.shown("Name") == name
            assert s.shown("Ships") == str(accepted)
            ships[name] = accepted
            s.check_no_exception()

        for seat, name in enumerate(names, start=1):  # every seat as typed, nothing moved
            s.seat(seat)
            assert (s.shown("Name"), s.shown("Ships"), s.shown("Money")) == (
                name, str(ships[name]), str(10 * (names.index(name) + 1))), seat
        expect(page.get_by_text("Ships cannot be below 0").filter(visible=True)).to_have_count(0)
        browser.close()
    assert "Traceback" not in log.read_text()
