"""What the engine asks: the pending Decision, its follow-up questions, the actions allowed now.

``decide(state)`` is the question the game waits for; ``decide(state, draft)`` the next
question of a choice asked step by step (the draft holds what was chosen so far);
``actions(state)`` the powers and standing actions allowed beside it. A Decision is the
legal moves (``moves.legal_moves``) in the words of their track's module; ``apply``
remains the judge of anything else.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> decide(game.state).prompt
'Set-up: which 4 goods were turned face up on Trade Goods?'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion import names
from companion.engine import benefits, nations
from companion.engine.decisions import Action, Decision, Legal, evolve
from companion.engine.flow import IN_TURN, Phase, Step
from companion.engine.moves import QUESTIONS, leads_somewhere, legal_moves
from companion.engine.powers import BUILDING_POWERS
from companion.engine.powers.base import BuildingPower
from companion.engine.slots import current_slot
from companion.engine.state import GameState
from companion.engine.variants import anyone_may_swap
from companion.i18n import _
from companion.rules.buildings import BUILDINGS

SLOT_STEPS = (Step.DOCK, Step.TRADE_GOODS, Step.BUILDINGS, Step.SPECIALISTS, Step.WARFARE)


def decide(state: GameState, draft: Mapping[str, Any] | None = None) -> Decision | None:
    """The question the game waits for (None once it is over), or the next question of
    ``draft``, in words. A question with a single way on is skipped."""
    found = legal_moves(state, draft)
    if found is None:
        return None
    return words(state, found, opening=draft is None)


def words(state: GameState, legal: Legal, opening: bool = False) -> Decision:
    """The Decision the table sees for these moves (``opening``: the pending question,
    which names the slot being resolved)."""
    if legal.worded is not None:
        decision = evolve(legal.worded, answers=legal.moves, decline=legal.decline,
                          field=legal.field)
    else:
        written = QUESTIONS[legal.type].words
        assert written is not None  # (a question without words has ``worded``)
        decision = written(state, legal)
        if legal.field is not None and decision.field is None:  # (else named in its words)
            decision = evolve(decision, field=legal.field)
    if opening and state.phase == Phase.RESOLUTION and state.step in SLOT_STEPS:
        slot = current_slot(state)
        decision = evolve(decision, slot=slot.label, worker=slot.worker)
    return decision


# ---------------------------------------------------------------- actions beside it


def actions(state: GameState) -> list[Action]:
    """Powers usable at this moment, then the standing actions allowed at any time."""
    return [_named(state, action) for action in offered_actions(state)]


def offered_actions(state: GameState) -> list[Action]:
    """``actions(state)`` without their words (empty title and help): what a random
    playout reads (it only needs where each starts)."""
    out = list(_power_actions(state))
    if anyone_may_swap(state):
        out.append(Action("swap", "", None, "", {"type": "swap"}))
    if state.setup.options.scouting and state.phase in IN_TURN:
        out.append(Action("scout", "", None, "", {"type": "scout"}))
    return out


def _named(state: GameState, action: Action) -> Action:
    """An offered action in words."""
    start = action.start
    if start["type"] == "benefit":
        building = start["building"]
        title = names.building(state.setup.edition, state.catalogue[building].name)
        text = _(state.catalogue[building].description)
    elif start["type"] == "power":
        nation = start["nation"]
        title = _("{title} ({nation})").format(title=nations.power_title(nation),
                                                nation=nations.nation_name(nation))
        text = _(nations.POWER_TEXT[nation])
    elif start["type"] == "swap":
        title = _("Swap a specialist for a colonist")
        text = _("A captain, merchant or missionary of yours in the New World comes home and "
                 "a colonist from your stock takes its place (Empires: only when you must take "
                 "one of that kind and your stock has none; never a soldier or a builder).")
    else:
        title = _("Scouting")
        text = _("Pay to look at a hidden token (or the top card) in secret.")
    return evolve(action, title=title, help=text)


def moment_power_usable(state: GameState) -> bool:
    """Whether ``actions(state)`` offers a power tied to this moment (``Action.moment``):
    the same rules asked, stopping at the first such power, and never the standing ones."""
    return any(True for _ in _power_actions(state, moments_only=True))


# The building powers a player uses by choice, by action: the others are never offered here
# (a choice asked every turn is the pending Decision itself).
# (Keyed ``str | None``: read with any building's ``Effect.action``, None for most.)
CHOSEN_POWERS: dict[str | None, BuildingPower] = {
    action: p for action, p in BUILDING_POWERS.items() if p.use is not None and not p.asked_at}
# ... and the buildings that carry one (an id names one building in every edition).
CHOSEN_BUILDINGS = frozenset(b.id for b in BUILDINGS if b.effect.action in CHOSEN_POWERS)


def _power_actions(state: GameState, moments_only: bool = False) -> Iterator[Action]:
    """The buildings' powers usable now, then the nations' (``moments_only``: only those
    tied to this moment), without their words (``_named`` writes them)."""
    # Asked after every event of every game (and nearly always empty): the building rule is
    # asked only of buildings with a power to use, the nations' only when they are played.
    players, catalogue, chosen = state.players, state.catalogue, CHOSEN_POWERS
    for name in state.order:
        owned = players[name].buildings
        if not owned or CHOSEN_BUILDINGS.isdisjoint(owned):
            continue
        who = players[name]
        for building in dict.fromkeys(owned):
            b = catalogue[building]
            power = chosen.get(b.effect.action)
            if power is None or (moments_only and power.standing):
                continue
            if not benefits.usable_now(state, who, b):
                continue
            start = {"type": "benefit", "player": name, "building": building, "choice": {}}
            if leads_somewhere(state, start):
                yield Action(f"benefit:{name}:{building}", "", name, "", start,
                             moment=not power.standing)
    for name in state.order if state.setup.options.nations else ():
        who = players[name]
        if who.nation is not None and nations.usable_now(state, who):
            start = {"type": "power", "player": name, "nation": who.nation, "choice": {}}
            if leads_somewhere(state, start):
                yield Action(f"power:{name}", "", name, "", start, moment=True)
