"""Whole games entered through the Table page's widgets alone, every step checked.

The engine's random player picks each next event (all kinds: buildings with choices,
expeditions, battles and wars, building and national powers, VP purchases); the driver taps
it in and the test checks that the store recorded exactly that event. The taps are counted
per turn and written to ``test-output/taps-per-turn.txt``.
"""

from __future__ import annotations

import random
from pathlib import Path
from statistics import mean

import pytest
from ui_driver import Driver, errors, next_answer, open_table, same_event

OUT = Path(__file__).resolve().parents[2] / "test-output"
NATIONS = ["england", "spain", "france", "portugal", "holland", "italy"]


def _setup(edition: str, players: int, nations: bool = False) -> dict:
    options = {"builders": True, "buy_vp": True, "nations": nations} if edition == "empires" \
        else {}
    return {"edition": edition, "options": options,
            "players": [{"name": f"P{i + 1}", **({"nation": NATIONS[i]} if nations else {})}
                        for i in range(players)]}


def play_through_the_widgets(at, store, setup: dict, seed: int,
                             last_turn: int = 8) -> dict[int, int]:
    sg = store.create_game(setup)
    open_table(at, sg.id)
    driver = Driver(at, store, sg.id)
    rng = random.Random(seed)
    taps: dict[int, int] = {}
    kinds: set[str] = set()
    while True:
        game = store.load(sg.id).game
        state = game.state
        if state.phase == "over" or state.turn > last_turn:
            break
        answer = next_answer(game, rng)
        turn = 0 if state.phase == "setup" else state.turn
        before, read = driver.taps, driver.report_taps
        driver.enter(answer)
        after = store.load(sg.id)
        stored = after.game.events[len(game.events):]
        table = [e for e in stored if not e.auto]
        assert len(table) == len(answer), (
            f"{answer} was not recorded at {state.describe()}: {errors(at)}")
        assert all(same_event({**e.model_dump(mode="json"), "group": False}, a)
                   for e, a in zip(table, answer, strict=True))
        spent = driver.taps - before
        taps[turn] = taps.get(turn, 0) + spent
        first = answer[0]
        if first["type"] == "place":  # one tap on its spot: no worker picked apart, no "OK"
            assert spent == 1, f"placing {first} took {spent} taps"
        if first["type"] in ("reveal", "refresh"):  # at most a tap per tile turned up
            tiles = sum(len(first.get(k) or ()) for k in ("goods", "buildings", "drawn"))
            assert driver.report_taps - read <= tiles, f"reporting {first} took {spent} taps"
        kinds.add(answer[0]["type"])
    assert not errors(at)
    return taps


@pytest.mark.parametrize(("edition", "players", "nations", "seed", "last_turn"), [
    ("empires", 4, False, 1, 8),
    ("empires", 5, True, 2, 4),
    ("aoe3", 3, False, 3, 8),
], ids=["empires-4p-builders-buy-vp", "empires-5p-nations", "aoe3-3p"])
def test_a_game_entered_through_the_widgets(at, store, edition, players, nations, seed,
                                            last_turn):
    taps = play_through_the_widgets(at, store, _setup(edition, players, nations), seed,
                                    last_turn)
    turns = [taps[t] for t in taps if t]
    OUT.mkdir(exist_ok=True)
    with (OUT / "taps-per-turn.txt").open("a") as out:
        out.write(f"{edition} {players} players{' nations' if nations else ''} (seed {seed}): "
                  f"set-up {taps[0]}, per turn {turns}, mean {mean(turns):.0f}\n")
    assert mean(turns) < 20 * players
