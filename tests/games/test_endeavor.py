"""Endeavor: Age of Sail: every worked example of the digest, the refusals, the doubts and the
shared victory. Expected figures are the digest's own hand counts, not the code's. The sheet
asks the Glory read beside each cube (as the pad does); sheets written before gave the cube's
square and still read, with their totals."""

from __future__ import annotations

import pytest

from companion.games import InvalidSheet, family
from companion.games.endeavor import OLDER_SYMBOL_SQUARES, track_glory

ENDEAVOR = family("endeavor")

# Worked example 1: the rulebook's Red, as sheet fields (digest, "Worked examples"): culture
# slid back from 8 and wealth from 9, both to 7
RED = {"name": "Red", "industry_glory": 10, "culture_glory": 7, "wealth_glory": 7,
       "influence_glory": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
       "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
# Worked example 2: Yellow, no Exploits, a Governor in the free slot
YELLOW = {"name": "Yellow", "industry_glory": 10, "culture_glory": 5, "wealth_glory": 4,
          "influence_glory": 12, "cities_connections_glory": 9 + 2 + 7,
          "buildings_cards_glory": 6 + 4, "governor_slot_empty": False, "harbor_discs": 8,
          "slavery_cards_set_aside": 0}
# Worked example 3: Green, Exploits 3/0/2, abolition forced 3 Slavery cards aside
GREEN = {"name": "Green", "exploit_1_glory": 3, "exploit_2_glory": 0, "exploit_3_glory": 2,
         "industry_glory": 15, "culture_glory": 12, "wealth_glory": 7, "influence_glory": 7,
         "cities_connections_glory": 14, "buildings_cards_glory": 9,
         "governor_slot_empty": True, "harbor_discs": 2, "slavery_cards_set_aside": 3}
# The same three as sheets written before the Glory was asked: the cubes' squares
SQUARES = {"Red": (10, 8, 9, 12), "Yellow": (11, 6, 4, 14), "Green": (15, 13, 7, 9)}


def older(player):
    """``player`` as an older sheet gave it: each track's square, no Glory."""
    tracks = ("industry", "culture", "wealth", "influence")
    kept = {k: v for k, v in player.items() if k not in {f"{t}_glory" for t in tracks}}
    return kept | {f"{t}_track": n for t, n in zip(tracks, SQUARES[player["name"]], strict=True)}


def score(*players, **options):
    return ENDEAVOR.score(ENDEAVOR.parse({**options, "players": list(players)}))


def test_rulebook_example_red_scores_69_line_by_line():
    red = score(RED, YELLOW).of("Red")
    assert red.details == {"industry_glory": 10, "culture_glory": 7, "wealth_glory": 7,
                           "influence_glory": 12}
    assert dict(red.breakdown) == {
        "exploits_glory": 0, "attributes_glory": 36, "cities_connections_glory": 19,
        "buildings_cards_governor_glory": 14, "population_glory": 1, "slavery_penalty": -1}
    assert red.total == 69


def test_hand_example_yellow_scores_61():
    yellow = score(RED, YELLOW).of("Yellow")
    assert yellow.details == {"industry_glory": 10, "culture_glory": 5, "wealth_glory": 4,
                              "influence_glory": 12}
    assert dict(yellow.breakdown) == {
        "exploits_glory": 0, "attributes_glory": 31, "cities_connections_glory": 18,
        "buildings_cards_governor_glory": 10, "population_glory": 2, "slavery_penalty": 0}
    assert yellow.total == 61


def test_hand_example_green_ties_red_and_they_share_the_victory():
    scored = score(RED, YELLOW, GREEN, exploits=True)
    green = scored.of("Green")
    assert green.details == {"industry_glory": 15, "culture_glory": 12, "wealth_glory": 7,
                             "influence_glory": 7}
    assert dict(green.breakdown) == {
        "exploits_glory": 5, "attributes_glory": 41, "cities_connections_glory": 14,
        "buildings_cards_governor_glory": 12, "population_glory": 0, "slavery_penalty": -3}
    assert green.total == 69
    assert scored.winners == ("Red", "Green")  # no tie-breaker: both win
    assert [(p.player, p.place, p.won) for p in scored.players] == [
        ("Red", 1, True), ("Green", 1, True), ("Yellow", 3, False)]
    assert scored.warnings == ()


@pytest.mark.parametrize("discs, glory", [(0, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 2),
                                          (35, 11)])
def test_only_whole_groups_of_three_harbour_discs_score(discs, glory):
    assert score(dict(RED, harbor_discs=discs), YELLOW).of("Red").breakdown[
        "population_glory"] == glory


def test_older_sheets_giving_squares_keep_their_totals():
    expected = [0, 1, 2, 3, 4, 5, 5, 7, 7, 7, 10, 10, 12, 12, 12, 15, 15, 15]
    assert [track_glory(square) for square in range(18)] == expected
    assert {7, 10, 12} <= set(OLDER_SYMBOL_SQUARES) and not {8, 9} & set(OLDER_SYMBOL_SQUARES)
    today = score(RED, YELLOW, GREEN, exploits=True)
    before = score(older(RED), older(YELLOW), older(GREEN), exploits=True)
    assert [(p.player, p.total, dict(p.details)) for p in before.players] == [
        (p.player, p.total, dict(p.details)) for p in today.players]
    sheet = ENDEAVOR.parse({"players": [older(RED), YELLOW]})
    assert sheet.players[0]["culture_glory"] == 7 and "culture_track" not in sheet.players[0]


def test_the_glory_read_beside_each_cube_is_what_scores():
    # `002_…`, "Décompte final" A: the markers' final positions, after sliding back, are added
    red = score(dict(RED, culture_glory=6, influence_glory=14), YELLOW).of("Red")
    assert red.details == {"industry_glory": 10, "culture_glory": 6, "wealth_glory": 7,
                           "influence_glory": 14}  # no guessed symbol squares in between
    assert red.total == 69 - 1 + 2
    extended = score(dict(RED, industry_glory=17), YELLOW).of("Red")
    assert extended.details["industry_glory"] == 17  # an extension piece's own value


def test_a_total_can_go_below_zero():
    nothing = {k: 0 for k in RED if k != "name"} | {"name": "Grey", "governor_slot_empty": False,
                                                   "slavery_cards_set_aside": 2}
    assert score(nothing, RED).of("Grey").total == -2


def refusals(*players, **options):
    with pytest.raises(InvalidSheet) as caught:
        score(*players, **options)
    return caught.value.errors


@pytest.mark.parametrize("players, where, says", [
    ([RED], None, "played by 2 to 5 players, not 1"),
    ([dict(RED, name=f"P{i}") for i in range(6)], None, "2 to 5 players, not 6"),
    ([RED, dict(YELLOW, name="Red")], None, "same name"),
    ([RED, dict(YELLOW, name="")], (2, "name"), "a name is 1 to 40 characters"),
    ([RED, dict(YELLOW, harbor_discs=36)], (2, "harbor_discs"), "cannot be more than 35"),
    ([RED, dict(YELLOW, culture_glory=-1)], (2, "culture_glory"), "cannot be below 0"),
    ([RED, dict(YELLOW, cities_connections_glory=2.5)], (2, "cities_connections_glory"),
     "whole number"),
    ([RED, dict(YELLOW, buildings_cards_glory="12")], (2, "buildings_cards_glory"),
     "whole number"),
    ([RED, dict(YELLOW, governor_slot_empty=1)], (2, "governor_slot_empty"), "yes or no"),
    ([RED, dict(YELLOW, slavery_cards_set_aside=7)], (2, "slavery_cards_set_aside"),
     "cannot be more than 6"),
    ([RED, dict(YELLOW, exploit_2_glory=-1)], (2, "exploit_2_glory"), "cannot be below 0"),
    ([RED, dict(YELLOW, influence_glory=True)], (2, "influence_glory"), "whole number"),
    ([RED, dict(YELLOW, exploit_1_glory=2)], (2, "exploit_1_glory"),
     "Exploits module is marked as not used"),
    ([RED, dict(older(YELLOW), wealth_glory=4)], (2, "wealth_track"),
     "sheets have no field 'wealth_track'"),
])
def test_impossible_entries_are_refused_at_their_field(players, where, says):
    errors = refusals(*players)
    assert any(says in e.message for e in errors), errors
    hit = next(e for e in errors if says in e.message)
    assert (hit.seat, hit.field) == (where if where else (None, None))
    assert hit.message.endswith(".")  # a sentence


def test_slavery_cards_set_aside_at_one_table_are_at_most_six():
    errors = refusals(dict(RED, slavery_cards_set_aside=4), dict(YELLOW, slavery_cards_set_aside=3),
                      dict(GREEN, slavery_cards_set_aside=0), exploits=True)
    assert [(e.seat, e.field) for e in errors] == [(1, "slavery_cards_set_aside"),
                                                  (2, "slavery_cards_set_aside")]
    assert "7 Slavery cards in all, but the deck holds only 6" in errors[0].message
    assert score(dict(RED, slavery_cards_set_aside=3), dict(YELLOW, slavery_cards_set_aside=3))


def test_a_record_without_a_required_field_or_with_an_unknown_one_is_refused():
    no_track = {k: v for k, v in RED.items() if k != "wealth_glory"}
    errors = refusals(no_track, dict(YELLOW, glory=3))
    assert [(e.seat, e.field, e.message) for e in errors] == [
        (1, "wealth_glory", "Wealth Glory is missing."),
        (2, "glory", "Endeavor: Age of Sail sheets have no field 'glory'.")]
    with pytest.raises(InvalidSheet, match="has no variant"):
        score(RED, YELLOW, variant="B")


def test_optional_lines_take_their_defaults():
    minimal = {k: v for k, v in YELLOW.items() if k != "slavery_cards_set_aside"}
    sheet = ENDEAVOR.parse({"players": [RED, minimal]})
    assert sheet.players[1]["slavery_cards_set_aside"] == 0
    assert sheet.players[1]["exploit_1_glory"] == 0
    assert sheet.options == {"exploits": False, "board_side": None, "silent_fleet": False}


def test_exploit_glory_is_refused_when_the_module_is_off():
    # `002_…`, "Décompte final": "ignorez-les si vous n'utilisez pas les Exploits"
    errors = refusals(dict(RED, exploit_3_glory=2), YELLOW, GREEN)
    assert [(e.seat, e.field) for e in errors] == [
        (1, "exploit_3_glory"), (3, "exploit_1_glory"), (3, "exploit_3_glory")]
    assert "Exploit 3 gives 2 Glory" in errors[0].message
    assert "Exploits module used" in errors[0].message  # the option that would allow it
    assert score(dict(RED, exploit_3_glory=2), YELLOW, GREEN, exploits=True)


def test_doubtful_entries_are_accepted_with_a_warning():
    far = dict(RED, industry_glory=16, culture_glory=31, wealth_glory=8)
    scored = score(far, YELLOW)
    red = scored.of("Red")
    assert red.details["industry_glory"] == 16
    assert [(w.seat, w.field) for w in scored.warnings] == [
        (1, "culture_glory"), (1, "wealth_glory")]
    assert "typo" in scored.warnings[0].message
    assert "plain square in the rulebook's example" in scored.warnings[1].message
    many = [dict(RED, name=n, industry_glory=16, culture_glory=16, slavery_cards_set_aside=0)
            for n in ("A", "B", "C")]
    assert any("box has 4 extension pieces" in w.message for w in score(*many).warnings)
    side = score(RED, YELLOW, GREEN, dict(RED, name="Blue"), dict(RED, name="Purple",
                 slavery_cards_set_aside=0), board_side="A", exploits=True)
    assert [w.field for w in side.warnings] == ["board_side"]
    assert [w.field for w in score(RED, YELLOW, GREEN, silent_fleet=True,
                                   exploits=True).warnings] == ["silent_fleet"]


def test_the_sheet_says_where_the_book_confirms_a_square_and_what_the_harbour_scores():
    fields = {f.name: f for f in ENDEAVOR.fields({})}
    assert "Glory read beside the cube" in fields["culture_glory"].help
    assert fields["culture_glory"].hint(dict(RED, culture_glory=8)) == (
        "8 is a plain square in the rulebook's example: a cube there slides back to 7, "
        "which is the Glory to enter.")
    assert fields["industry_glory"].hint(RED) is None  # nothing the book confirms to add
    assert fields["harbor_discs"].hint(YELLOW) == "Scores 2 Glory (2 discs left over)."
    assert fields["harbor_discs"].hint(dict(YELLOW, harbor_discs=40)) is None  # refused
