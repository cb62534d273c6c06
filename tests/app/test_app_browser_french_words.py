"""The books' French on a phone (Debian's chromium, 390 px, a French browser): the set-up's
building question, a Dock step, a battle and the Scoreboard, each read by the proofreader
(``tests/proofreading.py``) and photographed into ``test-output/screenshots/fr-words-*.png``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS
from test_app_browser_french import FrenchTable
from test_app_browser_live import FOUR

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from proofreading import faults  # noqa: E402

pytestmark = pytest.mark.browser

SETUP = {**FOUR, "players": [{"name": n, "colour": c} for n, c in
                             (("Anne", "red"), ("Émile", "blue"), ("Bruno", "green"),
                              ("Ivan", "yellow"))]}


def _game_waiting_for(setup: dict, wanted, seeds=range(60)):
    """A random game of ``setup`` played until its question is one ``wanted`` accepts."""
    from companion.engine import Game
    from companion.engine.playout import random_step

    for seed in seeds:
        rng, game = random.Random(seed), Game.new(setup)
        for _step in range(1500):
            decision = game.pending()
            if decision is None:
                break
            if wanted(decision):
                return game
            game = random_step(game, rng)
    raise AssertionError("no random game reached the question wanted")


def _is_battle(decision) -> bool:
    return decision.type == "warfare" and any(  # (defender, region): a battle has a region
        isinstance(a.value, tuple) and a.value[1] is not None for a in decision.answers)


def _read_right(page) -> None:
    text = page.locator(".st-key-prompt").inner_text()
    assert not faults(text, "fr", "empires"), (text, faults(text, "fr", "empires"))


def test_a_french_phone_reads_the_books_words(served_app):
    from playwright.sync_api import expect, sync_playwright

    from companion import i18n
    from companion.store import Store

    url, data = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    with i18n.use_language("fr"):
        dock = _game_waiting_for(SETUP, lambda d: d.type == "dock")
        battle = _game_waiting_for(SETUP, _is_battle)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        page.goto(url)  # Home first: it makes the database the games are saved to
        expect(page.get_by_text("Parties en cours")).to_be_visible(timeout=60_000)
        store = Store(f"sqlite:///{data / 'companion.db'}")
        fresh = store.create_game(SETUP)
        ids = [store.import_record(g.record()).id for g in (dock, battle)]
        store.close()
        t = FrenchTable(page)

        page.goto(f"{url}/table?game={fresh.id}&role=entry")
        expect(page.get_by_text("Mise en place").first).to_be_visible(timeout=60_000)
        t.report()  # the 4 goods turned up: the building question comes next
        expect(page.get_by_text("bâtiments de l'âge I").first).to_be_visible(timeout=30_000)
        _read_right(page)
        t.shot("fr-words-setup-buildings")

        for game_id, words, name in ((ids[0], "Quai des Colons", "fr-words-dock"),
                                     (ids[1], "Bataille", "fr-words-battle")):
            page.goto(f"{url}/table?game={game_id}&role=entry")
            expect(page.locator(".st-key-prompt")).to_be_visible(timeout=60_000)
            expect(page.locator(".st-key-prompt").get_by_text(words).first).to_be_visible(
                timeout=30_000)
            _read_right(page)
            t.shot(name)

        page.goto(f"{url}/scoreboard?game={ids[1]}")
        # the standings' heading (the menu's hidden "Classement" link may come first)
        expect(page.get_by_role("heading", name="Classement", exact=True)).to_be_visible(
            timeout=60_000)
        body = page.locator("[data-testid=stMain]").inner_text()
        assert not [f for f in faults(body, "fr", "empires") if f.startswith(
            ("English name", "dollar first", "preposition", "no elision"))], body
        t.shot("fr-words-scoreboard")
        browser.close()
