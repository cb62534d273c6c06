"""Hints: what each answer of a Decision is worth right now, in the engine's own terms.

A teaching aid the table may turn on. Each track's module works out what its answers are
worth (``hint``); this module says it in words. Hints only read: every answer comes from
the Decision (``asking.decide``), its consequences from the engine's own fold applied to a
copy of the state, and its worth from ``companion.scoring``. Nothing here decides what is
legal or changes the state or the log.

- a trade good: the player's income this turn, and the Economy VP those goods would give
  at game end, without and with it (``best_income``, exact);
- a Dock destination, a battle or a war: each player's colony VP at the next scoring
  before and after (a battle with its usual losses, the first ones listed);
- a capital building: its price, its VP if the game ended now, its end-VP formula;
- an expedition: the strength sent against the natives of a face-up token, else the
  chance of success over the tokens (or cards) nobody has seen yet.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> hints(game.state, game.pending())
()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion import names
from companion.engine.decisions import Answer, Decision
from companion.engine.errors import EngineError
from companion.engine.events import parse_event
from companion.engine.final import standings
from companion.engine.flow import Phase
from companion.engine.fold import apply_checked
from companion.engine.moves import legal_moves
from companion.engine.state import GameState
from companion.engine.tracks import buildings, discovery, dock, trade_goods, warfare
from companion.engine.worth import (
    After,
    BuildingWorth,
    ColonyWorth,
    ExpeditionWorth,
    Hint,
    IncomeWorth,
    Worth,
    colony_totals,
    next_scoring,
)
from companion.i18n import _, format_number, ngettext
from companion.rules.editions import LAST_TURN
from companion.scoring import ScoreBreakdown

FOLLOW_AT_MOST = 6  # questions followed to reach a ready answer (a war's losses, ...)


# ---------------------------------------------------------------- the hints of a Decision


def hints(state: GameState, decision: Decision | None) -> tuple[Hint, ...]:
    """A hint for each answer of ``decision`` (asked of ``state``) that has one.

    Trade goods, Dock destinations, fights, buildings and expeditions have hints; other
    questions (placement, reports, ...) have none.
    """
    if decision is None or decision.report:
        return ()
    worth_of = _WORTH.get(decision.type)
    if worth_of is None:
        return ()
    out = []
    for index, answer in enumerate(decision.answers):
        worth = worth_of(state, decision, answer, _after)
        if worth is not None:
            out.append(Hint(index, answer.label, describe(worth), worth))
    return tuple(out)


_WORTH: dict[str, Callable[[GameState, Decision, Answer, After], Worth | None]] = {
    "take_good": trade_goods.hint,
    "dock": dock.hint,
    "warfare": warfare.hint,
    "buy": buildings.hint,
    "expedition": discovery.hint,
}


# ---------------------------------------------------------------- following an answer


def _after(state: GameState, answer: Answer) -> GameState | None:
    """The state once ``answer`` is recorded, by the engine's own fold on a copy; an
    answer that asks on is followed through its first-listed (usual) answers."""
    events = _events(state, answer)
    if events is None:
        return None
    after = state.clone()
    try:
        for event in events:
            apply_checked(after, parse_event(event))
    except EngineError:
        return None  # not recordable as followed: no hint rather than a wrong one
    return after


def _events(state: GameState, answer: Answer) -> Sequence[Mapping[str, Any]] | None:
    for _follow in range(FOLLOW_AT_MOST):
        if answer.ready:
            return answer.events
        if answer.draft is None:
            return None
        follow = legal_moves(state, answer.draft)
        if follow is None or not follow.moves:
            return None
        answer = next((m for m in follow.moves if m.usual), follow.moves[0])
    return None


# ---------------------------------------------------------------- words for the table


def describe(worth: Worth) -> str:
    """One short line in table language.

    >>> describe(ExpeditionWorth(3, unseen=8, beaten=6))
    'strength 3: succeeds against 6 of the 8 unseen tokens (75%)'
    >>> describe(IncomeWorth("Ann", 1, 3, 1, 3))
    'income this turn $1 → $3; Economy VP at game end 1 → 3'
    """
    if isinstance(worth, IncomeWorth):
        return (_("income this turn ${income_before} → ${income_after}; Economy VP at game "
                  "end {end_before} → {end_after}").format(
                    income_before=worth.income_before, income_after=worth.income_after,
                    end_before=worth.end_before, end_after=worth.end_after))
    if isinstance(worth, ColonyWorth):
        change = worth.change()
        when = _("at the turn {turn} scoring").format(turn=worth.turn)
        if not change:
            text = _("no change to colony VP {when}").format(when=when)
        else:
            text = _("colony VP {when}: ").format(when=when) + _(", ").join(
                f"{p} {a} → {b}" for p, (a, b) in change.items())
        return text + (_(" (usual losses)") if worth.usual_losses else "")
    if isinstance(worth, BuildingWorth):
        text = _("{cost}; {vp_now} VP if the game ended now").format(
                   cost=names.money(worth.cost), vp_now=worth.vp_now)
        if worth.formula:
            text += (f" ({worth.fixed_vp} + {worth.formula}: {worth.formula_count} → "
                     f"{worth.formula_vp})")
        return text
    if worth.natives is not None:
        said = (_("strength {strength} vs natives {natives}: succeeds")
                if worth.strength >= worth.natives
                else _("strength {strength} vs natives {natives}: fails"))
        return said.format(strength=worth.strength, natives=worth.natives)
    if not worth.unseen:
        return _("strength {strength}: nothing left unseen").format(strength=worth.strength)
    said = (ngettext("strength {strength}: succeeds against {beaten} of the {unseen} unseen "
                     "card ({round}%)", "strength {strength}: succeeds against {beaten} of the "
                     "{unseen} unseen cards ({round}%)", worth.unseen) if worth.of == "cards"
            else ngettext("strength {strength}: succeeds against {beaten} of the {unseen} "
                          "unseen token ({round}%)", "strength {strength}: succeeds against "
                          "{beaten} of the {unseen} unseen tokens ({round}%)", worth.unseen))
    return said.format(strength=worth.strength, beaten=worth.beaten, unseen=worth.unseen,
                       round=format_number(round(100 * worth.chance)))


# ---------------------------------------------------------------- if the game ended now


def ended_now(state: GameState) -> list[tuple[int, ScoreBreakdown]]:
    """Standings if the game ended now: the VP so far, a last colony scoring of the board
    as it stands (unless turn 8's scoring is done), Economy from the goods and ships held.

    >>> from companion.engine.game import Game
    >>> [(place, s.player, s.total) for place, s in ended_now(Game.new(
    ...     {"players": [{"name": "Ann"}, {"name": "Bob"}]}).state)]
    [(1, 'Bob', 0), (2, 'Ann', 0)]
    """
    if state.phase == Phase.OVER or state.scored_turn == LAST_TURN:
        return standings(state)
    ended = state.clone()
    for name, vp in colony_totals(state):
        ended.players[name].colony_vp[2] += vp
    return standings(ended)


__all__ = ["BuildingWorth", "ColonyWorth", "ExpeditionWorth", "Hint", "IncomeWorth",
           "colony_totals", "describe", "ended_now", "hints", "next_scoring"]
