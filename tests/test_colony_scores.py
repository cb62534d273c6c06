"""New World colony scoring in one region (digest section 7), Builder bonus included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.final import region_counts, score_colonies
from companion.engine.playout import random_game
from companion.rules.regions import REGIONS
from companion.scoring import colony_scores

# ---------------------------------------------------------------- the book's Builder examples


def test_book_example_1():
    # Adam 4 colonists + 1 builder (5), Matt 2 colonists + 2 builders (4); 3 builders
    scores = colony_scores({"Adam": 5, "Matt": 4}, builders=3)
    assert scores == {"Adam": 6 + 12, "Matt": 2 + 6}


def test_book_example_2():
    # George 5 colonists, Matt 3 colonists + 2 builders (5), Ernie 2 colonists,
    # Adam 1 builder; 3 builders
    scores = colony_scores({"George": 5, "Matt": 5, "Ernie": 2, "Adam": 1}, builders=3)
    assert scores == {"George": 2 + 12, "Matt": 2 + 12, "Ernie": 0 + 6, "Adam": 0}


def test_book_example_2_variant_matt_ties_ernie_for_second():
    # Matt now has 2 workers (his 2 builders), tying Ernie; still 3 builders in the region
    scores = colony_scores({"George": 5, "Matt": 2, "Ernie": 2, "Adam": 1}, builders=3)
    assert scores == {"George": 6 + 12, "Matt": 0 + 6, "Ernie": 0 + 6, "Adam": 0}


# ---------------------------------------------------------------- base scoring, no builders


def test_single_leader_and_single_runner_up():
    assert colony_scores({"A": 5, "B": 3, "C": 1}) == {"A": 6, "B": 2, "C": 0}


def test_two_way_tie_for_first_no_runner_up():
    assert colony_scores({"A": 3, "B": 3, "C": 1}) == {"A": 2, "B": 2, "C": 0}
    assert colony_scores({"A": 4, "B": 4, "C": 3}) == {"A": 2, "B": 2, "C": 0}


def test_three_way_tie_for_first_scores_nothing():
    assert colony_scores({"A": 3, "B": 3, "C": 3}) == {"A": 0, "B": 0, "C": 0}
    scores = colony_scores({"A": 6, "B": 6, "C": 6, "D": 6})
    assert scores == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_tie_for_second_scores_nothing_for_second():
    assert colony_scores({"A": 5, "B": 2, "C": 2}) == {"A": 6, "B": 0, "C": 0}
    assert colony_scores({"A": 5, "B": 4, "C": 4, "D": 1}) == {"A": 6, "B": 0, "C": 0, "D": 0}


def test_lone_player_with_three_or_more():
    assert colony_scores({"A": 3}) == {"A": 6}
    assert colony_scores({"A": 7, "B": 0}) == {"A": 6, "B": 0}


def test_nobody_at_three_scores_zero():
    assert colony_scores({"A": 2, "B": 2, "C": 1}) == {"A": 0, "B": 0, "C": 0}
    assert colony_scores({"A": 2}) == {"A": 0}
    assert colony_scores({}) == {}
    # builders give nothing in a region that does not score
    assert colony_scores({"A": 2, "B": 1}, builders=2) == {"A": 0, "B": 0}


def test_runner_up_with_fewer_than_three_still_scores_two():
    assert colony_scores({"A": 3, "B": 1}) == {"A": 6, "B": 2}
    assert colony_scores({"A": 4, "B": 2, "C": 1}) == {"A": 6, "B": 2, "C": 0}


def test_player_with_no_worker_is_not_runner_up():
    assert colony_scores({"A": 3, "B": 0}) == {"A": 6, "B": 0}
    assert colony_scores({"A": 3, "B": 0}, builders=1) == {"A": 6 + 4, "B": 0}


# ---------------------------------------------------------------- Builder bonus


def test_builder_bonus_goes_to_tied_first_even_with_zero_base():
    # three tied for first: base 0 each, +4 per builder each
    scores = colony_scores({"A": 3, "B": 3, "C": 3}, builders=2)
    assert scores == {"A": 8, "B": 8, "C": 8}


def test_builder_bonus_goes_to_tied_second_even_with_zero_base():
    scores = colony_scores({"A": 6, "B": 2, "C": 2}, builders=1)
    assert scores == {"A": 6 + 4, "B": 0 + 2, "C": 0 + 2}


def test_third_place_gets_no_builder_bonus():
    scores = colony_scores({"A": 6, "B": 3, "C": 1}, builders=2)
    assert scores == {"A": 6 + 8, "B": 2 + 4, "C": 0}


@given(
    st.dictionaries(st.sampled_from("ABCDEF"), st.integers(0, 8), min_size=1),
    st.integers(0, 5),
)
def test_builder_bonus_is_four_for_first_two_for_second(workers, builders):
    builders = min(builders, sum(workers.values()))
    base = colony_scores(workers)
    with_builders = colony_scores(workers, builders=builders)
    present = sorted({n for n in workers.values() if n > 0}, reverse=True)
    for player, n in workers.items():
        bonus = with_builders[player] - base[player]
        if not present or present[0] < 3:
            assert bonus == 0
        elif n == present[0]:
            assert bonus == 4 * builders
        elif len(present) > 1 and n == present[1]:
            assert bonus == 2 * builders
        else:
            assert bonus == 0


@given(st.dictionaries(st.sampled_from("ABCDEF"), st.integers(0, 8), min_size=1))
def test_base_scores_follow_the_digest(workers):
    scores = colony_scores(workers)
    assert set(scores) == set(workers)
    present = {p: n for p, n in workers.items() if n > 0}
    if not present or max(present.values()) < 3:
        assert all(v == 0 for v in scores.values())
        return
    top = max(present.values())
    leaders = [p for p, n in present.items() if n == top]
    if len(leaders) == 1:
        assert scores[leaders[0]] == 6
    elif len(leaders) == 2:
        assert all(scores[p] == 2 for p in leaders)
    else:
        assert all(scores[p] == 0 for p in leaders)
    # nobody but a leader or a single runner-up behind a single leader scores
    rest = {p: n for p, n in present.items() if n < top}
    if rest:
        second = max(rest.values())
        runners = [p for p, n in rest.items() if n == second]
        if len(leaders) == 1 and len(runners) == 1:
            assert scores[runners[0]] == 2
        elif len(leaders) <= 2:
            assert all(scores[p] == 0 for p in runners)
        for p, n in rest.items():
            if n < second:
                assert scores[p] == 0
    for p, n in workers.items():
        if n == 0:
            assert scores[p] == 0


# ---------------------------------------------------------------- input checks


def test_every_input_key_is_in_the_output_in_order():
    workers = {"Red": 0, "Blue": 4, "Green": 1, "Orange": 0, "Purple": 2}
    assert list(colony_scores(workers, builders=1)) == list(workers)


@pytest.mark.parametrize(
    ("workers", "builders"),
    [
        ({"A": -1, "B": 3}, 0),
        ({"A": 3}, -1),
        ({"A": 3, "B": 1}, 5),  # more builders than workers in the region
        ({"A": 2.0, "B": 3}, 0),
        ({"A": "3"}, 0),
        ({"A": 3}, 1.0),
        ({}, 1),
    ],
)
def test_invalid_input_raises(workers, builders):
    with pytest.raises(ValueError):
        colony_scores(workers, builders=builders)


def test_builders_equal_to_workers_is_allowed():
    # every worker there may be a builder
    assert colony_scores({"A": 3, "B": 1}, builders=4) == {"A": 6 + 16, "B": 2 + 8}


def test_the_engine_scores_every_region_as_the_checked_rule_does():
    """``score_colonies`` (the engine: unchecked counts, regions nobody can score skipped)
    gives, region by region, what ``colony_scores`` gives of the same board."""
    setup = {"players": [{"name": f"P{i}"} for i in range(4)], "options": {"builders": True}}
    for seed in range(3):
        stop = random.Random(seed).randrange(100, 600)
        state = random_game(setup, seed=seed, stop_after=stop).state
        counts = region_counts(state)
        scored = score_colonies(state)
        for region in REGIONS:
            builders = sum(c.get("builder", 0) for c in state.regions[region].values())
            workers = {name: counts[region][name] for name in state.order}
            assert scored[region] == colony_scores(workers, builders), region
