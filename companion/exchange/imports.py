"""The one import: a file of our records (a record, a list, a bundle) or a BG Stats export.

Every file goes through the record loader first (size before a byte is parsed, UTF-8, JSON,
depth, characters no database stores). Then:

* a BG Stats export: its plays of the games we know become results, stored in one
  transaction; plays of other games are counted per game and skipped; a play that cannot be
  read is skipped with the reason. Each play is keyed by its uuid: a second import of the
  same file adds nothing. Player names are matched to the players kept here (``Ann`` and
  ``ANN`` are one player) unless ``names`` says who each one is.
* our own records: each is replayed (or checked and scored) and stored on its own, keyed
  by its content and its place among equal records of the file, so that importing the same
  file again adds nothing while two equal records in one file stay two games.

A file that is neither, or that claims to be a BG Stats export and is not, is refused with
a sentence and nothing of it is stored.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import RECORD_FORMAT
from companion.errors import Refused
from companion.exchange.bgstats import NotBgStats, is_bgstats, own_keys, read_bgstats
from companion.exchange.plays import plays
from companion.games.results import RESULT_FORMAT
from companion.games.sheet_records import SHEET_FORMAT
from companion.i18n import _, ngettext
from companion.record_files import Limits, RecordError, check_record, parse_payload, records_of
from companion.store import Store
from companion.text import iso_datetime, name_key

OURS = (RECORD_FORMAT, SHEET_FORMAT, RESULT_FORMAT)
Progress = Callable[[float, str], None]


@dataclass
class ImportReport:
    imported: list[int] = field(default_factory=list)  # new game ids
    already: list[int] = field(default_factory=list)  # games that held what came again
    failed: list[str] = field(default_factory=list)  # a refused file or record: why
    skipped: list[str] = field(default_factory=list)  # a play left out: which and why
    other_games: Counter[str] = field(default_factory=Counter)  # plays of games not kept

    def lines(self) -> list[str]:
        """The report in sentences, for the command line."""
        n = len(self.imported)
        out = [ngettext("Imported {n} game: {ids}", "Imported {n} games: {ids}", n).format(
                   n=n, ids=", ".join(f"#{i}" for i in self.imported)) if n
               else ngettext("Imported {n} game", "Imported {n} games", n).format(n=n)]
        if self.already:
            ids = ", ".join(f"#{i}" for i in self.already[:20]) + (
                ", …" if len(self.already) > 20 else "")
            out.append(_("Already kept, not added again: {n} ({ids})").format(
                n=len(self.already), ids=ids))
        if self.other_games:
            out.append(_("Skipped, games this app does not keep: {games}").format(
                games=", ".join(ngettext("{name} ({n} play)", "{name} ({n} plays)", n).format(
                    name=name, n=n) for name, n in self.other_games.most_common())))
        out += [_("Skipped {s}").format(s=s) for s in self.skipped]
        out += [_("Refused {f}").format(f=f) for f in self.failed]
        return out


def _looks_ours(record: Any) -> bool:
    return isinstance(record, Mapping) and (record.get("format") in OURS or "setup" in record)


def _record_date(record: Any):  # noqa: ANN202 - datetime | None
    created = record.get("created") if isinstance(record, Mapping) else None
    try:
        return iso_datetime(created) if created is not None else None
    except ValueError:
        return None  # an unreadable date: the game is dated now


def _record_keys(records: Sequence[Any]) -> list[str]:
    seen: Counter[str] = Counter()
    keys = []
    for record in records:
        digest = hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False)
                                .encode("utf-8", "surrogatepass")).hexdigest()
        seen[digest] += 1
        keys.append(f"record:{digest}:{seen[digest]}")
    return keys


def matcher(store: Store, names: Mapping[str, str] | None) -> Callable[[str], str]:
    """Who an imported name is here: the one ``names`` gives (by name, any case), else the
    player kept here whose name differs only by case or width, else the name as written."""
    given = {name_key(k): v for k, v in (names or {}).items()}
    kept = {name_key(n): n for n in store.player_names()}

    def rename(name: str) -> str:
        key = name_key(name)
        return given.get(key) or kept.get(key) or name

    return rename


@dataclass
class Incoming:
    """A file read and recognised, nothing stored yet."""

    source: str
    payload: Any = None  # a BG Stats export
    records: list[Any] = field(default_factory=list)  # our records

    @property
    def is_bgstats(self) -> bool:
        return self.payload is not None


def read(data: bytes, source: str, limits: Limits | None = None) -> Incoming:
    """Recognise a file (``RecordError`` / ``NotBgStats``: refused, with a sentence)."""
    limits = limits or Limits.from_env()
    payload = parse_payload(data, source, limits)
    if is_bgstats(payload):
        try:  # the whole export is one file's worth, not one record's
            check_record(payload, Limits(limits.file_bytes, limits.file_bytes, limits.depth))
        except RecordError as exc:
            raise RecordError(_("{source}: {why}").format(source=source, why=exc)) from None
        read_bgstats(payload, source)  # refuses a file that only claims to be one
        return Incoming(source, payload=payload)
    records = records_of(payload, len(data), source, limits)
    if not any(_looks_ours(r) for r in records):
        raise RecordError(_("{source} is JSON but neither a record of this app nor a BG "
                            "Stats export: nothing was imported").format(source=source))
    return Incoming(source, records=records)


def import_files(store: Store, files: Sequence[tuple[str, bytes]],
                 names: Mapping[str, str] | None = None,
                 progress: Progress | None = None) -> ImportReport:
    """Import every file (see the module doc); a refused file stops only itself."""
    report = ImportReport()
    batches = []
    for source, data in files:
        try:
            batches.append(read(data, source))
        except (RecordError, NotBgStats) as exc:
            report.failed.append(str(exc))
    if not batches:
        return report  # every file refused: the database is not touched
    return import_read(store, batches, names, progress, report)


def import_read(store: Store, batches: Sequence[Incoming],
                names: Mapping[str, str] | None = None, progress: Progress | None = None,
                report: ImportReport | None = None) -> ImportReport:
    """Store what ``read`` recognised (see the module doc)."""
    report = report or ImportReport()
    rename = matcher(store, names)
    # our own BG Stats export coming back: the games it came from (read once per import)
    own = own_keys(plays(store)) if any(b.is_bgstats for b in batches) else {}
    total = sum(1 if b.is_bgstats else len(b.records) for b in batches) or 1
    done = 0
    for batch in batches:
        if batch.is_bgstats:
            found = read_bgstats(batch.payload, batch.source, rename)
            report.skipped += [_("{source}, {play}").format(source=batch.source, play=s)
                               for s in found.skipped]
            report.other_games.update(found.other_games)
            report.already += [own[r.key] for r in found.results if r.key in own]
            added, already = store.import_results(
                [r for r in found.results if r.key not in own])
            report.imported += added
            report.already += already
            done += 1
            if progress:
                progress(done / total, _("{done} of {total}: {source}").format(
                    done=done, total=total, source=batch.source))
            continue
        single = len(batch.records) == 1
        for index, (record, key) in enumerate(zip(batch.records, _record_keys(batch.records),
                                                  strict=True), start=1):
            label = batch.source if single else _("{source}, record {index}").format(
                                                    source=batch.source, index=index)
            try:
                gid = store.import_keyed(record, key, created=_record_date(record))
                if gid is None:
                    report.already.append(store.known_import_keys([key]).get(key, 0))
                else:
                    report.imported.append(gid)
            except Refused as exc:
                report.failed.append(_("{source}: {why}").format(source=label, why=exc))
            done += 1
            if progress:
                progress(done / total, _("{done} of {total}: {source}").format(
                    done=done, total=total, source=label))
    return report
