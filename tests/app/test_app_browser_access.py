"""Trust at the table in Debian's chromium: the server bound to every address, a second
browser reaching it through this machine's network address (as a phone on the Wi-Fi does).
Without the game's key it follows the game but records, undoes, corrects, deletes and imports
nothing (the store's revision unchanged after each try), and is told how to get in instead
of the New game form and the sheet's Save button (issue 41's door; the host has both); with
the entry link it records, under the name it gave, and a reload keeps the right; on the host,
delete works. The key never reaches the server's log, and leaves the address bar once
taken."""

from __future__ import annotations

import pytest
from test_app_browser import ARGS, CHROMIUM, PHONE, running_app, served_to_the_network
from test_app_browser_door import DOOR
from test_app_live import FOUR, REVEAL

pytestmark = pytest.mark.browser

PLACES = '.st-key-prompt [class*="st-key-place_"] [role="radio"]:visible'
MENU = ".st-key-page_menu"


def _history_game(page, url: str, game: int) -> None:
    """The History page with ``game`` open (picked in its list)."""
    page.goto(f"{url}/history")
    page.get_by_role("combobox", name="Open a game").click(timeout=60_000)
    page.get_by_role("option").filter(has_text=f"#{game}").first.click()


def test_only_the_entry_link_enters_and_only_the_host_deletes(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    from companion.store import trust

    address, data, store = served_to_the_network(tmp_path)
    game = store.create_game(FOUR).id
    store.append(game, REVEAL, 0)
    log = tmp_path / "streamlit.log"
    shut = {"COMPANION_OPEN_TABLE": "0", "COMPANION_HOST_PIN": ""}  # the host's door shut
    with running_app(data, log, address="0.0.0.0", env_more=shut) as (host_url, _), \
            sync_playwright() as p:
        remote_url = host_url.replace("127.0.0.1", address)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        # ---- a device on the network without the key: a viewer link edited to "entry"
        viewer = browser.new_context(viewport=PHONE).new_page()
        viewer.goto(f"{remote_url}/table?game={game}&role=entry")
        expect(viewer.get_by_text("Ann places a worker")).to_be_visible(timeout=60_000)
        revision = store.revision(game)
        expect(viewer.get_by_text("Following the game").first).to_be_visible()
        assert viewer.locator(PLACES).count() == 0  # no place to tap: nothing to record
        assert viewer.get_by_role("button", name="↩ Undo").count() == 0
        assert viewer.get_by_text("Correction (outside the rules)").count() == 0
        assert store.revision(game) == revision

        # a wrong key: one sentence, read-only, and the key leaves the address
        viewer.goto(f"{remote_url}/table?game={game}&key=not-the-key")
        expect(viewer.get_by_text("This entry link does not (or no longer) open game")
               ).to_be_visible(timeout=60_000)
        viewer.wait_for_function("() => !location.search.includes('key=')", timeout=10_000)
        assert viewer.locator(PLACES).count() == 0
        assert store.revision(game) == revision

        # History: no Delete, no Import, no demo game for this device
        _history_game(viewer, remote_url, game)
        viewer.get_by_text("Delete this game").click()
        expect(viewer.get_by_text("Only the machine that runs the app may delete a game")
               ).to_be_visible(timeout=30_000)
        assert viewer.get_by_role("button", name="Delete", exact=True).count() == 0
        viewer.get_by_role("tab", name="Import / export").click()
        expect(viewer.get_by_role("button", name="Import", exact=True)).to_be_disabled()
        assert viewer.get_by_role("button", name="Add a demo game (random play)").count() == 0
        # New game and Save to history behind the host's door (the table not opened)
        viewer.goto(f"{remote_url}/new_game")
        expect(viewer.get_by_text(DOOR)).to_be_visible(timeout=60_000)
        assert viewer.get_by_role("button", name="Start the game").count() == 0
        assert viewer.get_by_role("textbox", name="Seat 1").count() == 0
        viewer.goto(f"{remote_url}/score_sheet")
        expect(viewer.get_by_text("may save a score sheet to the history here")
               ).to_be_visible(timeout=60_000)
        assert viewer.get_by_role("button", name="Save to history").count() == 0
        assert (store.revision(game), store.count_games()) == (revision, 1)

        # ---- the host's Home shows the entry link (with the key) on the network address
        host = browser.new_context(viewport=PHONE).new_page()
        host.goto(f"{host_url}/new_game")  # the host's own browser: the form, as always
        expect(host.get_by_role("button", name="Start the game")).to_be_visible(
            timeout=60_000)
        assert host.get_by_text(DOOR).count() == 0
        host.goto(host_url)
        host.locator(f".st-key-join_{game} button").first.click(timeout=60_000)
        link = host.locator("code").filter(has_text="key=").first
        expect(link).to_be_visible(timeout=10_000)
        entry = link.inner_text().strip()
        key = trust.entry_key(store, game)
        assert entry == f"{remote_url}/table?game={game}&key={key}"

        # ---- the entry link on the other device: a name, then it records
        phone = browser.new_context(viewport=PHONE).new_page()
        phone.goto(entry)
        name = phone.get_by_role("textbox", name="Device name")
        expect(name).to_be_visible(timeout=60_000)
        hrefs = [a.get_attribute("href") or "" for a in phone.locator("a").all()]
        assert hrefs and not [h for h in hrefs if key in h]  # no link to copy carries it
        name.fill("Anne's phone")
        phone.get_by_role("button", name="Join the table").click()
        phone.locator(PLACES).first.click(timeout=30_000)
        expect(phone.get_by_text("Bob places a worker")).to_be_visible(timeout=30_000)
        assert store.revision(game) == revision + 1
        assert [e.device for e in trust.entries(store, game)] == [None, "Anne's phone"]
        assert "key=" not in phone.url
        phone.reload()  # a new session: the right and the name are kept
        expect(phone.get_by_text("Bob places a worker")).to_be_visible(timeout=60_000)
        phone.locator(PLACES).first.click(timeout=30_000)
        expect(phone.get_by_text("Cid places a worker")).to_be_visible(timeout=30_000)
        assert [e.device for e in trust.entries(store, game)] == [None] + ["Anne's phone"] * 2

        # a new key from the host: the phone is shut out at its next tap
        host.get_by_role("button", name="New entry link (the old one stops entering)").click()
        expect(host.get_by_text("has a new entry link")).to_be_visible(timeout=30_000)
        phone.reload()
        expect(phone.get_by_text("Cid places a worker")).to_be_visible(timeout=60_000)
        expect(phone.get_by_text("Following the game").first).to_be_visible()
        assert phone.locator(PLACES).count() == 0

        # ---- on the host, delete works
        _history_game(host, host_url, game)
        host.get_by_text("Delete this game").click()
        host.get_by_text("Yes, delete it for good").click()
        host.get_by_role("button", name="Delete", exact=True).click()
        expect(host.get_by_text(f"Game #{game} deleted")).to_be_visible(timeout=30_000)
        assert store.count_games() == 0
        browser.close()
    assert key not in log.read_text()
    store.close()
