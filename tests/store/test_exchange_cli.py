"""Exports others read and the one import (``python -m companion export|import``): a game goes
through a BG Stats file into an empty database with the same players, scores and winners;
the BoardGameGeek XML reads back; the same file twice adds nothing; a play that cannot be
kept is reported with the reason; a file that is not what it claims is refused and nothing
is stored."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cli import main
from companion.exchange import plays as exchange_plays
from companion.exchange.bgstats import to_bgstats
from companion.exchange.plays import Play, PlaySeat
from companion.store import Store

from .games import finished
from .test_family_sheets import ENDEAVOR, NOUVEAU_MONDE

PLAYED = datetime(2025, 3, 1, 20, 30, tzinfo=UTC)


@pytest.fixture
def kept(db_url: str) -> dict[str, int]:
    """A finished tracked game (Empires), an Endeavor sheet and a Nouveau Monde sheet."""
    with Store(db_url) as store:
        return {"tracked": store.import_record(finished("aoe3_4", 1).record(),
                                               created=PLAYED).id,
                "endeavor": store.save_score_sheet(ENDEAVOR, created=PLAYED),
                "nouveau": store.save_score_sheet(NOUVEAU_MONDE, created=PLAYED)}


def outcome(db_url: str) -> dict[tuple[str, str], dict[str, tuple[int, bool]]]:
    """Per game (family, date): each player's total and win."""
    with Store(db_url) as store:
        return {(p.game, p.played.strftime("%Y-%m-%d %H:%M")): {
            s.name: (s.score, s.won) for s in p.seats} for p in exchange_plays.plays(store)}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_game_goes_through_a_bg_stats_file_into_an_empty_database(
        db_url: str, kept, tmp_path: Path, capsys) -> None:
    exported = tmp_path / "bgstats.json"
    code, out, err = run(capsys, "export", "--format", "bgstats", "-o", str(exported),
                         "--db", db_url)
    assert (code, out) == (0, "") and "wrote" in err
    data = json.loads(exported.read_text())
    assert {g["name"]: g.get("bggId") for g in data["games"]} == {
        "Age of Empires III: The Age of Discovery": 22545, "Endeavor: Age of Sail": 233398,
        "Nouveau Monde": None}
    empty = f"sqlite:///{tmp_path / 'other' / 'empty.db'}"
    code, out, err = run(capsys, "import", str(exported), "--db", empty)
    assert code == 0 and out.startswith("Imported 3 games"), (out, err)
    assert outcome(empty) == outcome(db_url)
    with Store(empty) as store:
        assert {g.kind for g in store.list_games()} == {"result"}
        aoe3 = next(p for p in exchange_plays.plays(store) if p.game == "age-of-discovery")
        assert aoe3.edition == "aoe3" and aoe3.seats[0].start and aoe3.seats[0].seat == 1
    # the same file again adds nothing
    code, out, _ = run(capsys, "import", str(exported), "--db", empty)
    assert code == 0 and out.startswith("Imported 0 games")
    assert "Already kept, not added again: 3" in out
    with Store(empty) as store:
        assert store.count_games() == 3


def test_our_own_bg_stats_file_comes_back_as_the_games_it_came_from(
        db_url: str, kept, tmp_path: Path, capsys) -> None:
    exported = tmp_path / "bgstats.json"
    assert run(capsys, "export", "--format", "bgstats", "-o", str(exported),
               "--db", db_url)[0] == 0
    code, out, _ = run(capsys, "import", str(exported), "--db", db_url)
    assert code == 0 and out.startswith("Imported 0 games"), out
    assert "Already kept, not added again: 3" in out
    with Store(db_url) as store:
        assert store.count_games() == 3


def test_a_play_imported_from_bg_stats_goes_back_with_its_own_uuid(
        db_url: str, tmp_path: Path, capsys) -> None:
    path = bgstats_file(tmp_path, [play("1f0e5b2a-0c1d-4e5f-8a9b-112233445566")])
    assert run(capsys, "import", str(path), "--db", db_url)[0] == 0
    code, out, _ = run(capsys, "export", "--format", "bgstats", "--db", db_url)
    assert code == 0
    assert [p["uuid"] for p in json.loads(out)["plays"]] == [
        "1F0E5B2A-0C1D-4E5F-8A9B-112233445566"]


