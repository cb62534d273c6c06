"""Discovery tokens (one per undiscovered region) and discovery cards (once all are found).

>>> len(TOKENS), len(CARDS)
(16, 16)
>>> CARDS["india"].dollars, CARDS["india"].natives
(6, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Discovery:
    id: str
    name: str
    kind: Literal["token", "card"]
    dollars: int
    dollars_per_soldier: int
    natives: int  # the resistance an expedition must match
    vp: int

    def loot(self, soldiers_sent: int) -> int:
        return self.dollars + self.dollars_per_soldier * soldiers_sent


# ($, $ per soldier, natives, VP), in the digest's order. Identical tokens get distinct ids.
_TOKEN_ROWS = [
    (1, 2, 1, 4), (1, 2, 1, 4), (1, 3, 2, 4), (1, 2, 2, 4), (1, 3, 2, 4),
    (2, 4, 3, 5), (2, 2, 3, 5), (2, 2, 3, 5), (1, 3, 3, 5), (1, 2, 3, 5),
    (2, 5, 3, 5), (3, 4, 4, 6), (4, 5, 4, 6), (3, 4, 4, 6), (4, 5, 5, 7),
    (2, 4, 5, 7),
]
TOKENS: dict[str, Discovery] = {
    f"t{i:02d}": Discovery(
        f"t{i:02d}", f"Token {i}: ${d}+${s}/soldier, natives {n}, {vp} VP", "token", d, s, n, vp
    )
    for i, (d, s, n, vp) in enumerate(_TOKEN_ROWS, start=1)
}

_CARD_ROWS = [
    ("mississippi", "The Mississippi", 2, 1, 3, 4),
    ("great_lakes", "The Great Lakes", 1, 2, 3, 4),
    ("pampas", "The Pampas", 2, 1, 3, 4),
    ("california", "California", 2, 1, 4, 4),
    ("philippines", "Philippines", 2, 1, 4, 5),
    ("south_seas", "South Seas", 2, 1, 4, 5),
    ("ethiopia", "Ethiopia", 3, 2, 4, 5),
    ("amazon", "The Amazon", 2, 1, 4, 4),
    ("northwest_territory", "The Northwest Territory", 2, 2, 4, 4),
    ("australia", "Australia", 2, 1, 4, 5),
    ("japan", "Japan (Chipangu)", 4, 3, 5, 5),
    ("siam", "Siam", 4, 2, 5, 5),
    ("spice_islands", "Spice Islands", 5, 3, 5, 6),
    ("india", "India", 6, 3, 6, 6),
    ("circumnavigate", "Circumnavigate the Globe", 8, 3, 6, 6),
    ("china", "China", 7, 3, 6, 6),
]
CARDS: dict[str, Discovery] = {
    cid: Discovery(cid, name, "card", d, s, n, vp) for cid, name, d, s, n, vp in _CARD_ROWS
}
DISCOVERIES: dict[str, Discovery] = {**TOKENS, **CARDS}
TOKENS_IN_PLAY = 8  # one per undiscovered region; the other 8 go back to the box


def discovery(discovery_id: str) -> Discovery:
    try:
        return DISCOVERIES[discovery_id]
    except KeyError:
        raise ValueError(f"unknown discovery token or card {discovery_id!r}") from None


def discovery_name(discovery_id: object) -> str:
    """How the table names a token or card: "Token 3", "India" (one naming everywhere; the
    ids like ``t03`` stay in the records).

    >>> discovery_name("t03"), discovery_name("india")
    ('Token 3', 'India')
    """
    found = DISCOVERIES.get(discovery_id) if isinstance(discovery_id, str) else None
    if found is None:
        return "an unknown token" if discovery_id is None else f"unknown token {discovery_id!r}"
    return found.name.split(":")[0] if found.kind == "token" else found.name
