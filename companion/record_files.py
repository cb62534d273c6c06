"""One loader for every way a record comes in: the command line, the History upload and the
store's import.

A file holds a record, a list of records, or a bundle (``{"games": [...]}``, as the History
exports it). Before anything is parsed, a file larger than the limit is refused (so a huge
upload costs no more memory than its bytes); then the text must be UTF-8 (with or without a
byte-order mark) and JSON without ``NaN``, infinities or numbers of absurd length; then each
record is checked for depth, size and characters no database can store. Every refusal is a
``RecordError`` (a ``MalformedInput``) whose message is a sentence for the table.

Limits (``Limits.from_env``): ``COMPANION_MAX_RECORD_MB`` (default 5) per record and
``COMPANION_MAX_FILE_MB`` (default 20) per file.

>>> parse_bytes(b'\\xef\\xbb\\xbf{"format": "x"}', "a.json")
[{'format': 'x'}]
>>> parse_bytes(b'{"games": [{"a": 1}, {"b": 2}]}', "bundle.json")
[{'a': 1}, {'b': 2}]
>>> parse_bytes("{}".encode("utf-16"), "b.json")
Traceback (most recent call last):
...
companion.record_files.RecordError: b.json is UTF-16 text, not UTF-8: save it as UTF-8 and try again
>>> check_record({"a": [[[[1]]]]}, Limits(depth=3))
Traceback (most recent call last):
...
companion.record_files.RecordError: the record is nested more than 3 levels deep
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import MalformedInput, shown
from companion.i18n import _, format_number

MB = 1_000_000
MAX_DIGITS = 30  # no number in a record needs more; Python refuses past 4,300 anyway
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class RecordError(MalformedInput):
    """A file or record the app cannot read (size, encoding, JSON, depth, characters)."""


@dataclass(frozen=True)
class Limits:
    record_bytes: int = 5 * MB
    file_bytes: int = 20 * MB
    depth: int = 20  # a game record needs 7 levels, a bundle 2 more

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The limits, with ``COMPANION_MAX_RECORD_MB`` / ``COMPANION_MAX_FILE_MB`` if set.

        >>> Limits.from_env({"COMPANION_MAX_RECORD_MB": "0.5"}).record_bytes
        500000
        """
        env = os.environ if environ is None else environ
        default = cls()
        return cls(record_bytes=_megabytes(env, "COMPANION_MAX_RECORD_MB", default.record_bytes),
                   file_bytes=_megabytes(env, "COMPANION_MAX_FILE_MB", default.file_bytes))


