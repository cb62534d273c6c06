"""The colony scoring's table on a 360 px phone, in Debian's chromium (issue 43): just after
the end of turn 3, the Table shows under its question a table of each region judged, whose
every column is drawn inside the screen, in English and in French; the History shows the
same table for that step. Screenshots go to ``test-output/screenshots/``."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, SHOTS

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 800}
FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bartolomeu", "blue"), ("Catalina", "green"),
                     ("Dee", "yellow"))]}
HEADING = {"en": "Colony scoring at the end of turn 3",
           "fr": "Décompte des colonies à la fin du tour 3"}


def _just_scored(data) -> tuple[int, int]:
    """A seeded game saved just after its turn-3 colony scoring (whose regions it checks
    hold a tie): its id, and the rows its table must have."""
    from companion.engine import Game, apply, scoring_of
    from companion.engine.playout import random_game
    from companion.store import Store

    whole = random_game(FOUR, seed=3)
    state, i = Game.new(whole.setup).state, 0
    while (judged := scoring_of(state, whole.events[i])) is None:
        state = apply(state, whole.events[i])
        i += 1
    rows = sum(1 for region in judged for _, n in region.workers if n)
    with Store(f"sqlite:///{data / 'companion.db'}") as store:
        game = store.import_record(random_game(FOUR, seed=3, stop_after=i + 1).record())
    return game.id, rows


def _fits(page, table) -> None:
    """Every cell of the table is drawn within the screen's width."""
    cells = table.locator("th, td")
    for n in range(cells.count()):
        box = cells.nth(n).bounding_box()
        assert box is not None and box["x"] >= 0, box
        assert box["x"] + box["width"] <= NARROW["width"], (cells.nth(n).inner_text(), box)


def test_the_colony_scoring_table_fits_a_360_px_phone(served_app):
    from playwright.sync_api import expect, sync_playwright

    url, data = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=NARROW).new_page()
        page.goto(url)
        expect(page.locator(".st-key-page_menu")).to_be_visible(timeout=60_000)
        game_id, rows = _just_scored(data)
        for lang in ("en", "fr"):
            page.goto(f"{url}/table?game={game_id}&lang={lang}")
            box = page.locator(".st-key-colony_scoring")
            expect(box.get_by_text(HEADING[lang])).to_be_visible(timeout=60_000)
            expect(box.locator("tbody tr")).to_have_count(rows)
            page.wait_for_timeout(500)
            box.scroll_into_view_if_needed()
            _fits(page, box.locator("table"))
            page.screenshot(path=str(SHOTS / f"phone-360-table-colony-scoring-{lang}.png"),
                            full_page=True)
            box.screenshot(path=str(SHOTS / f"phone-360-colony-scoring-table-{lang}.png"))
        browser.close()
