"""What an answer is worth right now, in the engine's own terms: the values a hint holds
(each track module works out its own; ``hints`` says them in words).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from companion.engine.decisions import Answer, Decision
from companion.engine.final import score_colonies
from companion.engine.state import GameState
from companion.rules.editions import LAST_TURN, SCORING_TURNS


@dataclass(frozen=True)
class IncomeWorth:
    """A trade good: the player's income this turn and Economy VP, without and with it."""

    player: str
    income_before: int
    income_after: int
    end_before: int  # Economy VP if the game ended with the goods and ships held
    end_after: int


@dataclass(frozen=True)
class ColonyWorth:
    """Colony VP each player would get at the next scoring (turn ``turn``)."""

    turn: int
    before: tuple[tuple[str, int], ...]
    after: tuple[tuple[str, int], ...]
    usual_losses: bool = False  # a fight, taken with the losses listed first

    def change(self) -> dict[str, tuple[int, int]]:
        """Players whose colony VP changes: name -> (before, after)."""
        after = dict(self.after)
        return {p: (vp, after[p]) for p, vp in self.before if after[p] != vp}


@dataclass(frozen=True)
class BuildingWorth:
    """A capital building for the player buying it."""

    player: str
    cost: int
    vp_now: int  # fixed VP plus its formula, counted as if the game ended now
    fixed_vp: int
    formula: str | None  # its end-VP formula in words, if it has one
    formula_count: int = 0  # what the formula counts for this player now
    formula_vp: int = 0


@dataclass(frozen=True)
class ExpeditionWorth:
    """An expedition: ``strength`` against the known ``natives``, or the chance over the
    ``unseen`` tokens (or cards), ``beaten`` of which it would beat."""

    strength: int
    natives: int | None = None  # a face-up token (or Portugal's card): known resistance
    unseen: int = 0
    beaten: int = 0
    of: str = "tokens"  # what is unseen: "tokens", or "cards" once every region is found

    @property
    def chance(self) -> Fraction:
        if self.natives is not None:
            return Fraction(int(self.strength >= self.natives))
        return Fraction(self.beaten, self.unseen) if self.unseen else Fraction(0)


Worth = IncomeWorth | ColonyWorth | BuildingWorth | ExpeditionWorth


@dataclass(frozen=True)
class Hint:
    """The worth of one answer (``index`` into ``Decision.answers``), and a line saying it."""

    index: int
    label: str
    text: str
    worth: Worth


def next_scoring(state: GameState) -> int:
    """The turn whose colony scoring comes next (8 once every scoring is behind)."""
    return next((t for t in SCORING_TURNS if t > state.scored_turn), LAST_TURN)


def colony_totals(state: GameState) -> tuple[tuple[str, int], ...]:
    """Each player's colony VP if the board were scored now (turn order)."""
    totals = dict.fromkeys(state.order, 0)
    for scores in score_colonies(state).values():
        for name, vp in scores.items():
            totals[name] += vp
    return tuple(totals.items())


After = Callable[[GameState, Answer], "GameState | None"]  # the state once an answer is recorded


def colony_worth(state: GameState, decision: Decision, answer: Answer,
                 after: After) -> ColonyWorth | None:
    """Each player's colony VP at the next scoring, before and after ``answer`` (a fight
    that asks on is taken with its usual losses)."""
    later = after(state, answer)
    if later is None:
        return None
    fight = decision.type == "warfare" and not answer.ready
    return ColonyWorth(next_scoring(state), colony_totals(state), colony_totals(later),
                       usual_losses=fight)
