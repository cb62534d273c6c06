"""Every export, for the command line and the History page: ``json`` (our bundle: game
records, score-sheet records and result records, each with its date), ``csv`` (the history,
one row per game and player), ``bgstats`` (a BG Stats export) and ``bgg`` (BoardGameGeek play
XML). The last two hold finished games only: other apps log plays, not games under way."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from companion.exchange.bgg import to_bgg_xml
from companion.exchange.bgstats import to_bgstats
from companion.exchange.plays import plays
from companion.i18n import _
from companion.store import Store, WrongKind

FORMATS = ("json", "csv", "bgstats", "bgg")
Progress = Callable[[float, str], None]


def bundle(store: Store, ids: Sequence[int], progress: Progress | None = None) -> str:
    """Many games in one JSON file ({"games": [...]}, each with its date), as import reads;
    score sheets and results go in as their own records (which carry their dates)."""
    games = []
    for i, game_id in enumerate(ids, start=1):
        try:
            stored = store.load(game_id)
            games.append({**stored.game.record(), "created": stored.created.isoformat()})
        except WrongKind:
            games.append(store.export_record(game_id))
        if progress:
            progress(i / len(ids), _("{done} of {total}").format(done=i, total=len(ids)))
    return json.dumps({"games": games}, ensure_ascii=False)


def export(store: Store, fmt: str, ids: Sequence[int] | None = None,
           progress: Progress | None = None) -> str:
    """The games ``ids`` (default: every game, oldest first) in format ``fmt``."""
    if fmt not in FORMATS:
        raise ValueError(f"the format is one of {', '.join(FORMATS)}, not {fmt!r}")
    chosen = list(ids) if ids is not None else store.game_ids()
    if fmt == "json":
        return bundle(store, chosen, progress)
    if fmt == "csv":
        return store.export_history_csv(ids=chosen)
    finished = plays(store, chosen)
    if fmt == "bgstats":
        return json.dumps(to_bgstats(finished), indent=2, ensure_ascii=False)
    return to_bgg_xml(finished)


def unfinished(store: Store, ids: Sequence[int] | None = None) -> list[int]:
    """Games a BG Stats or BoardGameGeek file leaves out (not finished)."""
    chosen = list(ids) if ids is not None else store.game_ids()
    done = {p.game_id for p in plays(store, chosen)}
    return [i for i in chosen if i not in done]
