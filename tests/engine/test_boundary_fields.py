"""Every field of an event and a set-up is checked by type and range at the boundary.

Strict whole numbers for counts (``3.0`` and ``true`` are not counts), amounts a database can
hold, names trimmed, NFC and free of control or invisible characters, choices of the shape
their building or nation reads, and messages that name the field without Python's words.
"""

from __future__ import annotations

import re

import pytest
from helpers import correct, new_game

from companion.engine import Game, MalformedEvent, parse_event, parse_setup
from companion.engine.fields import clean_name, clean_note, name_key

PYTHON_WORDS = re.compile(r"unhashable|NoneType|Error\b|instance of|object at 0x|<class|"
                          r"__|Traceback|'dict'|'list'|'str'|'int'")


def refused(data: dict, field: str) -> str:
    with pytest.raises(MalformedEvent) as caught:
        parse_event(data)
    message = str(caught.value)
    assert field in message, message
    assert not PYTHON_WORDS.search(message), message
    return message


# ---------------------------------------------------------------- whole numbers


@pytest.mark.parametrize("count", [1.0, True, "1", -1, 100, 2**64])
def test_expedition_counts_are_whole_numbers_in_range(count):
    refused({"type": "expedition", "workers": {"colonist": count}, "target": "peru",
             "found": "t01"}, "expedition.workers.colonist")


@pytest.mark.parametrize("count", [1.0, False, None])
def test_warfare_losses_are_whole_numbers(count):
    refused({"type": "warfare", "kind": "battle", "defender": "Blue",
             "losses": [{"region": "peru", "attacker": {"soldier": count}}]},
            "warfare.losses.0.attacker.soldier")


@pytest.mark.parametrize("field, value", [
    ("vp", 2**31), ("vp", 2**63), ("money", -(2**63)), ("money", 10_001), ("vp", 1.5),
    ("ships", 1000), ("money", True),
])
def test_corrections_hold_amounts_every_database_can_store(field, value):
    refused({"type": "correction", "player": "Red", "reason": "slip", field: value},
            f"correction.{field}")


def test_bought_vp_are_bounded():
    refused({"type": "buy_vp", "player": "Red", "vp": 2**31}, "buy_vp.vp")
    refused({"type": "buy_vp", "player": "Red", "vp": 2.0}, "buy_vp.vp")


def test_flags_are_true_or_false_not_words():
    refused({"type": "resolve", "auto": "yes"}, "resolve.auto")
    refused({"type": "expedition", "workers": {}, "nation_power": 1}, "expedition.nation_power")


# ---------------------------------------------------------------- choices


@pytest.mark.parametrize("choice, field", [
    ({"region": ["peru"]}, "buy.choice.region"),  # was: unhashable type: 'list'
    ({"regions": {"peru": 3.0}}, "buy.choice.regions.peru"),  # Overpopulation
    ({"regions": ["peru"]}, "buy.choice.regions"),
    ({"specialists": "captain"}, "buy.choice.specialists"),  # War Chest
    ({"losses": {"peru": ["Red"]}}, "buy.choice.losses.peru"),  # Plague
    ({"colonists": 2.0}, "buy.choice.colonists"),
    ({"tokens": {"Blue": 7}}, "buy.choice.tokens.Blue"),  # Rewrite History
    ({"opponent_first": "no"}, "buy.choice.opponent_first"),
    ({"teleport": "peru"}, "buy.choice.teleport"),  # a key no building reads
])
def test_a_buy_choice_has_the_shape_its_building_reads(choice, field):
    refused({"type": "buy", "building": "overpopulation", "choice": choice}, field)


@pytest.mark.parametrize("choice, field", [
    ({"goods": {"fur": 1.0}}, "benefit.choice.goods.fur"),  # Broker
    ({"goods": ["fur"]}, "benefit.choice.goods"),
    ({"from": {"a": 1}}, "benefit.choice.from"),  # Migration
    ({"colonists": True}, "benefit.choice.colonists"),
])
def test_a_benefit_choice_has_the_shape_its_building_reads(choice, field):
    refused({"type": "benefit", "player": "Red", "building": "broker", "choice": choice}, field)


@pytest.mark.parametrize("choice, field", [
    ({"order": [0.0, 1]}, "power.choice.order.0"),  # England
    ({"order": "10"}, "power.choice.order"),
    ({"worker": ["soldier"]}, "power.choice.worker"),  # Italy
    ({"good": {"fur": 1}}, "power.choice.good"),  # France
])
def test_a_power_choice_has_the_shape_its_nation_reads(choice, field):
    refused({"type": "power", "player": "Red", "nation": "england", "choice": choice}, field)


def test_a_choice_of_the_wrong_shape_is_refused_before_the_rules_read_it():
    game = new_game()
    before = game.state
    with pytest.raises(MalformedEvent, match="buy.choice.region: should be text"):
        game.apply({"type": "buy", "building": "settlers", "choice": {"region": ["peru"]}})
    assert game.state is before


def test_a_record_with_a_float_count_is_refused_by_check_and_replay():
    game = new_game()
    record = game.record()
    record["events"].append({"type": "correction", "player": "Red", "reason": "x",
                             "goods": {"fur": 1.0}})
    with pytest.raises(MalformedEvent, match=r"event 1: .*correction\.goods\.fur"):
        Game.from_record(record)


# ---------------------------------------------------------------- text


