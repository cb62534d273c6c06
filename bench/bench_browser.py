"""The real app in Debian's chromium: time from a tap to the page showing its result, and the
server's memory. Prints figures; asserts nothing about time.

    .venv/bin/python bench/bench_browser.py [--taps N]

Saves the 6-player game of ``fixtures.py`` at the start of turn 8 in a temp data directory,
starts ``streamlit run app.py`` on it, and with playwright (chromium, desktop width):

1. opens Home, the Table (``/table?game=ID``) and the Scoreboard (charts drawn), then reads
   the server's resident memory (VmRSS of the streamlit process);
2. on the Table: ``--taps`` times, taps the first placement button and waits until the page
   shows the next step (the Undo button's key carries the new event count), then taps Undo
   and waits for the count to come back: each wait, from the click, is one figure. The
   click and the wait happen inside the page, timed by its own clock (a MutationObserver),
   so the driver's own delays are not counted. Each tap's figure is also split: the time to
   the server's last message before the result showed (the server's part: the callback, the
   page's run, sending it), the rest being the browser drawing it.

Issue 11, session 4 (medians of 20 taps, back to back, quiet machine): before (51ed7ee)
place / Undo 207 / 206 ms; after 127 / 114 ms. The page shows a step only once the whole
rerun has arrived, then draws every element again: the figure follows the number of
elements a rerun draws, and the server's time.
Session 6 (20 taps, quiet, yardstick 30 ms): place / Undo 137 / 126 ms, of which to the
server's last message 67 / 58 ms; the browser's main thread is busy from the click to the
result (Streamlit's frontend redrawing the page for each message it receives).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from fixtures import machine, six_players_at_turn  # noqa: E402

from companion.store import Store  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
UNDO_SEQ = ("() => { const e = document.querySelector('[class*=\"st-key-undo-\"]');"
            " if (!e) return null; const m = e.className.match(/st-key-undo-(\\d+)/);"
            " return m ? Number(m[1]) : null; }")
SETTLED = "() => document.querySelectorAll('[data-stale=\"true\"]').length === 0"
# Every message from the server is noted with the page's clock, to split a tap's time into
# the server's part (until its last message before the result showed) and the browser's.
NOTE_MESSAGES = """(() => { window.__arrivals = []; const Native = window.WebSocket;
  class Noted extends Native { constructor(...args) { super(...args);
    this.addEventListener('message', () => window.__arrivals.push(performance.now())); } }
  window.WebSocket = Noted; })();"""
# Click inside the page and time, with the page's own clock, until the Undo button's key
# carries another event count (the step is recorded and shown): no driver overhead counted.
# Resolves to [ms to the result, ms to the server's last message before it].
TAP = """sel => new Promise((resolve, reject) => {
  const seq = () => { const e = document.querySelector('[class*="st-key-undo-"]');
    const m = e && e.className.match(/st-key-undo-(\\d+)/); return m ? Number(m[1]) : null; };
  const before = seq();
  const target = document.querySelector(sel);
  if (!target) { reject(new Error('nothing to tap: ' + sel)); return; }
  const watch = new MutationObserver(() => {
    if (seq() !== before) { watch.disconnect(); const shown = performance.now();
      const server = window.__arrivals.filter(t => t >= t0 && t <= shown);
      resolve([shown - t0, server.length ? server[server.length - 1] - t0 : NaN]); } });
  watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                attributeFilter: ['class']});
  window.__arrivals = [];
  const t0 = performance.now();
  target.click();
})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("streamlit exited early")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("streamlit did not start")


def report(label: str, times: list[float]) -> None:
    print(f"  {label:<40} median {statistics.median(times) * 1000:7.1f} ms   "
          f"min {min(times) * 1000:7.1f} ms   max {max(times) * 1000:7.1f} ms   (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=20)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is absent: browser figures not measured")
        return
    from playwright.sync_api import sync_playwright

    print(machine())
    game = six_players_at_turn()
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as folder:
        env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB_URL"}
        env["COMPANION_DATA_DIR"] = folder
        with Store(f"sqlite:///{Path(folder) / 'companion.db'}") as store:
            game_id = store.import_record(game.record()).id
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--server.headless", "true",
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(url, proc)
            print(f"6 players, turn 8, {len(game.events)} events:")
            print(f"  server RSS when started: {rss_mib(proc.pid):.0f} MiB")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.add_init_script(NOTE_MESSAGES)
                page.goto(url)
                page.get_by_text("Games in progress").first.wait_for(timeout=60_000)
                page.wait_for_function(SETTLED, timeout=60_000)
                page.wait_for_timeout(500)
                home = rss_mib(proc.pid)
                page.goto(f"{url}/table?game={game_id}")
                page.wait_for_function(f"() => ({UNDO_SEQ})() !== null", timeout=60_000)
                page.wait_for_function(SETTLED, timeout=60_000)
                page.wait_for_timeout(500)
                table = rss_mib(proc.pid)
                page.goto(f"{url}/scoreboard?game={game_id}")
                page.locator(".js-plotly-plot").nth(1).wait_for(timeout=60_000)
                page.wait_for_function(SETTLED, timeout=60_000)
                page.wait_for_timeout(500)
                print(f"  server RSS after Home {home:.0f}, Table {table:.0f}, Scoreboard "
                      f"{rss_mib(proc.pid):.0f} MiB")

                page.goto(f"{url}/table?game={game_id}")
                page.wait_for_function(f"() => ({UNDO_SEQ})() !== null", timeout=60_000)
                page.wait_for_function(SETTLED, timeout=60_000)
                place, undo, place_server, undo_server = [], [], [], []
                for _ in range(args.taps):
                    for times, server, button in (
                            (place, place_server, '.st-key-prompt [class*="st-key-place_"] '
                                                  '[role="radio"]'),
                            (undo, undo_server, '[class*="st-key-undo-"] button')):
                        page.locator(button).first.wait_for(timeout=30_000)
                        shown, last_message = page.evaluate(TAP, button)
                        times.append(shown / 1000)
                        server.append(last_message / 1000)
                        page.wait_for_function(SETTLED, timeout=30_000)
                        page.wait_for_timeout(300)
                report("tap to result: place a worker", place)
                report("tap to result: Undo", undo)
                report("  of which to the server's last message: place", place_server)
                report("  of which to the server's last message: Undo", undo_server)
                print(f"  server RSS at the end: {rss_mib(proc.pid):.0f} MiB")
                browser.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()
