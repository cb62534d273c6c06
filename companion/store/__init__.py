"""Saved games (SQLAlchemy): SQLite by default, PostgreSQL (or any URL) via COMPANION_DB_URL.

The event log is the game (score sheets: their inputs are); summaries and statistics are derived
from it. See docs/store.md.
"""

from companion.store.access import GameNotFound, WrongKind
from companion.store.db import default_url, make_engine
from companion.store.errors import DatabaseProblem, UnstorableValue
from companion.store.health import open_store
from companion.store.history import (
    FamilyStats,
    FinishedGame,
    FinishedSeat,
    GameListing,
    NationStats,
    PlayerFamilyStats,
    PlayerStats,
)
from companion.store.live import StoredGame
from companion.store.results import StoredResult
from companion.store.settings import GameSettings
from companion.store.sheets import StoredSheet
from companion.store.store import RebuildReport, Store
from companion.store.summary import Summary, summarize, summarize_scored, summarize_sheet

__all__ = [
    "DatabaseProblem", "FamilyStats", "FinishedGame", "FinishedSeat", "GameListing",
    "GameSettings",
    "GameNotFound", "NationStats", "PlayerFamilyStats", "PlayerStats", "RebuildReport", "Store",
    "StoredGame", "StoredResult", "StoredSheet", "Summary", "UnstorableValue",
    "WrongKind", "default_url", "make_engine", "open_store", "summarize", "summarize_scored",
    "summarize_sheet",
]
