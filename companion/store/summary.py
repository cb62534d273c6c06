"""What the store derives from a game: status, standings, winners, per-seat results.

Nothing here is a fact of its own: it is all recomputed from a tracked game's events
(``summarize``) or from a score sheet's inputs (``summarize_scored``, any game family), see
``Store.rebuild_summaries``. Both give the same ``Summary`` (a total, a place and points per
category for every seat), so the history queries and statistics need no special case for
score sheets, nor for the family a game belongs to. A result imported from another app
(``summarize_result``) has totals and places but an empty breakdown.

>>> from companion.engine import Game
>>> s = summarize(Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]}))
>>> s.status, s.event_count, s.winners, [(p.seat, p.name, p.place) for p in s.players]
('in_progress', 0, None, [(1, 'Ann', None), (2, 'Bob', None)])
>>> s.family, s.players[0].breakdown
('age-of-discovery', {'colony': 0, 'discoveries': 0, 'buildings': 0, 'economy': 0, 'bought': 0})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine import Game, Phase
from companion.games import TRACKED_GAME, Scored, Sheet, family
from companion.games.results import Result
from companion.scoring import ScoreBreakdown


@dataclass(frozen=True)
class SeatResult:
    """One seat's score; ``place`` is None until the game is finished (scores are provisional).

    ``breakdown`` holds the points per scoring category of the game's family; ``details``
    other figures worth keeping (Age of Discovery: the money the tie-break reads)."""

    seat: int
    name: str
    colour: str
    nation: str | None
    total: int
    place: int | None
    won: bool
    breakdown: dict[str, int] = field(default_factory=dict)
    details: dict[str, int] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class Summary:
    status: str  # "in_progress" or "finished"
    phase: str
    turn: int
    event_count: int
    winners: list[str] | None  # set once finished; ties share first place
    players: list[SeatResult]  # seat order
    family: str = TRACKED_GAME

    def result_json(self) -> dict[str, Any]:
        """``games.result``: standings best first. Every row has ``breakdown``; a family with
        ``standing_details`` (Age of Discovery: money) also keeps its categories and those
        details as top-level keys (as its rows were stored before game families)."""
        kept = family(self.family).standing_details
        rows = []
        for p in sorted(self.players, key=lambda p: (p.place or 0, -p.total, p.seat)):
            row: dict[str, Any] = {"player": p.name, "place": p.place, "total": p.total}
            if kept:
                row |= p.breakdown | {k: p.details.get(k, 0) for k in kept}
            row["breakdown"] = dict(p.breakdown)
            if p.note:
                row["note"] = p.note
            rows.append(row)
        return {"provisional": self.status != "finished", "standings": rows}


def _aod_breakdown(score: ScoreBreakdown) -> dict[str, int]:
    return {"colony": score.colony_total, "discoveries": score.discoveries,
            "buildings": score.buildings_total, "economy": score.economy,
            "bought": score.bought}


def summarize(game: Game) -> Summary:
    state = game.state
    finished = state.phase == Phase.OVER
    ranked = {score.player: (place, score) for place, score in game.standings()}
    seats = []
    for seat, p in enumerate(game.setup.players, start=1):
        place, score = ranked[p.name]
        seats.append(SeatResult(
            seat=seat, name=p.name, colour=p.colour, nation=p.nation,
            total=score.total,
            place=place if finished else None,
            won=finished and place == 1,
            breakdown=_aod_breakdown(score), details={"money": score.money},
        ))
    return Summary(
        status="finished" if finished else "in_progress",
        phase=state.phase,
        turn=state.turn,
        event_count=len(game.events),
        winners=[s.name for s in seats if s.won] if finished else None,
        players=seats,
    )


def summarize_scored(sheet: Sheet, scored: Scored) -> Summary:
    """A score sheet is a finished game: its family's totals, places and winners."""
    seats = []
    for p, result in zip(sheet.players, scored.by_seat(), strict=True):
        seats.append(SeatResult(
            seat=result.seat, name=result.player, colour=p.get("colour") or "",
            nation=p.get("nation"), total=result.total, place=result.place, won=result.won,
            breakdown=dict(result.breakdown), details=dict(result.details), note=result.note,
        ))
    return Summary(
        status="finished", phase=Phase.OVER, turn=family(sheet.game).final_turn, event_count=0,
        winners=[s.name for s in seats if s.won], players=seats, family=sheet.game,
    )


def summarize_sheet(sheet: Sheet) -> Summary:
    """``summarize_scored`` after scoring the sheet (which checks it first:
    ``InvalidSheet``)."""
    return summarize_scored(sheet, family(sheet.game).score(sheet))


def summarize_result(result: Result) -> Summary:
    """A result is a finished game: its totals, places and winners as recorded elsewhere,
    and no breakdown (it counts for plays and wins, never for category figures)."""
    seats = [SeatResult(seat=i, name=s.name, colour="", nation=None, total=s.score,
                        place=s.place, won=s.won)
             for i, s in enumerate(result.seats, start=1)]
    return Summary(status="finished", phase=Phase.OVER, turn=0, event_count=0,
                   winners=[s.name for s in seats if s.won], players=seats,
                   family=result.game)