def test_export_writes_only_the_export_to_standard_output(db_url: str, kept, capsys) -> None:
    code, out, err = run(capsys, "export", "--db", db_url)
    assert code == 0 and err == ""
    assert len(json.loads(out)["games"]) == 3  # json (our bundle) of every game
    code, out, _ = run(capsys, "export", "--format", "csv", "--game", str(kept["endeavor"]),
                       "--db", db_url)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {r["game_id"] for r in rows} == {str(kept["endeavor"])}
    assert {r["game"] for r in rows} == {"endeavor"}


def test_an_unknown_game_is_an_error_and_nothing_is_written(db_url: str, kept, capsys,
                                                             tmp_path: Path) -> None:
    target = tmp_path / "out.xml"
    code, out, err = run(capsys, "export", "--format", "bgg", "--game", str(kept["tracked"]),
                         "999", "-o", str(target), "--db", db_url)
    assert (code, out) == (1, "") and "there is no saved game 999" in err
    assert not target.exists()


def test_the_boardgamegeek_xml_reads_back(db_url: str, kept, capsys) -> None:
    code, out, _ = run(capsys, "export", "--format", "bgg", "--game", str(kept["tracked"]),
                       str(kept["endeavor"]), "--db", db_url)
    assert code == 0
    plays = ET.fromstring(out.encode())
    assert plays.tag == "plays" and len(plays) == 2
    items = [(p.get("date"), p.get("quantity"), p.find("item").get("name"),
              p.find("item").get("objectid")) for p in plays]
    assert items == [("2025-03-01", "1", "Age of Empires III: The Age of Discovery", "22545"),
                     ("2025-03-01", "1", "Endeavor: Age of Sail", "233398")]
    with Store(db_url) as store:
        expected = {p.game_id: p for p in exchange_plays.plays(store)}
    tracked = expected[kept["tracked"]]
    players = plays[0].find("players")
    assert [(p.get("name"), int(p.get("score")), p.get("win") == "1",
             p.get("startposition")) for p in players] == [
        (s.name, s.score, s.won, str(s.seat)) for s in tracked.seats]


