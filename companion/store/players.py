"""One player across games: names that differ only by case or width are the same person in
the statistics (``Ann`` in one game and ``ANN`` in the next), as they are within a game.

>>> from companion.store.history import PlayerStats
>>> rows = [PlayerStats("Ann", 3, 2, 2 / 3, 30.0, 40), PlayerStats("ANN", 1, 0, 0.0, 10.0, 10)]
>>> [(s.name, s.games, s.wins, s.average_vp, s.best_vp) for s in merge_same_players(rows)]
[('Ann', 4, 2, 25.0, 40)]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from companion.text import name_key

S = TypeVar("S", bound=Any)


def merge_same_players(stats: list[S]) -> list[S]:
    """Rows of ``PlayerStats`` (ordered by wins, games, name) with the rows of one player
    merged: games and wins added, average VP weighted by games, best VP the best; the name
    is the spelling used in most games. Unchanged when no two rows are the same player."""
    groups: dict[str, list[S]] = {}
    for row in stats:
        groups.setdefault(name_key(row.name), []).append(row)
    if len(groups) == len(stats):
        return stats
    merged = []
    for rows in groups.values():
        games = sum(r.games for r in rows)
        wins = sum(r.wins for r in rows)
        merged.append(replace(
            max(rows, key=lambda r: r.games), games=games, wins=wins, win_rate=wins / games,
            average_vp=sum(r.average_vp * r.games for r in rows) / games,
            best_vp=max(r.best_vp for r in rows)))
    return sorted(merged, key=lambda r: (-r.wins, -r.games, r.name))
