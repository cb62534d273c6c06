"""The refusals a person meets importing a file (a result, a score-sheet record, a bundle, a
BG Stats export; through the command line or the History) are sentences of the catalogue:
French at a French table, plain English otherwise. They were English f-strings before."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from companion import i18n
from companion.cli import main
from companion.exchange.exports import bundle
from companion.exchange.imports import ImportReport
from companion.games import FAMILY_IDS, InvalidSheet, Sheet, family
from companion.games.results import InvalidResult, Result, read_result_record
from companion.games.sheet_records import SHEET_FORMAT, read_sheet_record
from companion.record_files import Limits, RecordError, check_file_size, parse_bytes, size_text
from companion.store import Store


def _known(lang: str, style: str = "standard") -> str:
    """The games' ids as a refusal lists them (taken from the registry, never written out)."""
    with i18n.use_language(lang):
        return i18n.format_list(FAMILY_IDS, style)


KNOWN_EN, KNOWN_FR = _known("en"), _known("fr")
ONE_OF_EN, ONE_OF_FR = _known("en", "or"), _known("fr", "or")
PLAY = {"game": "endeavor", "played": "2024-05-01T20:00:00+00:00",
        "players": [{"name": "Ann", "score": 41, "won": True}, {"name": "Bob", "score": 38}]}
NM = family("nouveau-monde")
SHEET = {"format": SHEET_FORMAT, "version": 2, "game": NM.id, **Sheet(NM.id, tuple(
    NM.blank_player(name, NM.default_options()) for name in ("Ann", "Bob")),
    NM.default_options()).to_json()}


def refusal(error: type[Exception], read, data, lang: str) -> str:
    with i18n.use_language(lang), pytest.raises(error) as caught:
        read(data)
    return str(caught.value)


# Each bad result: what it reads in English, then in French
RESULTS = [
    ("not a result", "a result is a JSON object, not 'not a result'",
     "un résultat est un objet JSON, pas 'not a result'"),
    ({**PLAY, "game": "catan"},
     f"unknown game 'catan' (known: {KNOWN_EN})",
     f"jeu inconnu\u00a0: 'catan' (jeux connus\u00a0: {KNOWN_FR})"),
    ({**PLAY, "game": 7},
     f"a game is named by its id as text, not 7 (known: {KNOWN_EN})",
     f"un jeu se désigne par son identifiant, en texte, pas par 7 "
     f"(jeux connus\u00a0: {KNOWN_FR})"),
    ({**PLAY, "game": "age-of-discovery"},
     "a result of Age of Discovery names its edition (empires or aoe3)",
     "un résultat d'Age of Discovery indique son édition (empires ou aoe3)"),
    ({**PLAY, "game": "age-of-discovery", "edition": "third"},
     "a result of Age of Discovery names its edition (empires or aoe3), not 'third'",
     "un résultat d'Age of Discovery indique son édition (empires ou aoe3), pas 'third'"),
    ({**PLAY, "edition": "empires"},
     "Endeavor: Age of Sail has a single edition: a result of it names none (this one says "
     "'empires')",
     "Endeavor: Age of Sail n’a qu’une édition : ses résultats n’en indiquent aucune "
     "(celui-ci indique 'empires')"),
    ({**PLAY, "played": "Friday"},
     "'played' must be an ISO date and time such as 2024-06-07T20:30:00+00:00, not 'Friday'",
     "'played' doit être une date et heure ISO comme 2024-06-07T20:30:00+00:00, pas 'Friday'"),
    ({**PLAY, "players": []}, "a result has at least one player",
     "un résultat compte au moins un joueur"),
    ({**PLAY, "key": ""}, "'key' is text of 1 to 200 characters",
     "'key' est un texte de 1 à 200 caractères"),
    ({**PLAY, "source": 5}, "'source' is text of at most 100 characters",
     "'source' est un texte d’au plus 100 caractères"),
    ({**PLAY, "players": ["Ann"]}, "player 1 is a JSON object, not 'Ann'",
     "le joueur 1 est un objet JSON, pas 'Ann'"),
    ({**PLAY, "players": [{"name": " ", "score": 1}]},
     "player 1: a name cannot be empty or only spaces",
     "joueur 1 : un nom ne peut pas être vide ni fait d'espaces"),
    ({**PLAY, "players": [{"name": "Bob", "score": "12"}]},
     "Bob's score is a whole number from -100,000 to 100,000, not '12'",
     "le score de Bob est un nombre entier de -100\u202f000 à 100\u202f000, pas '12'"),
    ({**PLAY, "players": [{"name": "Bob", "score": 1, "seat": 0}]},
     "Bob's seat is a whole number from 1 to 99, not 0",
     "la place de Bob est un nombre entier de 1 à 99, pas 0"),
    ({**PLAY, "players": [{"name": "Bob", "score": 1, "won": "yes"}]},
     "Bob: 'won' and 'start' are true or false",
     "Bob : 'won' et 'start' valent true ou false"),
    ({**PLAY, "players": [{"name": "Ann", "score": 1}, {"name": "ANN", "score": 2}]},
     "Ann and ANN are the same player (names that differ only by case count as one)",
     "Ann et ANN sont le même joueur (des noms qui ne diffèrent que par les majuscules "
     "comptent pour un seul)"),
]


