"""The real app in Debian's chromium: set up a game and play one full turn by clicking; save
a score sheet and open it in the History.

Starts ``streamlit run app.py`` on a free port with its own data directory, drives it with
playwright (sync API) at phone width, checks the scoreboard, and saves a screenshot of every
page under ``test-output/screenshots/``.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from companion.store import Store

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-output" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NAMES = ["Ana", "Bo", "Cy", "Dee *the* [great]"]  # the last one must show as typed
# Where the test puts its workers, in order of preference (like a cautious first turn).
PREFERENCES = ["dock", "trade_goods", "buildings", "initiative", "shipping", "discovery",
               "warfare"]
SHORT = {"dock": "Dock", "trade_goods": "Goods", "buildings": "Buildings",
         "initiative": "Initiative", "shipping": "Shipping", "discovery": "Discovery",
         "warfare": "Warfare"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"streamlit exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"streamlit did not start in {timeout}s:\n{log.read_text()[-3000:]}")


def require_chromium() -> None:
    """Skip without Debian's chromium, except in CI, which installs it and never skips."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("COMPANION_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is absent but COMPANION_REQUIRE_BROWSER is set")
        pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium: "
                    "apt-get update && apt-get install -y chromium)")
    pytest.importorskip("playwright.sync_api")


def served_to_the_network(tmp_path: Path) -> tuple[str, Path, Store]:
    """For a test from another device: chromium required, this machine's network address
    (skipped when it has none but loopback), a new data folder and its store."""
    from companion.store import Store
    from companion.ui.joining import network_address

    require_chromium()
    address = network_address()
    if address == "localhost":
        pytest.skip("this machine has no network address other than loopback")
    data = tmp_path / "data"
    data.mkdir()
    return address, data, Store(f"sqlite:///{data / 'companion.db'}")


@contextmanager
def running_app(data: Path, log: Path, address: str = "127.0.0.1",
                env_more: dict[str, str] | None = None,
                ) -> Iterator[tuple[str, subprocess.Popen]]:
    """``streamlit run app.py`` on a free port with its games in ``data``, bound to
    ``address`` (``0.0.0.0``: every address of the machine): (url on loopback, process)."""
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB_URL"}
    env.update(env_more or {})
    env["COMPANION_DATA_DIR"] = str(data)
    port = _free_port()
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
             "--server.address", address, "--server.headless", "true",
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    said = server_warnings(log.read_text())
    assert not said, "the server log has warnings:\n" + "\n".join(said)


# A line of Streamlit's log at warning level or worse ("2026-01-02 10:11:12.345 WARNING
# streamlit...: ..."), or a Python warning printed ("...: DeprecationWarning: ...").
SERVER_WARNING = re.compile(r"^\S+ \S+ (WARNING|ERROR|CRITICAL) |\b\w+Warning: ")


def server_warnings(log: str) -> list[str]:
    """The warnings a served app wrote to its log (a test that meets one fails)."""
    return [line for line in log.splitlines() if SERVER_WARNING.search(line)]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_chromium()
    home = tmp_path_factory.mktemp("browser")
    log = home / "streamlit.log"
    with running_app(home / "data", log) as (url, _):
        yield url, log


