"""Hints on the Table page at phone width (390x844), in Debian's chromium: off at first, one
tap on the switch shows what each good is worth beside the answers, within the screen."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS, require_chromium, running_app
from test_app_hints import FOUR, goods_choice_events

pytestmark = pytest.mark.browser


def test_hints_show_on_the_table_page_at_phone_width(tmp_path):
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    data = tmp_path / "data"
    with running_app(data, tmp_path / "streamlit.log") as (url, _):
        store = Store(f"sqlite:///{data / 'companion.db'}")
        stored = store.create_game(FOUR)
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