@pytest.mark.parametrize(("data", "english", "french"), RESULTS)
def test_a_result_refused_reads_in_the_table_language(data, english, french):
    assert refusal(InvalidResult, Result.parse, data, "en") == english
    assert refusal(InvalidResult, Result.parse, data, "fr") == french


def test_a_result_record_of_another_version_is_refused_in_the_table_language():
    record = {"format": "age-of-discovery-companion/result", "version": 2, **PLAY}
    assert refusal(InvalidResult, read_result_record, record, "en") == (
        "result record version 2 is not supported (this app reads version 1)")
    assert refusal(InvalidResult, read_result_record, record, "fr") == (
        "la version 2 d’enregistrement de résultat n’est pas prise en charge (l’application "
        "lit la version 1)")


SHEETS = [
    ({**SHEET, "format": "other"}, "this is not a score-sheet record (its format is 'other')",
     "ce n’est pas un enregistrement de feuille de score (son format est 'other')"),
    ({**SHEET, "version": 3},
     "score-sheet record version 3 is not supported (this app reads versions 1 and 2)",
     "la version 3 d’enregistrement de feuille de score n’est pas prise en charge "
     "(l’application lit les versions 1 et 2)"),
    ({**SHEET, "version": 1},
     "a version 1 score-sheet record has no 'game' (it is always Age of Discovery)",
     "un enregistrement de feuille de score en version 1 n’a pas de 'game' (c’est toujours "
     "Age of Discovery)"),
    ({k: v for k, v in SHEET.items() if k != "game"},
     f"a version 2 score-sheet record names its game ('game' is {ONE_OF_EN})",
     f"un enregistrement de feuille de score en version 2 indique son jeu ('game' vaut "
     f"{ONE_OF_FR})"),
    ({**SHEET, "game": "monopoly"},
     f"unknown game 'monopoly' (known: {KNOWN_EN})",
     f"jeu inconnu\u00a0: 'monopoly' (jeux connus\u00a0: {KNOWN_FR})"),
    ({**SHEET, "created": "0001-01-01T00:00:00+01:00"},
     "'created' is outside the calendar (years 1 to 9999 in UTC), not "
     "'0001-01-01T00:00:00+01:00'",
     "'created' est hors du calendrier (années 1 à 9999 en UTC), pas "
     "'0001-01-01T00:00:00+01:00'"),
]


@pytest.mark.parametrize(("record", "english", "french"), SHEETS)
def test_a_score_sheet_record_refused_reads_in_the_table_language(record, english, french):
    assert refusal(InvalidSheet, read_sheet_record, record, "en") == english
    assert refusal(InvalidSheet, read_sheet_record, record, "fr") == french


def test_an_unknown_game_is_refused_in_the_table_language():
    assert refusal(InvalidSheet, family, "go", "fr").startswith("jeu inconnu : 'go'")
    assert refusal(InvalidSheet, family, None, "en") == (
        f"a game is named by its id as text, not None (known: {KNOWN_EN})")