def test_unfinished_games_are_left_out_of_other_apps_files(db_url: str, capsys) -> None:
    with Store(db_url) as store:
        store.create_game({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    code, out, err = run(capsys, "export", "--format", "bgstats", "--db", db_url)
    assert code == 0 and json.loads(out)["plays"] == [] and "not finished" in err


def bgstats_file(tmp_path: Path, plays: list[dict], **extra) -> Path:
    data = {"games": [{"id": 1, "name": "Endeavor: Age of Sail", "bggId": 233398},
                      {"id": 2, "name": "Catan", "bggId": 13},
                      {"id": 3, "name": "Empires: Age of Discovery", "bggId": 0}],
            "players": [{"id": 1, "name": "ANN"}, {"id": 2, "name": "Bob"},
                        {"id": 3, "name": "Anne"}],
            "plays": plays, **extra}
    path = tmp_path / "plays.json"
    path.write_text(json.dumps(data))
    return path


def play(uuid: str, game: int = 1, scores=(("1", "40", True), ("2", "35", False)),
         **extra) -> dict:
    return {"uuid": uuid, "playDate": "2024-06-07 21:00:00", "gameRefId": game,
            "playerScores": [{"playerRefId": int(p), "score": s, "winner": w}
                             for p, s, w in scores], **extra}


def test_each_skipped_play_is_reported_with_its_reason(db_url: str, tmp_path: Path,
                                                       capsys) -> None:
    path = bgstats_file(tmp_path, [
        play("A"), play("B", game=2), play("C", game=2),
        play("D", scores=(("1", "forty", True), ("2", "35", False))),
        play("E", scores=(("1", "40", True), ("9", "35", False))),
        play("F", ignored=True), play("G", game=3, playDate="not a date"),
        play("H", game=7), "junk"])
    code, out, _ = run(capsys, "import", str(path), "--db", db_url)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Imported 1 game: #1"
    assert "Skipped, games this app does not keep: Catan (2 plays)" in lines
    skipped = [line for line in lines if line.startswith(f"Skipped {path}")]
    assert [line.rsplit(": ", 1)[1] for line in skipped] == [
        "ANN's score 'forty' is not a whole number",
        "its player 2 is not in the file's players (playerRefId 9)",
        "marked 'ignored' in BG Stats",
        "its date 'not a date' is not a date",
        "its game (gameRefId 7) is not in the file",
        "not an object ('junk')"]
    assert skipped[0].startswith(f"Skipped {path}, play 4 (Endeavor: Age of Sail, 2024-06")
    with Store(db_url) as store:
        assert store.count_games() == 1


def test_names_are_matched_to_the_players_kept(db_url: str, tmp_path: Path, capsys) -> None:
    with Store(db_url) as store:
        store.save_score_sheet(ENDEAVOR)  # Red, Yellow, Green
        store.import_results([])  # nothing: no transaction trouble
    path = bgstats_file(tmp_path, [
        play("A", scores=(("1", "40", True), ("2", "35", False))),
        play("B", scores=(("3", "40", False), ("2", "45", True)))],
        players=[{"id": 1, "name": "red"}, {"id": 2, "name": "Bob"},
                 {"id": 3, "name": "Yelo"}])
    code, out, _ = run(capsys, "import", str(path), "--as", "Yelo=Yellow", "--db", db_url)
    assert code == 0, out
    with Store(db_url) as store:
        names = {s.name for p in exchange_plays.plays(store) for s in p.seats}
        assert names == {"Red", "Yellow", "Green", "Bob"}
        stats = {s.name: (s.games, s.wins) for s in store.player_stats(game="endeavor")}
    assert stats["Red"][0] == 2 and stats["Yellow"][0] == 2 and stats["Bob"] == (2, 1)


@pytest.mark.parametrize(("content", "said"), [
    (b"{not json", "is not JSON (line 1"),
    (b'{"foo": 1}', "is JSON but neither a record of this app nor a BG Stats export"),
    (b'{"plays": {"a": 1}, "games": []}', "is not a BG Stats export: its 'plays' is"),
    (b'{"plays": [], "games": 3}', "is not a BG Stats export: its 'games' is"),
    (b'{"plays": []}', "it has plays but no 'games'"),
    (b"\xff\xfe{}", "is UTF-16 text"),
])
def test_a_file_that_is_not_what_it_claims_is_refused(db_url: str, tmp_path: Path, capsys,
                                                      content: bytes, said: str) -> None:
    path = tmp_path / "plays.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "import", str(path), "--db", db_url)
    assert (code, out) == (1, "") and said in err, err
    assert err.startswith(f"Refused {path}")
    with Store(db_url) as store:
        assert store.count_games() == 0


def test_a_huge_file_is_refused_before_it_is_read(db_url: str, tmp_path: Path, capsys,
                                                  monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_MAX_FILE_MB", "0.1")
    plays = [Play(i, PLAYED, "endeavor", None, (PlaySeat("Ann", i, True, 1),
                                                PlaySeat("Bob", 0, False, 2)))
             for i in range(2000)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(to_bgstats(plays)))
    code, out, err = run(capsys, "import", str(path), "--db", db_url)
    assert (code, out) == (1, "") and "a file of records is at most 0.1 MB" in err
    with Store(db_url) as store:
        assert store.count_games() == 0


@pytest.mark.parametrize("command", [["export"], ["import", "plays.json"]])
def test_a_database_that_cannot_be_opened_is_said_and_nothing_is_written(
        tmp_path: Path, capsys, command: list[str]) -> None:
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"this is not a database, just some words" * 100)
    bgstats_file(tmp_path, [play("A")])
    argv = [part if part != "plays.json" else str(tmp_path / part) for part in command]
    code, out, err = run(capsys, *argv, "--db", f"sqlite:///{damaged}")
    assert (code, out) == (1, "")
    assert err.startswith("cannot open the database: ")
    assert damaged.read_bytes().startswith(b"this is not a database")
