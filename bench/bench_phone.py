"""The Table page on a phone (390×844, Debian's chromium): how tall it is, and where the
question's heading is after a tap. Prints figures; asserts nothing.

    .venv/bin/python bench/bench_phone.py [--root DIR]

``--root``: the source tree to serve (default this one; a ``git archive`` of an older commit
measures the "before"). Two 4-player games with Builders and nations, played at random and
kept as records: one at the placement of turn 4 (players hold specialists), one at the start
of turn 4's resolution. For each: the page's height, then a tap on the last place offered
(the lowest button of the question), and where the next question's heading is drawn: its top
in the viewport (0 to 844 means in view without scrolling) and whether a message covers it.

Issue 33, session 12 (same two games). Before (086e94e): placement 2610 px, resolution
2864 px; the next heading at 381..491 / 419..530 px with a toast over the menu and title.
After: placement 2381 px, resolution 2576 px (with the language switch i31 added above the
title); the next heading at 321..395 / 359..433 px, nothing over it. A tap low in a longer
list scrolls the heading back into view (tests/app/test_app_browser_turn.py checks it after
every tap of a whole turn).

Session 13 (the same run also measures the Score sheet's goods, issue 33 item 9; run a
"before" with PYTHONPATH=<its tree> from inside it, since a database the newer store made
is refused by an older app): before (116c12e) the Score sheet 3863 px tall, seat 1's goods
962 px (11 number inputs); after (goods picked, then counted) 3213 px, goods 147 px (no
input until a good is picked). The Table is unchanged: placement 2381 px, resolution
2672 px, the next heading at 321..395 / 359..433 px, uncovered.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
SETUP = {"edition": "empires", "options": {"builders": True, "nations": True},
         "players": [{"name": n, "colour": c, "nation": k} for n, c, k in (
             ("Ann", "red", "england"), ("Bartolomeu", "blue", "france"),
             ("Catalina", "green", "portugal"), ("Dee", "yellow", "spain"))]}
SETTLED = "() => document.querySelectorAll('[data-stale=\"true\"]').length === 0"
HEIGHT = ("() => Math.max(...Array.from(document.querySelectorAll("
          "'[data-testid=stMain] > div, [data-testid=stMainBlockContainer]'))"
          ".map(e => e.scrollHeight))")
# The heading's top in the viewport, and whether the element drawn at its middle belongs to it.
HEADING = """() => { const h = document.querySelector('.st-key-prompt h4');
  if (!h) return null; const r = h.getBoundingClientRect();
  const x = Math.min(r.left + 20, window.innerWidth - 1), y = r.top + r.height / 2;
  const hit = (y >= 0 && y < window.innerHeight) ? document.elementFromPoint(x, y) : null;
  return [r.top, r.bottom, !!hit && h.contains(hit), window.scrollY]; }"""
SEQ = ("() => { const e = document.querySelector('[class*=\"st-key-undo-\"]');"
       " const m = e && e.className.match(/st-key-undo-(\\d+)/); return m ? Number(m[1]) : null; }")


def games() -> dict[str, object]:
    import random

    from companion.engine import Game, Phase
    from companion.engine.playout import random_step
    rng = random.Random(33)
    game, found = Game.new(SETUP), {}
    while len(found) < 2:
        state = game.state
        if state.turn == 4 and state.phase == Phase.PLACEMENT and "placement" not in found:
            found["placement"] = game
        if state.turn == 4 and state.phase == Phase.RESOLUTION and "resolution" not in found:
            wanted = game.pending()
            if wanted is not None and wanted.type not in ("place", "resolve"):
                found["resolution"] = game
        game = random_step(game, rng)
    return found


def _serve(root: Path, data: str) -> tuple[str, subprocess.Popen]:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB_URL"}
    env.update(COMPANION_DATA_DIR=data, PYTHONPATH=str(root))
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--browser.gatherUsageStats", "false"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                return url, proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("streamlit did not start")


def measure(page, url: str, game_id: int, label: str) -> None:
    page.goto(f"{url}/table?game={game_id}&role=entry")
    page.wait_for_function(f"() => ({SEQ})() !== null", timeout=60_000)
    page.wait_for_function(SETTLED, timeout=60_000)
    page.wait_for_timeout(1200)
    height = page.evaluate(HEIGHT)
    before = page.evaluate(SEQ)
    buttons = page.locator('.st-key-prompt [class*="st-key-ans_"] button:visible, '
                           '.st-key-prompt [class*="st-key-place_"] [role=radio]:visible, '
                           '.st-key-prompt [class*="st-key-pick_"] button:visible')
    count = buttons.count()
    last = buttons.nth(count - 1)
    for i in range(count - 1, -1, -1):  # the lowest answer (not Back, Clear or a disabled one)
        b = buttons.nth(i)
        text = (b.inner_text() or "").strip()
        if b.is_enabled() and not text.startswith(("←", "Clear")):
            last = b
            break
    last.scroll_into_view_if_needed()
    tapped_at = page.evaluate("() => window.scrollY")
    what = (last.inner_text() or last.get_attribute("aria-label") or "").strip()[:40]
    last.click()
    try:
        page.wait_for_function(f"b => ({SEQ})() !== b", arg=before, timeout=30_000)
    except Exception:
        page.screenshot(path="/tmp/bench-phone-failed.png", full_page=True)
        raise SystemExit(f"{label}: the tap on {what!r} recorded nothing") from None
    page.wait_for_function(SETTLED, timeout=30_000)
    page.wait_for_timeout(1200)
    top, bottom, visible, scrolled = page.evaluate(HEADING) or (None, None, False, None)
    if os.environ.get("BENCH_SHOTS"):
        page.screenshot(path=f"{os.environ['BENCH_SHOTS']}/{label}.png")
    print(f"  {label:<11} page height {height:5.0f} px, {count:2d} buttons in the question; "
          f"tap at scroll {tapped_at:4.0f} px -> next heading at {top:6.0f}..{bottom:4.0f} px "
          f"of {PHONE['height']} ({'in view' if top >= 0 and bottom <= PHONE['height'] else 'OUT'}"
          f"{', uncovered' if visible else ', covered or out'}), page scrolled {scrolled:.0f}")


def sheet(page, url: str) -> None:
    """The Score sheet page (Age of Discovery, 4 seats, nothing typed): its height, and the
    height of the first seat's goods entry (from the Goods label to the Ships input)."""
    page.goto(f"{url}/score_sheet")
    page.wait_for_selector(".st-key-sheet_ships_0", timeout=60_000)
    page.wait_for_function(SETTLED, timeout=60_000)
    page.wait_for_timeout(1200)
    height = page.evaluate(HEIGHT)
    goods = page.get_by_text("Goods", exact=True).first.bounding_box()
    ships = page.locator(".st-key-sheet_ships_0").bounding_box()
    inputs = page.locator('[class*="st-key-sheet_goods_0_"] input').count()
    print(f"  score sheet page height {height:5.0f} px; seat 1's goods take "
          f"{ships['y'] - goods['y']:4.0f} px, {inputs} number inputs before a good is picked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is absent: nothing measured")
        return
    from playwright.sync_api import sync_playwright

    from companion.store import Store

    kept = games()
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as data:
        with Store(f"sqlite:///{Path(data) / 'companion.db'}") as store:
            ids = {k: store.import_record(g.record()).id for k, g in kept.items()}
        url, proc = _serve(args.root.resolve(), data)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_context(viewport=PHONE).new_page()
                print(f"Table page at {PHONE['width']}×{PHONE['height']} ({args.root}):")
                for label, game_id in ids.items():
                    measure(page, url, game_id, label)
                sheet(page, url)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=15)


if __name__ == "__main__":
    main()
