"""The phone layout at 390×844, in Debian's chromium: the menu is gone once a page is chosen,
the Table shows the question and Undo before any scrolling, the map's labels do not overlap
and the regions table fits the screen; hints, off at first, show within the screen. One
server for the module. Screenshots go to ``test-output/screenshots/``."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS
from test_app_hints import FOUR as HINTS_FOUR
from test_app_hints import goods_choice_events

pytestmark = pytest.mark.browser

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bartolomeu", "blue"), ("Catalina", "green"),
                     ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def _in_view(page, locator) -> None:
    """The element is drawn inside the 390×844 viewport, the page not scrolled."""
    box = locator.bounding_box()
    assert box is not None, "not drawn"
    assert page.evaluate("() => window.scrollY") == 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def _overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def phone_at_home(p, url: str):
    """Chromium at 390×844 on Home (which makes the database the games are saved to):
    (browser, page); screenshots' folder made."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(url)
    expect(page.get_by_text("Games in progress")).to_be_visible(timeout=60_000)
    return browser, page


def test_phone_layout(served_app):
    from playwright.sync_api import expect, sync_playwright

    from companion.engine.playout import random_game
    from companion.store import Store

    url, data = served_app
    with sync_playwright() as p:
        browser, page = phone_at_home(p, url)
        store = Store(f"sqlite:///{data / 'companion.db'}")
        fresh = store.create_game(FOUR)
        store.append(fresh.id, REVEAL, 0)
        busy = store.import_record(random_game(FOUR, seed=7, stop_after=75).record())
        store.close()

        # The menu: a row of links; after a tap the chosen page shows and nothing covers it.
        menu = page.locator(".st-key-page_menu")
        _in_view(page, menu)
        menu.get_by_role("link", name="Rules").click()
        heading = page.get_by_text("Rules reference").first
        expect(heading).to_be_visible(timeout=30_000)
        page.wait_for_timeout(800)
        box = heading.bounding_box()
        covering = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)"
                                 ".closest('[data-testid=stMain]')",
                                 [box["x"] + 5, box["y"] + box["height"] / 2])
        assert covering, "something is drawn over the page chosen"
        sidebar = page.locator("[data-testid=stSidebar]")
        assert sidebar.count() == 0 or (sidebar.bounding_box() or {"width": 0})["width"] == 0
        _in_view(page, menu)
        page.screenshot(path=str(SHOTS / "phone-menu-after-choosing.png"))

        # The Table: Undo and the question with its first answer, before any scrolling.
        for name, game in (("placement", fresh), ("busy-placement", busy)):
            page.goto(f"{url}/table?game={game.id}&role=entry")
            prompt = page.locator(".st-key-prompt")
            expect(prompt.get_by_text("places a worker")).to_be_visible(timeout=60_000)
            page.wait_for_timeout(800)
            _in_view(page, page.locator(".st-key-table_tools").get_by_role("button", name="Undo"))
            _in_view(page, prompt.locator("h4").first)
            _in_view(page, prompt.locator('[class*="st-key-place_"] [role="radio"]:visible').first)
            # each row of places is named by its worker, in plain words
            expect(prompt.get_by_role("radiogroup", name="👤 colonist", exact=True)).to_be_visible()
            page.screenshot(path=str(SHOTS / f"phone-table-{name}.png"))

        # The Scoreboard: map labels apart, the regions table within the screen's width.
        page.goto(f"{url}/scoreboard?game={busy.id}")
        chart = page.locator(".st-key-sb_map .js-plotly-plot")
        expect(chart).to_be_visible(timeout=60_000)
        chart.scroll_into_view_if_needed()
        page.wait_for_timeout(800)
        labels = chart.locator(".textpoint text")
        boxes = [labels.nth(i).bounding_box() for i in range(labels.count())]
        assert len(boxes) == 9
        clashes = [(labels.nth(i).inner_text(), labels.nth(j).inner_text())
                   for i in range(9) for j in range(i + 1, 9) if _overlaps(boxes[i], boxes[j])]
        assert not clashes, clashes
        table = page.locator(".st-key-regions table")
        table.scroll_into_view_if_needed()
        leader = table.get_by_text("Leader", exact=True)
        right = leader.bounding_box()
        assert right["x"] + right["width"] <= PHONE["width"], right
        page.screenshot(path=str(SHOTS / "phone-scoreboard.png"), full_page=True)
        browser.close()


