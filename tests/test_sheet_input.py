"""Score-sheet records and sheets typed on the page: the same checks on text and versions as
game records (names trimmed, NFC, one player per name whatever its case or width, notes
without control characters, whole-number versions, dates the databases can store)."""

from __future__ import annotations

import pytest

from companion.games import InvalidSheet, family
from companion.games.sheet_records import read_sheet_record
from tests.aod_sheets import aod_player, aod_sheet

RECORD = {
    "format": "age-of-discovery-companion/score-sheet", "version": 1,
    "players": [{"name": "Ann", "colony": [6, 8, 10]}, {"name": "Bob"}],
}


def from_record(record):
    """A sheet record read and checked, as an import reads it."""
    sheet, when = read_sheet_record(record)
    family(sheet.game).check(sheet)
    return sheet, when


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_sheet_version_is_the_whole_number_1(version):
    with pytest.raises(InvalidSheet, match="version"):
        from_record({**RECORD, "version": version})


@pytest.mark.parametrize("created", ["0001-01-01T00:00:00+00:30", "9999-12-31T23:00:00-02:00"])
def test_a_date_outside_the_calendar_is_refused(created):
    with pytest.raises(InvalidSheet, match="'created' is outside the calendar"):
        from_record({**RECORD, "created": created})


def test_names_are_trimmed_and_nfc_and_twins_refused():
    sheet, _ = from_record({**RECORD, "players": [{"name": " Jose\u0301\r"}, {"name": "Bob"}]})
    assert sheet.names == ("Jos\u00e9", "Bob")
    for twin in ("ann", "ＡＮＮ"):
        with pytest.raises(InvalidSheet, match=r"two players have the same name \(Ann and "):
            from_record({**RECORD, "players": [{"name": "Ann"}, {"name": twin}]})


@pytest.mark.parametrize("name", ["Ann\u200b", "Ann\x00", "A\rB", "\u2066Ann"])
def test_invisible_or_control_characters_in_a_name_are_refused_naming_the_seat(name):
    with pytest.raises(InvalidSheet, match=r"seat 2 \(.*\), name: a name cannot hold") as caught:
        from_record({**RECORD, "players": [{"name": "Bob"}, {"name": name}]})
    assert [(e.seat, e.field) for e in caught.value.errors] == [(2, "name")]
    with pytest.raises(InvalidSheet, match=r"seat 1 \(.*\), name"):  # typed on the page
        family("age-of-discovery").check(aod_sheet([aod_player(name), aod_player("Cy")]))


def test_a_note_keeps_newlines_and_tabs_only():
    sheet, _ = from_record({**RECORD, "note": "Friday\r\n\tat Cleo's"})
    assert sheet.note == "Friday\n\tat Cleo's"
    with pytest.raises(InvalidSheet, match="note: the note: the text cannot hold control"):
        from_record({**RECORD, "note": "Friday\x00"})


def test_a_huge_value_is_quoted_short():
    with pytest.raises(InvalidSheet) as caught:
        from_record({**RECORD, "edition": "x" * 10_000})
    assert len(str(caught.value)) < 200 and "x" * 50 not in str(caught.value)


def test_every_problem_of_a_sheet_is_listed_at_its_seat_and_field():
    bad = aod_sheet([aod_player("Ann", colony=(6, 8, 999), money=-1, goods={"fur": 99}),
                     aod_player("Bo", colour="red", discoveries=("t01",),
                                typed_discovery_vp=4),
                     aod_player("Cy", colour="red", nation="atlantis")])
    errors = family("age-of-discovery").problems(bad)
    assert {(e.seat, e.field) for e in errors} == {
        (1, "colony"), (1, "money"), (1, "goods"), (2, "discoveries"), (3, "colour"),
        (3, "nation")}


def test_an_entry_of_the_wrong_shape_is_refused_at_its_field():
    """Found by the fuzz test: a colour given as a list is refused, not a crash."""
    bad = aod_sheet([aod_player("Ann", colour=["red"]), aod_player("Bob", colour="red")])
    errors = family("age-of-discovery").problems(bad)
    assert [(e.seat, e.field) for e in errors] == [(1, "colour")]
