"""Discovery tokens (one per undiscovered region) and discovery cards (once all are found).

>>> len(TOKENS), len(CARDS)
(16, 16)
>>> CARDS["india"].dollars, CARDS["india"].natives
(6, 6)
>>> TOKENS["t03"].face, discovery_name("t03") == discovery_name("t05")
('natives 2 · $1 + $3 per soldier · 4 VP', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from companion.i18n import _


@dataclass(frozen=True)
class Discovery:
    id: str
    name: str
    kind: Literal["token", "card"]
    dollars: int
    dollars_per_soldier: int
    natives: int  # the resistance an expedition must match
    vp: int

    @property
    def face_key(self) -> tuple[int, int, int, int]:
        """What its face shows, as numbers (natives, $, $ per soldier, VP): two tokens with
        the same key look the same. Compared without building words (``face``)."""
        return (self.natives, self.dollars, self.dollars_per_soldier, self.vp)

    def loot(self, soldiers_sent: int) -> int:
        return self.dollars + self.dollars_per_soldier * soldiers_sent

    @property
    def face(self) -> str:
        """What is printed on it: the natives, the money and the VP (a token carries no
        number or name, so two tokens with the same face are the same to the table)."""
        return _("natives {natives} · ${dollars} + ${per_soldier} per soldier · {vp} VP").format(
            natives=self.natives, dollars=self.dollars, per_soldier=self.dollars_per_soldier,
            vp=self.vp)


# ($, $ per soldier, natives, VP), in the digest's order. Identical tokens get distinct ids
# (the records keep which one), but show the same face.
_TOKEN_ROWS = [
    (1, 2, 1, 4), (1, 2, 1, 4), (1, 3, 2, 4), (1, 2, 2, 4), (1, 3, 2, 4),
    (2, 4, 3, 5), (2, 2, 3, 5), (2, 2, 3, 5), (1, 3, 3, 5), (1, 2, 3, 5),
    (2, 5, 3, 5), (3, 4, 4, 6), (4, 5, 4, 6), (3, 4, 4, 6), (4, 5, 5, 7),
    (2, 4, 5, 7),
]
TOKENS: dict[str, Discovery] = {
    f"t{i:02d}": Discovery(f"t{i:02d}", "token", "token", d, s, n, vp)
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
# Each token's face as numbers, looked up by id (legal moves compare faces, never words).
FACE_KEYS: dict[str, tuple[int, int, int, int]] = {t: d.face_key for t, d in TOKENS.items()}
TOKENS_IN_PLAY = 8  # one per undiscovered region; the other 8 go back to the box


def discovery(discovery_id: str) -> Discovery:
    try:
        return DISCOVERIES[discovery_id]
    except KeyError:
        raise ValueError(f"unknown discovery token or card {discovery_id!r}") from None


def discovery_name(discovery_id: object) -> str:
    """How the table names a token or card: a token by its printed face, a card by its title
    (one naming everywhere; the ids like ``t03`` stay in the records).

    >>> discovery_name("t01"), discovery_name("india")
    ('natives 1 · $1 + $2 per soldier · 4 VP', 'India')
    """
    found = DISCOVERIES.get(discovery_id) if isinstance(discovery_id, str) else None
    if found is None:
        return "an unknown token" if discovery_id is None else f"unknown token {discovery_id!r}"
    return found.face if found.kind == "token" else found.name


def same_face(token_ids: Iterable[str]) -> list[str]:
    """``token_ids`` with one id per printed face, the first of each kept (the table cannot
    tell identical tokens apart, nor does it need to: they pay the same).

    >>> same_face(["t01", "t02", "t03", "t05", "t04"])
    ['t01', 't03', 't04']
    """
    seen: dict[object, str] = {}
    keys = FACE_KEYS
    for t in token_ids:
        seen.setdefault(keys.get(t, t), t)
    return list(seen.values())


def listed_name(discovery_id: str) -> str:
    """A name for a list where identical tokens may both be picked (a player can own both):
    the face, and which of the identical ones.

    >>> listed_name("t02"), listed_name("t04")
    ('natives 1 · $1 + $2 per soldier · 4 VP (2 of 2)', 'natives 2 · $1 + $2 per soldier · 4 VP')
    """
    name = discovery_name(discovery_id)
    found = DISCOVERIES.get(discovery_id)
    if found is None or found.kind != "token":
        return name
    alike = [t for t in TOKENS.values() if t.face_key == found.face_key]
    if len(alike) == 1:
        return name
    return _("{token} ({k} of {n})").format(token=name, k=alike.index(found) + 1, n=len(alike))


def faces() -> list[tuple[Discovery, int]]:
    """Each distinct token face once, with how many tokens in the box show it."""
    counted: dict[tuple[int, int, int, int], list[Discovery]] = {}
    for t in TOKENS.values():
        counted.setdefault(t.face_key, []).append(t)
    return [(same[0], len(same)) for same in counted.values()]
