"""What the store derives from a game: status, standings, winners, per-seat results.

Nothing here is a fact of its own: it is all recomputed from a tracked game's events
(``summarize``) or from a score sheet's inputs (``summarize_sheet``), see
``Store.rebuild_summaries``. Both give the same ``Summary``, so the history queries and
statistics need no special case for score sheets.

>>> from companion.engine import Game
>>> s = summarize(Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]}))
>>> s.status, s.event_count, s.winners, [(p.seat, p.name, p.place) for p in s.players]
('in_progress', 0, None, [(1, 'Ann', None), (2, 'Bob', None)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine import Game, Phase, standings
from companion.rules.editions import TURNS
from companion.sheet import ScoreSheet


@dataclass(frozen=True)
class SeatResult:
    """One seat's score; ``place`` is None until the game is finished (scores are provisional)."""

    seat: int
    name: str
    colour: str
    nation: str | None
    total: int
    place: int | None
    won: bool
    colony: int
    discoveries: int
    buildings: int
    economy: int
    bought: int
    money: int


@dataclass(frozen=True)
class Summary:
    status: str  # "in_progress" or "finished"
    phase: str
    turn: int
    event_count: int
    winners: list[str] | None  # set once finished; ties share first place
    players: list[SeatResult]  # seat order

    def result_json(self) -> dict[str, Any]:
        return {
            "provisional": self.status != "finished",
            "standings": [
                {"player": p.name, "place": p.place, "total": p.total, "colony": p.colony,
                 "discoveries": p.discoveries, "buildings": p.buildings, "economy": p.economy,
                 "bought": p.bought, "money": p.money}
                for p in sorted(self.players, key=lambda p: (-p.total, p.seat))
            ],
        }


def summarize(game: Game) -> Summary:
    state = game.state
    finished = state.phase == Phase.OVER
    ranked = {score.player: (place, score) for place, score in standings(state)}
    seats = []
    for seat, p in enumerate(game.setup.players, start=1):
        place, score = ranked[p.name]
        seats.append(SeatResult(
            seat=seat, name=p.name, colour=p.colour, nation=p.nation,
            total=score.total,
            place=place if finished else None,
            won=finished and place == 1,
            colony=score.colony_total, discoveries=score.discoveries,
            buildings=score.buildings_total, economy=score.economy, bought=score.bought,
            money=score.money,
        ))
    return Summary(
        status="finished" if finished else "in_progress",
        phase=state.phase,
        turn=state.turn,
        event_count=len(game.events),
        winners=[s.name for s in seats if s.won] if finished else None,
        players=seats,
    )


def summarize_sheet(sheet: ScoreSheet) -> Summary:
    """A score sheet is a finished game: final totals and places from the sheet's own
    scoring (``ScoreSheet.results``, which checks the inputs first: ``InvalidSheet``)."""
    results = {r.score.player: r for r in sheet.results()}
    seats = []
    for seat, p in enumerate(sheet.players, start=1):
        r = results[p.name]
        score = r.score
        seats.append(SeatResult(
            seat=seat, name=p.name, colour=p.colour, nation=p.nation, total=score.total,
            place=r.place, won=r.place == 1, colony=score.colony_total,
            discoveries=score.discoveries, buildings=score.buildings_total,
            economy=score.economy, bought=score.bought, money=score.money,
        ))
    return Summary(
        status="finished", phase=Phase.OVER, turn=TURNS[-1], event_count=0,
        winners=[s.name for s in seats if s.won], players=seats,
    )
