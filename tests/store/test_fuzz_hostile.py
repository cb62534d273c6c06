"""Fuzz: random mutations of valid records, and random bytes, through the loader and the store.

Every outcome is one of two: refused with the project's error (an ``EngineError``) whose
message has none of Python's words, and nothing stored; or accepted, and then the stored game
replays (an older record the rules refuse part-way: up to that event, read-only), scores,
exports as JSON (without NaN) and as CSV. On SQLite, and on PostgreSQL too
when COMPANION_TEST_PG_URL is set. Runs with ``-s`` print the counts.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import RECORD_VERSION, EngineError, Game, standings
from companion.games import family
from companion.games.sheet_records import is_sheet_record, read_sheet_record
from companion.record_files import parse_bytes
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
GAME = json.loads((ROOT / "docs" / "examples" / "four-player-builders.json").read_text())
GAME["events"] = GAME["events"][:80]  # two turns: every kind of early event, a quick replay
SHEET = {
    "format": "age-of-discovery-companion/score-sheet", "version": 1,
    "created": "2024-06-07T20:00:00+00:00", "edition": "empires", "builders": True,
    "note": "Friday",
    "players": [
        {"name": "Ann", "colour": "red", "colony": [6, 8, 10], "discoveries": ["t01"],
         "buildings": ["navy"], "goods": {"fur": 3}, "ships": 2, "money": 12},
        {"name": "Bob", "colony": [6, 8, 10], "money": 30, "bought": 2},
    ],
}
BASES = [GAME, SHEET]

# What a message must never show: Python's own words for what went wrong.
PYTHON_WORDS = re.compile(
    r"Traceback|(Key|Type|Attribute|Value|Index|Recursion|Overflow|Unicode\w*)Error|"
    r"unhashable|NoneType|not subscriptable|has no attribute|object at 0x|<class|__|"
    r"instance of|invalid literal|sqlalchemy|psycopg|sqlite3")

SETTINGS = settings(
    max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "100")), deadline=None,
    derandomize=bool(os.environ.get("CI")),  # CI: the same examples every run
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

COUNTS: Counter[str] = Counter()

# ---------------------------------------------------------------- hostile values

HOSTILE_TEXT = [
    "", " ", "   ", "\r", "Ann\r", "Ann\x00", "\x00", "Ann\u200b", "Jose\u0301", "ANN", "ann",
    "\uff21nn", "=HYPERLINK(\"http://x\")", "+1+cmd|' /C calc'!A0", "@SUM(A1)", "-1", "\t=1",
    "\ud800", "\udfff", "👩\u200d🚀", "\u202eevil", "x" * 5000, "1.0", "true", "null", "NaN",
    "peru", "caribbean", "t01", "fur", "colonist", "captain", "dock", "Bob", "Cleo", "card",
    "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-05:00", "age-of-discovery-companion/game",
]
NUMBERS = [0, 1, -1, 3, 2**31, 2**31 - 1, -(2**31), 2**63, -(2**63), 10**30, 3.0, 0.5, -0.0,
           float("nan"), float("inf"), True, False]
text = st.one_of(st.sampled_from(HOSTILE_TEXT),
                 st.text(st.characters(exclude_characters="_<>", exclude_categories=()),
                         max_size=12))
scalars = st.one_of(st.sampled_from(NUMBERS), st.integers(), st.floats(), st.booleans(),
                    st.none(), text)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)), max_leaves=8)


def deep(n: int) -> Any:
    value: Any = 1
    for _ in range(n):
        value = [value]
    return value


# ---------------------------------------------------------------- mutations


def paths(record: Any, most: int = 12) -> list[tuple]:
    """Every place in a record down to ``most`` levels (not into a deep mutation)."""
    found, stack = [], [((), record)]
    while stack:
        path, node = stack.pop()
        found.append(path)
        if len(path) >= most:
            continue
        if isinstance(node, dict):
            stack += [((*path, k), v) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [((*path, i), v) for i, v in enumerate(node)]
    return found


def at(record: Any, path: tuple) -> Any:
    for key in path:
        record = record[key]
    return record


def renamed(node: Any, old: str, new: Any) -> Any:
    """The record with a player's name replaced everywhere (values and keys)."""
    if isinstance(node, dict):
        return {(new if k == old and isinstance(new, str) else k): renamed(v, old, new)
                for k, v in node.items()}
    if isinstance(node, list):
        return [renamed(v, old, new) for v in node]
    return new if node == old else node


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    record = copy.deepcopy(draw(st.sampled_from(BASES)))
    if draw(st.booleans()):  # a hostile name for a seat, everywhere it is named
        seat = draw(st.sampled_from(record["players"] if "players" in record
                                    else record["setup"]["players"]))
        record = renamed(record, seat["name"], draw(text))
        if draw(st.booleans()):
            return record
    for _ in range(draw(st.integers(1, 3))):
        places = paths(record)
        path = draw(st.sampled_from(places))
        operation = draw(st.sampled_from(["replace", "replace", "delete", "add", "wrap", "deep",
                                          "duplicate"]))
        if not path:
            if operation in ("replace", "wrap"):
                record = draw(values) if operation == "replace" else [record]
            continue
        parent, key = at(record, path[:-1]), path[-1]
        if operation == "replace":
            parent[key] = draw(values)
        elif operation == "delete":
            del parent[key]
        elif operation == "add" and isinstance(parent, dict):
            parent[draw(text)] = draw(values)
        elif operation == "add":
            parent.insert(key, draw(values))
        elif operation == "wrap":
            parent[key] = [parent[key]]
        elif operation == "deep":
            parent[key] = deep(draw(st.sampled_from([25, 200, 5000])))
        elif isinstance(parent, list):  # duplicate an event, a player, a region
            parent.insert(key, parent[key])  # the same object twice: records are read only
    return record


