"""The placement's short path: a placement on the state the last one was folded into (the
open places carried with it, ``state.places``) is taken without the rule-by-rule checks
when the carried sets show it legal; any other is checked in full (``placement._checked``).

At placements of random games in several set-ups, candidate placements (the one the game
took, and others drawn from every player, worker type and place, legal or not) are each
judged twice: on an equal copy with the carried sets lent to it (the short path), and on
a copy read afresh (the full path). Both take it the same way, or refuse it in the same
words and leave the state unchanged."""

from __future__ import annotations

import random

import pytest

from companion.engine import EngineError, replay
from companion.engine.events import parse_event
from companion.engine.flow import Phase
from companion.engine.fold import apply_in_place
from companion.engine.playout import random_game
from companion.engine.state import Slot
from companion.engine.tracks import placement, placement_board
from companion.rules.editions import WORKER_TYPES

# Every place of the board, and some that are not places (a box where there is none, a
# Specialists worker with no box): each must be refused in the same words either way.
_PLACES = (*placement_board.PLACES, ("specialists", None), ("shipping", "captain"),
           ("initiative", "mayflower"), ("dock", "training"), ("specialists", "mayflower"))


def _candidates(state):
    found = []
    for name in (*state.order, "Nobody"):
        for worker in WORKER_TYPES:
            for track, box in _PLACES:
                found.append(parse_event({"type": "place", "player": name, "worker": worker,
                                          "track": track, "box": box}))
    return found


def _outcome(state, ev):
    try:
        apply_in_place(state, ev)
    except EngineError as exc:
        return type(exc), str(exc)
    return None


@pytest.mark.parametrize(("edition", "players", "options", "readings"), [
    ("empires", 4, {"builders": True}, {"mayflower_any_time": True}),
    ("empires", 6, {"builders": True, "buy_vp": True}, {}),
    ("empires", 3, {}, {}),
    ("aoe3", 5, {}, {}),
    ("aoe3", 2, {}, {"mayflower_any_time": True}),
])
def test_the_short_path_and_the_full_path_judge_every_placement_alike(
        edition, players, options, readings, monkeypatch):
    setup = {"edition": edition, "players": [{"name": f"P{i}"} for i in range(players)],
             "options": options, "readings": readings}
    checked = []
    full_check = placement._checked

    def counted(*args):
        checked.append(args[0])
        return full_check(*args)

    monkeypatch.setattr(placement, "_checked", counted)
    rng = random.Random(players)
    draft = {"type": "place"}
    taken = refused = 0
    for seed in range(1):  # a second game per set-up reached no new line (pytest --cov)
        log = random_game(setup, seed=seed).events
        state = replay(setup, ())
        for ev in log:
            if state.phase == Phase.PLACEMENT:
                placement.legal(state, draft)  # the sets for this state: carried or read
                carried = state.places
                assert carried[:2] == (state, state.version)
                candidates = _candidates(state)
                for candidate in [ev] * (ev.type == "place") + rng.sample(candidates, 6):
                    short, fresh = state.clone(), state.clone()
                    # lent to an equal copy (its own map of workers left: ``place`` changes it)
                    short.places = (short, *carried[1:5], dict(carried[5]), *carried[6:])
                    checked.clear()
                    outcome = _outcome(short, candidate)
                    short_open, short_checked = short.places, list(checked)
                    assert outcome == _outcome(fresh, candidate), candidate
                    if outcome is not None:
                        refused += 1
                        assert short == state  # a refusal changes nothing
                        continue
                    taken += 1
                    assert short_checked == []  # a legal placement: the short path
                    assert short == fresh
                    if short.phase == Phase.PLACEMENT:  # what is carried on: as read
                        placed = short.tracks[candidate.track][-1]  # a whole Slot, as made
                        assert placed == Slot(candidate.player, candidate.worker, placed.label)
                        assert short_open[0] is short
                        assert short_open[1:] == placement_board.scan(fresh)[1:]
            apply_in_place(state, ev)
    assert taken > 100 and refused > 100