class Table:
    """Clicks on the Table page, counted, waiting for each recorded step."""

    PICKED = ("Picked ", r"Picked (\d+) of (\d+)")  # a report's caption, and its count

    def __init__(self, page) -> None:
        self.page = page
        self.clicks = 0
        self.seq = 0

    def shot(self, name: str) -> None:
        """The whole page: the viewport grows to the content's height for the picture."""
        page = self.page
        page.wait_for_timeout(400)  # let charts and toasts settle
        size = page.viewport_size
        height = page.evaluate(
            "() => Math.max(...Array.from(document.querySelectorAll("
            "'[data-testid=stMain], [data-testid=stAppViewContainer], body'))"
            ".map(e => e.scrollHeight))")
        page.set_viewport_size({"width": size["width"], "height": min(max(height, 400), 8000)})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        page.set_viewport_size(size)

    def settle(self) -> None:
        """Wait for the rerun to finish: no element is left marked stale."""
        self.page.wait_for_function(
            "() => document.querySelectorAll('[data-stale=\"true\"]').length === 0",
            timeout=30_000)
        self.page.wait_for_timeout(100)

    def tap(self, locator) -> None:
        locator.click()
        self.clicks += 1
        self.page.wait_for_timeout(250)
        self.settle()

    def step(self, locator) -> None:
        """A tap that records an answer (and whatever the engine settles after it): wait
        until the page shows a later step."""
        old = self.seq
        locator.click()
        self.clicks += 1
        self.page.wait_for_function(
            "old => { const e = document.querySelector('[class*=\"st-key-undo-\"]');"
            " if (!e) return false;"
            " const m = e.className.match(/st-key-undo-(\\d+)/);"
            " return m && Number(m[1]) > old; }", arg=old, timeout=30_000)
        key = self.page.locator('[class*="st-key-undo-"]').first.get_attribute("class")
        self.seq = int(re.search(r"st-key-undo-(\d+)", key).group(1))
        self.settle()
        self.check_no_exception()

    def check_no_exception(self) -> None:
        assert self.page.locator('[data-testid="stException"]').count() == 0, (
            self.page.locator('[data-testid="stException"]').first.inner_text())

    def prompt(self) -> str:
        return self.page.locator(".st-key-prompt").inner_text()

    def button(self, name: str):
        return self.page.locator(".st-key-prompt").get_by_role("button", name=name,
                                                                exact=False).first

    def answer(self, index: int):
        return self.page.locator(
            f'.st-key-prompt [class*="st-key-ans_{index}-"] button:visible').first

    def report(self) -> None:
        """A fact read off the components: tap the first items offered; the pick that
        completes the count records it (there is no Done to tap)."""
        picks = self.page.locator(
            '.st-key-prompt [class*="st-key-pick_"] button:not([disabled]):visible')
        for _ in range(12):
            if self._last_pick_left():
                break
            self.tap(picks.first)
        else:
            raise AssertionError("the report never completed: " + self.prompt())
        before = self.prompt()
        picks.first.click()
        self.clicks += 1
        self.page.wait_for_function(
            "([before, word]) => { const p = document.querySelector('.st-key-prompt');"
            " return !!p && (!p.innerText.includes(word)"
            " || p.innerText.split('\\n')[0] !== before.split('\\n')[0]); }",
            arg=[before, self.PICKED[0]], timeout=30_000)
        self.settle()
        self.check_no_exception()
        key = self.page.locator('[class*="st-key-undo-"]').first.get_attribute("class") or ""
        found = re.search(r"st-key-undo-(\d+)", key)
        self.seq = int(found.group(1)) if found else self.seq

    def _last_pick_left(self) -> bool:
        """The caption says one more pick completes the count ("Picked 3 of 4")."""
        found = re.search(self.PICKED[1], self.prompt())
        return bool(found) and int(found.group(1)) + 1 == int(found.group(2))

    def place(self, index: int, on_board: bool = False) -> None:
        """One colonist placed: with the quick buttons at the top of the page (the phone
        way), or with the worker buttons on the board's tracks."""
        tracks = PREFERENCES[index % len(PREFERENCES):] + PREFERENCES
        prompt = self.page.locator(".st-key-prompt")
        for track in tracks:
            buttons = prompt.get_by_role("radio", name=SHORT[track], exact=True)  # a place
            if buttons.count():
                self.step(buttons.first)
                return
        raise AssertionError("no place to tap found")

    def resolve_one(self) -> None:
        """Answer the question on screen: the usual answer, or no to an optional buy."""
        text = self.prompt()
        if "Picked " in text:  # a report: the goods or buildings turned up
            self.report()
            return
        for decline in ("Buys nothing", "Nobody sails", "No training", "No fight"):
            if decline in text:
                self.step(self.button(decline))
                return
        self.step(self.answer(0))


def _nav(page, title: str) -> None:
    """Choose a page in the app's menu (a row of links on every page)."""
    from companion.ui.widgets import MENU_LABELS

    path = "" if title == "Home" else title.lower().replace(" ", "_")
    page.locator(".st-key-page_menu").get_by_role("link", name=MENU_LABELS[path]).click()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)


