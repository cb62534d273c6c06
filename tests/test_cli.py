"""The command line: replay prints standings, check reports the first refused event."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.cli import main
from companion.engine import Game, standings

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "four-player-builders.json"


def test_example_record_is_a_finished_four_player_game():
    game = Game.from_record(json.loads(EXAMPLE.read_text()))
    assert game.state.phase == "over"
    assert len(game.setup.players) == 4


def test_replay_json_gives_totals_that_match_the_engine(capsys):
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = Game.from_record(json.loads(EXAMPLE.read_text()))
    expected = {s.player: s.total for _, s in standings(game.state)}
    assert {row["player"]: row["total"] for row in data["players"]} == expected
    for row in data["players"]:
        assert row["total"] == (sum(row["colonies"]) + row["discoveries"] + row["buildings"]
                                + row["economy"] + row["bought"])
    places = [row["place"] for row in data["players"]]
    assert places == sorted(places) and places[0] == 1


def test_replay_table_names_every_player(capsys):
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    for name in ("Ann", "Bob", "Cleo", "Dev"):
        assert name in out
    assert "final" in out


def test_check_reports_the_first_illegal_event_with_its_index(tmp_path, capsys):
    record = json.loads(EXAMPLE.read_text())
    record["events"].insert(3, {"type": "dock", "region": "peru"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "event 3" in err and "the game waits for this first" in err  # a dock answer, now


def test_check_refuses_unknown_event_types_and_bad_json(tmp_path, capsys):
    record = json.loads(EXAMPLE.read_text())
    record["events"][1] = {"type": "teleport"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["check", str(bad)]) == 1
    assert "event 1" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["check", str(broken)]) == 1
    assert "not JSON" in capsys.readouterr().err


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "companion", "check", str(EXAMPLE)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "valid" in done.stdout


SHEET_RECORD = {
    "format": "age-of-discovery-companion/score-sheet", "version": 1,
    "edition": "empires",
    "players": [{"name": "Ann", "colony": [6, 8, 10], "discoveries": ["t01"],
                 "buildings": ["navy"], "goods": {"fur": 3}, "ships": 2, "money": 12},
                {"name": "Bob", "colony": [6, 8, 10], "money": 30}],
}


def test_a_score_sheet_record_is_checked_and_scored(tmp_path, capsys):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET_RECORD))
    assert main(["check", str(path)]) == 0
    assert "valid score sheet, 2 players" in capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Ann: 24 colony + 4 (t01) + 8 (Navy, 2 ships) + 6 (3 fur and a ship) = 42; Bob: 24
    assert [(r["place"], r["player"], r["total"]) for r in data["players"]] == [
        (1, "Ann", 42), (2, "Bob", 24)]
    assert data["finished"] is True
    path.write_text(json.dumps({**SHEET_RECORD, "players": SHEET_RECORD["players"][:1]}))
    assert main(["check", str(path)]) == 1
    assert "played by 2 to 6 players, not 1" in capsys.readouterr().err


RED = {"name": "Red", "industry_track": 10, "culture_track": 8, "wealth_track": 9,
       "influence_track": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
       "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
GREEN = {"name": "Green", "exploit_1_glory": 3, "exploit_2_glory": 0, "exploit_3_glory": 2,
         "industry_track": 15, "culture_track": 13, "wealth_track": 7, "influence_track": 9,
         "cities_connections_glory": 14, "buildings_cards_glory": 9,
         "governor_slot_empty": True, "harbor_discs": 2, "slavery_cards_set_aside": 3}
ENDEAVOR_RECORD = {"format": "age-of-discovery-companion/score-sheet", "version": 2,
                   "game": "endeavor", "exploits": True, "players": [RED, GREEN]}


def nm_player(name, **counts):
    return {"name": name, "wood": 0, "metal": 0, "food": 0, "gold": 0, "cities": 1,
            "colonists": 0, "expansions": 0, "armies": 0, "research": 0, **counts}


def write(tmp_path, record) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_an_endeavor_sheet_replays_with_its_own_categories(tmp_path, capsys):
    path = write(tmp_path, ENDEAVOR_RECORD)
    assert main(["check", path]) == 0
    assert "valid score sheet, 2 players (Endeavor: Age of Sail)" in capsys.readouterr().out
    assert main(["replay", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["winners"]) == ("endeavor", ["Red", "Green"])
    assert data["players"] == [
        {"player": "Red", "place": 1, "total": 69, "breakdown": {
            "exploits_glory": 0, "attributes_glory": 36, "cities_connections_glory": 19,
            "buildings_cards_governor_glory": 14, "population_glory": 1,
            "slavery_penalty": -1}},
        {"player": "Green", "place": 1, "total": 69, "breakdown": {
            "exploits_glory": 5, "attributes_glory": 41, "cities_connections_glory": 14,
            "buildings_cards_governor_glory": 12, "population_glory": 0,
            "slavery_penalty": -3}}]
    assert main(["replay", path]) == 0
    table = capsys.readouterr().out
    assert "Attributes" in table and "age I" not in table
    assert "winner: Red & Green" in table


def test_a_nouveau_monde_vassal_never_takes_first_place(tmp_path, capsys):
    # the vassal has every point; its master none of its own: equal totals
    record = {"format": "age-of-discovery-companion/score-sheet", "version": 2,
              "game": "nouveau-monde",
              "players": [nm_player("Maître"), nm_player("Vassal", wood=40, master="Maître"),
                          nm_player("Libre", wood=10)]}
    assert main(["replay", write(tmp_path, record), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["player"], p["place"], p["total"]) for p in data["players"]] == [
        ("Maître", 1, 40), ("Vassal", 2, 40), ("Libre", 3, 10)]
    assert data["players"][0]["breakdown"]["vassal_points"] == 40


def test_exploit_glory_without_the_module_is_refused_at_its_field(tmp_path, capsys):
    assert main(["check", write(tmp_path, {**ENDEAVOR_RECORD, "exploits": False})]) == 1
    err = capsys.readouterr().err
    assert "seat 2 (Green), exploit_1_glory: Exploit 1 gives 3 Glory" in err
    assert "seat 2 (Green), exploit_3_glory" in err


def test_sheet_tables_head_each_column_with_its_whole_name(tmp_path, capsys):
    assert main(["replay", write(tmp_path, ENDEAVOR_RECORD)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["Cities", "&", "Buildings", "&"]  # wrapped, never cut
    assert lines[2].split() == ["#", "player", "Exploits", "Attributes", "connections",
                                "cards", "Population", "Slavery", "total"]
    assert all(len(line.split()) == 9 for line in lines[3:5])  # one figure under each
    record = {"format": "age-of-discovery-companion/score-sheet", "version": 2,
              "game": "nouveau-monde",
              "players": [nm_player("Maître"), nm_player("Vassal", wood=40, master="Maître")]}
    assert main(["replay", write(tmp_path, record)]) == 0
    head = capsys.readouterr().out.splitlines()[1:3]
    assert "From" in head[0].split() and "vassals" in head[1].split()


def test_check_refuses_an_impossible_sheet_with_every_reason(tmp_path, capsys):
    record = {"format": "age-of-discovery-companion/score-sheet", "version": 2,
              "game": "nouveau-monde",
              "players": [nm_player("A", cities=5, colonists=4),
                          nm_player("B", expansions=5), nm_player("C", master="Zed")]}
    path = write(tmp_path, record)
    assert main(["check", path]) == 1
    err = capsys.readouterr().err
    assert "refused score sheet (3 problems)" in err
    assert "seat 1 (A), colonists: 5 cities and 4 colonists make 9" in err
    assert "seat 2 (B), expansions: 5 expansions need at least 2 cities" in err
    assert "seat 3 (C), master: 'Zed' is not a player at this table." in err
    assert main(["replay", path]) == 1
    assert main(["check", write(tmp_path, {**ENDEAVOR_RECORD, "game": "risk"})]) == 1
    assert "unknown game 'risk'" in capsys.readouterr().err


def test_replay_json_gives_each_player_its_breakdown_and_place(capsys):
    """Issue 10: ``breakdown`` (colonies, discoveries, buildings by id, economy, bought) and
    places after every tie-break."""
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = Game.from_record(json.loads(EXAMPLE.read_text()))
    scores = {s.player: (place, s) for place, s in standings(game.state)}
    for row in data["players"]:
        place, s = scores[row["player"]]
        assert row["place"] == place
        assert row["breakdown"] == {"colonies": list(s.colony), "discoveries": s.discoveries,
                                    "buildings": s.buildings, "economy": s.economy,
                                    "bought": s.bought}
        b = row["breakdown"]
        assert row["total"] == (sum(b["colonies"]) + b["discoveries"]
                                + sum(b["buildings"].values()) + b["economy"] + b["bought"])


def test_replay_turn_gives_the_standings_at_the_end_of_that_turn(capsys):
    assert main(["replay", str(EXAMPLE), "--json", "--turn", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = Game.from_record(json.loads(EXAMPLE.read_text()))
    at_3 = {s.player: s.total for _, s in standings(game.at_turn_end(3))}
    assert (data["turn"], data["finished"]) == (3, False)
    assert {row["player"]: row["total"] for row in data["players"]} == at_3
    assert all(row["breakdown"]["colonies"][1:] == [0, 0] for row in data["players"])
    assert main(["replay", str(EXAMPLE), "--turn", "9"]) == 1
    assert "there is no turn 9" in capsys.readouterr().err


def _locale(monkeypatch, lang: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def test_the_table_follows_the_locale_variables_and_json_never_does(monkeypatch, capsys):
    _locale(monkeypatch, "fr_FR.UTF-8")
    assert main(["replay", str(EXAMPLE)]) == 0
    french = capsys.readouterr().out
    assert "joueur" in french and "finale" in french and "player" not in french
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    french_json = capsys.readouterr().out
    _locale(monkeypatch, "en_GB.UTF-8")
    assert main(["replay", str(EXAMPLE)]) == 0
    english = capsys.readouterr().out
    assert "player" in english and "joueur" not in english
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    assert capsys.readouterr().out == french_json  # the same data whatever the language
    for name in ("Ann", "Bob", "Cleo", "Dev"):
        assert name in french and name in english


def test_check_speaks_the_locale_language(monkeypatch, capsys):
    _locale(monkeypatch, "fr_FR.UTF-8")
    assert main(["check", str(EXAMPLE)]) == 0
    assert "valide" in capsys.readouterr().out
