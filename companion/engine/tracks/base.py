"""What a track module is made of (one module per track, beside this file).

A track's question comes as two functions: ``legal(state, draft, most)``, its legal
answers without words (what playouts, settling and probing read; ``most``: a caller that
only counts outcomes needs no more moves than that), and ``words(state, legal)``, the
Decision the table sees, built from those moves only when someone looks. Beside them,
``told(state, event, player)``: what an answer to it did, in words (``engine.told``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.decisions import Decision, Legal, legal_of
from companion.engine.state import GameState

LegalMoves = Callable[[GameState, Mapping[str, Any], "int | None"], Legal]
Words = Callable[[GameState, Legal], Decision]
Told = Callable[[GameState, Any, str], str]  # (state before, parsed event, who) -> words


@dataclass(frozen=True)
class Question:
    """One event type's question: its legal moves, and its words."""

    type: str
    legal: LegalMoves
    words: Words | None = None  # None: the moves are the answers of ``Legal.worded``
    told: Told | None = None  # what an answer did, in words (None: ``engine.told`` says it)


def written(type_: str, ask: Callable[[GameState, dict[str, Any]], Decision],
            told: Told | None = None) -> Question:
    """A question its module writes with its words at once (reports, powers, the standing
    actions: seldom asked, so never worth a second function)."""

    def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
        return legal_of(ask(state, dict(draft)))  # (some write into their draft)

    return Question(type_, legal, told=told)
