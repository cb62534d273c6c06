"""The end-of-game report in Debian's chromium at phone width: a finished game's Table tells
its story, and its button downloads the picture to share, in the device's language (French and
English). Screenshots and the two downloaded pictures go to ``test-output/screenshots/``
(``report-table-*.png``, ``report-download-*.png``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, SHOTS, Table

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
HAND_GAME = json.loads((ROOT / "tests/data/hand_game_4p.json").read_text())
WORDS = {"fr-FR": ("L'histoire de la partie", "Télécharger l'image à partager", "prend la tête"),
         "en-US": ("The story of the game", "Download the picture to share", "takes the lead")}


def test_a_finished_games_picture_downloads_in_each_language(served_app):
    from PIL import Image
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    url, data = served_app
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        home = browser.new_context(viewport=PHONE).new_page()
        home.goto(url)  # Home makes the database the games are saved to
        expect(home.get_by_text("Games in progress")).to_be_visible(timeout=60_000)
        with Store(f"sqlite:///{data / 'companion.db'}") as store:
            game = store.import_record(HAND_GAME).id
        pictures = {}
        for locale, (heading, button, lead) in WORDS.items():
            page = browser.new_context(viewport=PHONE, locale=locale,
                                       accept_downloads=True).new_page()
            page.goto(f"{url}/table?game={game}")
            story = page.locator(f".st-key-report_game-{game}")
            expect(story.get_by_text(heading)).to_be_visible(timeout=60_000)
            expect(story.get_by_text(lead).first).to_be_visible()
            Table(page).check_no_exception()
            with page.expect_download(timeout=60_000) as download:
                story.get_by_role("button", name=button).click()
            png = Path(download.value.path()).read_bytes()
            lang = locale[:2]
            Table(page).shot(f"report-table-{lang}")
            (SHOTS / f"report-download-{lang}.png").write_bytes(png)
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG" and image.width == 1080 and image.height > 1080
            assert download.value.suggested_filename == f"game-{game}.png"
            pictures[lang] = png
        assert pictures["fr"] != pictures["en"]
        browser.close()