def _saved_at(data, stop_after: int) -> int:
    """A seeded 4-player game played up to ``stop_after`` steps, saved where the app reads."""
    from companion.engine.playout import random_game
    from companion.store import Store

    with Store(f"sqlite:///{data / 'companion.db'}") as store:
        return store.import_record(random_game(FOUR, seed=7, stop_after=stop_after)
                                   .record()).id


def test_map_labels_stay_inside_the_map_at_phone_width(served_app):
    """Every region's label ("Brazil · 0 👤") is drawn whole inside the map at 390 px, in
    English and in French (longer names), with no two labels on top of each other; the
    standings above it fit the screen's width."""
    from playwright.sync_api import expect, sync_playwright

    url, data = served_app
    with sync_playwright() as p:
        browser, page = phone_at_home(p, url)
        busy = _saved_at(data, 75)
        for lang in ("en", "fr"):
            page.goto(f"{url}/scoreboard?game={busy}&lang={lang}")
            chart = page.locator(".st-key-sb_map .js-plotly-plot")
            expect(chart).to_be_visible(timeout=60_000)
            chart.scroll_into_view_if_needed()
            page.wait_for_timeout(800)
            area = chart.locator(".nsewdrag").first.bounding_box()
            whole = chart.bounding_box()
            for line in chart.locator(".gtitle").all():  # the title, whole on the phone
                box = line.bounding_box()
                assert box["x"] + box["width"] <= whole["x"] + whole["width"], box
            labels = chart.locator(".textpoint text")
            assert labels.count() == 9
            outside = []
            for i in range(9):
                box = labels.nth(i).bounding_box()
                if (box["x"] < area["x"] - 0.5 or box["y"] < area["y"] - 0.5
                        or box["x"] + box["width"] > area["x"] + area["width"] + 0.5
                        or box["y"] + box["height"] > area["y"] + area["height"] + 0.5):
                    outside.append((labels.nth(i).text_content(), box, area))
            boxes = [labels.nth(i).bounding_box() for i in range(9)]
            clashes = [(labels.nth(i).text_content(), labels.nth(j).text_content())
                       for i in range(9) for j in range(i + 1, 9)
                       if _overlaps(boxes[i], boxes[j])]
            chart.screenshot(path=str(SHOTS / f"phone-map-{lang}.png"))
            standings = page.locator(".st-key-standings table").first  # whole, no sideways
            standings.scroll_into_view_if_needed()
            wide = standings.bounding_box()
            standings.screenshot(path=str(SHOTS / f"phone-standings-{lang}.png"))
            assert wide["x"] >= 0 and wide["x"] + wide["width"] <= PHONE["width"], (lang, wide)
            assert not outside, outside
            assert not clashes, clashes

        # The replay (History, the same session: the game on the Scoreboard), a turn back
        page.locator(".st-key-page_menu").get_by_role("link", name="Historique").click()
        back = page.get_by_role("button", name="Tour précédent", exact=False)
        expect(back).to_be_visible(timeout=60_000)
        back.click()
        page.wait_for_timeout(1500)
        replay_map = page.locator(f".st-key-hist_map_{busy} .js-plotly-plot")
        expect(replay_map).to_be_visible(timeout=60_000)
        page.screenshot(path=str(SHOTS / "phone-replay-fr.png"), full_page=True)
        browser.close()


def test_a_tapped_answer_leaves_no_shade_on_the_next_question(served_app):
    """On a touch phone the answer drawn where the finger was is neither focused nor shaded
    (it would read as already chosen)."""
    from playwright.sync_api import sync_playwright

    url, data = served_app
    with sync_playwright() as p:
        browser, _page = phone_at_home(p, url)
        game = _saved_at(data, 27)
        touch = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        touch.goto(f"{url}/table?game={game}")
        heading = touch.locator(".st-key-prompt h4")
        heading.wait_for(timeout=60_000)
        asked = heading.inner_text()
        first = touch.locator('.st-key-prompt [class*="st-key-ans_"] button').first
        box = first.bounding_box()
        plain = first.evaluate("b => getComputedStyle(b).backgroundColor")  # untouched
        first.tap()
        touch.wait_for_function("q => document.querySelector('.st-key-prompt h4')"
                                ".innerText !== q", arg=asked, timeout=30_000)
        touch.wait_for_timeout(1500)
        under = touch.evaluate("""([x, y]) => {
            const b = document.elementFromPoint(x, y).closest('button');
            return [b.matches(':hover'), b.matches(':focus'), getComputedStyle(b).backgroundColor,
                    b.getAttribute('kind') || b.dataset.testid];
        }""", [box["x"] + 10, box["y"] + box["height"] / 2])
        assert under[:3] == [False, False, plain], under
        browser.close()


