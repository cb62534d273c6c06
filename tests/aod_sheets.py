"""Age of Discovery score sheets for tests, written the way the family reads them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.games import Sheet, family


def aod_player(name: str, **entries: Any) -> dict[str, Any]:
    """One player's entries (tuples as the lists a record holds)."""
    return {"name": name, **{k: list(v) if isinstance(v, tuple) else v
                             for k, v in entries.items()}}


def aod_sheet(players: Iterable[Mapping[str, Any]], edition: str = "empires",
              builders: bool = False, note: str = "") -> Sheet:
    """A sheet as the family parses it (not yet checked)."""
    return family("age-of-discovery").parse({"edition": edition, "builders": builders,
                                             "note": note, "players": list(players)})
