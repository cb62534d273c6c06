"""Child process of the durability test: appends events to a saved game until it is killed.

    python tests/store/appender.py URL GAME_ID EVENTS_JSON

After each committed append it prints the new length of the log (one line, flushed), so the
parent knows what was acknowledged. The events are the file's list, then corrections forever.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def intended_event(events: list[dict[str, Any]], i: int) -> dict[str, Any]:
    """The ``i``-th event the child appends (the parent uses the same definition)."""
    if i < len(events):
        return events[i]
    return {"type": "correction", "player": ("Ann", "Bob")[i % 2], "reason": "durability",
            "money": 1}


def main() -> None:
    from companion.store import Store

    url, game_id, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, encoding="utf-8") as f:
        events = json.load(f)
    store = Store(url)
    stored = store.load(game_id)
    while True:  # as the app writes: guarded by the revision it saw, the state kept live
        stored = store.append(game_id, intended_event(events, stored.seq),
                              revision=stored.revision)
        print(stored.seq, flush=True)


if __name__ == "__main__":
    main()
