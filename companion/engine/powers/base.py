"""What a capital building's power or a national advantage is made of.

A power module (one per building power or nation, beside this file) builds one of these
from its own functions, so everything a power does — when it may act, what it changes,
what it asks the table — is in that module. The printed numbers of a building (cost, VP,
workers per turn) stay in ``companion.rules.buildings``, which the score sheets share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion import names
from companion.engine.common import refuse
from companion.engine.decisions import Decision, Legal
from companion.engine.flow import Phase, Step
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BENEFITS = Phase.BENEFITS

Effect = Callable[[GameState, PlayerState, Building, Mapping[str, Any]], None]
# None: nothing (more) to choose
Moves = Callable[[GameState, Mapping[str, Any], str], "Legal | None"]
Words = Callable[[GameState, "Legal", str], "Decision | None"]  # None: nothing to choose
AskUse = Callable[[GameState, dict, str, str], Decision]  # a power used: always a question


def in_benefits(state: GameState, b: Building) -> bool:
    """The usual moment of a building power: phase 4, before the goods are refreshed."""
    return state.phase == _BENEFITS


def always_available(state: GameState, who: PlayerState, b: Building) -> bool:
    return True


@dataclass(frozen=True)
class BuildingPower:
    """A building's power; ``action`` names it in the catalogue (``Effect.action``)."""

    action: str
    on_purchase: Effect | None = None  # an immediate building's effect when bought
    # Its choices, one question at a time: listed without words (for the buyer ``me``) ...
    purchase_moves: Moves | None = None
    purchase_words: Words | None = None  # ... and named only when the table looks
    use: Effect | None = None  # a power used by choice (a ``benefit`` event)
    ask_use: AskUse | None = None
    moment: Callable[[GameState, Building], bool] = in_benefits  # when ``use`` is allowed
    available: Callable[[GameState, PlayerState, Building], bool] = always_available
    per_game: int | None = None
    per_turn: int | None = 1
    each_turn: Callable[[GameState, PlayerState], None] | None = None  # phase 4, automatic
    on_income: Callable[[GameState, PlayerState], None] | None = None  # paid with income
    # The step this power acts "just before": the engine stops there while it can be used.
    acts_before: Callable[[Building], Step | None] = lambda b: None
    asked_at: Step | None = None  # a choice the owner must make at this step, every turn
    standing: bool = False  # open all through its window, never tied to one moment
    when: str = ""  # its moment in table language, for a refusal at the wrong time


@dataclass(frozen=True)
class NationPower:
    """A national advantage (Empires, optional): who may use it, when, how often."""

    nation: str
    name: str
    text: str  # our own words, shown beside the power
    moment: Callable[[GameState], bool]
    per_game: int | None = 1
    per_turn: int | None = None
    use: Callable[[GameState, PlayerState, dict], None] | None = None
    ask: AskUse | None = None
    available: Callable[[GameState, PlayerState], bool] = lambda state, who: True
    declared_before_tracks: bool = True  # a use waits at the declare step
    # The track this power acts "juste avant": the tracks stop there while it can be used
    # (and then it needs no declare step).
    acts_before: Step | None = None

    @property
    def key(self) -> str:
        return f"nation:{self.nation}"


def choice_of(state: GameState, choice: Mapping[str, Any], key: str, building: Building) -> Any:
    """The value the table chose for ``key``, or a refusal naming what is missing."""
    if key not in choice:
        raise refuse(state, _("{name} needs a choice: {replace}").format(
                                name=names.building_of(state, building), replace=key.replace('_',
                                        ' ')))
    return choice[key]
