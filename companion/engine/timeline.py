"""The charts' timeline: every player's scores, money and New World workers, and each
region's leader, at the end of every turn. Kept apart from the game data and the turn
flow: a state keeps these snapshots only when replayed for a chart (``Game.timeline``);
the fold of every other state (a load, an undo, a random playout) never builds them.

>>> from companion.engine.playout import random_game
>>> game = random_game({"players": [{"name": "A"}, {"name": "B"}]}, seed=1)
>>> game.state.timeline is None, [p["turn"] for p in game.timeline()]
(True, [1, 2, 3, 4, 5, 6, 7, 8])
"""

from __future__ import annotations

from companion.engine.final import final_scores, region_counts
from companion.engine.state import GameState
from companion.rules.regions import REGIONS


def turn_ended(state: GameState, turn: int, regions: dict[str, dict[str, int]]) -> None:
    """At the end of ``turn``'s refresh: its snapshot, if this state keeps a timeline
    (``regions``: ``region_counts(state)``, which the refresh has already read)."""
    if state.timeline is not None:
        state.timeline.append(snapshot(state, turn, regions))


def vp_bought(state: GameState, scored_turn: int) -> None:
    """VP bought right after a colony scoring: that turn's snapshot taken again."""
    if state.timeline is not None:
        state.timeline[-1] = snapshot(state, scored_turn)


def snapshot(state: GameState, turn: int,
             regions: dict[str, dict[str, int]] | None = None) -> dict:
    """``regions``: ``region_counts(state)``, when the caller already has it."""
    if regions is None:
        regions = region_counts(state)  # read once: the scores and the leaders both need it
    scores = {s.player: s for s in final_scores(state, regions)}
    return {
        "turn": turn,
        "players": {
            name: {
                "vp": scores[name].total,
                "colony": scores[name].colony_total,
                "discoveries": scores[name].discoveries,
                "buildings": scores[name].buildings_total,
                "economy": scores[name].economy,
                "bought": scores[name].bought,
                "money": p.money,
                "income": p.income.get(turn, 0),
                "new_world_workers": sum(regions[r][name] for r in REGIONS),
            }
            for name, p in state.players.items()
        },
        "leaders": {region: region_leader(state, region, regions[region]) for region in REGIONS},
    }


def region_leader(state: GameState, region: str,
                  workers: dict[str, int] | None = None) -> str | None:
    """The one player with the most workers in ``region``; None when empty or tied
    (``workers``: player -> workers there, when the caller already has them)."""
    if workers is None:
        workers = {n: state.workers_in_region(region, n) for n in state.order}
    most = max(workers.values(), default=0)
    if not most:
        return None
    top = [n for n, c in workers.items() if c == most]
    return top[0] if len(top) == 1 else None
