"""Every page fits a phone: at 360 and 390 px wide, in English and in French, no page is
wider than the screen (nothing to slide sideways) and no words are cut (a power's button, a
join link). The widths measured are written to
``test-output/screenshots/page-widths.txt``; the Scoreboard at 360 px is photographed."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, SHOTS
from test_app_browser_phone import FOUR, REVEAL

pytestmark = pytest.mark.browser

WIDTHS = (360, 390)
# The page's own width: what the screen can slide over, the document or Streamlit's main pane.
SCROLL_WIDTH = """() => Math.max(...Array.from(document.querySelectorAll(
    'html, body, [data-testid=stAppViewContainer], [data-testid=stMain], '
    + '[data-testid=stMainBlockContainer]')).map(e => e.scrollWidth))"""
# What sticks out past the right edge (to say which element made the page wide).
STICKING_OUT = """(width) => Array.from(document.querySelectorAll(
    '[data-testid=stMain] [class*="st-key-"], [data-testid=stMain] [data-testid^=st], '
    + '[data-testid=stMain] table'))
    .filter(e => e.getBoundingClientRect().right > width + 1)
    .map(e => (e.className.match(/st-key-[\\w-]+/) || [e.dataset.testid || e.tagName])[0]
         + ':' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)"""


# Words cut short: a button's label ending in "…", a line of code (a join link) hidden past
# its box's edge, a tab past the screen's edge (a strip of tabs scrolls on its own).
CUT = """() => Array.from(document.querySelectorAll(
    '[data-testid=stMain] button p, [data-testid=stCode] pre, [data-testid=stPopoverBody] pre'))
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .concat(Array.from(document.querySelectorAll('[data-testid=stMain] [role=tab]'))
      .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1))
    .map(e => e.innerText.slice(0, 60))"""
# Four players with their nations: powers offered beside the question (long titles).
NATIONS = {"edition": "empires", "options": {"nations": True},
           "players": [{"name": n, "colour": c, "nation": x} for n, c, x in (
               ("Ann", "red", "spain"), ("Bartolomeu", "blue", "england"),
               ("Catalina", "green", "france"), ("Dee", "yellow", "portugal"))]}


def _pages(data) -> list[tuple[str, str, str]]:
    """(name, path, the class of an element to wait for) of every page, the games saved
    first."""
    from companion.engine.playout import random_game
    from companion.store import Store

    with Store(f"sqlite:///{data / 'companion.db'}") as store:
        fresh = store.create_game(FOUR)
        store.append(fresh.id, REVEAL, 0)
        resolving = store.import_record(random_game(FOUR, seed=7, stop_after=29).record())
        busy = store.import_record(random_game(FOUR, seed=7, stop_after=75).record())
        powers = store.import_record(random_game(NATIONS, seed=7, stop_after=22).record())
    return [("home", "", "st-key-page_menu"), ("new-game", "new_game", "st-key-page_menu"),
            ("table-placement", f"table?game={fresh.id}&role=entry", "st-key-prompt"),
            ("table-busy", f"table?game={busy.id}&role=entry", "st-key-prompt"),
            ("table-resolution", f"table?game={resolving.id}&role=entry", "st-key-prompt"),
            ("table-powers", f"table?game={powers.id}&role=entry", "st-key-prompt"),
            ("scoreboard", f"scoreboard?game={busy.id}", "st-key-sb_map"),
            ("history", "history", "st-key-page_menu"),
            ("score-sheet", "score_sheet", "st-key-sheet_game"),
            ("rules", "rules", "st-key-page_menu")]


def test_every_page_fits_a_phone_in_both_languages(served_app):
    from playwright.sync_api import sync_playwright
    from test_app_browser import Table

    url, data = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = _pages(data)
    measured, wide, cut = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width in WIDTHS:
            page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
            # Home first, drawn whole before the next address: a session left while the
            # server still imports the app can leave the import half done
            page.goto(url)
            page.locator(".st-key-page_menu").wait_for(timeout=60_000)
            for lang in ("en", "fr"):
                for name, path, ready in pages:
                    sep = "&" if "?" in path else "?"
                    page.goto(f"{url}/{path}{sep}lang={lang}")
                    page.locator(f".{ready}").first.wait_for(timeout=60_000)
                    Table(page).settle()
                    page.wait_for_timeout(600)  # charts and tables take their width
                    if name == "history":  # a game opened: its replay, map and tables
                        page.locator(".st-key-hist_game").click()
                        page.get_by_role("option").first.click()
                        page.locator("[class*=st-key-hist_map_] .js-plotly-plot").wait_for(
                            timeout=60_000)
                        Table(page).settle()
                        page.wait_for_timeout(600)
                    if name == "scoreboard":  # every column of the standings, opened
                        page.locator("[data-testid=stExpander] summary").first.click()
                        page.locator(".st-key-detail_cards").wait_for()
                        page.wait_for_timeout(300)
                    if name == "home":  # the join links, in the first game's popover
                        join = page.locator("[data-testid=stPopover] button").first
                        join.wait_for(timeout=60_000)
                        join.click()
                        page.locator("[data-testid=stPopoverBody] pre").first.wait_for()
                    got = page.evaluate(SCROLL_WIDTH)
                    measured.append(f"{width} {lang} {name}: {got}")
                    if got > width:
                        wide.append((width, lang, name, got,
                                     page.evaluate(STICKING_OUT, width)))
                    if shortened := page.evaluate(CUT):
                        cut.append((width, lang, name, shortened))
                    if (width, lang, name) == (360, "en", "scoreboard"):
                        Table(page).shot("phone-360-scoreboard")
            page.context.close()
        browser.close()
    (SHOTS / "page-widths.txt").write_text("\n".join(measured) + "\n")
    assert not wide, wide
    assert not cut, cut
