"""What idle viewers cost the server: a real ``streamlit run`` with N phones (chromium pages)
open on the Table page of one game for a minute, nothing entered. Prints the server's CPU
seconds per idle viewer per minute, and the cost of the revision read the pages poll.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "app"))

from test_app_browser import ARGS, CHROMIUM, PHONE, running_app  # noqa: E402

from companion.store import Store  # noqa: E402

PLAYERS = {"players": [{"name": n} for n in ("Ann", "Bob", "Cid", "Dee")]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
VIEWERS = 4
SECONDS = 60


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as home:
        data = Path(home) / "data"
        data.mkdir()
        store = Store(f"sqlite:///{data / 'companion.db'}")
        game = store.create_game(PLAYERS)
        store.append(game.id, REVEAL, 0)
        start = time.perf_counter()
        for _ in range(1000):
            store.revision(game.id)
        read_ms = time.perf_counter() - start  # seconds for 1000 reads = ms for one
        with running_app(data, Path(home) / "streamlit.log") as (url, proc), \
                sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            pages = [browser.new_context(viewport=PHONE).new_page() for _ in range(VIEWERS)]
            for page in pages:
                page.goto(f"{url}/table?game={game.id}&role=viewer")
                page.get_by_text("Ann places a worker").wait_for(timeout=60_000)
            time.sleep(5)  # past the first reruns
            before = cpu_seconds(proc.pid)
            time.sleep(SECONDS)
            spent = cpu_seconds(proc.pid) - before
            browser.close()
        store.close()
    per_viewer_minute = spent / VIEWERS * 60 / SECONDS
    print(f"revision read: {read_ms:.3f} ms each (1000 reads)")
    print(f"{VIEWERS} idle viewers for {SECONDS} s: server CPU {spent:.2f} s")
    print(f"per idle viewer per minute: {per_viewer_minute * 1000:.0f} ms of server CPU")


if __name__ == "__main__":
    main()
