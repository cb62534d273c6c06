"""``python -m companion report``: a game record, a score-sheet record and a stored game;
``--json`` holds ids and numbers, the same in every language; ``--png`` writes the picture."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.engine import Game, standings
from companion.report.picture import png_size

ROOT = Path(__file__).resolve().parents[2]
HAND_GAME = ROOT / "tests/data/hand_game_4p.json"
ENDEAVOR = {"format": "age-of-discovery-companion/score-sheet", "version": 2,
            "game": "endeavor", "players": [
                {"name": n, "industry_track": 7, "culture_track": 3, "wealth_track": 2,
                 "influence_track": 1, "cities_connections_glory": 5,
                 "buildings_cards_glory": 4, "governor_slot_empty": False, "harbor_discs": 4}
                for n in ("Red", "Blue")]}


def _locale(monkeypatch, lang: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)


def test_json_is_the_same_in_every_language_and_matches_the_replay(monkeypatch, capsys):
    outputs = []
    for lang in ("fr_FR.UTF-8", "en_GB.UTF-8"):
        _locale(monkeypatch, lang)
        assert main(["report", str(HAND_GAME), "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0])
    game = Game.from_record(json.loads(HAND_GAME.read_text()))
    assert [(s["place"], s["name"], s["total"]) for s in data["standings"]] == [
        (place, s.player, s.total) for place, s in standings(game.state)]
    assert all(sum(s["categories"].values()) == s["total"] for s in data["standings"])
    kinds = {m["kind"] for m in data["moments"]}
    assert {"lead_change", "swing", "colony_scoring", "best_category", "feats",
            "tie_break"} <= kinds
    assert all({"turn", "kind"} <= set(m) for m in data["moments"])


def test_words_and_the_picture_follow_the_language(monkeypatch, capsys, tmp_path):
    _locale(monkeypatch, "fr_FR.UTF-8")
    out = tmp_path / "partie.png"
    assert main(["report", str(HAND_GAME), "--png", str(out)]) == 0
    french = capsys.readouterr().out
    assert "prend la tête" in french and "takes the lead" not in french
    assert png_size(out.read_bytes())[0] == 1080
    _locale(monkeypatch, "en_GB.UTF-8")
    assert main(["report", str(HAND_GAME)]) == 0
    assert "takes the lead" in capsys.readouterr().out


def test_a_score_sheet_record_has_its_report(tmp_path, capsys):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(ENDEAVOR))
    out = tmp_path / "sheet.png"
    assert main(["report", str(path), "--json", "--png", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {s["place"] for s in data["standings"]} == {1}  # equal Glory: a shared victory
    assert [m["kind"] for m in data["moments"]].count("shared_place") == 1
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_a_stored_game_and_a_stored_sheet_by_id(tmp_path, capsys):
    from companion.store import Store

    url = f"sqlite:///{tmp_path / 'c.db'}"
    with Store(url) as store:
        game = store.import_record(json.loads(HAND_GAME.read_text())).id
        sheet = store.save_score_sheet({"game": "endeavor", "players": ENDEAVOR["players"]})
    assert main(["report", "--game", str(game), "--db", url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["standings"][0]["name"] == "Ann"
    assert main(["report", "--game", str(sheet), "--db", url, "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["standings"]) == 2
    assert main(["report", "--game", "999", "--db", url]) == 1
    assert "999" in capsys.readouterr().err


def test_report_needs_a_record_or_a_game_not_both(capsys):
    import pytest

    with pytest.raises(SystemExit):
        main(["report"])
    with pytest.raises(SystemExit):
        main(["report", str(HAND_GAME), "--game", "1"])
    assert "RECORD.json or --game ID" in capsys.readouterr().err
