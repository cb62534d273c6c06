"""One loader for every way a record comes in: size before anything is read, UTF-8 with or
without a byte-order mark, JSON without NaN or absurd numbers, a depth limit, and a sentence
for every refusal (the command line exits 1 with it; nothing raises past it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.record_files import (
    Limits,
    RecordError,
    check_record,
    parse_bytes,
    read_path,
    size_text,
)

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "four-player-builders.json"
PYTHON_WORDS = ("Traceback", "Error:", "codec", "0x", "recursion", "sys.set_int_max")


def cli_refuses(tmp_path: Path, capsys, data: bytes, *words: str) -> str:
    path = tmp_path / "record.json"
    path.write_bytes(data)
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    for word in words:
        assert word in err, err
    for word in PYTHON_WORDS:
        assert word not in err, err
    return err


def test_utf8_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    assert main(["check", str(path)]) == 0
    assert "valid" in capsys.readouterr().out


def test_latin1_text_is_refused_with_a_sentence(tmp_path, capsys):
    record = EXAMPLE.read_text().replace('"Ann"', '"Anaïs"')
    cli_refuses(tmp_path, capsys, record.encode("latin-1"), "is not UTF-8 text",
                "save it as UTF-8")


def test_utf16_is_refused_with_a_sentence(tmp_path, capsys):
    cli_refuses(tmp_path, capsys, EXAMPLE.read_text().encode("utf-16"), "is UTF-16 text")


def test_deep_nesting_is_refused_with_a_sentence(tmp_path, capsys):
    cli_refuses(tmp_path, capsys, b"[" * 100_000 + b"]" * 100_000, "nested too deeply")
    cli_refuses(tmp_path, capsys, b'{"a":' * 30 + b"1" + b"}" * 30, "nested more than 20")


def test_a_5000_digit_number_is_refused_with_a_sentence(tmp_path, capsys):
    record = json.loads(EXAMPLE.read_text())
    text = json.dumps(record).replace('"money": null', '"money": ' + "9" * 5000, 1)
    cli_refuses(tmp_path, capsys, text.encode(), "a number with 5000 digits")


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity", b"1e999"])
def test_numbers_a_record_cannot_hold_are_refused(number):
    with pytest.raises(RecordError, match="is not a number a record can hold"):
        parse_bytes(b'{"vp": ' + number + b"}", "r.json")


def test_a_lone_surrogate_is_refused_naming_where_it_is():
    with pytest.raises(RecordError, match=r"setup\.players\.0\.name: text with an unpaired"):
        parse_bytes(b'{"setup": {"players": [{"name": "Ann\\ud800"}]}}', "r.json")


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_MAX_FILE_MB", "0.01")
    err = cli_refuses(tmp_path, capsys, EXAMPLE.read_bytes(), "a file of records is at most",
                      "COMPANION_MAX_FILE_MB")
    assert f"is {size_text(EXAMPLE.stat().st_size)};" in err  # the file's own size


def test_a_record_over_its_limit_is_refused_inside_a_bundle():
    record = json.loads(EXAMPLE.read_text())
    bundle = json.dumps({"games": [record, record]}).encode()
    limits = Limits(record_bytes=10_000)
    with pytest.raises(RecordError, match="record 1: the record is about .* at most 10 kB"):
        parse_bytes(bundle, "bundle.json", limits)
    assert len(parse_bytes(bundle, "bundle.json", Limits())) == 2


def test_limits_come_from_the_environment():
    limits = Limits.from_env({"COMPANION_MAX_RECORD_MB": "2", "COMPANION_MAX_FILE_MB": "nan"})
    assert (limits.record_bytes, limits.file_bytes) == (2_000_000, Limits().file_bytes)


def test_a_bundle_is_refused_by_check_with_a_sentence(tmp_path, capsys):
    record = json.loads(EXAMPLE.read_text())
    cli_refuses(tmp_path, capsys, json.dumps([record, record]).encode(), "holds 2 records")


def test_a_missing_file_is_a_sentence(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_a_float_count_makes_check_refuse_the_record(tmp_path, capsys):
    record = json.loads(EXAMPLE.read_text())
    record["events"].append({"type": "correction", "player": "Ann", "reason": "x",
                             "goods": {"fur": 1.0}})
    cli_refuses(tmp_path, capsys, json.dumps(record).encode(), "correction.goods.fur")


def test_records_from_the_store_are_checked_the_same_way():
    with pytest.raises(RecordError, match="nested more than 3"):
        check_record({"a": {"b": {"c": {}}}}, Limits(depth=3))
    assert read_path(EXAMPLE)[0]["format"] == "age-of-discovery-companion/game"
