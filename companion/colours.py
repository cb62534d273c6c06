"""How the app draws its colours: each player colour, the VP categories, the score sheets'
categories. Values only (plain Python, no Streamlit, no plotly), so that the charts, the pages
and the report's picture draw a player or a category alike; their names in words are
``companion.names.colour``'s.

>>> player_colours({"A": "blue", "B": None, "C": ""})
{'A': 'blue', 'B': 'red', 'C': 'yellow'}
>>> category_colours(["economy", "glory"])
{'economy': '#2e5fa8', 'glory': '#2e5fa8'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.rules.nations import COLOURS

PLAYER_HEX = {
    "red": "#c0392b", "yellow": "#d4ac0d", "blue": "#2e5fa8", "green": "#2e8b57",
    "orange": "#e67e22", "purple": "#7d3c98", "white": "#9e9e9e", "black": "#222222",
}
# the VP categories of an Age of Discovery score, each its own colour on every chart
CATEGORY_HEX = {
    "colony": "#2e8b57", "discoveries": "#8b3a1a", "buildings": "#d4ac0d",
    "economy": "#2e5fa8", "bought": "#9e9e9e",
}
# another game's categories, in the game's order
SHEET_PALETTE = ("#8b3a1a", "#2e5fa8", "#2e8b57", "#d4ac0d", "#7d3c98", "#9e9e9e",
                 "#c0392b", "#17a589")


def player_colours(chosen: Mapping[str, str | None]) -> dict[str, str]:
    """Each player's colour id (``chosen``: player -> colour id or none, in seat order);
    players who chose none get a free one in seat order ("" once all are taken)."""
    spare = [c for c in COLOURS if c not in set(chosen.values())]
    return {name: c if c in PLAYER_HEX else (spare.pop(0) if spare else "")
            for name, c in chosen.items()}


def category_colours(categories: Iterable[str]) -> dict[str, str]:
    """Each category's colour: an Age of Discovery category its own, another game's the
    palette's in order."""
    return {c: CATEGORY_HEX.get(c) or SHEET_PALETTE[i % len(SHEET_PALETTE)]
            for i, c in enumerate(categories)}