def test_hints_show_on_the_table_page_at_phone_width(served_app):
    """Off at first; one tap on the switch shows what each good is worth beside the answers,
    within the screen, and records nothing."""
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    url, data = served_app
    store = Store(f"sqlite:///{data / 'companion.db'}")
    stored = store.create_game(HINTS_FOUR)
    for seq, event in enumerate(goods_choice_events()):
        stored = store.append(stored.id, event, seq)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{url}/table?game={stored.id}")
        expect(page.get_by_text("Ann on Trade Goods slot 1: which good?")).to_be_visible(
            timeout=60_000)
        switch = page.locator(f".st-key-hints_on_{stored.id}")
        expect(switch).to_be_visible()
        assert page.locator(".st-key-hints").count() == 0  # off by default

        switch.get_by_text("Hints").click()
        hints = page.locator(".st-key-hints")
        expect(hints).to_be_visible(timeout=30_000)
        expect(hints.get_by_text("income this turn $0 → $3")).to_be_visible()
        assert hints.get_by_text("income this turn").count() == 4  # one per good
        box = hints.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        page.wait_for_timeout(400)
        page.locator(".st-key-prompt").screenshot(path=str(SHOTS / "hints-phone.png"))
        browser.close()
    assert store.load(stored.id).seq == len(goods_choice_events())  # nothing recorded
    store.close()


def _on_screen(page, locator) -> dict:
    """The element's box, asserted wholly inside the phone's screen as it is scrolled now."""
    box = locator.bounding_box()
    assert box is not None, "not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    return box


def test_the_question_shows_after_start_and_at_a_turn_start(served_app):
    """After "Start the game" (tapped low on the New game page) the first question shows; at
    a turn's start, tapped in with the page scrolled down, the turn's heading and its first
    question both show (the page went back to its top)."""
    from playwright.sync_api import expect, sync_playwright
    from test_app_browser import Table

    url, data = served_app
    with sync_playwright() as p:
        browser, page = phone_at_home(p, url)
        t = Table(page)
        page.goto(f"{url}/new_game")
        expect(page.get_by_role("textbox", name="Seat 1")).to_be_visible(timeout=60_000)
        for i, name in enumerate(("Ann", "Bo", "Cy", "Dee")):
            field = page.get_by_role("textbox", name=f"Seat {i + 1}")
            field.fill(name)
            field.press("Enter")
            t.settle()
        t.tap(page.get_by_role("button", name="Start the game"))
        prompt = page.locator(".st-key-prompt")
        expect(prompt.get_by_text("which 4 goods were turned face up")).to_be_visible(
            timeout=60_000)
        t.settle()
        page.wait_for_timeout(800)
        _on_screen(page, prompt.locator("h4").first)
        page.screenshot(path=str(SHOTS / "phone-table-after-start.png"))

        # turn 1 ends with the 4 goods and the building that came out; the building's pick
        # starts turn 2
        game = _saved_at(data, 32)
        page.goto(f"{url}/table?game={game}&role=entry")
        expect(prompt.get_by_text("which 4 goods came out")).to_be_visible(timeout=60_000)
        t.settle()
        t.report()
        expect(prompt.get_by_text("building was turned face up")).to_be_visible()
        assert t._last_pick_left()
        last = prompt.locator('[class*="st-key-pick_"] button:not([disabled]):visible').first
        last.evaluate("b => b.scrollIntoView({block: 'start', behavior: 'instant'})")
        page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        page.mouse.wheel(0, -150)  # the pick just below Streamlit's header bar
        page.wait_for_timeout(300)
        assert page.get_by_text("Turn 1 of 8").first.bounding_box()["y"] < 0  # scrolled down
        last.click()
        heading = page.get_by_text("Turn 2 of 8").first
        expect(heading).to_be_visible(timeout=30_000)
        t.settle()
        page.wait_for_timeout(800)
        _on_screen(page, heading)
        _on_screen(page, prompt.locator("h4").first)
        expect(prompt.get_by_text("places a worker")).to_be_visible()
        page.screenshot(path=str(SHOTS / "phone-table-turn-start.png"))
        browser.close()
