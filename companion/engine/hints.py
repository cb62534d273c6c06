"""Hints: what each answer of a Decision is worth right now, in the engine's own terms.

A teaching aid the table may turn on. Hints only read: every answer comes from the
Decision (``asking.decide``), its consequences from the engine's own fold applied to a
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from companion.engine.asking import decide
from companion.engine.decisions import Answer, Decision
from companion.engine.discovery import accounted_tokens, expedition_value, resistance_modifier
from companion.engine.errors import EngineError
from companion.engine.events import parse_event
from companion.engine.final import end_facts, standings
from companion.engine.flow import Phase
from companion.engine.fold import apply_checked
from companion.engine.powers import portugal
from companion.engine.refresh import score_colonies
from companion.engine.resolution import current_slot, income_of, price_of
from companion.engine.state import GameState
from companion.rules.discoveries import CARDS, TOKENS
from companion.rules.editions import LAST_TURN, SCORING_TURNS
from companion.scoring import ScoreBreakdown, economy_vp

FOLLOW_AT_MOST = 6  # questions followed to reach a ready answer (a war's losses, ...)


# ---------------------------------------------------------------- what a hint holds


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
        worth = worth_of(state, decision, answer)
        if worth is not None:
            out.append(Hint(index, answer.label, describe(worth), worth))
    return tuple(out)


def _good(state: GameState, decision: Decision, answer: Answer) -> IncomeWorth | None:
    me = decision.player
    after = _after(state, answer)
    if me is None or after is None:
        return None
    return IncomeWorth(me, income_of(state, me), income_of(after, me),
                       _economy(state, me), _economy(after, me))


def _economy(state: GameState, name: str) -> int:
    who = state.players[name]
    return economy_vp(who.goods, who.ships)


def _colonies(state: GameState, decision: Decision, answer: Answer) -> ColonyWorth | None:
    after = _after(state, answer)
    if after is None:
        return None
    fight = decision.type == "warfare" and not answer.ready
    return ColonyWorth(next_scoring(state), colony_totals(state), colony_totals(after),
                       usual_losses=fight)


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


def _building(state: GameState, decision: Decision, answer: Answer) -> BuildingWorth | None:
    if decision.draft.get("building") or answer.value not in state.catalogue:
        return None  # a question asked after the building was chosen
    me = decision.player
    assert me is not None  # a purchase is always some player's
    slot = current_slot(state)
    b = state.catalogue[answer.value]
    cost = price_of(state, b.id, slot.worker)
    facts = end_facts(state, me)
    # As if the game ended just after the purchase: the building owned, its price paid.
    facts = replace(facts, buildings=facts.buildings + 1, money=max(0, facts.money - cost))
    formula = b.effect.end_vp
    count = facts.as_mapping()[formula.per] if formula else 0
    formula_vp = formula.score(facts.as_mapping()) if formula else 0
    return BuildingWorth(me, cost, b.fixed_vp + formula_vp, b.fixed_vp,
                         formula.describe() if formula else None, count, formula_vp)


def _expedition(state: GameState, decision: Decision, answer: Answer) -> ExpeditionWorth | None:
    draft = decision.draft
    me = decision.player
    if me is None or answer.value is None:
        return None
    if "target" not in draft:  # where to: everyone on Discovery would sail
        target, power = answer.value, bool((answer.draft or {}).get("nation_power"))
        workers = {w: n for w, n in state.players[me].discovery.items() if n}
    elif "workers" not in draft and isinstance(answer.value, Mapping):
        target, power = draft["target"], bool(draft.get("nation_power"))
        workers = dict(answer.value)
    else:
        return None
    strength = expedition_value(state, me, workers)
    if power:
        return ExpeditionWorth(strength, natives=portugal.natives(state, me))
    extra = resistance_modifier(state, me)
    known = state.known_tokens.get(target)
    if known is not None:
        return ExpeditionWorth(strength, natives=TOKENS[known].natives + extra)
    if target == "card":
        owned = {d for p in state.players.values() for d in p.discoveries}
        unseen = [c.natives for c in CARDS.values() if c.id not in owned]
    else:
        seen = accounted_tokens(state)
        unseen = [t.natives for t in TOKENS.values() if t.id not in seen]
    beaten = sum(1 for natives in unseen if strength >= natives + extra)
    return ExpeditionWorth(strength, unseen=len(unseen), beaten=beaten,
                           of="cards" if target == "card" else "tokens")


_WORTH = {
    "take_good": _good,
    "dock": _colonies,
    "warfare": _colonies,
    "buy": _building,
    "expedition": _expedition,
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
    for _ in range(FOLLOW_AT_MOST):
        if answer.ready:
            return answer.events
        if answer.draft is None:
            return None
        follow = decide(state, answer.draft)
        if follow is None or not follow.answers:
            return None
        answer = next((a for a in follow.answers if a.usual), follow.answers[0])
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
        return (f"income this turn ${worth.income_before} → ${worth.income_after}; "
                f"Economy VP at game end {worth.end_before} → {worth.end_after}")
    if isinstance(worth, ColonyWorth):
        change = worth.change()
        when = f"at the turn {worth.turn} scoring"
        if not change:
            text = f"no change to colony VP {when}"
        else:
            text = f"colony VP {when}: " + ", ".join(
                f"{p} {a} → {b}" for p, (a, b) in change.items())
        return text + (" (usual losses)" if worth.usual_losses else "")
    if isinstance(worth, BuildingWorth):
        text = f"${worth.cost}; {worth.vp_now} VP if the game ended now"
        if worth.formula:
            text += (f" ({worth.fixed_vp} + {worth.formula}: {worth.formula_count} → "
                     f"{worth.formula_vp})")
        return text
    if worth.natives is not None:
        verdict = "succeeds" if worth.strength >= worth.natives else "fails"
        return f"strength {worth.strength} vs natives {worth.natives}: {verdict}"
    if not worth.unseen:
        return f"strength {worth.strength}: nothing left unseen"
    return (f"strength {worth.strength}: succeeds against {worth.beaten} of the "
            f"{worth.unseen} unseen {worth.of} ({round(100 * worth.chance)}%)")


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
