"""Score sheets in the store: a finished result without an event log, kept as its inputs.

The expected totals are worked out by hand below (the rule book's arithmetic), not taken from
the code under test.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from companion.engine import EngineError, standings
from companion.games import InvalidSheet
from companion.games.sheet_records import SHEET_FORMAT, sheet_record
from companion.store import GameNotFound, Store, WrongKind
from companion.store.schema import EventRow, GamePlayerRow, GameRow
from tests.aod_sheets import aod_player, aod_sheet

from .games import REVEAL, finished, partial_game

# Ann: colonies 6+8+10, token t01 (4 VP), Navy with 2 ships (4 VP per ship = 8),
#      3 fur + 1 ship as a wild card = $6 economy: 24 + 4 + 8 + 6 = 42
# Bob: colonies 6+8+10 = 24, $30
# Cy:  the same as Bob: equal total, turn-8 colony VP, money and goods: they share 2nd place
ANN = aod_player("Ann", colony=(6, 8, 10), discoveries=("t01",), buildings=("navy",),
                  goods={"fur": 3}, ships=2, money=12, colour="red", nation="england")
BOB = aod_player("Bob", colony=(6, 8, 10), money=30, colour="blue", nation="spain")
CY = aod_player("Cy", colony=(6, 8, 10), money=30)
SHEET = aod_sheet(players=(ANN, BOB, CY), edition="empires", note="Friday at Cleo's")
EXPECTED = {"Ann": (42, 1, True), "Bob": (24, 2, False), "Cy": (24, 2, False)}
PLAYED = datetime(2024, 6, 7, tzinfo=UTC)


def row_counts(store: Store) -> tuple[int, int, int]:
    with store.engine.connect() as conn:
        return tuple(conn.scalar(select(func.count()).select_from(t))
                     for t in (GameRow, EventRow, GamePlayerRow))


def seats(store: Store, game_id: int) -> list[tuple]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(
            select(GamePlayerRow.seat, GamePlayerRow.name, GamePlayerRow.colour,
                   GamePlayerRow.nation, GamePlayerRow.vp, GamePlayerRow.place,
                   GamePlayerRow.won)
            .where(GamePlayerRow.game_id == game_id).order_by(GamePlayerRow.seat))]


def games_row(store: Store, game_id: int) -> dict:
    with store.engine.connect() as conn:
        return dict(conn.execute(select(GameRow.__table__).where(GameRow.id == game_id))
                    .mappings().one())


def test_a_saved_sheet_is_a_finished_game_without_events(store: Store) -> None:
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    row = games_row(store, gid)
    assert row["kind"] == "score_sheet" and row["status"] == "finished"
    assert row["event_count"] == 0 and row["phase"] == "over"
    assert row["setup"] == SHEET.to_json()  # the inputs, to reopen and re-total
    assert row["setup"]["players"][0]["buildings"] == ["navy"]
    assert row["winners"] == ["Ann"] and row["edition"] == "empires"
    assert row_counts(store) == (1, 0, 3)
    assert seats(store, gid) == [
        (1, "Ann", "red", "england", 42, 1, True),
        (2, "Bob", "blue", "spain", 24, 2, False),
        (3, "Cy", "", None, 24, 2, False),
    ]


def test_the_json_form_is_accepted_too(store: Store) -> None:
    gid = store.save_score_sheet(json.loads(json.dumps(SHEET.to_json())))
    assert {s[1]: s[4:] for s in seats(store, gid)} == EXPECTED


def test_load_sheet_gives_the_inputs_and_the_results(store: Store, db_url: str) -> None:
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    with Store(db_url) as fresh:
        loaded = fresh.load_sheet(gid)
    assert loaded.id == gid and loaded.sheet == SHEET
    assert loaded.created == PLAYED
    assert {p.player: (p.total, p.place, p.won) for p in loaded.scored.players} == EXPECTED
    ann = loaded.scored.of("Ann")
    assert ann.breakdown["buildings"] == 8 and ann.breakdown["economy"] == 6
    with pytest.raises(GameNotFound):
        store.load_sheet(gid + 1)


def test_a_sheet_has_no_log_to_load_append_or_undo(store: Store) -> None:
    gid = store.save_score_sheet(SHEET)
    with pytest.raises(WrongKind, match=f"game {gid} is a score sheet: it has no event log"):
        store.load(gid)
    with pytest.raises(WrongKind, match="score sheet"):
        store.append(gid, REVEAL, expected_seq=0)
    with pytest.raises(WrongKind, match="score sheet"):
        store.undo(gid, expected_seq=0)
    assert row_counts(store) == (1, 0, 3)
    tracked = store.import_record(partial_game(2).record())
    with pytest.raises(WrongKind, match=f"game {tracked.id} was recorded turn by turn"):
        store.load_sheet(tracked.id)


def test_listing_says_which_kind_a_game_is(store: Store) -> None:
    tracked = store.import_record(finished("two", 1).record(), created=datetime(2024, 1, 1))
    progress = store.import_record(partial_game(3).record(), created=datetime(2024, 2, 1))
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    listing = {g.id: g for g in store.list_games()}
    assert {i: g.kind for i, g in listing.items()} == {
        tracked.id: "tracked", progress.id: "tracked", gid: "score_sheet"}
    sheet = listing[gid]
    assert (sheet.status, sheet.winners, sheet.players) == ("finished", ["Ann"],
                                                            ["Ann", "Bob", "Cy"])
    assert sheet.totals == {"Ann": 42, "Bob": 24, "Cy": 24}
    assert sheet.created == PLAYED
    assert [g.id for g in store.list_games()][0] == gid  # newest first, by the date played
    assert [g.id for g in store.list_games(kind="score_sheet")] == [gid]
    assert store.count_games(kind="tracked") == 2
    assert {g.id for g in store.list_games(status="finished")} == {tracked.id, gid}
    assert {g.id for g in store.list_games(player="Cy")} == {gid}
    assert [g.id for g in store.list_games(since=date(2024, 6, 7))] == [gid]
    with pytest.raises(ValueError, match="kind"):
        store.list_games(kind="sheet")


def test_statistics_and_csv_count_sheets_like_finished_games(store: Store) -> None:
    game = finished("nations3", 3)  # Ann england, Bob spain, Cy france
    store.import_record(game.record(), created=datetime(2024, 1, 1))
    store.import_record(partial_game(4).record())  # in progress: not counted
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    expected: dict[str, list[tuple[int, bool]]] = {}
    for place, s in standings(game.state):
        expected.setdefault(s.player, []).append((s.total, place == 1))
    for name, (vp, _, won) in EXPECTED.items():
        expected[name].append((vp, won))
    stats = {p.name: (p.games, p.wins, p.average_vp, p.best_vp) for p in store.player_stats()}
    assert stats == {n: (len(v), sum(w for _, w in v), pytest.approx(sum(t for t, _ in v) / 2),
                         max(t for t, _ in v)) for n, v in expected.items()}
    nations = {n.nation: (n.games, n.wins) for n in store.nation_stats()}
    ranked = {s.player: place for place, s in standings(game.state)}
    assert nations == {"england": (2, (ranked["Ann"] == 1) + 1), "spain": (2, ranked["Bob"] == 1),
                       "france": (1, ranked["Cy"] == 1)}
    assert [p.name for p in store.player_stats(since=date(2024, 6, 1))] == ["Ann", "Bob", "Cy"]
    rows = list(csv.DictReader(io.StringIO(store.export_history_csv(kind="score_sheet"))))
    assert [(r["game_id"], r["player"], r["vp"], r["place"], r["won"], r["status"], r["kind"],
             r["nation"], r["date"]) for r in rows] == [
        (str(gid), "Ann", "42", "1", "yes", "finished", "score_sheet", "england",
         "2024-06-07T00:00:00+00:00"),
        (str(gid), "Bob", "24", "2", "no", "finished", "score_sheet", "spain",
         "2024-06-07T00:00:00+00:00"),
        (str(gid), "Cy", "24", "2", "no", "finished", "score_sheet", "",
         "2024-06-07T00:00:00+00:00"),
    ]
    everything = list(csv.DictReader(io.StringIO(store.export_history_csv())))
    assert {r["kind"] for r in everything} == {"tracked", "score_sheet"}
    assert len(everything) == 3 + 2 + 3


def player(**changes) -> dict:
    return {"name": "Ann", "colony": [6, 8, 10], **changes}


@pytest.mark.parametrize("sheet, message", [
    ({"players": [player()]}, "played by 2 to 6 players, not 1"),
    ({"players": [player(name=f"P{i}") for i in range(7)]}, "played by 2 to 6 players, not 7"),
    ({"edition": "aoe3", "players": [player(name=f"P{i}") for i in range(6)]},
     "played by 2 to 5 players, not 6"),
    ({"players": [player(), player()]}, "two players have the same name"),
    ({"players": [player(), player(name="Bob", money=-3)]},
     r"seat 2 \(Bob\), money: Money cannot be below 0"),
    ({"players": [player(colony=[6, -8, 10]), player(name="Bob")]},
     "colony: Colony VP, Age II cannot be below 0"),
    ({"players": [player(goods={"fur": -1}), player(name="Bob")]},
     "goods: Goods, fur cannot be below 0"),
    ({"players": [player(ships=1.5), player(name="Bob")]},
     "ships: Ships is a whole number, not 1.5"),
    ({"players": [player(goods={"fur": 5}), player(name="Bob")]},
     "goods: Goods, fur cannot be more than 4"),  # the game has 4 fur tokens
    ({"players": [player(goods={"tea": 1}), player(name="Bob")]},
     "goods: Goods: 'tea' is not one of"),
    ({"players": [player(bought=True), player(name="Bob")]}, "bought: Bought VP is a whole number"),
    ({"players": [player(buildings=["castle"]), player(name="Bob")]},
     "buildings: Buildings owned: 'castle' is not one of the choices"),
    ({"players": [player(discoveries=["t99"]), player(name="Bob")]},
     "discoveries: Tokens and cards owned: 't99' is not one of"),
    ({"players": [player(colour="red"), player(name="Bob", colour="red")]}, "same colour"),
    ({"edition": "aoe3", "players": [player(nation="spain"), player(name="Bob")]},
     "nations belong to Empires"),
    ({"edition": "aoe3", "builders": True, "players": [player(), player(name="Bob")]},
     "no Builder expansion"),
    ({"players": [player(), player(name="")]}, "seat 2, name: a name is 1 to 40 characters"),
    ({"players": [player(hat=1), player(name="Bob")]},
     "seat 1 \\(Ann\\), hat: Age of Discovery sheets have no field 'hat'"),
    ({"players": "Ann, Bob"}, "a list of 'players'"),
])
def test_a_bad_sheet_is_refused_and_nothing_is_stored(store: Store, sheet: dict,
                                                     message: str) -> None:
    with pytest.raises(ValueError, match=message):
        store.save_score_sheet(sheet)
    assert row_counts(store) == (0, 0, 0)


def test_the_dataclass_is_checked_like_the_json(store: Store) -> None:
    with pytest.raises(InvalidSheet, match="same name"):
        store.save_score_sheet(aod_sheet(players=(ANN, ANN)))
    with pytest.raises(InvalidSheet, match="Money cannot be below 0"):
        store.save_score_sheet(aod_sheet(players=(ANN, aod_player("Bob", money=-1))))
    assert row_counts(store) == (0, 0, 0)


def test_export_and_import_of_a_sheet_record(store: Store) -> None:
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    record = json.loads(json.dumps(store.export_record(gid)))
    assert record["format"] == SHEET_FORMAT == "age-of-discovery-companion/score-sheet"
    assert record["version"] == 2 and record["game"] == "age-of-discovery"
    assert record["created"] == "2024-06-07T00:00:00+00:00"
    assert record["note"] == "Friday at Cleo's" and record["edition"] == "empires"
    assert record["players"] == SHEET.to_json()["players"]  # today's player keys
    assert [{k: s[k] for k in ("place", "player", "total")} for s in record["standings"]] == [
        {"place": 1, "player": "Ann", "total": 42},
        {"place": 2, "player": "Bob", "total": 24},
        {"place": 2, "player": "Cy", "total": 24}]
    assert record["standings"][0]["breakdown"] == {
        "colony": 24, "discoveries": 4, "buildings": 8, "economy": 6, "bought": 0}
    again = store.import_record(record)
    assert again.id != gid and again.kind == "score_sheet"
    assert store.load_sheet(again.id).sheet == SHEET
    assert store.load_sheet(again.id).created == PLAYED  # the record's date
    assert store.export_record(again.id) == record
    later = store.import_record(record, created=datetime(2025, 1, 2, tzinfo=UTC))
    assert store.load_sheet(later.id).created == datetime(2025, 1, 2, tzinfo=UTC)
    # standings in a record are for readers: the import recomputes them
    edited = dict(record, standings=[{"place": 1, "player": "Cy", "total": 99}])
    assert store.load_sheet(store.import_record(edited).id).scored.players[0].player == "Ann"


def test_bulk_import_takes_both_kinds_all_or_nothing(store: Store) -> None:
    sheet = sheet_record(SHEET, created=PLAYED)
    game = partial_game(3).record()
    bad = dict(sheet, players=[player(), player(name="Bob", ships=-1)])
    with pytest.raises(InvalidSheet, match=r"record 2: seat 2 \(Bob\), ships"):
        store.import_records([(game, None), (sheet, None), (bad, None)])
    assert row_counts(store) == (0, 0, 0)
    assert store.import_records([(game, None), (sheet, None)]) == 2
    assert sorted(g.kind for g in store.list_games()) == ["score_sheet", "tracked"]


@pytest.mark.parametrize("change, message", [
    ({"version": 3}, "score-sheet record version 3 is not supported"),
    ({"game": "monopoly"}, "unknown game 'monopoly'"),
    ({"created": "last Friday"}, "'created' must be an ISO date"),
    ({"players": None}, "a list of 'players'"),
    ({"scores": [1, 2]}, "a score sheet of Age of Discovery has no scores"),
    ({"edition": "monopoly"}, "Edition is one of .*, not 'monopoly'"),
])
def test_a_malformed_sheet_record_is_refused(store: Store, change: dict, message: str) -> None:
    record = {**sheet_record(SHEET, created=PLAYED), **change}
    with pytest.raises(EngineError, match=message):
        store.import_record(record)
    assert row_counts(store) == (0, 0, 0)


def test_rebuild_recomputes_sheets_from_their_inputs(store: Store) -> None:
    tracked = store.import_record(finished("two", 1).record())
    gid = store.save_score_sheet(SHEET, created=PLAYED)
    before = (store.list_games(), store.player_stats(), store.export_history_csv())
    with store.engine.begin() as conn:  # the summary is wrong; the inputs are the fact
        conn.execute(update(GameRow).where(GameRow.id == gid).values(
            winners=["Cy"], result={}, status="in_progress", players=[]))
        conn.execute(update(GamePlayerRow).where(GamePlayerRow.game_id == gid).values(
            vp=1, place=3, won=False))
    assert (store.list_games(), store.player_stats(), store.export_history_csv()) != before
    report = store.rebuild_summaries()
    assert (report.rebuilt, report.failed) == (2, [])
    assert (store.list_games(), store.player_stats(), store.export_history_csv()) == before
    # change an input behind the store's back: Bob had $31, not $30 -> Bob alone second
    inputs = SHEET.to_json()
    inputs["players"][1]["money"] = 31
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == gid).values(setup=inputs))
    store.rebuild_summaries()
    assert [s[5] for s in seats(store, gid)] == [1, 2, 3]
    assert store.load(tracked.id).game.state.phase == "over"


def test_rebuild_reports_a_sheet_that_no_longer_scores(store: Store) -> None:
    gid = store.save_score_sheet(SHEET)
    inputs = SHEET.to_json()
    inputs["players"][0]["buildings"] = ["no_such_building"]
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == gid).values(setup=inputs))
    before = seats(store, gid)
    report = store.rebuild_summaries()
    assert report.rebuilt == 0
    assert report.failed == [(gid, "seat 1 (Ann), buildings: Buildings owned: "
                                   "'no_such_building' is not one of the choices.")]
    assert seats(store, gid) == before


def test_a_sheet_can_be_deleted(store: Store) -> None:
    gid = store.save_score_sheet(SHEET)
    store.delete_game(gid)
    assert row_counts(store) == (0, 0, 0)
    with pytest.raises(GameNotFound):
        store.load_sheet(gid)


def test_the_documented_sheet_records_import_as_shown(store: Store) -> None:
    """Every example in docs/record-format.md's score-sheet section (each game family, and a
    version 1 record) imports, scores as its standings say, and exports as version 2."""
    doc = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text()
    section = doc.split("## Score-sheet record", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```json")[1:]]
    assert len(blocks) >= 2
    games = set()
    for block in blocks:
        record = json.loads(block)
        saved = store.import_record(record)
        assert saved.created == datetime.fromisoformat(record["created"])
        again = store.export_record(saved.id)
        assert (again["version"], again["game"]) == (2, record.get("game", "age-of-discovery"))
        shown = [{k: s[k] for k in s if k in ("place", "player", "total", "breakdown")}
                 for s in again["standings"]]
        assert [{k: s[k] for k in doc_row} for s, doc_row in zip(
            shown, record["standings"], strict=True)] == record["standings"]
        games.add(again["game"])
    assert games == {"endeavor", "nouveau-monde", "age-of-discovery"}
