"""The History upload goes through the one record loader: every bad file is a sentence in the
report, never an exception on the page; good records next to it are imported."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

from companion.ui import library, playing

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "four-player-builders.json"


def test_bad_files_are_sentences_and_good_ones_are_imported(data_dir):
    good = EXAMPLE.read_bytes()
    files = [
        ("latin1.json", EXAMPLE.read_text().replace('"Ann"', '"Anaïs"').encode("latin-1")),
        ("deep.json", b"[" * 100_000 + b"]" * 100_000),
        ("digits.json", b'{"format": ' + b"9" * 5000 + b"}"),
        ("utf16.json", EXAMPLE.read_text().encode("utf-16")),
        ("surrogate.json", b'{"setup": {"players": [{"name": "\\udc00"}]}}'),
        ("good.json", b"\xef\xbb\xbf" + good),
    ]
    report = library.import_files(files)
    assert len(report.imported) == 1
    assert [f.split(" ")[0] for f in report.failed] == [
        "latin1.json", "deep.json", "digits.json:", "utf16.json", "surrogate.json:"]
    for failure in report.failed:
        for word in ("Error", "Traceback", "codec", "0x", "recursion"):
            assert word not in failure, failure


def test_a_file_over_the_limit_is_refused_before_it_is_parsed(data_dir, monkeypatch):
    monkeypatch.setenv("COMPANION_MAX_FILE_MB", "1")
    record = json.loads(EXAMPLE.read_text())
    bundle = json.dumps({"games": [record] * 40}).encode()  # about 1.5 MB
    report = library.import_files([("big.json", bundle)])
    assert report.imported == []
    assert report.failed == [f"big.json is {len(bundle) / 1e6:.1f} MB; a file of records is "
                             "at most 1.0 MB (COMPANION_MAX_FILE_MB)"]


def test_a_bad_date_in_a_bundle_dates_the_game_now(data_dir):
    record = {**json.loads(EXAMPLE.read_text()), "created": "0001-01-01T00:00:00+01:00"}
    report = library.import_files([("dated.json", json.dumps(record).encode())])
    assert len(report.imported) == 1 and report.failed == []


def test_refusing_a_50_mb_upload_costs_little_memory(data_dir):
    """The upload limit is checked before the bytes are decoded or parsed: refusing a 50 MB
    file allocates almost nothing beside the file itself (Python's own allocations traced
    during the call; the whole-process peak is printed by bench/bench_import_memory.py)."""
    record = EXAMPLE.read_bytes()
    copies = 50_000_000 // len(record) + 1
    parts = [b'{"games": [' + record] + [record] * (copies - 2) + [record + b"]}"]
    data = b",".join(parts)
    tracemalloc.start()
    try:
        report = library.import_files([("big.json", data)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.failed and not report.imported, report
    assert peak < 5_000_000, f"refusing the file allocated {peak / 1e6:.1f} MB"


def test_a_game_saved_before_the_checks_that_refuse_it_opens_as_a_sentence(store):
    from sqlalchemy import text as sql

    stored = store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    with store.engine.begin() as conn:  # as an older version could have saved it
        setup = {"players": [{"name": "Ann\u200b"}, {"name": "Bob"}]}
        conn.execute(sql("UPDATE games SET setup = :s WHERE id = :id"),
                     {"s": json.dumps(setup), "id": stored.id})
    outcome = library.load_game(stored.id)
    assert outcome.stored is None and "players.0.name" in outcome.error
    assert playing.open_game(stored.id).error == outcome.error