def test_names_are_trimmed_and_nfc():
    setup = parse_setup({"players": [{"name": "  Jose\u0301\r"}, {"name": "Bob"}]})
    assert setup.names == ["Jos\u00e9", "Bob"]
    # an event naming the decomposed spelling is the same player
    assert parse_event({"type": "buy_vp", "player": "Jose\u0301", "vp": 0}).player == "Jos\u00e9"


@pytest.mark.parametrize("name", ["Ann\u200b", "Ann\x00", "An\rn", "\u202eAnn", "A\u2028B",
                                  "Ann\ud800", "   ", "", "\t"])
def test_names_with_control_or_invisible_characters_are_refused_naming_the_field(name):
    with pytest.raises(MalformedEvent, match=r"players\.1\.name") as caught:
        parse_setup({"players": [{"name": "Bob"}, {"name": name}]})
    assert not PYTHON_WORDS.search(str(caught.value))


@pytest.mark.parametrize("name", ["👩\u200d🚀 Val", "🏳\ufe0f\u200d🌈", "🏴\U000e0067\U000e0062"
                                  "\U000e0065\U000e006e\U000e0067\U000e007f Kit", "Zoë", "李"])
def test_emoji_sequences_and_letters_are_fine_in_names(name):
    assert parse_setup({"players": [{"name": "Bob"}, {"name": name}]}).names[1] == name


@pytest.mark.parametrize("twin", ["ann", "ANN", "\uff21nn", " Ann "])
def test_names_differing_only_by_case_or_width_are_the_same_player(twin):
    with pytest.raises(MalformedEvent, match="two players have the same name"):
        parse_setup({"players": [{"name": "Ann"}, {"name": twin}]})
    assert name_key(clean_name(twin)) == name_key("Ann")


def test_a_zero_width_joiner_outside_an_emoji_is_refused():
    with pytest.raises(ValueError, match="ZERO WIDTH JOINER"):
        clean_name("Ann\u200dBob")


def test_a_reason_keeps_newlines_and_tabs_but_no_other_control_character():
    game = correct(new_game(), "Red", reason="first line\r\n\tsecond", money=1)
    assert game.events[-1].reason == "first line\n\tsecond"
    refused({"type": "correction", "player": "Red", "reason": "a\x00b"}, "correction.reason")
    refused({"type": "correction", "player": "Red", "reason": "a\x1bb"}, "correction.reason")
    refused({"type": "correction", "player": "Red", "reason": " \n "}, "correction.reason")
    assert clean_note("tab\there") == "tab\there"


def test_ids_are_short_text_without_control_characters():
    refused({"type": "dock", "region": "peru\x00"}, "dock.region")
    refused({"type": "dock", "region": "p" * 41}, "dock.region")
    refused({"type": "reveal", "goods": ["fur"] * 21}, "reveal.goods")


def test_many_problems_are_summed_up_not_listed_by_the_thousand():
    message = refused({"type": "reveal", "goods": [1] * 20}, "reveal.goods.0")
    assert "and 15 more" in message


# ---------------------------------------------------------------- set-up


def test_colours_are_those_of_the_game():
    with pytest.raises(MalformedEvent, match=r"players\.0\.colour"):
        parse_setup({"players": [{"name": "Ann", "colour": "=1+1"}, {"name": "Bob"}]})


def test_region_goods_cannot_claim_more_of_a_good_than_exists():
    # rice has 3 tokens and no region of the printed map: three regions may show it, not four
    three = {"peru": "rice", "florida": "rice", "caribbean": "rice"}
    assert parse_setup({"players": [{"name": "A"}, {"name": "B"}], "region_goods": three})
    with pytest.raises(MalformedEvent, match="region_goods: the map would show 4 rice"):
        parse_setup({"players": [{"name": "A"}, {"name": "B"}],
                     "region_goods": {**three, "brazil": "rice"}})


@pytest.mark.parametrize("version", [True, 1.0, "2", None])
def test_a_game_record_version_is_a_whole_number(version):
    record = new_game().record()
    record["version"] = version
    with pytest.raises(MalformedEvent, match="record version"):
        Game.from_record(record)


def test_money_overrides_and_bids_are_bounded_whole_numbers():
    for money in (2**31, 15.0, -1):
        with pytest.raises(MalformedEvent, match=r"players\.0\.money"):
            parse_setup({"players": [{"name": "A", "money": money}, {"name": "B"}]})


# ---------------------------------------------------------------- the cache of flat events

def test_a_flat_event_seen_before_is_still_judged_by_its_exact_values():
    """Flat event dicts are remembered once validated: ``True`` must not pass for the ``1``
    seen before (equal and of equal hash to Python), and a refusal is refused every time."""
    good = {"type": "buy_vp", "player": "Ann", "vp": 1}
    assert parse_event(good) is parse_event(dict(good))  # remembered
    assert parse_event(good).vp == 1
    for _ in range(2):
        refused({"type": "buy_vp", "player": "Ann", "vp": True}, "vp")
        refused({"type": "buy_vp", "player": "Ann", "vp": 1.0}, "vp")
    assert parse_event({**good, "auto": True}).auto is True
    refused({**good, "auto": 1}, "auto")


def test_every_event_class_is_told_by_its_type():
    """``EVENT_CLASSES`` is how an answer tells an event from a dict: a class missing there
    would be parsed again as if it were a dict."""
    from companion.engine import events

    def leaves(cls: type) -> set[type]:
        subs = cls.__subclasses__()
        return {cls} if not subs else set().union(*map(leaves, subs))

    assert leaves(events.Event) == events.EVENT_CLASSES
    place = parse_event({"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "dock"})
    assert type(place) in events.EVENT_CLASSES