# ---------------------------------------------------------------- the property


def clean(message: str) -> None:
    assert message and not PYTHON_WORDS.search(message), message


def scorable_and_exportable(store: Store, game_id: int) -> None:
    exported = store.export_record(game_id)
    text_form = json.dumps(exported, allow_nan=False, ensure_ascii=False)
    again = json.loads(text_form)
    if is_sheet_record(again):
        sheet, _ = read_sheet_record(again)
        assert [p.total for p in family(sheet.game).score(sheet).players]
    else:
        game, refusal = Game.load_record(again)
        stored = store.load(game_id)
        # only an older record the rules refuse part-way is kept, read-only up to that event
        assert (refusal is None) == (not stored.read_only)
        if refusal is not None:
            assert again["version"] != RECORD_VERSION and refusal.index == stored.refused.index
        assert len(standings(game.state)) == len(game.setup.players)
    assert store.export_history_csv().count("\n") > 1


def import_one(store: Store, record: Any) -> None:
    before = store.count_games()
    try:
        stored = store.import_record(record)
    except EngineError as exc:
        clean(str(exc))
        assert store.count_games() == before  # a refusal stores nothing
        COUNTS["refused"] += 1
        event("refused")
        return
    COUNTS["accepted"] += 1
    event("accepted")
    scorable_and_exportable(store, stored.id)


@SETTINGS
@given(record=mutated_records())
def test_a_mutated_record_is_refused_cleanly_or_stored_whole(store: Store, record: Any) -> None:
    COUNTS["records"] += 1
    import_one(store, record)
    try:  # the same record as a file, through the loader
        data = json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):
        return  # not writable as JSON text at all
    try:
        loaded = parse_bytes(data, "mutated.json")
    except EngineError as exc:
        clean(str(exc))
        COUNTS["file refused"] += 1
        return
    for one in loaded:
        import_one(store, one)


GOOD_BYTES = json.dumps(GAME).encode()


@st.composite
def hostile_bytes(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["random", "flipped", "cut", "prefixed"]))
    if kind == "random":
        return draw(st.binary(max_size=400))
    data = bytearray(GOOD_BYTES)
    if kind == "flipped":
        for _ in range(draw(st.integers(1, 8))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    elif kind == "cut":
        del data[draw(st.integers(0, len(data) - 1)):]
    else:
        data[:0] = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b"[" * 3000,
                                         b"\xef\xbb\xbf\xef\xbb\xbf"]))
    return bytes(data)


@SETTINGS
@given(data=hostile_bytes())
def test_random_bytes_are_refused_with_a_sentence_or_stored_whole(store: Store,
                                                                   data: bytes) -> None:
    COUNTS["files"] += 1
    try:
        records = parse_bytes(data, "upload.json")
    except EngineError as exc:
        clean(str(exc))
        COUNTS["file refused"] += 1
        event("file refused")
        return
    for record in records:
        import_one(store, record)


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    print(f"\nfuzz counts: {dict(COUNTS)}")
