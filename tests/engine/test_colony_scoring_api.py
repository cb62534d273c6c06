"""The colony scoring's breakdown in the engine's public API (issue 43): for each region
judged, each player's workers, who stood first and second, and the VP won; checked against
what the fold itself gives at every event of random games, in both editions."""

from __future__ import annotations

import pytest

from companion.engine import apply, colony_scoring, random_game, scoring_in, scoring_of
from companion.engine.final import region_counts
from companion.rules.regions import REGIONS
from companion.scoring import colony_scores, region_scoring

GAMES = [
    ({"edition": "empires", "players": [{"name": f"P{i}"} for i in range(5)],
      "options": {"builders": True}}, 3),
    ({"edition": "empires", "players": [{"name": f"P{i}"} for i in range(3)]}, 8),
    ({"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(4)]}, 5),
]


def _colony_vp(state) -> dict[str, int]:
    return {name: sum(p.colony_vp) for name, p in state.players.items()}


@pytest.mark.parametrize(("setup", "seed"), GAMES)
def test_the_scoring_of_each_event_is_what_the_fold_gives(setup, seed):
    """Every event of a whole game: the ones the API says score colonies raise each
    player's colony VP by the VP of its regions, every other event leaves them alone; and
    the three scorings of turns 3, 6 and 8 are all found."""
    game = random_game(setup, seed=seed)
    state = game.at(0)
    scorings = 0
    for event in game.events:
        judged = scoring_of(state, event)
        after = apply(state, event)
        gained = {n: after_vp - _colony_vp(state)[n]
                  for n, after_vp in _colony_vp(after).items()}
        if judged is None:
            assert not any(gained.values()), event
        else:
            scorings += 1
            won = dict.fromkeys(state.order, 0)
            for region in judged:
                for name, vp in region.vp:
                    won[name] += vp
            assert won == gained, (state.turn, judged)
        state = after
    assert scorings == 3


@pytest.mark.parametrize(("setup", "seed"), GAMES)
def test_each_region_judged_reads_the_board(setup, seed):
    """At many points of a game: the regions listed are exactly those where somebody has
    3 workers or more; each one's workers are the board's, its places follow the counts
    (first the most, second the next count) and its VP are the checked rule's."""
    game = random_game(setup, seed=seed)
    for version in range(0, len(game.events), 37):
        state = game.at(version)
        counts = region_counts(state)
        judged = {r.region: r for r in colony_scoring(state)}
        assert set(judged) == {r for r in REGIONS if max(counts[r].values()) >= 3}
        for region, found in judged.items():
            workers = dict(found.workers)
            assert list(workers) == list(state.order)
            assert workers == counts[region]
            builders = sum(c.get("builder", 0) for c in state.regions[region].values())
            assert found.builders == builders
            assert dict(found.vp) == colony_scores(workers, builders)
            present = sorted({n for n in workers.values() if n}, reverse=True)
            assert {workers[p] for p in found.first} == {present[0]}
            assert set(found.first) == {p for p, n in workers.items() if n == present[0]}
            second = present[1] if len(present) > 1 else None
            assert set(found.second) == {p for p, n in workers.items() if n and n == second}


def test_ties_are_told_apart_from_a_single_place():
    judged = region_scoring("brazil", {"Ann": 4, "Bob": 4, "Cy": 1, "Dee": 0}, builders=1)
    assert judged is not None
    assert [judged.place(p) for p in ("Ann", "Bob", "Cy", "Dee")] == [1, 1, 2, None]
    assert [judged.tied(p) for p in ("Ann", "Bob", "Cy", "Dee")] == [True, True, False, False]
    assert dict(judged.vp) == {"Ann": 2 + 4, "Bob": 2 + 4, "Cy": 0 + 2, "Dee": 0}
    with pytest.raises(ValueError):
        region_scoring("brazil", {"Ann": -1})


def test_a_steps_scoring_is_found_among_its_events():
    """``scoring_in``: a run of events holding a scoring gives that scoring and its turn;
    a run without one gives None."""
    game = random_game(GAMES[0][0], seed=GAMES[0][1])
    found = []
    for i, event in enumerate(game.events):
        state = game.at(i)
        judged = scoring_of(state, event)
        window = game.events[max(i - 3, 0):i + 3]
        start = game.at(max(i - 3, 0))
        if judged is not None:
            found.append(state.turn)
            assert scoring_in(start, window) == (state.turn, judged)
        elif i % 25 == 0 and all(scoring_of(game.at(max(i - 3, 0) + k), e) is None
                                 for k, e in enumerate(window)):
            assert scoring_in(start, window) is None
    assert found == [3, 6, 8]
