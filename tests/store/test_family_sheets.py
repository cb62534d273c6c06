"""Score sheets of every game family in the store: kept with their family, each seat's total,
place and breakdown; history, statistics, CSV and records across families. SQLite always,
PostgreSQL when COMPANION_TEST_PG_URL is set.

The Endeavor and Nouveau Monde sheets are the worked examples of the rules digests (their
expected totals are the digests' hand counts)."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select, update

from companion.engine import EngineError
from companion.games import InvalidSheet, Sheet, family
from companion.store import Store, WrongKind
from companion.store.schema import EventRow, GamePlayerRow, GameRow

from .games import finished
from .test_score_sheets import SHEET as AOD_SHEET

RED = {"name": "Red", "industry_glory": 10, "culture_glory": 7, "wealth_glory": 7,
       "influence_glory": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
       "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
YELLOW = {"name": "Yellow", "industry_glory": 10, "culture_glory": 5, "wealth_glory": 4,
          "influence_glory": 12, "cities_connections_glory": 18, "buildings_cards_glory": 10,
          "governor_slot_empty": False, "harbor_discs": 8, "slavery_cards_set_aside": 0}
GREEN = {"name": "Green", "exploit_1_glory": 3, "exploit_2_glory": 0, "exploit_3_glory": 2,
         "industry_glory": 15, "culture_glory": 12, "wealth_glory": 7, "influence_glory": 7,
         "cities_connections_glory": 14, "buildings_cards_glory": 9,
         "governor_slot_empty": True, "harbor_discs": 2, "slavery_cards_set_aside": 3}
ENDEAVOR = family("endeavor").parse(
    {"exploits": True, "board_side": "A", "note": "Red and Green share it",
     "players": [RED, YELLOW, GREEN]})
# Red 69 and Green 69 share the victory; Yellow 61 is third
ENDEAVOR_SEATS = [(1, "Red", 69, 1, True), (2, "Yellow", 61, 3, False),
                  (3, "Green", 69, 1, True)]


def nm(name, wood, metal, food, gold, cities, colonists, expansions, armies, research,
       master=None):
    return {"name": name, "wood": wood, "metal": metal, "food": food, "gold": gold,
            "cities": cities, "colonists": colonists, "expansions": expansions,
            "armies": armies, "research": research, "master": master, "eliminated": False}


# Digest example 3: Rouge 1475 + her vassal Bleu 977 = 2452 beats Vert 2000
NOUVEAU_MONDE = family("nouveau-monde").parse({"years": 50, "players": [
    nm("Rouge", 12, 33, 0, 40, 3, 2, 10, 8, 2), nm("Bleu", 30, 2, 51, 14, 4, 1, 7, 3, 5, "Rouge"),
    nm("Vert", 50, 25, 20, 10, 4, 3, 6, 2, 4)]})
NM_SEATS = [(1, "Rouge", 2452, 1, True), (2, "Bleu", 977, 3, False), (3, "Vert", 2000, 2, False)]
PLAYED = datetime(2025, 3, 1, tzinfo=UTC)


def seats(store: Store, game_id: int) -> list[tuple]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(
            select(GamePlayerRow.seat, GamePlayerRow.name, GamePlayerRow.vp,
                   GamePlayerRow.place, GamePlayerRow.won)
            .where(GamePlayerRow.game_id == game_id).order_by(GamePlayerRow.seat))]


def breakdowns(store: Store, game_id: int) -> dict[str, dict]:
    with store.engine.connect() as conn:
        return dict(conn.execute(select(GamePlayerRow.name, GamePlayerRow.breakdown)
                                 .where(GamePlayerRow.game_id == game_id)).all())


def row_of(store: Store, game_id: int) -> dict:
    with store.engine.connect() as conn:
        return dict(conn.execute(select(GameRow.__table__).where(GameRow.id == game_id))
                    .mappings().one())


def counts(store: Store) -> tuple[int, int, int]:
    with store.engine.connect() as conn:
        return tuple(conn.scalar(select(func.count()).select_from(t))
                     for t in (GameRow, EventRow, GamePlayerRow))


def test_an_endeavor_sheet_is_kept_with_its_family_totals_places_and_breakdown(store: Store):
    gid = store.save_score_sheet(ENDEAVOR, created=PLAYED)
    row = row_of(store, gid)
    assert (row["kind"], row["family"], row["edition"], row["status"]) == (
        "score_sheet", "endeavor", "endeavor", "finished")
    assert row["setup"] == ENDEAVOR.to_json()
    assert row["options"] == {"exploits": True, "board_side": "A", "silent_fleet": False}
    assert row["winners"] == ["Red", "Green"]
    assert seats(store, gid) == ENDEAVOR_SEATS
    assert breakdowns(store, gid)["Green"] == {
        "exploits_glory": 5, "attributes_glory": 41, "cities_connections_glory": 14,
        "buildings_cards_governor_glory": 12, "population_glory": 0, "slavery_penalty": -3}
    assert [s["player"] for s in row["result"]["standings"]] == ["Red", "Green", "Yellow"]


def test_a_nouveau_monde_vassal_gives_its_points_up_and_never_wins(store: Store):
    gid = store.save_score_sheet(NOUVEAU_MONDE, created=PLAYED)
    assert seats(store, gid) == NM_SEATS
    assert breakdowns(store, gid)["Rouge"]["vassal_points"] == 977
    assert row_of(store, gid)["winners"] == ["Rouge"]
    assert row_of(store, gid)["result"]["standings"][2]["note"] == "vassal of Rouge"


def test_load_sheet_gives_back_the_inputs_and_the_result(store: Store, db_url: str):
    ids = [store.save_score_sheet(s, created=PLAYED) for s in (ENDEAVOR, NOUVEAU_MONDE)]
    aod = store.save_score_sheet(AOD_SHEET, created=PLAYED)
    with Store(db_url) as fresh:
        for gid, sheet in zip(ids, (ENDEAVOR, NOUVEAU_MONDE), strict=True):
            loaded = fresh.load_sheet(gid)
            assert loaded.sheet == sheet and loaded.game == sheet.game
            assert loaded.created == PLAYED
            assert loaded.scored == family(sheet.game).score(sheet)
        assert fresh.load_sheet(aod).sheet.to_json() == AOD_SHEET.to_json()
        assert fresh.load_sheet(aod).scored.winners == ("Ann",)
        tracked = fresh.import_record(finished("two", 1).record())
        with pytest.raises(WrongKind, match="recorded turn by turn"):
            fresh.load_sheet(tracked.id)


def test_the_json_form_names_its_game(store: Store):
    gid = store.save_score_sheet({"game": "nouveau-monde", **NOUVEAU_MONDE.to_json()})
    assert seats(store, gid) == NM_SEATS


@pytest.mark.parametrize("sheet, where, says", [
    ({"game": "endeavor", "players": [RED, dict(YELLOW, harbor_discs=40)]},
     (2, "harbor_discs"), "cannot be more than 35"),
    ({"game": "endeavor", "players": [dict(RED, slavery_cards_set_aside=4),
                                      dict(YELLOW, slavery_cards_set_aside=3)]},
     (1, "slavery_cards_set_aside"), "deck holds only 6"),
    ({"game": "nouveau-monde", "players": [nm("A", 0, 0, 0, 0, 5, 4, 0, 0, 0),
                                           nm("B", 0, 0, 0, 0, 1, 0, 0, 0, 0)]},
     (1, "colonists"), "more than 8 of them together"),
    ({"game": "nouveau-monde", "players": [nm("A", 0, 0, 0, 0, 1, 0, 5, 0, 0),
                                           nm("B", 0, 0, 0, 0, 1, 0, 0, 0, 0)]},
     (1, "expansions"), "need at least 2 cities"),
    ({"game": "nouveau-monde", "players": [nm("A", 0, 0, 0, 0, 1, 0, 0, 0, 0, "B"),
                                           nm("B", 0, 0, 0, 0, 1, 0, 0, 0, 0, "A")]},
     (1, "master"), "cannot come back round"),
    ({"game": "nouveau-monde", "players": [nm("A", 0, 0, 0, 0, 1, 0, 0, 0, 0, "Zed"),
                                           nm("B", 0, 0, 0, 0, 1, 0, 0, 0, 0)]},
     (1, "master"), "'Zed' is not a player"),
])
def test_a_refused_sheet_stores_nothing_and_says_where(store: Store, sheet, where, says):
    with pytest.raises(InvalidSheet) as caught:
        store.save_score_sheet(sheet)
    hit = next(e for e in caught.value.errors if says in e.message)
    assert (hit.seat, hit.field) == where
    assert counts(store) == (0, 0, 0)


def test_history_and_statistics_per_family_and_across(store: Store):
    game = finished("two", 1)  # Ann and Bob, tracked Age of Discovery
    store.import_record(game.record(), created=datetime(2024, 1, 1))
    aod = store.save_score_sheet(AOD_SHEET, created=datetime(2024, 6, 7))
    end = store.save_score_sheet(ENDEAVOR, created=PLAYED)
    new = store.save_score_sheet(NOUVEAU_MONDE, created=PLAYED)
    listing = {g.id: g for g in store.list_games()}
    assert {i: g.family for i, g in listing.items() if i in (aod, end, new)} == {
        aod: "age-of-discovery", end: "endeavor", new: "nouveau-monde"}
    assert listing[end].totals == {"Red": 69, "Green": 69, "Yellow": 61}
    assert [g.id for g in store.list_games(game="endeavor")] == [end]
    assert store.count_games(game="age-of-discovery") == 2
    with pytest.raises(ValueError, match="game is one of"):
        store.list_games(game="chess")
    assert [(f.family, f.games, f.finished, f.score_sheets) for f in store.family_stats()] == [
        ("age-of-discovery", 2, 2, 1), ("endeavor", 1, 1, 1), ("nouveau-monde", 1, 1, 1)]
    per = {(s.name, s.family): (s.games, s.wins) for s in store.player_family_stats()}
    assert per[("Red", "endeavor")] == (1, 1) and per[("Green", "endeavor")] == (1, 1)
    assert per[("Bleu", "nouveau-monde")] == (1, 0) and per[("Rouge", "nouveau-monde")] == (1, 1)
    assert per[("Ann", "age-of-discovery")][0] == 2
    every = {s.name: (s.games, s.wins) for s in store.player_stats()}
    assert every["Red"] == (1, 1) and every["Vert"] == (1, 0)
    only = {s.name: (s.games, s.best_vp) for s in store.player_stats(game="nouveau-monde")}
    assert only == {"Rouge": (1, 2452), "Vert": (1, 2000), "Bleu": (1, 977)}


def test_the_csv_carries_the_family_and_the_breakdown(store: Store):
    store.save_score_sheet(AOD_SHEET, created=datetime(2024, 6, 7))
    store.save_score_sheet(NOUVEAU_MONDE, created=PLAYED)
    rows = list(csv.DictReader(io.StringIO(store.export_history_csv())))
    assert [(r["player"], r["game"], r["vp"], r["place"], r["won"]) for r in rows] == [
        ("Ann", "age-of-discovery", "42", "1", "yes"), ("Bob", "age-of-discovery", "24", "2", "no"),
        ("Cy", "age-of-discovery", "24", "2", "no"), ("Rouge", "nouveau-monde", "2452", "1", "yes"),
        ("Bleu", "nouveau-monde", "977", "3", "no"), ("Vert", "nouveau-monde", "2000", "2", "no")]
    assert json.loads(rows[4]["breakdown"])["armies_points"] == 90
    assert len(list(csv.DictReader(io.StringIO(store.export_history_csv(game="endeavor"))))) == 0


def test_records_of_every_family_export_and_import_again(store: Store):
    ids = [store.save_score_sheet(s, created=PLAYED)
           for s in (ENDEAVOR, NOUVEAU_MONDE, AOD_SHEET)]
    records = [json.loads(json.dumps(store.export_record(i))) for i in ids]
    assert [(r["version"], r["game"]) for r in records] == [
        (2, "endeavor"), (2, "nouveau-monde"), (2, "age-of-discovery")]
    assert records[0]["players"][0] == {**RED, "exploit_1_glory": 0, "exploit_2_glory": 0,
                                        "exploit_3_glory": 0}
    assert records[0]["exploits"] is True and records[0]["note"] == "Red and Green share it"
    assert records[1]["standings"][0] == {
        "place": 1, "player": "Rouge", "total": 2452,
        "breakdown": {"resources_points": 85, "colonies_points": 375, "expansions_points": 530,
                      "armies_points": 455, "research_points": 30, "vassal_points": 977}}
    again = [store.import_record(r) for r in records]
    assert [a.id for a in again] != ids
    assert store.load_sheet(again[0].id).sheet == ENDEAVOR
    assert store.load_sheet(again[1].id).created == PLAYED
    assert [store.export_record(a.id) for a in again] == records
    assert store.import_records([(r, None) for r in records]) == 3
    bad = dict(records[1], players=records[1]["players"][:1])
    with pytest.raises(EngineError, match="record 1: .*2 to 12 players, not 1"):
        store.import_records([(records[0], None), (bad, None)])
    assert store.count_games() == 9
    off = dict(records[0], exploits=False)  # Green's Exploit lines, module off: refused
    with pytest.raises(EngineError, match="exploit_1_glory: Exploit 1 gives 3 Glory"):
        store.import_record(off)
    assert store.count_games() == 9


def test_rebuild_recomputes_family_sheets_from_their_inputs(store: Store):
    gid = store.save_score_sheet(ENDEAVOR, created=PLAYED)
    with store.engine.begin() as conn:
        conn.execute(update(GamePlayerRow).where(GamePlayerRow.game_id == gid).values(
            vp=0, place=9, won=False, breakdown=None))
    assert store.rebuild_summaries().failed == []
    assert seats(store, gid) == ENDEAVOR_SEATS
    inputs = ENDEAVOR.to_json()
    inputs["players"][1]["harbor_discs"] = 35  # Yellow had 27 more discs: 11 Glory, not 2
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == gid).values(setup=inputs))
    store.rebuild_summaries()
    assert seats(store, gid)[1] == (2, "Yellow", 70, 1, True)
    assert row_of(store, gid)["winners"] == ["Yellow"]


def test_sheets_of_the_family_value_object_and_of_json_are_the_same(store: Store):
    a = store.save_score_sheet(Sheet("endeavor", ENDEAVOR.players, ENDEAVOR.options,
                                     ENDEAVOR.note))
    b = store.save_score_sheet({"game": "endeavor", **ENDEAVOR.to_json()})
    assert store.load_sheet(a).sheet == store.load_sheet(b).sheet