def test_setup_and_one_turn_by_clicking(server):
    from playwright.sync_api import expect, sync_playwright

    url, log = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport=DESKTOP)
        t = Table(page)
        page.goto(url)
        expect(page.get_by_text("Age of Discovery Companion").first).to_be_visible(
            timeout=30_000)
        t.shot("01-home")

        page.set_viewport_size(PHONE)  # the table is played on a phone
        t.tap(page.get_by_role("button", name="New game"))
        expect(page.get_by_role("textbox", name="Seat 1")).to_be_visible(timeout=30_000)
        for i, name in enumerate(NAMES):
            field = page.get_by_role("textbox", name=f"Seat {i + 1}")
            field.fill(name)
            field.press("Enter")
            t.clicks += 1
            page.wait_for_timeout(300)
        t.shot("02-new-game-phone")
        t.tap(page.get_by_role("button", name="Start the game"))
        expect(page.get_by_text("which 4 goods were turned face up")).to_be_visible(
            timeout=30_000)
        t.shot("03-table-setup-phone")

        t.report()  # the 4 goods
        setup_clicks = t.clicks
        t.report()  # the 5 buildings: turn 1 begins
        t.shot("04-table-placement-phone")

        turn_start = t.clicks
        placements = 0
        while "places a worker" in t.prompt():
            t.place(placements)
            placements += 1
            if placements == 10:
                t.shot("05-table-placing-phone")
        assert placements == 20  # 4 players x 5 colonists
        t.shot("06-table-resolution-phone")
        while page.get_by_text("Turn 2 of 8").count() == 0:  # the page heading
            t.resolve_one()
            if "End of turn" in t.prompt():
                t.shot("07-table-refresh-phone")
        turn_clicks = t.clicks - turn_start
        t.shot("08-table-turn-2-phone")
        (SHOTS / "clicks.txt").write_text(
            f"setup (names typed, deal at random): {setup_clicks + 1}\n"
            f"turn 1 of a 4-player game, placement {placements} + resolution and refresh: "
            f"{turn_clicks}\n")

        page.set_viewport_size(DESKTOP)
        t.shot("09-table-turn-2")
        _nav(page, "Scoreboard")
        expect(page.get_by_text("Standings").first).to_be_visible()
        for name in NAMES:  # the names appear exactly as typed (markdown escaped)
            expect(page.get_by_text(name, exact=False).filter(visible=True).first).to_be_visible()
        expect(page.locator(".js-plotly-plot").nth(1)).to_be_visible(timeout=60_000)
        t.check_no_exception()
        t.shot("10-scoreboard")
        page.set_viewport_size(PHONE)
        t.shot("11-scoreboard-phone")
        page.set_viewport_size(DESKTOP)
        _nav(page, "History")
        t.shot("12-history")
        page.get_by_role("tab", name="Import / export").click()
        page.get_by_role("button", name="Add a demo game (random play)").click()
        # The button plays the game, then reruns the page: a tab clicked before that last
        # rerun is drawn again unselected, so wait for the flash it leaves first.
        expect(page.get_by_text("Demo game #")).to_be_visible(timeout=60_000)
        t.settle()
        games_tab = page.get_by_role("tab", name="Games")
        games_tab.click()
        expect(games_tab).to_have_attribute("aria-selected", "true")
        expect(page.get_by_text("2 games")).to_be_visible(timeout=60_000)
        t.settle()
        page.get_by_role("combobox", name="Open a game").click()
        page.get_by_role("option", name="won by").click()
        expect(page.get_by_text("Game over").first).to_be_visible(timeout=30_000)
        t.settle()
        expect(page.locator(".js-plotly-plot").nth(1)).to_be_visible(timeout=60_000)
        t.check_no_exception()
        t.shot("13-history-replay")
        page.get_by_role("tab", name="Statistics").click()
        page.wait_for_timeout(800)
        t.shot("14-history-statistics")
        for i, (title, text) in enumerate([("Score sheet", "Score sheet"),
                                           ("Rules", "Rules reference"),
                                           ("Home", "Games in progress")], start=15):
            _nav(page, title)
            expect(page.get_by_text(text).first).to_be_visible()
            t.check_no_exception()
            t.shot(f"{i}-{title.lower().replace(' ', '-')}")
            if title == "Score sheet":  # keep a result in the history, then open it there
                colony = page.get_by_label("Age I", exact=True).first
                colony.fill("6")
                colony.press("Enter")
                t.settle()
                page.get_by_role("button", name="Save to history").click()
                expect(page.get_by_text("Saved to the history as game #3")).to_be_visible(
                    timeout=30_000)
                t.settle()
                t.check_no_exception()
                t.shot(f"{i}b-score-sheet-saved")
                page.get_by_role("link", name="Open it in the History").click()
                expect(page.get_by_text("final result of the game played on")).to_be_visible(
                    timeout=30_000)
                t.settle()
                t.check_no_exception()
                t.shot(f"{i}c-history-score-sheet")
        expect(page.get_by_role("button", name="Resume")).to_be_visible()
        browser.close()
    assert "Traceback" not in log.read_text()
    assert turn_clicks < 60, f"turn 1 took {turn_clicks} clicks"


def test_the_server_warnings_a_browser_test_fails_on():
    """What the log check reads as a warning (Streamlit's and Python's), and what not."""
    log = ("  You can now view your Streamlit app in your browser.\n"
           '2026-11-29 05:02:08.941 WARNING streamlit.elements.lib.policies: The widget with '
           'key "hist_turn_1" was created with a default value but also had its value set '
           "via the Session State API.\n"
           "/x/app.py:3: DeprecationWarning: use something else\n"
           "2026-11-29 05:02:09.001 INFO streamlit: nothing to worry about\n")
    said = server_warnings(log)
    assert len(said) == 2 and "hist_turn_1" in said[0] and "Deprecation" in said[1]
