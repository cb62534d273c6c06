"""A join link is often the very first page a freshly started server is asked for (a phone
scans the QR code): it must open with the app's menu and layout, like any later visit."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, require_chromium, running_app

pytestmark = pytest.mark.browser

# [grey level, alpha] of a few pixels of the decoded QR picture: the margin, and the outer
# ring of each finder square (module 2 from each edge, box size 6 px).
CORNERS = """img => { const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const at = (x, y) => { const d = g.getImageData(x, y, 1, 1).data; return [d[0], d[3]]; };
  const far = img.naturalWidth - 2 * 6 - 3;
  return {margin: at(3, 3), top_left: at(15, 15), top_right: at(far, 15),
          bottom_left: at(15, far)}; }"""
TWO = {"edition": "empires", "players": [{"name": "Ann", "colour": "red"},
                                         {"name": "Bob", "colour": "blue"}]}


def test_a_join_link_first_opens_with_the_menu_and_home_shows_its_qr_code(tmp_path):
    """One server, one browser (each costs seconds to start): the join link is the very first
    request the server answers; then Home shows the join QR code as an ``<img>`` of a PNG
    inside the page (not ``st.image``, which loads NumPy), a picture the browser decoded."""
    from playwright.sync_api import expect, sync_playwright

    from companion.store import Store

    require_chromium()
    data = tmp_path / "data"
    data.mkdir()
    with Store(f"sqlite:///{data / 'companion.db'}") as store:
        game = store.create_game(TWO).id
    with running_app(data, tmp_path / "streamlit.log") as (url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{url}/table?game={game}&role=viewer")  # nothing opened "/" before
        expect(page.get_by_text("Ann").first).to_be_visible(timeout=60_000)
        expect(page.locator(".st-key-page_menu")).to_be_visible(timeout=10_000)

        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(url)
        page.locator(f".st-key-join_{game} button").first.click(timeout=60_000)
        picture = page.locator('img[alt^="QR code of"]')
        expect(picture).to_be_visible(timeout=10_000)
        assert f"game={game}&key=" in picture.get_attribute("alt")
        size = picture.evaluate("img => [img.naturalWidth, img.naturalHeight, img.width]")
        assert size[0] == size[1] > 100 and size[2] == 180  # decoded, square, shown 180 px
        # The three finder squares in the corners, read off the decoded pixels (6 px per
        # module, a 2-module margin): a picture cut short would lack the bottom one.
        corners = picture.evaluate(CORNERS)
        assert corners == {"margin": [255, 255], "top_left": [0, 255], "top_right": [0, 255],
                           "bottom_left": [0, 255]}, corners
        browser.close()