def test_sizes_and_file_refusals_are_in_the_table_language():
    with i18n.use_language("fr"):
        assert (size_text(52_428_800), size_text(20_000), size_text(1_000_000)) == (
            "52,4 Mo", "20 ko", "1,0 Mo")
    assert (size_text(1_000_000), size_text(1_234_500_000)) == ("1.0 MB", "1,234.5 MB")
    limits = Limits(file_bytes=1_000_000)
    with i18n.use_language("fr"), pytest.raises(RecordError) as caught:
        check_file_size(1_500_000, "gros.json", limits)
    assert str(caught.value) == ("gros.json fait 1,5 Mo ; un fichier d'enregistrements fait "
                                 "au plus 1,0 Mo (COMPANION_MAX_FILE_MB)")
    # a refusal inside the JSON, and one inside a bundle's record, name where they are
    for lang, said in (("en", "a.json: 1e999 is not a number a record can hold"),
                       ("fr", "a.json : 1e999 n'est pas un nombre qu'un enregistrement peut "
                              "contenir")):
        with i18n.use_language(lang), pytest.raises(RecordError) as caught:
            parse_bytes(b"[1e999]", "a.json")
        assert str(caught.value) == said
    deep = json.dumps({"games": [{"a": [[[1]]]}, {}]}).encode()
    with i18n.use_language("fr"), pytest.raises(RecordError) as caught:
        parse_bytes(deep, "b.json", Limits(depth=3))
    assert str(caught.value) == ("b.json, enregistrement 1 : l'enregistrement a plus de 3 niveaux "
                                 "d'imbrication")


def test_the_command_line_says_refused_in_the_table_language(tmp_path, capsys, monkeypatch):
    path = tmp_path / "plays.json"
    path.write_bytes("{}".encode("utf-16"))
    for lang, said in (("en", f"Refused {path} is UTF-16 text"),
                       ("fr", f"Refusé : {path} est un texte UTF-16")):
        monkeypatch.setenv("LANGUAGE", lang)
        assert main(["import", str(path), "--db", f"sqlite:///{tmp_path / 'x.db'}"]) == 1
        assert capsys.readouterr().err.startswith(said)


def test_the_import_report_counts_in_the_table_language():
    some, none = ImportReport(imported=[3, 4]), ImportReport()
    assert (some.lines()[0], none.lines()[0]) == ("Imported 2 games: #3, #4", "Imported 0 games")
    with i18n.use_language("fr"):
        assert (some.lines()[0], none.lines()[0]) == ("2 parties importées : #3, #4",
                                                      "0 partie importée")


def test_a_bundle_tells_its_progress_in_the_table_language(tmp_path):
    with Store(f"sqlite:///{tmp_path / 'c.db'}") as store:
        added, _ = store.import_results([Result.parse({**PLAY, "played": datetime(
            2024, 5, 1, tzinfo=UTC).isoformat()})])
        said = []
        with i18n.use_language("fr"):
            bundle(store, added, lambda done, text: said.append(text))
    assert said == ["1 sur 1"]


def test_a_file_of_many_records_is_counted_in_the_table_language(tmp_path, capsys,
                                                                 monkeypatch):
    path = tmp_path / "none.json"
    path.write_text("[]")
    for lang, said in (("en", f"{path} holds 0 records: check or replay one at a time"),
                       ("fr", f"{path} contient 0 enregistrement : vérifiez ou rejouez-les")):
        monkeypatch.setenv("LANGUAGE", lang)
        assert main(["check", str(path)]) == 1
        assert capsys.readouterr().err.startswith(said)


def test_a_count_of_no_known_kind_lists_the_kinds_as_a_choice():
    aod = family("age-of-discovery")
    record = {"format": SHEET_FORMAT, "version": 2, "game": aod.id, **Sheet(aod.id, tuple(
        {**aod.blank_player(name, aod.default_options()), "goods": {"tea": 1}}
        for name in ("Ann", "Bob")), aod.default_options()).to_json()}
    sheet = read_sheet_record(record)[0]
    with i18n.use_language("fr"):
        said = [e.message for e in aod.problems(sheet) if e.field == "goods"]
    assert said and said[0].startswith("Marchandises : 'tea' ne fait pas partie de silver, ")
    assert said[0].endswith(", fish ou rice."), said
