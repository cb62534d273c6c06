"""A whole turn on a phone (390×844, Debian's chromium): after every tap the question's
heading is drawn inside the screen, with nothing over it, even when the tap was the lowest
place of a long list. Then, at phone width: the token report shows tokens by their printed
face, the Scoreboard's charts have no tool bar, and the replay steps with Previous / Next.
Screenshots go to ``test-output/screenshots/``."""

from __future__ import annotations

import random
import re

import pytest
from test_app_browser import PHONE, SHOTS, Table
from test_app_browser_phone import REVEAL, phone_at_home

pytestmark = pytest.mark.browser

FOUR = {"edition": "empires", "options": {"builders": True},
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Jean-Baptiste", "blue"), ("Catalina", "green"),
                     ("Dee", "yellow"))]}
# The heading's box in the viewport, and whether what is drawn at its middle belongs to it.
HEADING = """() => { const h = document.querySelector('.st-key-prompt h4');
  if (!h) return null; const r = h.getBoundingClientRect();
  const x = Math.min(r.left + 20, window.innerWidth - 1), y = r.top + r.height / 2;
  const hit = (y >= 0 && y < window.innerHeight) ? document.elementFromPoint(x, y) : null;
  return [r.top, r.bottom, !!hit && h.contains(hit)]; }"""


def _heading_in_view(page, after: str) -> None:
    page.wait_for_timeout(300)  # the page's own scroll, once the rerun is drawn
    found = page.evaluate(HEADING)
    assert found is not None, f"no question after {after}"
    top, bottom, uncovered = found
    assert top >= 0 and bottom <= PHONE["height"], f"heading at {top}..{bottom} after {after}"
    assert uncovered, f"something is drawn over the question after {after}"


def _resolve(table: Table) -> None:
    """The usual answer (or no to an optional buy or fight); a tap that asks on (a choice
    made in steps) waits for the next question instead of a recorded step."""
    text = table.prompt()
    if "Picked " in text:
        table.report()
        return
    for decline in ("Buys nothing", "Nobody sails", "No training", "No fight"):
        if decline in text:
            table.step(table.button(decline))
            return
    heading = text.split("\n")[0]
    table.answer(0).click()
    table.clicks += 1
    table.page.wait_for_function(
        "([old, head]) => { const e = document.querySelector('[class*=\"st-key-undo-\"]');"
        " const m = e && e.className.match(/st-key-undo-(\\d+)/);"
        " const p = document.querySelector('.st-key-prompt h4');"
        " return (m && Number(m[1]) > old) || (p && p.innerText !== head); }",
        arg=[table.seq, heading], timeout=30_000)
    table.settle()
    key = table.page.locator('[class*="st-key-undo-"]').first.get_attribute("class") or ""
    found = re.search(r"st-key-undo-(\d+)", key)
    table.seq = int(found.group(1)) if found else table.seq


def _expedition_game():
    """A game waiting for an expedition to an undiscovered region (random play)."""
    from companion.engine import Game
    from companion.engine.playout import random_step

    rng = random.Random(5)
    game = Game.new({**FOUR, "options": {}})
    game = game.apply(REVEAL)
    while True:
        wanted = game.pending()
        if wanted is not None and wanted.type == "expedition" and any(
                a.value not in ("card", "caribbean") for a in wanted.answers):
            return game
        game = random_step(game, rng)


def test_a_whole_turn_keeps_the_question_in_view(served_app):
    from playwright.sync_api import expect, sync_playwright

    from companion.engine.playout import random_game
    from companion.store import Store

    url, data = served_app
    with sync_playwright() as p:
        browser, page = phone_at_home(p, url)
        store = Store(f"sqlite:///{data / 'companion.db'}")
        fresh = store.create_game(FOUR)
        store.append(fresh.id, REVEAL, 0)
        sailing = store.import_record(_expedition_game().record())
        done = store.import_record(random_game(FOUR, seed=3).record())
        store.close()

        table = Table(page)
        page.goto(f"{url}/table?game={fresh.id}&role=entry")
        prompt = page.locator(".st-key-prompt")
        expect(prompt.get_by_text("places a worker")).to_be_visible(timeout=60_000)
        table.settle()
        table.seq = 1
        _heading_in_view(page, "opening the Table")
        taps = 0
        while "places a worker" in table.prompt():
            lowest = prompt.locator('[class*="st-key-place_"] [role="radio"]:visible').last
            label = lowest.inner_text()
            table.step(lowest)  # scrolled to first: the lowest place of the list
            taps += 1
            _heading_in_view(page, f"placing on {label!r} (tap {taps})")
        assert taps >= 20
        page.screenshot(path=str(SHOTS / "phone-turn-resolution.png"))
        while page.get_by_text("Turn 2 of 8").count() == 0:
            text = table.prompt().split("\n")[0]
            _resolve(table)
            taps += 1
            _heading_in_view(page, f"answering {text!r} (tap {taps})")
            assert taps < 120, "the turn never ended"
        page.screenshot(path=str(SHOTS / "phone-turn-2.png"))

        # The token report: each token by what is printed on it, identical ones once.
        page.goto(f"{url}/table?game={sailing.id}&role=entry")
        expect(prompt.get_by_text("where do they sail")).to_be_visible(timeout=60_000)
        table.settle()
        for _ in range(4):
            if "token was revealed" in table.prompt():
                break
            # Waited for (not read at once): under load the answers draw after the prompt.
            choice = prompt.locator('[class*="st-key-ans_"] button:visible').filter(
                has_not_text="Caribbean").first
            expect(choice).to_be_visible(timeout=60_000)
            table.tap(choice)
        text = table.prompt()
        assert "token was revealed" in text, text
        assert "per soldier" in text and "Token " not in text and "t0" not in text, text
        answers = [b.inner_text() for b in prompt.locator(
            '[class*="st-key-ans_"] button:visible').all()]
        faces = [a.split(" · succeeds")[0].split(" · fails")[0] for a in answers]
        assert len(faces) == len(set(faces)), faces
        _heading_in_view(page, "choosing who sails")
        table.shot("phone-token-report")

        # The Scoreboard: charts without the plotly tool bar over their titles.
        page.goto(f"{url}/scoreboard?game={done.id}")
        expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=60_000)
        table.settle()
        page.wait_for_timeout(800)
        assert page.locator(".modebar-container .modebar").count() == 0
        table.shot("phone-scoreboard-charts")

        # The replay: Previous / Next step through the game.
        page.goto(f"{url}/history")
        page.get_by_role("combobox", name="Open a game").click()
        page.get_by_role("option", name="won by").first.click()
        expect(page.get_by_text("Game over").first).to_be_visible(timeout=60_000)
        table.settle()
        where = page.get_by_text(" events)").first
        before = where.inner_text()
        page.get_by_role("button", name="◀ Previous turn").click()
        expect(where).not_to_have_text(before, timeout=30_000)
        table.settle()
        page.wait_for_timeout(800)
        table.shot("phone-replay")
        browser.close()
