"""Every CSV the app writes neutralises cells a spreadsheet would run as a formula (a leading
apostrophe before =, +, -, @, a tab or a carriage return); numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pandas as pd

from companion.csvsafe import frame_csv
from companion.games import family
from companion.store import Store
from tests.aod_sheets import aod_player, aod_sheet

FORMULAS = ["=HYPERLINK(\"http://x\")", "+1+cmd|' /C calc'!A0", "@SUM(A1)", "-2+3", "=A1"]


def test_the_history_csv_neutralises_formula_names(store: Store):
    setup = {"players": [{"name": n} for n in [*FORMULAS, "Ann"]]}
    store.create_game(setup)
    rows = list(csv.reader(io.StringIO(store.export_history_csv())))
    names = [r[5] for r in rows[1:]]
    assert names == [*("'" + n for n in FORMULAS), "Ann"]


def test_the_score_sheet_csv_neutralises_formula_names_and_keeps_numbers():
    players = tuple(aod_player(n, colony=(i, 0, 0)) for i, n in enumerate([*FORMULAS, "Ann"]))
    scored = family("age-of-discovery").score(aod_sheet(players=players))
    table = pd.DataFrame([{"Place": p.place, "Player": p.player, "VP": p.total}
                          for p in scored.players])
    rows = list(csv.reader(io.StringIO(frame_csv(table))))
    assert rows[0][:3] == ["Place", "Player", "VP"]
    assert sorted(r[1] for r in rows[1:]) == sorted([*("'" + n for n in FORMULAS), "Ann"])
    assert {r[2] for r in rows[1:]} == {str(i) for i in range(6)}


def test_tab_and_carriage_return_leading_cells_are_neutralised_too():
    text = frame_csv(pd.DataFrame({"a": ["\tx", "\rx", "ok"]}))
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows == [["a"], ["'\tx"], ["'\rx"], ["ok"]]
