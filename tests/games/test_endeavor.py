"""Endeavor: Age of Sail: every worked example of the digest, the refusals, the doubts and the
shared victory. Expected figures are the digest's own hand counts, not the code's."""

from __future__ import annotations

import pytest

from companion.games import InvalidSheet, family
from companion.games.endeavor import SYMBOL_SQUARES, track_glory

ENDEAVOR = family("endeavor")

# Worked example 1: the rulebook's Red, as sheet fields (digest, "Worked examples")
RED = {"name": "Red", "industry_track": 10, "culture_track": 8, "wealth_track": 9,
       "influence_track": 12, "cities_connections_glory": 19, "buildings_cards_glory": 11,
       "governor_slot_empty": True, "harbor_discs": 3, "slavery_cards_set_aside": 1}
# Worked example 2: Yellow, no Exploits, a Governor in the free slot
YELLOW = {"name": "Yellow", "industry_track": 11, "culture_track": 6, "wealth_track": 4,
          "influence_track": 14, "cities_connections_glory": 9 + 2 + 7,
          "buildings_cards_glory": 6 + 4, "governor_slot_empty": False, "harbor_discs": 8,
          "slavery_cards_set_aside": 0}
# Worked example 3: Green, Exploits 3/0/2, abolition forced 3 Slavery cards aside
GREEN = {"name": "Green", "exploit_1_glory": 3, "exploit_2_glory": 0, "exploit_3_glory": 2,
         "industry_track": 15, "culture_track": 13, "wealth_track": 7, "influence_track": 9,
         "cities_connections_glory": 14, "buildings_cards_glory": 9,
         "governor_slot_empty": True, "harbor_discs": 2, "slavery_cards_set_aside": 3}


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


def test_the_track_table_of_the_digest():
    expected = [0, 1, 2, 3, 4, 5, 5, 7, 7, 7, 10, 10, 12, 12, 12, 15, 15, 15]
    assert [track_glory(square) for square in range(18)] == expected
    assert {7, 10, 12} <= set(SYMBOL_SQUARES) and not {8, 9} & set(SYMBOL_SQUARES)


def test_the_scored_value_of_a_track_gives_the_same_result():
    squares = score(RED, YELLOW).of("Red").total
    stepped = dict(RED, culture_track=7, wealth_track=7)
    assert score(stepped, YELLOW).of("Red").total == squares


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
    ([RED, dict(YELLOW, culture_track=-1)], (2, "culture_track"), "cannot be below 0"),
    ([RED, dict(YELLOW, cities_connections_glory=2.5)], (2, "cities_connections_glory"),
     "whole number"),
    ([RED, dict(YELLOW, buildings_cards_glory="12")], (2, "buildings_cards_glory"),
     "whole number"),
    ([RED, dict(YELLOW, governor_slot_empty=1)], (2, "governor_slot_empty"), "yes or no"),
    ([RED, dict(YELLOW, slavery_cards_set_aside=7)], (2, "slavery_cards_set_aside"),
     "cannot be more than 6"),
    ([RED, dict(YELLOW, exploit_2_glory=-1)], (2, "exploit_2_glory"), "cannot be below 0"),
    ([RED, dict(YELLOW, influence_track=True)], (2, "influence_track"), "whole number"),
])
def test_impossible_entries_are_refused_at_their_field(players, where, says):
    errors = refusals(*players)
    assert any(says in e.message for e in errors), errors
    hit = next(e for e in errors if says in e.message)
    assert (hit.seat, hit.field) == (where if where else (None, None))
    assert hit.message.endswith(".")  # a sentence


def test_slavery_cards_set_aside_at_one_table_are_at_most_six():
    errors = refusals(dict(RED, slavery_cards_set_aside=4), dict(YELLOW, slavery_cards_set_aside=3),
                      dict(GREEN, slavery_cards_set_aside=0))
    assert [(e.seat, e.field) for e in errors] == [(1, "slavery_cards_set_aside"),
                                                  (2, "slavery_cards_set_aside")]
    assert "7 Slavery cards in all, but the deck holds only 6" in errors[0].message
    assert score(dict(RED, slavery_cards_set_aside=3), dict(YELLOW, slavery_cards_set_aside=3))


def test_a_record_without_a_required_field_or_with_an_unknown_one_is_refused():
    no_track = {k: v for k, v in RED.items() if k != "wealth_track"}
    errors = refusals(no_track, dict(YELLOW, glory=3))
    assert [(e.seat, e.field, e.message) for e in errors] == [
        (1, "wealth_track", "Wealth track is missing."),
        (2, "glory", "Endeavor: Age of Sail sheets have no field 'glory'.")]
    with pytest.raises(InvalidSheet, match="has no variant"):
        score(RED, YELLOW, variant="B")


def test_optional_lines_take_their_defaults():
    minimal = {k: v for k, v in YELLOW.items() if k != "slavery_cards_set_aside"}
    sheet = ENDEAVOR.parse({"players": [RED, minimal]})
    assert sheet.players[1]["slavery_cards_set_aside"] == 0
    assert sheet.players[1]["exploit_1_glory"] == 0
    assert sheet.options == {"exploits": False, "board_side": None, "silent_fleet": False}


def test_doubtful_entries_are_accepted_with_a_warning():
    far = dict(RED, industry_track=16, culture_track=31)
    scored = score(far, dict(YELLOW, exploit_1_glory=2))
    red = scored.of("Red")
    assert red.details["industry_glory"] == 15  # ASSUMED: nothing known past 15
    assert [(w.seat, w.field) for w in scored.warnings] == [
        (1, "industry_track"), (1, "culture_track"), (2, "exploit_1_glory")]
    assert "typo" in scored.warnings[1].message
    assert "Exploits module is marked as not used" in scored.warnings[2].message
    many = [dict(RED, name=n, industry_track=16, culture_track=16, slavery_cards_set_aside=0)
            for n in ("A", "B", "C")]
    assert any("box has 4 extension pieces" in w.message for w in score(*many).warnings)
    side = score(RED, YELLOW, GREEN, dict(RED, name="Blue"), dict(RED, name="Purple",
                 slavery_cards_set_aside=0), board_side="A", exploits=True)
    assert [w.field for w in side.warnings] == ["board_side"]
    assert [w.field for w in score(RED, YELLOW, GREEN, silent_fleet=True,
                                   exploits=True).warnings] == ["silent_fleet"]


def test_the_sheet_says_what_a_track_and_the_harbour_score_beside_them():
    fields = {f.name: f for f in ENDEAVOR.fields({})}
    assert fields["culture_track"].hint(RED) == (
        "Scores 7 Glory (a plain square: the cube slides back from 8).")
    assert fields["industry_track"].hint(RED) == "Scores 10 Glory."
    assert fields["harbor_discs"].hint(YELLOW) == "Scores 2 Glory (2 discs left over)."
    assert fields["harbor_discs"].hint(dict(YELLOW, harbor_discs=40)) is None  # refused