def _megabytes(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    return int(value * MB) if math.isfinite(value) and value > 0 else default


def size_text(n: int) -> str:
    """A size in words.

    >>> size_text(52_428_800), size_text(20_000)
    ('52.4 MB', '20 kB')
    """
    if n >= MB / 10:
        return _("{size} MB").format(size=format_number(round(n / MB, 1), "#,##0.0"))
    return _("{size} kB").format(size=format_number(round(n / 1000)))


# ---------------------------------------------------------------- parsing


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(_("a number with {digits} digits is not a count, amount or id").format(
                              digits=digits))
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2 or not math.isfinite(value := float(text)):
        raise RecordError(_("{text} is not a number a record can hold").format(text=text[:20]))
    return value


def _parse_constant(text: str) -> Any:
    raise RecordError(_("{text} is not a number a record can hold").format(text=text))


def _decode(data: bytes, source: str) -> str:
    if data.startswith(UTF16_BOMS):
        raise RecordError(_("{source} is UTF-16 text, not UTF-8: save it as UTF-8 and try "
                            "again").format(source=source))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(_("{source} is not UTF-8 text (the byte at position {start} cannot "
                            "be read): save it as UTF-8 and try again").format(
                              source=source, start=exc.start)) from None


def _loads(text: str, source: str) -> Any:
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(_("{source} is not JSON (line {lineno}, column {colno}: {lower})").format(
                              source=source, lineno=exc.lineno, colno=exc.colno,
                              lower=exc.msg.lower())) from None
    except RecursionError:
        raise RecordError(_("{source} is nested too deeply to be a record").format(
            source=source)) from None
    except RecordError as exc:
        raise RecordError(_("{source}: {why}").format(source=source, why=exc)) from None


def records_in(payload: Any) -> list[Any]:
    """A record, a list of records, or ``{"games": [...]}`` (as bundles are written)."""
    if isinstance(payload, list):
        return payload
    games = payload.get("games") if isinstance(payload, dict) else None
    return games if isinstance(games, list) else [payload]


def parse_bytes(data: bytes, source: str, limits: Limits | None = None) -> list[Any]:
    """The records in a file's bytes, each checked (``check_record``), or ``RecordError``."""
    limits = limits or Limits.from_env()
    return records_of(parse_payload(data, source, limits), len(data), source, limits)


def parse_payload(data: bytes, source: str, limits: Limits | None = None) -> Any:
    """A file's JSON (size checked first, then UTF-8 and JSON), not yet taken apart."""
    limits = limits or Limits.from_env()
    check_file_size(len(data), source, limits)
    return _loads(_decode(data, source), source)


def records_of(payload: Any, size: int, source: str, limits: Limits | None = None) -> list[Any]:
    """The records of a file's JSON (``size``: the file's bytes), each checked."""
    limits = limits or Limits.from_env()
    records = records_in(payload)
    single = len(records) == 1
    for index, record in enumerate(records, start=1):
        where = source if single else _("{source}, record {index}").format(
                                          source=source, index=index)
        try:
            check_record(record, limits, size=size if single else None)
        except RecordError as exc:
            raise RecordError(_("{source}: {why}").format(source=where, why=exc)) from None
    return records


def check_file_size(size: int, source: str, limits: Limits | None = None) -> None:
    limits = limits or Limits.from_env()
    if size > limits.file_bytes:
        raise RecordError(_("{source} is {size_text}; a file of records is at most "
                            "{size_text2} (COMPANION_MAX_FILE_MB)").format(
                              source=source, size_text=size_text(size),
                              size_text2=size_text(limits.file_bytes)))


def read_file(path: str | Path, limits: Limits | None = None) -> bytes:
    """A file's bytes, its size checked before a byte of it is read (``RecordError``); a
    file that cannot be read raises its ``OSError``."""
    limits = limits or Limits.from_env()
    with open(path, "rb") as handle:
        check_file_size(os.fstat(handle.fileno()).st_size, str(path), limits)
        return handle.read(limits.file_bytes + 1)


def read_path(path: str | Path, limits: Limits | None = None) -> list[Any]:
    """The records in a file: its size is checked before a byte of it is read."""
    limits = limits or Limits.from_env()
    source = str(path)
    try:
        data = read_file(path, limits)
    except OSError as exc:
        raise RecordError(_("cannot read {source}: {problem}").format(
                              source=source, problem=exc.strerror or _("unknown error"))) from None
    return parse_bytes(data, source, limits)


# ---------------------------------------------------------------- one record


def check_record(record: Any, limits: Limits | None = None, *, size: int | None = None) -> None:
    """Refuse a record nested too deeply, too large (``size``: its bytes, else estimated) or
    holding text no database can store (lone surrogates, from ``\\ud800`` escapes)."""
    limits = limits or Limits.from_env()
    estimate = 0
    stack: list[tuple[Any, tuple[Any, ...]]] = [(record, ())]
    while stack:
        node, path = stack.pop()
        if len(path) >= limits.depth:
            raise RecordError(_("the record is nested more than {depth} levels deep").format(
                                  depth=limits.depth))
        if isinstance(node, dict):
            for key, value in node.items():
                estimate += _text_size(key, path) + 1
                stack.append((value, (*path, key)))
        elif isinstance(node, list | tuple):
            stack.extend((value, (*path, i)) for i, value in enumerate(node))
            estimate += len(node)
        elif isinstance(node, str):
            estimate += _text_size(node, path)
        else:
            estimate += 4
    size = estimate if size is None else size
    if size > limits.record_bytes:
        raise RecordError(_("the record is about {size_text}; a record is at most "
                            "{size_text2} (COMPANION_MAX_RECORD_MB)").format(
                              size_text=size_text(size),
                              size_text2=size_text(limits.record_bytes)))


def _text_size(text: object, path: tuple[Any, ...]) -> int:
    if not isinstance(text, str):
        return 4
    if text.isascii():
        return len(text) + 2
    try:
        return len(text.encode("utf-8")) + 2
    except UnicodeEncodeError:
        where = ".".join(shown(p).strip("'") for p in path) or "the record"
        raise RecordError(_("{where}: text with an unpaired surrogate (an escape such as "
                            "\\ud800 that stands for no character)").format(where=where)) from None
