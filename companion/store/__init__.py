"""Saved games (SQLAlchemy): SQLite by default, PostgreSQL (or any URL) via COMPANION_DB_URL.

The event log is the game; summaries and statistics are derived from it. See docs/store.md.
"""

from companion.store.db import default_url, make_engine
from companion.store.store import (
    GameListing,
    GameNotFound,
    NationStats,
    PlayerStats,
    RebuildReport,
    Store,
    StoredGame,
)
from companion.store.summary import Summary, summarize

__all__ = [
    "GameListing", "GameNotFound", "NationStats", "PlayerStats", "RebuildReport", "Store",
    "StoredGame", "Summary", "default_url", "make_engine", "summarize",
]
